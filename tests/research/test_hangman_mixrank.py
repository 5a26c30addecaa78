"""The mixed-world ranker's inputs (2026-11-24): the shipped rank features plus the world evidence."""
import math

import pytest

from core.hangman.rules import state_from_mask
from core.hangman.solvers import RANK_COLUMNS, SOLVERS
from research.hangman.mixrank import features, world_features

WORDS = ["apple", "ample", "angle", "ankle", "table", "title", "hello", "jelly", "belly", "cat", "bat", "dog"]


@pytest.fixture(scope="module")
def best():
    return SOLVERS.create("best").fit(WORDS)


def test_no_fitting_word_reads_as_the_sentinel(best):
    assert world_features(best, state_from_mask("_a_e", "")).tolist() == [0.0, -30.0]


def test_the_evidence_is_the_shipped_log_ratio_of_the_two_worlds(best):
    state = state_from_mask("a__le", "t")
    k, ratio = world_features(best, state)
    assert k == pytest.approx(math.log1p(4))
    assert ratio == pytest.approx(math.log(4 / 9) - best.unseen_log_likelihood(state))  # 4 of the 9 five-letter words fit


def test_every_letter_row_carries_the_world_columns_after_the_rank_features(best):
    state = state_from_mask("_e___", "a")
    x = features(best, state)
    assert x.shape == (best.alphabet.size, RANK_COLUMNS + 2)
    assert (x[:, RANK_COLUMNS:] == world_features(best, state)).all()
