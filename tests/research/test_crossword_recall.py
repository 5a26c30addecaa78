"""The recall tool: the answer's rank among a guesser's top k, grouped by weekday and clue type; letters shown as
crossings would show them; why answers miss."""
import random

import pytest

from core.crossword.knowledge.table import clue_table
from core.crossword.knowledge.models import fit_models
from core.crossword.readers import puzzle_from_record
from research.crossword.recall import miss_reason, recall_table, revealed, slot_ranks
from tests.test_crossword_core import TINY


@pytest.fixture
def tiny():
    return puzzle_from_record(TINY)


class FixedGuesser:
    """Proposes the same answers, best first, for every clue."""

    def __init__(self, answers):
        self.answers = answers

    def candidates(self, clue, length):
        return {a: 1.0 / (i + 1) for i, a in enumerate(self.answers) if len(a) == length}


def test_recall_table_counts_ranks_within_each_cutoff():
    rows = [{"g": "x", "rank": 1}, {"g": "x", "rank": 7}, {"g": "x", "rank": 0}, {"g": "y", "rank": 100}]
    table = recall_table(rows, "g")
    assert table["x"] == {"slots": 3, "top1": 1 / 3, "top10": 2 / 3, "top100": 2 / 3}
    assert table["y"]["top10"] == 0.0 and table["y"]["top100"] == 1.0


def test_slot_ranks_find_the_answer_or_say_zero(tiny):
    answers = [s.answer for s in tiny.slots.values()]
    rows = slot_ranks(FixedGuesser(["ZZZ"] + answers), [tiny], k=100)
    assert len(rows) == len(answers)
    assert all(r["rank"] >= 1 for r in rows)
    assert all(r["rank"] == 0 for r in slot_ranks(FixedGuesser(["QQQQQ"]), [tiny], k=100))


class PatternGuesser(FixedGuesser):
    """Proposes its answers only when asked with a pattern, and only those that fit it."""

    def candidates(self, clue, length, pattern=None):
        if not pattern:
            return {}
        fits = [a for a in self.answers if len(a) == length and all(p in "_" or p == c for p, c in zip(pattern, a))]
        return {a: 1.0 / (i + 1) for i, a in enumerate(fits)}


def test_slot_ranks_with_letters_shown_ask_with_a_pattern(tiny):
    answers = [s.answer for s in tiny.slots.values()]
    assert all(r["rank"] == 0 for r in slot_ranks(PatternGuesser(answers), [tiny], k=100))
    rows = slot_ranks(PatternGuesser(answers), [tiny], k=100, reveal=1.0)
    assert all(r["rank"] == 1 for r in rows)


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
