"""The progress bar's words: time left separated from the message, a clock per phase, a time left that keeps its word."""
import re

import pytest

import ui.progress as progress
from ui.progress import TimeLeft, kept_estimate, left_words, time_left


@pytest.fixture
def bar_texts(monkeypatch):
    """The texts a progress bar is given, with st.progress replaced by a recorder."""
    texts = []

    class Bar:
        def progress(self, frac, text=""):
            texts.append(text)

        def empty(self):
            pass

    monkeypatch.setattr(progress.st, "progress", lambda frac, text="": Bar())
    return texts


def set_clock(monkeypatch, *times: float) -> None:
    """Make time.monotonic return these readings in turn."""
    clock = iter(times)
    monkeypatch.setattr(progress.time, "monotonic", lambda: next(clock))


def test_progress_text_separates_the_time_left_from_the_message(bar_texts, monkeypatch):
    set_clock(monkeypatch, 0.0, 5.0)
    report, _ = progress.streamlit_progress("best:")
    report(1, 2, "best mean 3.42")
    assert bar_texts == ["best: 1/2 · about 4–6 s left · best mean 3.42"]


def test_a_new_phase_of_the_bar_restarts_its_time_left_clock(bar_texts, monkeypatch):
    set_clock(monkeypatch, 0.0, 100.0, 100.0, 104.0)
    report, _ = progress.streamlit_progress("best:")
    report(1000, 1000, "clue models ready")  # fitting took 100 s
    report(0, 4, "puzzle 1")  # solving starts: a new clock
    report(1, 4, "puzzle 2")  # 4 s a puzzle, 3 left: 12 s (not the fitting's 100 s counted in)
    assert bar_texts[-1] == "best: 1/4 · about 10–14 s left · puzzle 2"


def shown_ranges(texts: list[str]) -> list[tuple[int, int]]:
    """The (low, high) seconds of every time left the bar showed ('about 24 s left' is (24, 24))."""
    found = (re.search(r"about (\d+)(?:–(\d+))? s left", t) for t in texts)
    return [(int(m[1]), int(m[2] or m[1])) for m in found if m]


# (seconds, share done) readings of one bar: the WordNet models on a fresh, loaded machine (a quick first stage, then
# a reading stage far slower than its share), a steady bar, and a bar that speeds up
SLOWING = [(1, 0.04), (5, 0.2), (11, 0.41), (14, 0.42), (20, 0.44), (26, 0.46), (34, 0.49), (44, 0.53), (57, 0.58),
           (75, 0.67), (95, 0.8), (110, 0.9), (121, 0.99)]
STEADY = [(t, t / 100) for t in range(5, 100, 5)]
QUICKENING = [(10, 0.05), (20, 0.1), (25, 0.3), (30, 0.6), (32, 0.9)]


@pytest.mark.parametrize("readings", [SLOWING, STEADY, QUICKENING], ids=["slowing", "steady", "quickening"])
def test_a_time_left_never_grows_past_the_range_shown_before_it(bar_texts, monkeypatch, readings):
    set_clock(monkeypatch, 0.0, *(t for t, _ in readings))
    report, _ = progress.streamlit_progress("Reading…")
    for _, frac in readings:
        report(round(frac * 1000), 1000)
    ranges = shown_ranges(bar_texts)
    assert ranges, bar_texts
    for (_, before_high), (low, high) in zip(ranges, ranges[1:]):
        assert (low + high) / 2 <= before_high + 1, (ranges, bar_texts)  # + 1: whole seconds on screen


def test_a_slowing_bar_says_it_takes_longer_instead_of_a_growing_time_left(bar_texts, monkeypatch):
    set_clock(monkeypatch, 0.0, *(t for t, _ in SLOWING))
    report, _ = progress.streamlit_progress("Reading…")
    for _, frac in SLOWING:
        report(round(frac * 1000), 1000)
    assert any("taking longer than expected" in t for t in bar_texts), bar_texts
    assert "about" in bar_texts[-1]  # the pace settled: a time left again, within the last range shown


@pytest.mark.parametrize("shown,new,kept", [
    (None, TimeLeft(30, 6), TimeLeft(30, 6)),  # the first estimate is shown
    (TimeLeft(24, 5), TimeLeft(29, 6), TimeLeft(29, 6)),  # grew within the error shown: still true to it
    (TimeLeft(24, 5), TimeLeft(29.5, 6), None),  # grew past it: no number
    (TimeLeft(24, 5), TimeLeft(3, 1), TimeLeft(3, 1)),  # shrinking is always fine
    (TimeLeft(24, 5), None, None),  # done, or nothing known yet
])
def test_an_estimate_is_kept_only_within_the_range_shown_before(shown, new, kept):
    assert kept_estimate(shown, new) == kept


@pytest.mark.parametrize("samples,now,expected", [
    ([(0, 0.0), (10, 0.5)], 10, TimeLeft(10, 2)),  # a steady pace: both agree, the least error (20%)
    ([(0, 0.0), (8, 0.4), (12, 0.5)], 12, TimeLeft(16, 4)),  # recent pace (4 s a tenth): 20 s; whole phase: 12 s
    ([(0, 0.0), (10, 0.0)], 10, None),  # no progress yet: no estimate
    ([(0, 0.0), (10, 1.0)], 10, None),  # done
])
def test_time_left_averages_the_whole_and_the_recent_pace_and_covers_both(samples, now, expected):
    got = time_left(samples, now)
    assert (got is None if expected is None else (got.seconds, got.error) == pytest.approx((expected.seconds, expected.error)))
