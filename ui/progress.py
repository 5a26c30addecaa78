"""Map the core progress callback onto st.progress, with a time-left range that keeps its word."""
from __future__ import annotations

import contextvars
import time
from typing import Callable

import streamlit as st

from core.progress import TimeLeft, kept_estimate, time_left


def left_words(estimate: TimeLeft) -> str:
    """'about 18–30 s left' (the estimate's range, in whole seconds)."""
    low, high = max(0, round(estimate.seconds - estimate.error)), round(estimate.most)
    return f"about {high} s left" if low == high else f"about {low}–{high} s left"


def streamlit_progress(label: str = "Working…") -> tuple[Callable[[int, int, str], None], Callable[[], None]]:
    """(callback, done) drawing an st.progress bar with a time-left range; call done() to clear it.

    A report with a new total starts a new phase (fitting, then solving): its clock restarts. Within a phase, a time
    left never grows past the range shown before it: when the work runs later than that, the bar says so instead.
    """
    bar = st.progress(0.0, text=label)
    # the bar belongs to the caller: its updates run in the caller's context, so a cached function given `report` never
    # records them into its replay (replaying them would draw on a block the cached function did not create)
    caller = contextvars.copy_context()
    clock = {"start": time.monotonic(), "last": 0.0, "total": None, "samples": [], "shown": None}

    def report(done: int, total: int, message: str = "") -> None:
        now = time.monotonic()
        if clock["total"] is not None and total != clock["total"]:
            clock.update(start=now, samples=[], shown=None)  # a new phase: its own clock
        elif clock["total"] is not None and done < total and now - clock["last"] < 0.1:
            return
        clock.update(total=total, last=now)
        frac = min(1.0, done / total) if total else 1.0
        if not clock["samples"]:
            clock["samples"].append((clock["start"], 0.0))
        clock["samples"].append((now, frac))
        estimate = time_left(clock["samples"], now)
        kept = kept_estimate(clock["shown"], estimate)
        eta = ""
        if kept is not None:
            clock["shown"] = kept
            eta = f" · {left_words(kept)}"
        elif estimate is not None:
            eta = f" · taking longer than expected, {now - clock['start']:.0f} s so far"
        caller.run(bar.progress, frac, text=f"{label} {done:,}/{total:,}{eta}{' · ' + message if message else ''}")

    def finish() -> None:
        caller.run(bar.empty)

    return report, finish
