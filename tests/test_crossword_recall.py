"""The recall tool (research.crossword.recall): letters shown as crossings would show them, and why answers miss."""
import random

import pytest

from core.crossword.clues import clue_table
from core.crossword.models import fit_models
from research.crossword.recall import miss_reason, revealed


@pytest.mark.parametrize("share, check", [
    (0.0, lambda p: p is None),  # no letters: the first ask of a solve
    (1.0, lambda p: p == "SATURDAY"),
    (0.5, lambda p: len(p) == 8 and all(c in ("_", a) for c, a in zip(p, "SATURDAY")) and "_" in p),
])
def test_revealed_shows_a_seeded_share_of_the_letters(share, check):
    assert check(revealed("SATURDAY", share, random.Random(3)))
    assert revealed("SATURDAY", share, random.Random(3)) == revealed("SATURDAY", share, random.Random(3))


@pytest.fixture(scope="module")
def models():
    return fit_models(clue_table([("feline pet", "CAT"), ("barking pet", "DOG")] * 2), use_cache=False,
                      word2vec=False)


@pytest.mark.parametrize("answer, conf, reason", [
    ("CAT", {"CAT": 0.01}, "seen answer, ranked below"),
    ("CAT", {"DOG": 0.9}, "seen answer, proposed by no source"),
    ("HOUSE", {}, "unseen answer, in the dictionary"),  # a common word, never a training answer
    ("QZXJVK", {}, "unseen answer, in no word list"),
])
def test_miss_reason_says_where_a_missing_answer_is(models, answer, conf, reason):
    assert miss_reason(models, conf, answer) == reason
