"""Hangman's setup: the world a solver plays for is part of what it is fitted to, and what it learned from the list is
shared by its fits to other worlds, never learned again."""
import dataclasses

import pytest

from core.hangman.harness import play
from core.hangman.rules import State, state_from_mask
from core.hangman.solvers import SOLVERS, Setup

WORDS = ("cat", "dog", "sun", "hat", "pig", "run", "red", "cup", "bat", "rat", "mat", "sat", "fog", "log", "hog",
         "house", "mouse", "horse", "table", "apple")
OTHER = ("lion", "bear", "wolf", "deer", "frog", "duck")
STATES = [state_from_mask("___", ""), State("_a_", ("a", "e"), 6), State("_o_", ("o", "i"), 2),
          state_from_mask("_____", ""), State("h_use", ("h", "u", "s", "e"), 6)]


@pytest.fixture(scope="module")
def base():
    return SOLVERS.create("best", person_everyday=0).fit(WORDS)


def test_a_setup_is_a_frozen_value():
    setup = Setup(WORDS, "person")
    with pytest.raises(dataclasses.FrozenInstanceError):
        setup.world = "list"
    assert setup.in_world("list") == Setup(WORDS, "list") and setup.world == "person"
    assert Setup.of(list(WORDS)) == Setup(WORDS) and Setup.of(setup) is setup


@pytest.mark.parametrize("world", ["mixed", "person", "list", "unseen"])
def test_the_world_a_solver_plays_for_is_the_one_its_setup_names(world):
    solver = SOLVERS.create("best", person_everyday=0).fit(Setup(WORDS, world))
    assert solver.world == world and solver.setup == Setup(WORDS, world)


def test_a_plain_word_list_plays_for_the_solvers_default_world():
    assert SOLVERS.create("best", person_everyday=0).fit(list(WORDS)).world == "mixed"
    assert SOLVERS.create("ngram-backoff").fit(list(WORDS)).world == "unseen"


@pytest.mark.parametrize("world", ["person", "list", "unseen"])
def test_another_world_takes_what_was_learned_instead_of_learning_again(base, world):
    other = base.in_world(world)
    assert other is not base and other.world == world and base.world == "mixed"
    assert other.index is base.index and other.ngrams is base.ngrams and other.lm is base.lm
    messages = []
    SOLVERS.create("best", person_everyday=0).fit(Setup(WORDS, world), lambda d, t, m="": messages.append(m),
                                                  learned=base.learned())
    assert messages == ["learned"]  # no indexing, no letter patterns, no whole words


@pytest.mark.parametrize("world", ["person", "list", "unseen", "mixed"])
def test_a_world_fitted_from_what_was_learned_plays_as_one_fitted_afresh(base, world):
    shared = base.in_world(world)
    afresh = SOLVERS.create("best", person_everyday=0).fit(Setup(WORDS, world))
    for state in STATES:
        assert shared.scores(state) == pytest.approx(afresh.scores(state))
    for secret in ("hog", "house", "zebra"):
        assert [s.letter for s in play(shared, secret, 6).steps] == [s.letter for s in play(afresh, secret, 6).steps]


def test_what_was_learned_from_another_list_or_solver_is_learned_afresh(base):
    other = SOLVERS.create("best", person_everyday=0).fit(Setup(OTHER, "list"), learned=base.learned())
    assert other.index is not base.index and other.candidate_count(state_from_mask("____", "")) == len(OTHER)
    backoff = SOLVERS.create("ngram-backoff").fit(list(WORDS), learned=base.learned())
    assert backoff.ngrams is not base.ngrams


def test_switching_worlds_leaves_the_first_fit_as_it_was(base):
    state = State("_o_", ("o",), 2)
    before = base.scores(state)
    person = base.in_world("person")
    assert person.scores(state) != before and base.scores(state) == before and base.world == "mixed"
