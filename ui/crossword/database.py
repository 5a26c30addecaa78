"""The clue database in the sidebar: each prepared on its own thread, the page opening on what is ready."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import streamlit as st

from core.crossword.knowledge.models import ClueModels
from ui.crossword.loading import archive_preparation, preparing_panel, wordnet_preparation
from ui.crossword.own_archive import STATE as OWN_STATE
from ui.crossword.own_archive import own_archive_panel, own_label
from ui.crossword.theme import theme_words_panel
from ui.crossword.upgrade import upgrade_panel

DICTIONARY_SOURCE = "Dictionary definitions (WordNet)"
ARCHIVE_SOURCE = "NYT archive (train ≤ 2010-12-31)"


@dataclass(frozen=True)
class ClueDatabase:
    """The crossword modes' context: the clue database picked in the sidebar, its models (None while being prepared)
    and whether it learned from past puzzles (the NYT archive or your own) rather than from the dictionary."""

    label: str
    models: ClueModels | None
    from_puzzles: bool


def train_limit_setting() -> int:
    """How many of the last archive puzzles the solvers learn from (0: all), from the environment."""
    return int(os.environ.get("WORDLAB_CW_TRAIN_LIMIT") or 0)


def clue_database(archive: Path | None, train_limit: int) -> ClueDatabase:
    """The database picked in the sidebar and its models (None while it is being prepared), with its notes."""
    if not archive:
        st.info("The archive of past New York Times crosswords is not on this machine, so the solvers learn from an "
                "English dictionary's definitions instead. You can also point it at your own puzzles, or upload one crossword file (.puz or .ipuz) below.")
        with st.expander("How to add the archive"):
            st.markdown("The archive (13,778 puzzles) is read from `crosswords/nyt.jsonl.gz` in the shared data folder "
                        "beside the app, or in the folder the `WORDLAB_DATA` setting names (an environment variable: a "
                        "named value given to the program when it starts). The dictionary is WordNet 3.0, installed "
                        "with the app; its definitions, called glosses, serve as clues.")
    own = own_archive_panel()  # before the sidebar's picker: reading an archive picks its database
    preparations = {ARCHIVE_SOURCE: archive_preparation(str(archive), train_limit)} if archive else {}
    preparations[DICTIONARY_SOURCE] = wordnet_preparation()
    if own is not None:
        preparations[own_label(st.session_state[OWN_STATE]["archive"])] = own
    sources = list(preparations)
    if st.session_state.get("cw_db") not in (None, *sources):  # a database of an earlier own archive
        del st.session_state["cw_db"]
    if "cw_db" not in st.session_state:  # the strongest database ready now, else the strongest
        st.session_state["cw_db"] = next((s for s in sources if preparations[s].ready), sources[0])
    db = st.sidebar.radio("Clue database", sources, key="cw_db")
    preparing_panel(preparations)
    full = upgrade_panel(archive, train_limit, preparations[ARCHIVE_SOURCE], db == ARCHIVE_SOURCE) if archive else None
    if full is not None:  # the archive database being read again with the full model: its own bar, below
        preparing_panel({"full": full})
    preparation = full if db == ARCHIVE_SOURCE and full is not None and full.ready else preparations[db]
    models = theme_words_panel(preparation.models)  # None while it is being prepared; with the person's own words
    if models is not None:
        st.sidebar.caption(f"{models.table.n_pairs:,} clue-answer pairs, {len(models.table.answers):,} answers")
    elif preparation.error:
        st.error(f"The {db} clue database could not be prepared ({preparation.error}). Pick the other database, "
                 "or reload the page to try again.")
        if db in (ARCHIVE_SOURCE, DICTIONARY_SOURCE):  # the next visit tries again (an own archive: read it again)
            (archive_preparation if db == ARCHIVE_SOURCE else wordnet_preparation).clear()
    else:
        st.sidebar.caption("Being prepared (see the bar): Solve and the candidate lists open when it is ready.")
    if archive and db != ARCHIVE_SOURCE:
        if preparations[ARCHIVE_SOURCE].ready:
            st.sidebar.success("The NYT archive database is ready: it fills far more letters than the dictionary.")
            st.sidebar.button("Use the NYT archive", key="cw_use_archive",
                              on_click=lambda: st.session_state.update(cw_db=ARCHIVE_SOURCE))
        elif not preparations[ARCHIVE_SOURCE].error:
            st.sidebar.caption("The NYT archive database, which fills far more letters, is being prepared: it will be "
                               "offered here when it is ready.")
    return ClueDatabase(db, models, preparation.from_puzzles)
