"""The general progress bar with a fake clock: its time left is the work's measured pace (core.progress.PaceClock),
no figure before there is enough to go on, never growing by more than its own error, and "taking longer than
estimated" with the pace's own range once the work runs late; a clock per phase."""
import re

import pytest

import ui.progress as progress
from core.progress import TimeLeft, time_left


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


def played(bar_texts, monkeypatch, readings: list[tuple[float, float]]) -> list[tuple[float, str]]:
    """(seconds, the bar's text) for a bar of 1,000 steps reporting these (seconds, share done) readings."""
    set_clock(monkeypatch, 0.0, *(t for t, _ in readings))
    report, _ = progress.streamlit_progress("Reading…")
    for _, frac in readings:
        report(round(frac * 1000), 1000)
    return [(t, text) for (t, _), text in zip(readings, bar_texts)]


def shown_range(text: str) -> tuple[float, float, float] | None:
    """(low, high, rounding) in seconds of the time a text says is left: 'about 24 s left' is (24, 24, 1), 'up to 9 s
    left' (0, 9, 1), 'about 1–2 min left' (60, 120, 60); the rounding is the unit the text rounds to."""
    m = re.search(r"(?:about (\d+)(?:–(\d+))?|up to (\d+)) (s|min) left", text)
    if not m:
        return None
    unit = 60.0 if m[4] == "min" else 1.0
    low, high = (0, int(m[3])) if m[3] else (int(m[1]), int(m[2] or m[1]))
    return low * unit, high * unit, unit


def test_progress_text_separates_the_time_left_from_the_message(bar_texts, monkeypatch):
    set_clock(monkeypatch, 0.0, 12.0)
    report, _ = progress.streamlit_progress("best:")
    report(1, 2, "best mean 3.42")  # 12 s for half: 12 s left, give or take its least error (20%)
    assert bar_texts == ["best: 1/2 · about 10–14 s left · best mean 3.42"]


def test_a_new_phase_of_the_bar_measures_its_own_pace(bar_texts, monkeypatch):
    set_clock(monkeypatch, 0.0, 100.0, 100.0, 112.0)
    report, _ = progress.streamlit_progress("best:")
    report(1000, 1000, "clue models ready")  # fitting took 100 s: done, no time left
    report(0, 4, "puzzle 1")  # solving starts: a new clock, nothing measured yet
    report(1, 4, "puzzle 2")  # 12 s a puzzle, 3 left: 36 s (not the fitting's 100 s counted in)
    assert bar_texts == ["best: 1,000/1,000 · clue models ready", "best: 0/4 · estimating the time left · puzzle 1",
                         "best: 1/4 · about 29–43 s left · puzzle 2"]


@pytest.mark.parametrize("at, frac, says", [
    (5.0, 0.5, "estimating the time left"),  # half done, but measured over too short a time
    (15.0, 0.01, "estimating the time left"),  # long enough, but too little done
    (15.0, 0.05, "about 4–6 min left"),  # enough of both: the pace's figure (285 s ± 20%)
])
def test_no_figure_before_there_is_enough_work_to_go_on(bar_texts, monkeypatch, at, frac, says):
    texts = played(bar_texts, monkeypatch, [(at, frac)])
    assert texts == [(at, f"Reading… {round(frac * 1000):,}/1,000 · {says}")]


# (seconds, share done) readings of one bar: the WordNet models on a fresh, loaded machine (a quick first stage, then
# a reading stage far slower than its share), a steady bar, and a bar that speeds up
SLOWING = [(1, 0.04), (5, 0.2), (11, 0.41), (14, 0.42), (20, 0.44), (26, 0.46), (34, 0.49), (44, 0.53), (57, 0.58),
           (75, 0.67), (95, 0.8), (110, 0.9), (121, 0.99)]
STEADY = [(t, t / 100) for t in range(5, 100, 5)]
QUICKENING = [(10, 0.05), (20, 0.1), (25, 0.3), (30, 0.6), (32, 0.9)]


@pytest.mark.parametrize("readings", [SLOWING, STEADY, QUICKENING], ids=["slowing", "steady", "quickening"])
def test_a_time_left_never_grows_by_more_than_its_own_error_unless_it_says_it_is_late(bar_texts, monkeypatch, readings):
    shown = [(t, text, shown_range(text)) for t, text in played(bar_texts, monkeypatch, readings) if shown_range(text)]
    assert shown, bar_texts
    for (t1, text1, (_, high1, unit1)), (t2, text2, (low2, high2, unit2)) in zip(shown, shown[1:]):
        if "taking longer than estimated" in text2:
            continue  # later than promised: a new figure from the pace, said to be later than estimated
        middle, rounding = (low2 + high2) / 2, max(unit1, unit2)  # the figures on screen are rounded to their unit
        assert middle <= high1 + rounding, (text1, text2)
        assert t2 + middle <= t1 + high1 + rounding, (t1, text1, t2, text2)  # nor ends later than it promised


def test_a_slowing_bar_says_it_is_late_with_its_measured_pace_at_once(bar_texts, monkeypatch):
    """2026-11-29: from 14 s to 26 s the bar said "taking longer than estimated" with no figure, until its first
    promise had passed (6 and 20 minutes on a loaded machine's dictionary and archive databases)."""
    texts = dict(played(bar_texts, monkeypatch, SLOWING))
    assert texts[11] == "Reading… 410/1,000 · about 13–20 s left"  # the quick start: a promise to end by 31 s
    for t in (14, 20, 26, 34, 44, 57, 75, 95, 110, 121):  # later than promised: the measured pace's range, said late
        assert "taking longer than estimated: at the pace so far, " in texts[t] and shown_range(texts[t]), texts[t]


@pytest.mark.parametrize("readings", [STEADY, QUICKENING], ids=["steady", "quickening"])
def test_a_bar_at_or_above_its_pace_is_never_said_to_be_late(bar_texts, monkeypatch, readings):
    texts = played(bar_texts, monkeypatch, readings)
    assert not any("longer" in text for _, text in texts), texts


@pytest.mark.parametrize("samples,now,expected", [
    ([(0, 0.0), (10, 0.5)], 10, TimeLeft(10, 2)),  # a steady pace: both agree, the least error (20%)
    ([(0, 0.0), (8, 0.4), (12, 0.5)], 12, TimeLeft(16, 4)),  # recent pace (4 s a tenth): 20 s; whole phase: 12 s
    ([(0, 0.0), (10, 0.0)], 10, None),  # no progress yet: no estimate
    ([(0, 0.0), (10, 1.0)], 10, None),  # done
])
def test_time_left_averages_the_whole_and_the_recent_pace_and_covers_both(samples, now, expected):
    got = time_left(samples, now)
    assert (got is None if expected is None else (got.seconds, got.error) == pytest.approx((expected.seconds, expected.error)))
