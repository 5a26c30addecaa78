"""The packaged calibration's fitting sample never holds the puzzles the dev figures are measured on."""
from types import SimpleNamespace

import pytest

import research.crossword.calibrate_packaged as calibrate_packaged


def fake_sample(path, since, until, n, seed):
    """Puzzles named by date: seed 0 takes days 1..n, seed 1 takes days n-1.. (two shared with seed 0's first n)."""
    start = 1 if seed == 0 else 2
    return [SimpleNamespace(date=f"2011-01-{d:02d}") for d in range(start, start + n)], []


@pytest.mark.parametrize("leave_out, dates", [
    (0, ["2011-01-02", "2011-01-03", "2011-01-04", "2011-01-05"]),  # nothing left out
    (3, ["2011-01-04", "2011-01-05"]),  # seed 0's first three days (two of them in the fitting sample) dropped
    (9, []),  # a measurement sample holding every fitting puzzle leaves nothing
])
def test_the_fitting_sample_leaves_out_the_measurement_puzzles(monkeypatch, leave_out, dates):
    monkeypatch.setattr(calibrate_packaged, "per_weekday_sample", fake_sample)
    found = calibrate_packaged.fitting_sample(None, "2011-01-01", "2012-12-31", 4, 1, leave_out)
    assert [p.date for p in found] == dates
