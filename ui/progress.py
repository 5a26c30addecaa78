"""Map the core progress callback onto st.progress."""
from __future__ import annotations

import time
from typing import Callable

import streamlit as st


def streamlit_progress(label: str = "Working…") -> tuple[Callable[[int, int, str], None], Callable[[], None]]:
    """(callback, done) drawing an st.progress bar with a time-left estimate; call done() to clear it.

    A report with a new total starts a new phase (fitting, then solving): its time-left clock restarts.
    """
    bar = st.progress(0.0, text=label)
    start = [time.monotonic()]
    last = [0.0]
    phase = [None]

    def report(done: int, total: int, message: str = "") -> None:
        now = time.monotonic()
        if phase[0] is not None and total != phase[0]:
            start[0] = now  # a new phase: its own clock (the first phase runs from the bar's start)
        elif phase[0] is not None and done < total and now - last[0] < 0.1:
            return
        phase[0] = total
        last[0] = now
        frac = min(1.0, done / total) if total else 1.0
        eta = ""
        if 0 < frac < 1:
            left = (now - start[0]) * (1 - frac) / frac
            eta = f" · about {left:.0f} s left"
        bar.progress(frac, text=f"{label} {done:,}/{total:,}{eta}{' · ' + message if message else ''}")

    def finish() -> None:
        bar.empty()

    return report, finish
