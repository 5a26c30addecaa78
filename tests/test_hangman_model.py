"""The fitted tables: candidate filtering agrees with the rules; n-gram windows and the whole-word model are exact."""
import itertools

import numpy as np
import pytest

from core.hangman.model import NgramModel, WordIndex, WordLM, alphabet_of_words, blocked
from core.hangman.rules import consistent, state_from_mask
from core.hangman.solvers import BestSolver

WORDS = ["apple", "ample", "angle", "ankle", "table", "title", "hello", "jelly", "belly", "berry", "ferry", "merry",
         "cat", "dog", "bird", "house", "mouse", "horse", "zebra", "quiz", "lemon", "melon", "water", "later"]


@pytest.mark.parametrize("mask, misses", [("_____", ""), ("a__le", ""), ("a__le", "p"), ("_e___", "l"), ("___", "a"),
                                          ("_o_se", "h"), ("q___", ""), ("_____", "aeiou")])
def test_candidates_are_exactly_the_consistent_words(mask, misses):
    index = WordIndex(WORDS, alphabet_of_words(WORDS))
    state = state_from_mask(mask, misses)
    assert sorted(index.matching_words(state)) == sorted(w for w in WORDS if consistent(w, state))


def test_window_histograms_count_matching_ngrams_and_skip_known_misses():
    alpha = alphabet_of_words(WORDS)
    model = NgramModel(WORDS, alpha, 3, {3: 2})
    code = alpha.code()
    state = state_from_mask("_e___", "")
    offs, hists, total = model.histograms((code["e"], -1, -1), blocked(state, alpha))
    # 3-grams 'e??' with two open letters: ell (hello, jelly, belly), err (berry, ferry, merry), emo, elo, ebr
    assert total == 9 and hists[0][code["l"]] == 4 and hists[0][code["r"]] == 3
    state = state_from_mask("_e___", "l")
    _, hists, total = model.histograms((code["e"], -1, -1), blocked(state, alpha))
    assert total == 5 and hists[0][code["l"]] == 0  # every n-gram putting the missed 'l' in a blank is gone


def test_language_model_rows_are_distributions():
    alpha = alphabet_of_words(WORDS)
    lm = WordLM(NgramModel(WORDS, alpha, 5), 5)
    for n, table in lm.logp.items():
        sums = np.exp(table.astype(float)).sum(axis=-1)
        assert np.allclose(sums, 1.0, atol=1e-4)


def test_enumerated_presence_equals_brute_force_over_whole_words():
    solver = BestSolver().fit(WORDS)
    state = state_from_mask("_ell_", "a")
    got = solver.lm_presence(state)
    letters = [c for c in solver.alphabet.letters if c not in state.guessed]
    code = solver.alphabet.code()
    b = solver.alphabet.boundary
    weights = {}
    for fill in itertools.product(letters, repeat=len(state.blanks)):
        cells = list(state.mask)
        for i, c in zip(state.blanks, fill):
            cells[i] = c
        word = np.array([[b] + [code[c] for c in cells] + [b]])
        weights["".join(cells)] = float(np.exp(solver.lm.log_prob(word)[0]))
    total = sum(weights.values())
    for c in letters:
        expect = sum(w for word, w in weights.items() if c in {word[i] for i in state.blanks}) / total
        assert got[code[c]] == pytest.approx(expect, rel=1e-4, abs=1e-9)


ROLLOUT_WORDS = ["cat", "bat", "hat", "mat", "rat", "sat", "cot", "cut", "hit", "hot", "sit", "set", "bet", "bit"]


def test_rollout_wins_a_game_the_greedy_rule_loses():
    from core.hangman.harness import play
    from core.hangman.solvers import CandidatesSolver

    # found by search over 12-word samples of 4-letter Trexquant words: at 3 misses the most frequent letter
    # loses one of these words, the letter whose greedy continuation wins most often loses none of the rest
    words = ["ahum", "bodd", "deul", "hase", "mimp", "rara", "svea", "tyes", "utum", "vole", "vvll", "wyss"]
    plain = CandidatesSolver(rollout=0, fallback="").fit(words)
    rolled = CandidatesSolver(rollout=100, fallback="").fit(words)
    assert sum(play(rolled, w, 3).won for w in words) == sum(play(plain, w, 3).won for w in words) + 1


@pytest.mark.parametrize("mask, misses, same", [
    ("_at", "", True),  # six candidates, six lives: every letter wins for sure
    ("_at", "qzx", True),  # three lives: still every letter wins
    ("___", "", False),  # fourteen candidates: some first letters win more often
    ("___", "qzx", False),
])
def test_rollout_shows_the_plain_scores_when_every_letter_wins_alike(mask, misses, same):
    from core.hangman.solvers import CandidatesSolver

    state = state_from_mask(mask, misses)
    plain = CandidatesSolver(rollout=0, fallback="").fit(ROLLOUT_WORDS).letter_scores(state)
    rolled = CandidatesSolver(rollout=100, fallback="").fit(ROLLOUT_WORDS).letter_scores(state)
    assert np.allclose(plain, rolled) == same
