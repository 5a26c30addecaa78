"""Pick a puzzle: a demo, an archive puzzle of the test years, or an uploaded .puz / .ipuz file."""
from __future__ import annotations

from pathlib import Path

import streamlit as st

from core.crossword.data import TEST_SINCE, demo_puzzles
from core.crossword.puzzle import Puzzle, PuzzleError
from core.crossword.readers import iter_archive, puzzle_from_record, read_puzzle_file


@st.cache_data(show_spinner=False)
def archive_records(path: str, since: str, until: str) -> list[dict]:
    """Archive records between two dates."""
    return list(iter_archive(Path(path), since, until))


def puzzle_picker(archive: Path | None) -> Puzzle | None:
    """The puzzle picked (None until one is, or when it cannot be read: the reason is shown)."""
    kinds = ["Demo"] + (["Archive (test years 2011-2013)"] if archive else []) + ["Upload .puz / .ipuz"]
    kind = st.radio("Puzzle", kinds, horizontal=True, key="cw_kind")
    puzzle = None
    if kind == "Demo":
        demos = demo_puzzles()
        name = st.selectbox("Demo puzzle", list(demos), key="cw_demo",  # each by its title, not its file's name
                            format_func=lambda n: demos[n].title if n in demos else n)
        puzzle = demos.get(name)
    elif kind.startswith("Archive"):
        records = archive_records(str(archive), TEST_SINCE, "")
        day = st.selectbox("Weekday", ["any", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
                                       "Sunday"], key="cw_day")
        dates = [r["date"] for r in records if day == "any" or r.get("dow") == day]
        date = st.selectbox("Date", dates, key="cw_date")
        rec = next((r for r in records if r["date"] == date), None)
        try:
            puzzle = puzzle_from_record(rec) if rec else None
        except PuzzleError as err:
            st.error(f"This archive record cannot be read: {err}")
    else:
        up = st.file_uploader("Puzzle file", type=["puz", "ipuz", "json"], key="cw_upload")
        if up is not None:
            try:
                puzzle = read_puzzle_file(up.getvalue(), up.name)
            except PuzzleError as err:
                st.error(str(err))
    return puzzle
