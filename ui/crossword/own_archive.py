"""Your own archive on the Crosswords page: a folder or a file of puzzles or clues becomes a clue database.

A path typed in (a folder or file on the computer the lab runs on) or an upload (kept in this browser session only)
is read with a bar, then a report says what was read and names every file skipped with its reason; the models are
then built on a background thread like the other databases.
"""
from __future__ import annotations

import re
from pathlib import Path

import streamlit as st

from core.crossword.archives import ArchiveRead, ArchiveSource, Upload, read_archive, report_sentence
from ui.crossword.loading import Preparation
from ui.progress import streamlit_progress

OWN_PREFIX = "Your own archive"
STATE = "cw_own"  # {"source", "archive", "preparation"}: this session's own archive
UPLOAD_TYPES = ["zip", "puz", "ipuz", "json", "jsonl", "tsv", "csv"]
DEV_PUZZLES = 30  # practice puzzles the clue sources are weighed on, as for the NYT archive
SHOWN_SKIPPED = 50  # skipped files named on the page; the rest are counted
MIN_DEV_PUZZLES = 5  # fewer puzzles than this: the sources keep their default weights


def own_label(archive: ArchiveRead) -> str:
    """The database's name in the sidebar."""
    return f"{OWN_PREFIX}: {archive.name}"


def own_build(source: ArchiveSource, archive: ArchiveRead):
    """The build of an own archive's models: every puzzle and clue row it holds, calibrated on its own puzzles."""
    dev_size = DEV_PUZZLES if archive.puzzles >= MIN_DEV_PUZZLES else 0

    def build(progress):
        from core.crossword.preparation import ModelSource, prepare
        return prepare(ModelSource(source, until="", dev_size=dev_size, warm=True), progress, archive=archive)

    return build


def chosen_source(path_text: str, upload) -> tuple[ArchiveSource | None, str]:
    """(the archive to read, "") from the upload or else the typed path, or (None, what is wrong in plain words)."""
    if upload is not None:
        return Upload(upload.name, upload.getvalue()), ""
    text = (path_text or "").strip().strip('"').strip("'")
    if not text:
        return None, "Type the path of a folder or file of puzzles, or upload a file."
    path = Path(text).expanduser()
    if not path.exists():
        return None, f"There is no folder or file at {text} on the computer the lab runs on."
    return path, ""


def read_with_bar(source: ArchiveSource) -> ArchiveRead:
    """The archive read under a progress bar (cleared when done)."""
    report, finish = streamlit_progress("Reading your puzzles…")
    try:
        return read_archive(source, report)
    finally:
        finish()


def show_report(archive: ArchiveRead) -> None:
    """What was read, and every skipped file with its reason."""
    sentence = report_sentence(archive)
    if archive.puzzles or archive.pairs:
        st.success(sentence)
    else:
        st.error(f"{sentence} There is nothing to learn from: see the skipped files below.")
    if archive.skipped:
        with st.expander(f"Files skipped ({len(archive.skipped):,})", expanded=not (archive.puzzles or archive.pairs)):
            st.markdown(skipped_lines(archive))


def plain_markdown(text: str) -> str:
    """Text shown as written (the characters Markdown would read as formatting escaped)."""
    return re.sub(r"([\\`*_{}\[\]<>#|~])", r"\\\1", text)


def skipped_lines(archive: ArchiveRead) -> str:
    """The skipped files as a Markdown list, each name in bold with its reason (the first SHOWN_SKIPPED)."""
    lines = [f"- **{plain_markdown(s.name)}**: {plain_markdown(s.reason)}" for s in archive.skipped[:SHOWN_SKIPPED]]
    more = len(archive.skipped) - SHOWN_SKIPPED
    return "\n".join(lines + ([f"- and {more:,} more"] if more > 0 else []))


def own_archive_panel() -> Preparation | None:
    """The panel where a person points the lab at their own puzzles; this session's own database once read."""
    state = st.session_state.get(STATE)
    with st.expander("Use your own puzzles", expanded=state is not None):
        st.write("Point the lab at puzzles you have, and the solvers learn from their clues: a folder of .puz or "
                 ".ipuz files, a folder of New York Times JSON files (one a day, in year/month/day folders), a table "
                 "of clues and answers (.tsv or .csv with a clue and an answer column), or a .zip of any of these.")
        path_text = st.text_input("A folder or file on the computer the lab runs on", key="cw_own_path",
                                  placeholder="for example: puzzles/2019")
        upload = st.file_uploader("…or upload a file (it stays in this browser session only)", type=UPLOAD_TYPES,
                                  key="cw_own_upload")
        if st.button("Read these puzzles", key="cw_own_read", type="primary"):
            source, problem = chosen_source(path_text, upload)
            if source is None:
                st.warning(problem)
            else:
                archive = read_with_bar(source)
                preparation = None
                if archive.puzzles or archive.pairs:
                    preparation = Preparation(f"your own archive ({archive.name})", own_build(source, archive),
                                              from_puzzles=True)
                state = {"source": source, "archive": archive, "preparation": preparation}
                st.session_state[STATE] = state
                if preparation is not None:
                    st.session_state["cw_db"] = own_label(archive)
        if state is not None:
            show_report(state["archive"])
        with st.expander("How it works"):
            st.write("Each file is read on its own: one that is damaged or in another format is named above with "
                     "the reason and left out, and the rest are used. Dates come from the files that carry them "
                     "(the JSON files' and .ipuz files' date; .puz files have none). The clue database is then "
                     "built as for the New York Times archive: a table of every clue and its answer, the models "
                     "that find similar clues (a model here is a set of numbers learned from the clues), and the "
                     "weights of each source measured on up to 30 of your own puzzles. An uploaded file itself is "
                     "kept only in this browser session; what is learned from it is kept on the computer the lab "
                     "runs on under a name made from the file's contents, so only the same file finds it again.")
    return state["preparation"] if state is not None else None
