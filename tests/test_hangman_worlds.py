"""`best` weighs the dictionary world against unseen words: pinned on small hand-made lists."""
import copy
import dataclasses

import numpy as np
import pytest

from core.hangman.explain import belief_sentence
from core.hangman.harness import check_game, play
from core.hangman.rules import State, state_from_mask
from core.hangman.solvers import SOLVERS

A_LE = ["apple", "ample", "angle", "ankle", "table", "title"]
E_WORDS = ["hello", "jelly", "belly", "berry", "ferry", "merry"]
WORDS = A_LE + E_WORDS + ["urinals", "cat", "bat", "dog", "house", "mouse", "horse"]


@pytest.fixture(scope="module")
def best():
    return SOLVERS.create("best").fit(WORDS)


def with_prior(solver, prior: float):
    """The fitted solver with another prior share of dictionary secrets (the fitted tables do not depend on it)."""
    other = copy.copy(solver)
    other.params = dataclasses.replace(solver.params, in_dictionary_prior=prior)
    for memo in ("_score_cache", "_likelihoods", "_rollout"):
        other.__dict__.pop(memo, None)
    return other


@pytest.mark.parametrize("lives", [6, 2])
def test_the_only_fitting_word_is_played_out_without_a_miss(best, lives):
    # 'urinals' is the list's only seven-letter word: the reported game, lost by guessing c, b, g, o
    record = play(best, "urinals", lives, record_scores=True)
    assert record.won and record.misses == 0 and check_game(record)


def test_with_one_life_left_the_one_fitting_word_decides(best):
    state = State("_erry", ("e", "r", "y", "b", "f"), 3)  # berry and ferry are out: only merry fits, one life left
    assert best.index.matching_words(state) == ["merry"]
    assert best.choose(state) == "m"


def test_an_unseen_word_where_no_dictionary_word_fits_falls_back_to_the_letter_model(best):
    state = state_from_mask("_a_e", "")  # no four-letter word in the list
    assert best.candidate_count(state) == 0 and best.in_dictionary_chance(state) == 0.0
    alone = best.in_world("unseen")  # the unseen-word model alone (the previous `best`)
    assert best.scores(state) == pytest.approx(alone.scores(state))
    record = play(best, "zyme", 6)  # a word the list lacks is still played by the rules to the end
    assert record.final.over and check_game(record)


@pytest.mark.parametrize("mask, misses", [("_____", ""), ("_e___", "a"), ("a__le", "t"), ("_o_se", "")])
def test_without_a_dictionary_prior_best_is_the_unseen_word_model(best, mask, misses):
    state = state_from_mask(mask, misses)
    alone = best.in_world("unseen")
    raw = alone.unseen_scores(state)
    ok = np.array([c not in state.guessed for c in alone.alphabet.letters])
    want = {c: raw[i] / raw[ok].sum() for i, c in enumerate(alone.alphabet.letters) if ok[i]}
    assert alone.scores(state) == pytest.approx(want)


@pytest.mark.parametrize("mask, misses", [("_____", ""), ("_e___", "a"), ("_erry", "b"), ("___", "")])
def test_the_chance_of_the_dictionary_world_is_a_probability_that_grows_with_fitting_evidence(best, mask, misses):
    state = state_from_mask(mask, misses)
    chance = best.in_dictionary_chance(state)
    assert 0.0 < chance < 1.0
    assert with_prior(best, 0.5).in_dictionary_chance(state) > chance  # a larger prior share, a larger chance


def test_the_world_sentence_names_the_fitting_words_or_the_letter_patterns(best):
    nothing = belief_sentence(best, state_from_mask("_a_e", ""))
    assert nothing.startswith("No word of the list fits any more: the solver guesses from letter patterns")
    one = belief_sentence(best, State("_erry", ("e", "r", "y", "b", "f"), 6))
    assert "1 word of the list still fits (MERRY)" in one
    sure = with_prior(best, 0.999)
    three = belief_sentence(sure, state_from_mask("_ouse", "h"))  # h missed: house is out, mouse is the one word left
    assert "very likely" in three and "MOUSE" in three
    many = belief_sentence(sure, state_from_mask("a__le", ""))
    assert many.startswith("4 words of the list still fit (APPLE, AMPLE, ANGLE, ...); the word is very likely one of them")
    unsure = belief_sentence(with_prior(best, 0.001), state_from_mask("a__le", ""))
    assert "usually one the list lacks" in unsure


FIRSTS = "bcdefghjklmnopqrsuvwxyz"  # 23 letters that can open '_at' (not a or t)


@pytest.mark.parametrize("extra, dictionary_plays", [(1, False), (0, True)])
def test_beyond_the_dictionary_limit_best_plays_as_for_an_unseen_word(extra, dictionary_plays):
    # the shipped limit (chosen on validation): more fitting words than it and the fitting words no longer steer
    limit = SOLVERS.create("best").params.dictionary_limit
    assert limit + 1 <= len(FIRSTS)
    words = [c + "at" for c in FIRSTS[:limit + extra]] + ["house", "mouse", "horse", "hello", "jelly"]
    best = SOLVERS.create("best").fit(words)
    state = state_from_mask("_at", "")
    assert best.candidate_count(state) == limit + extra and best.in_dictionary_chance(state) > 0.0
    alone = best.in_world("unseen")
    same = best.scores(state) == pytest.approx(alone.scores(state))
    assert same != dictionary_plays
