"""Crosswords: pick a puzzle, watch a solver fill it, inspect candidates, and compare solvers."""
from __future__ import annotations

import streamlit as st

from core.crossword.data import archive_path
from ui.crossword.coach import coach_panel
from ui.crossword.database import clue_database, train_limit_setting
from ui.crossword.lookup import lookup_panel
from ui.crossword.puzzles import puzzle_picker
from ui.crossword.watch import watch_mode

WATCH, COACH, LOOKUP = "Watch a solver", "Solve it yourself, with a coach", "Look up a clue"
MODES = (WATCH, COACH, LOOKUP)


def main() -> None:
    """The clue database in the sidebar, a mode, a puzzle, then the mode's module draws the rest."""
    st.set_page_config(page_title="Crosswords", layout="wide")
    st.title("Crosswords")
    st.caption("A solver reads every clue, proposes answers, and fills the grid so that crossing words agree. "
               "Pick a puzzle, press **Solve**, then step through its moves: each one says which words changed and why.")
    train_limit = train_limit_setting()  # learn from only the last N archive puzzles
    archive = archive_path()
    st.session_state.setdefault("cw_results", {})
    database = clue_database(archive, train_limit)
    mode = st.radio("What would you like to do?", MODES, horizontal=True, key="cw_mode")
    if mode == LOOKUP:
        if database.models is None:
            st.info("The look-up opens when the clue database is ready: see the bar above.")
        else:
            lookup_panel(database.models, database.label)
        st.stop()
    puzzle = puzzle_picker(archive)
    if puzzle is None:
        st.stop()
    if mode == COACH:
        if database.models is None:
            st.info("The coach opens when the clue database is ready: see the bar above.")
        else:
            coach_panel(database.models, puzzle, database.label, database.from_puzzles)
        st.stop()
    watch_mode(puzzle, database, archive, train_limit)


main()
