"""Map the core progress callback onto st.progress, with a time left measured from the work's own pace.

Every bar of the lab speaks the same rule (core.progress.PaceClock): no figure before there is enough work to go on,
a time left that never grows by more than its own error, and, once the work runs later than a range shown, "taking
longer than estimated" with the pace's own range when the promised time has passed.
"""
from __future__ import annotations

import contextvars
import time
from typing import Callable

import streamlit as st

from core.progress import PaceClock, Reading, TimeLeft

MIN_FRACTION = 0.02  # below this share of a phase the time left is not guessed yet
MIN_SECONDS = 10.0  # nor in a phase's first seconds: a pace measured over a moment misleads (a quick first stage)
REPORT_EVERY = 0.1  # seconds between the bar's redraws (reports in between are skipped, the last one never)


def duration_words(seconds: float) -> str:
    """'40 s' below a minute and a half, else '3 min'."""
    return f"{seconds:.0f} s" if seconds < 90 else f"{seconds / 60:.0f} min"


def range_words(estimate: TimeLeft) -> str:
    """'about 40–60 s left', 'about 6–8 min left' or 'up to 2 min left': the estimate's range in plain words."""
    low, high = max(0.0, estimate.seconds - estimate.error), estimate.most
    if high < 90:
        lo, hi, unit = round(low), max(1, round(high)), "s"
    else:
        lo, hi, unit = round(low / 60), max(1, round(high / 60)), "min"
    if lo == hi:
        return f"about {hi} {unit} left"
    return f"up to {hi} {unit} left" if lo == 0 else f"about {lo}–{hi} {unit} left"


def time_left_words(reading: Reading, elapsed: float) -> str:
    """The time left in plain words; when the work runs later than a range shown before, it says so first."""
    if reading.estimate is None:
        return (f"taking longer than estimated, {duration_words(elapsed)} so far" if reading.late
                else "estimating the time left")
    if reading.late:
        return f"taking longer than estimated: at the pace so far, {range_words(reading.estimate)}"
    return range_words(reading.estimate)


def streamlit_progress(label: str = "Working…") -> tuple[Callable[[int, int, str], None], Callable[[], None]]:
    """(callback, done) drawing an st.progress bar with its time left (see the module's rule); call done() to clear it.

    A report with a new total starts a new phase (fitting, then solving): its pace is measured afresh.
    """
    bar = st.progress(0.0, text=label)
    # the bar belongs to the caller: its updates run in the caller's context, so a cached function given `report` never
    # records them into its replay (replaying them would draw on a block the cached function did not create)
    caller = contextvars.copy_context()
    phase = {"clock": PaceClock(time.monotonic(), MIN_FRACTION, MIN_SECONDS), "total": None, "last": 0.0}

    def report(done: int, total: int, message: str = "") -> None:
        now = time.monotonic()
        if phase["total"] is not None and total != phase["total"]:
            phase["clock"] = PaceClock(now, MIN_FRACTION, MIN_SECONDS)  # a new phase: its own pace
        elif phase["total"] is not None and done < total and now - phase["last"] < REPORT_EVERY:
            return
        phase.update(total=total, last=now)
        clock: PaceClock = phase["clock"]
        frac = min(1.0, done / total) if total else 1.0
        clock.record(frac, now)
        left = "" if frac >= 1.0 else f" · {time_left_words(clock.reading(now), now - clock.start)}"
        caller.run(bar.progress, frac, text=f"{label} {done:,}/{total:,}{left}{' · ' + message if message else ''}")

    def finish() -> None:
        caller.run(bar.empty)

    return report, finish
