"""The look-up recall tool: half the letters given at seeded squares, and top-k shares counted from ranks."""
import random

import pytest

from research.crossword.lookup_recall import half_given, recall


@pytest.mark.parametrize("answer, shown", [("ARIA", 2), ("HEART", 2), ("A", 0), ("STEPHENREA", 5)])
def test_half_the_letters_are_given_in_place(answer, shown):
    pattern = half_given(answer, random.Random(0))
    assert len(pattern) == len(answer) and sum(ch != "_" for ch in pattern) == shown
    assert all(ch in ("_", a) for ch, a in zip(pattern, answer))


def test_recall_counts_ranks_within_each_top_and_zero_as_missing():
    rows = [{"rank_none": r, "rank_half": h, "seconds_none": 0.1, "seconds_half": 0.2}
            for r, h in ((1, 1), (3, 1), (0, 2), (25, 0))]
    got = recall(rows)
    assert (got["top1_none"], got["top5_none"], got["top20_none"]) == (0.25, 0.5, 0.5)
    assert (got["top1_half"], got["top5_half"], got["top20_half"]) == (0.5, 0.75, 0.75)
    assert got["slots"] == 4
