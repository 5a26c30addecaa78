"""The recall tool: the answer's rank among a guesser's top k, grouped by weekday and clue type."""
import pytest

from core.crossword.readers import puzzle_from_record
from research.crossword.recall import recall_table, slot_ranks
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
