"""The archive database's upgrade: the full meaning model, prepared in the background after the first solve.

The quick table lets the archive database open in minutes; once a puzzle has been solved with it, the full model's
reading of every archive clue is prepared by a separate low-priority process (core.crossword.knowledge.upgrade), with one bar
and its time left. When it is ready the sidebar offers it in one click; the database then reads clues with it.
"""
from __future__ import annotations

import os
import time
from pathlib import Path

import streamlit as st

from core.crossword.knowledge import upgrade
from core.crossword.knowledge.models import ClueModels
from core.progress import Reading
from ui.crossword.loading import Preparation
from ui.progress import time_left_words

STARTED_KEY = "cw_upgrade_started"  # this visit started the builder (never twice: a builder that dies is not respawned)
USE_KEY = "cw_full_meaning"  # the person chose the full meaning model for the archive database
FULL_LABEL = "the full meaning model"


def upgrade_allowed() -> bool:
    """Whether the page may start the background builder (the setting WORDLAB_CW_UPGRADE=0 turns it off: the test
    suite's servers, a machine kept for other work)."""
    return os.environ.get("WORDLAB_CW_UPGRADE", "1") != "0"


def start_upgrade(clues: tuple) -> bool:
    """Start the background builder of the clues when the page may, once per visit (True if it started now)."""
    if not upgrade_allowed() or st.session_state.get(STARTED_KEY):
        return False
    st.session_state[STARTED_KEY] = True
    return upgrade.start_background(clues)


def full_build(path: str, limit: int, static: Preparation):
    """The build of the archive database with the full model: the static database's models, upgraded."""
    def build(progress):
        from core.crossword import preparation
        from core.crossword.data import TRAIN_UNTIL

        return preparation.full_meaning_models(static.models, Path(path), until=TRAIN_UNTIL, limit=limit,
                                               dev_size=preparation.dev_size_for(limit), progress=progress)

    return build


@st.cache_resource(show_spinner=False)
def full_preparation(path: str, limit: int, _static: Preparation) -> Preparation:
    """The archive database read with the full model, prepared once per server when someone asks for it."""
    return Preparation(f"the NYT archive database with {FULL_LABEL}", full_build(path, limit, _static))


def status_words(status: upgrade.Status, started: float) -> str:
    """One plain sentence: how many clues the full model has read and the time left."""
    reading = Reading(status.left, False)
    left = time_left_words(reading, time.time() - started) if status.running else "waiting to start"
    return (f"Preparing {FULL_LABEL} in the background: {status.done:,} of {status.total:,} archive clues read · "
            f"{left}")


def how_it_works() -> None:
    """The collapsed panel on what the upgrade is."""
    with st.expander("How it works: the full meaning model"):
        st.markdown(
            "To find past clues that mean the same as a new one, the solver turns each clue into a list of numbers "
            "(a vector: clues that mean alike get close lists). The quick way adds up fixed numbers for each word "
            "piece, so the database is ready in minutes. The full model, all-MiniLM-L6-v2 (a transformer: a neural "
            "network that reads the whole clue at once, each word in the light of the others), reads every archive "
            "clue itself. That takes tens of minutes, so it runs in the background, at low priority on both "
            "processor cores, in chunks saved as they finish: if the app stops, it carries on from the last chunk.")


def upgrade_panel(archive: Path, limit: int, static: Preparation, using_archive: bool) -> Preparation | None:
    """The upgrade's bar (while prepared), its one-click offer (when ready); the full-model preparation once chosen."""
    models: ClueModels | None = static.models
    if models is None:
        return None
    clues = models.table.clues
    state = upgrade.status(clues)
    if not state.finished:
        if not state.running and st.session_state.get("cw_results") and start_upgrade(clues):
            state = upgrade.status(clues)  # after the first solve with the quick table, never before it
        if state.running:
            progress_bar(clues, time.time())
            return None
        if not st.session_state.get("cw_results") and using_archive:
            st.sidebar.caption(f"After your first solve, {FULL_LABEL}, which reads clues more closely, is prepared "
                               "in the background.")
        start_after_first_solve(clues)
        return None
    if not st.session_state.get(USE_KEY):
        if using_archive:
            st.sidebar.success(f"{FULL_LABEL.capitalize()} is ready: it reads the archive's clues more closely.")
            st.sidebar.button(f"Use {FULL_LABEL}", key="cw_use_full", on_click=lambda: st.session_state.update(
                {USE_KEY: True}))
        return None
    full = full_preparation(str(archive), limit, static)
    if using_archive and full.ready:
        st.sidebar.caption(f"The archive database reads clues with {FULL_LABEL}.")
    return full


def start_after_first_solve(clues: tuple) -> None:
    """Start the builder once a puzzle has been solved (checked every second: a solve happens after this panel
    is drawn); the page reruns to show the bar."""
    @st.fragment(run_every=1.0)
    def wait() -> None:
        st.empty()  # the fragment holds an element, so its timer is kept
        if not st.session_state.get("cw_results"):
            return
        if start_upgrade(clues) or (st.session_state.get(STARTED_KEY) and upgrade.status(clues).running):
            st.rerun(scope="app")

    wait()


def progress_bar(clues: tuple, started: float) -> None:
    """The upgrade's one bar, redrawn every two seconds from the builder's status file; the page reruns when ready."""
    @st.fragment(run_every=2.0)
    def bar() -> None:
        state = upgrade.status(clues)
        if state.finished:
            st.rerun(scope="app")
        st.progress(state.fraction, text=status_words(state, started))

    bar()
    how_it_works()
