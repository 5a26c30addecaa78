"""The date-split protocol: a seeded sample of scorable puzzles per weekday."""
from __future__ import annotations

import gzip
import json
from collections import Counter

import pytest

from core.crossword.data import per_weekday_sample
from core.crossword.harness import summarise
from tests.test_crossword_core import TINY

DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def archive(tmp_path, per_day: int = 5, gimmick_day: str = "Saturday"):
    """A tiny archive: per_day records of each weekday in 2013 (the first of gimmick_day's is unreadable)."""
    path = tmp_path / "tiny.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        for k, day in enumerate(DAYS):
            for i in range(per_day):
                rec = dict(TINY, date=f"2013-{k + 1:02d}-{i + 10:02d}", dow=day)
                if day == gimmick_day and i == 0:
                    rec["grid"] = ["CAT.", "ORE", "WEST"]  # malformed: rows differ in length
                fh.write(json.dumps(rec) + "\n")
        fh.write(json.dumps(dict(TINY, date="2012-06-01", dow="Friday")) + "\n")  # outside the dates
    return path


@pytest.mark.parametrize("n, expected", [(1, 1), (3, 3), (5, 5)])
def test_the_sample_has_n_scorable_puzzles_of_every_weekday(tmp_path, n, expected):
    puzzles, skipped = per_weekday_sample(archive(tmp_path), "2013-01-01", "2013-12-31", n, seed=0)
    days = Counter(p.weekday for p in puzzles)
    if n == 5:  # Saturday has only four readable records: it gives what it has, the skipped one says why
        assert days.pop("Saturday") == 4 and len(skipped) == 1 and "length" in skipped[0][1]
    assert set(days.values()) == {expected}
    assert all("2013-01-01" <= p.date <= "2013-12-31" for p in puzzles)
    assert [p.date for p in puzzles] == sorted(p.date for p in puzzles)


def test_an_unreadable_puzzle_is_replaced_by_another_of_its_weekday(tmp_path):
    path = archive(tmp_path)
    for seed in range(6):
        puzzles, _ = per_weekday_sample(path, "2013-01-01", "2013-12-31", 4, seed=seed)
        assert Counter(p.weekday for p in puzzles)["Saturday"] == 4


def test_the_sample_depends_on_the_seed_and_only_on_it(tmp_path):
    path = archive(tmp_path)
    first = [p.date for p in per_weekday_sample(path, "2013-01-01", "2013-12-31", 2, seed=0)[0]]
    again = [p.date for p in per_weekday_sample(path, "2013-01-01", "2013-12-31", 2, seed=0)[0]]
    others = {tuple(p.date for p in per_weekday_sample(path, "2013-01-01", "2013-12-31", 2, seed=s)[0])
              for s in range(1, 6)}
    assert first == again and any(o != tuple(first) for o in others)


def test_weekday_balanced_accuracy_weighs_each_weekday_once():
    rows = [{"weekday": d, "letter_accuracy": a, "word_accuracy": a, "fill_percentage": 1.0, "filled_accuracy": a,
             "perfect": a == 1.0, "seconds": 1.0} for d, a in [("Monday", 1.0), ("Monday", 1.0), ("Monday", 1.0),
                                                             ("Saturday", 0.5)]]
    out = summarise(rows)
    assert out["letter_accuracy"] == pytest.approx(0.875)
    assert out["weekday_balanced_letter_accuracy"] == pytest.approx(0.75)
    assert out["by_weekday"]["Monday"]["perfect_puzzles"] == 3


def test_weekday_rounds_keep_a_cut_short_run_balanced(tmp_path):
    from core.crossword.data import weekday_rounds

    puzzles, _ = per_weekday_sample(archive(tmp_path), "2013-01-01", "2013-12-31", 3, seed=0)
    ordered = weekday_rounds(puzzles)
    assert sorted(p.date for p in ordered) == sorted(p.date for p in puzzles)
    assert [p.weekday for p in ordered[:7]] == list(DAYS) and [p.weekday for p in ordered[7:14]] == list(DAYS)
