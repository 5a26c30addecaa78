"""Clue databases prepared on a background thread, so the Crosswords page opens at once on what is ready.

A preparation reports its progress (a bar of 1,000 steps whose stages are weighted by their expected seconds, see
core.progress.share_progress); the page draws one bar per database still being prepared, with a time left
measured from the pace of this preparation (core.progress.PaceClock: it never grows by more than its own error, and
says so plainly when the work runs later than it said), and reruns when one becomes ready.
"""
from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any, Callable

import streamlit as st

from core.progress import PaceClock, Progress
from ui.progress import MIN_FRACTION, MIN_SECONDS, time_left_words

SAMPLE_EVERY = 0.2  # seconds between the progress samples the pace is measured from


class Preparation:
    """One clue database built on a background thread: its progress, then its models or what went wrong."""

    def __init__(self, label: str, build: Callable[[Progress], Any], from_puzzles: bool = False) -> None:
        self.label = label
        self.from_puzzles = from_puzzles  # it learns from past puzzles' clues (an archive), not from a dictionary
        self.lock = threading.Lock()
        self.done, self.total, self.message = 0, 1000, "starting"
        self.started = time.monotonic()
        self.models: Any = None
        self.error = ""
        self.clock = PaceClock(self.started, MIN_FRACTION, MIN_SECONDS)
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
        now = time.monotonic()
        with self.lock:
            self.done, self.total = done, total
            self.message = message or self.message
            fraction = min(1.0, done / total) if total else 0.0
            if not self.clock.samples or now - self.clock.samples[-1][0] >= SAMPLE_EVERY or fraction >= 1.0:
                self.clock.record(fraction, now)

    @property
    def ready(self) -> bool:
        """Whether the models are built."""
        return self.models is not None

    def status(self) -> tuple[float, str]:
        """(share done, one plain sentence: what is being prepared and the time left)."""
        now = time.monotonic()
        with self.lock:
            done, total, message = self.done, self.total, self.message
            reading = self.clock.reading(now)
        fraction = min(1.0, done / total) if total else 0.0
        return fraction, f"Preparing {self.label}: {message} · {time_left_words(reading, now - self.started)}"


def archive_build(path: str, limit: int) -> Callable[[Progress], Any]:
    """The archive database's build: fitted, calibrated models on puzzles up to the training date (warmed)."""
    def build(progress: Progress):
        from core.crossword.data import TRAIN_UNTIL
        from core.crossword.preparation import ModelSource, dev_size_for, prepare

        return prepare(ModelSource(Path(path), until=TRAIN_UNTIL, limit=limit, dev_size=dev_size_for(limit), warm=True),
                       progress)

    return build


def wordnet_build(progress: Progress):
    """The dictionary database's build: models on WordNet 3.0's definitions (warmed)."""
    from core.crossword.preparation import ModelSource, prepare
    return prepare(ModelSource(None, warm=True), progress)


@st.cache_resource(show_spinner=False)
def archive_preparation(path: str, limit: int) -> Preparation:
    """The archive database, prepared once per server for every visitor (read-only once built)."""
    return Preparation("the NYT archive database", archive_build(path, limit), from_puzzles=True)


@st.cache_resource(show_spinner=False)
def wordnet_preparation() -> Preparation:
    """The dictionary database, prepared once per server for every visitor (read-only once built)."""
    return Preparation("the dictionary database", wordnet_build)


def preparing_panel(preparations: dict[str, Preparation]) -> None:
    """One bar per database still being prepared, refreshed every second; the page reruns when one is ready."""
    ready_then = {name for name, p in preparations.items() if p.ready or p.error}
    if len(ready_then) == len(preparations):
        return

    prepared_once_panel()

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


def prepared_once_panel() -> None:
    """A collapsed panel naming what preparing builds once and how to build it from the command line."""
    from core.artefacts import prepared_once

    with st.expander("How it works: what is prepared once"):
        st.markdown("Preparing builds, once, the tables the solvers read, and keeps them on disk under a fingerprint "
                    "of the code that builds them and the files they read (change either and that table is built "
                    "again). The same steps run from the command line: `python -m core.artefacts build NAME`.")
        st.markdown("\n".join(f"- {what} (`{name}`)" for name, what in prepared_once()))
