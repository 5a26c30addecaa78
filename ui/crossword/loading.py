"""Clue databases prepared on a background thread, so the Crosswords page opens at once on what is ready.

A preparation reports its progress (a bar of 1,000 steps whose stages are weighted by their expected seconds, see
core.crossword.models.share_progress); the page draws one bar per database still being prepared, with a time left
that never grows past its own earlier estimate, and reruns when one becomes ready.
"""
from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any, Callable

import streamlit as st

from core.progress import Progress

MIN_FRACTION = 0.02  # below this share of the bar the time left is not guessed yet


class TimeLeft:
    """A time-left estimate that never grows: each estimate is capped by the last one shown less the time since."""

    def __init__(self) -> None:
        self.shown: float | None = None
        self.at = 0.0

    def update(self, fraction: float, elapsed: float, now: float) -> float | None:
        """Seconds left after `elapsed` seconds at `fraction` done (None before there is anything to go on)."""
        if fraction < MIN_FRACTION or fraction >= 1.0:
            return None if fraction < 1.0 else 0.0
        estimate = elapsed * (1.0 - fraction) / fraction
        if self.shown is not None:
            estimate = min(estimate, max(0.0, self.shown - (now - self.at)))
        self.shown, self.at = estimate, now
        return estimate


def time_left_words(seconds: float | None) -> str:
    """The time left in plain words."""
    if seconds is None:
        return "estimating the time left"
    if seconds < 1.0:
        return "taking longer than estimated, nearly there"
    if seconds < 90:
        return f"about {seconds:.0f} s left"
    return f"about {seconds / 60:.0f} min left"


class Preparation:
    """One clue database built on a background thread: its progress, then its models or what went wrong."""

    def __init__(self, label: str, build: Callable[[Progress], Any]) -> None:
        self.label = label
        self.lock = threading.Lock()
        self.done, self.total, self.message = 0, 1000, "starting"
        self.started = time.monotonic()
        self.models: Any = None
        self.error = ""
        self.clock = TimeLeft()
        self.thread = threading.Thread(target=self._run, args=(build,), name=f"prepare {label}", daemon=True)
        self.thread.start()

    def _run(self, build: Callable[[Progress], Any]) -> None:
        """Build the models (on the thread), keeping them or the reason they could not be built."""
        try:
            models = build(self.report)
        except Exception as err:  # shown on the page in words; the page never sees a traceback
            self.error = f"{type(err).__name__}: {err}"
            return
        if models is None:
            self.error = "nothing was built"
        self.models = models

    def report(self, done: int, total: int, message: str = "") -> None:
        """The progress callback the build reports to (cheap, never raises)."""
        with self.lock:
            self.done, self.total = done, total
            self.message = message or self.message

    @property
    def ready(self) -> bool:
        """Whether the models are built."""
        return self.models is not None

    def status(self) -> tuple[float, str]:
        """(share done, one plain sentence: what is being prepared and the time left)."""
        with self.lock:
            done, total, message = self.done, self.total, self.message
        fraction = min(1.0, done / total) if total else 0.0
        now = time.monotonic()
        left = self.clock.update(fraction, now - self.started, now)
        return fraction, f"Preparing {self.label}: {message} · {time_left_words(left)}"


def archive_build(path: str, limit: int) -> Callable[[Progress], Any]:
    """The archive database's build: fitted, calibrated models on puzzles up to the training date (warmed)."""
    def build(progress: Progress):
        from core.crossword import harness
        from core.crossword.data import TRAIN_UNTIL

        return harness.archive_models(Path(path), until=TRAIN_UNTIL, limit=limit,
                                       dev_size=harness.dev_size_for(limit), progress=progress, warm=True)

    return build


def wordnet_build(progress: Progress):
    """The dictionary database's build: models on WordNet 3.0's definitions (warmed)."""
    from core.crossword import harness

    return harness.wordnet_models(progress, warm=True)


@st.cache_resource(show_spinner=False)
def archive_preparation(path: str, limit: int) -> Preparation:
    """The archive database, prepared once per server for every visitor (read-only once built)."""
    return Preparation("the NYT archive database", archive_build(path, limit))


@st.cache_resource(show_spinner=False)
def wordnet_preparation() -> Preparation:
    """The dictionary database, prepared once per server for every visitor (read-only once built)."""
    return Preparation("the dictionary database", wordnet_build)


def preparing_panel(preparations: dict[str, Preparation]) -> None:
    """One bar per database still being prepared, refreshed every second; the page reruns when one is ready."""
    ready_then = {name for name, p in preparations.items() if p.ready or p.error}
    if len(ready_then) == len(preparations):
        return

    @st.fragment(run_every=1.0)
    def bars() -> None:
        ready_now = {name for name, p in preparations.items() if p.ready or p.error}
        if ready_now != ready_then:
            st.rerun(scope="app")
        for name, p in preparations.items():
            if name not in ready_now:
                fraction, text = p.status()
                st.progress(fraction, text=text)

    bars()
