"""Theme words on the Crosswords page: a person's own word list joins the answers the solver may write."""
from __future__ import annotations

import streamlit as st

from core.crossword.knowledge.models import ClueModels
from core.crossword.clues.packaged import theme_words, with_theme_words
from ui.lists import upload_widget

UPLOAD_KEY = "cw_theme_upload"
JOINED_KEY = "cw_theme_joined"  # (models id, words) -> the joined models, one entry: the last list joined
SHOWN_WORDS = 8


def joined_models(models: ClueModels, words: tuple[str, ...]) -> ClueModels:
    """The models with the words joined, built once a session for the same models and words."""
    key = (id(models), words)
    kept = st.session_state.get(JOINED_KEY)
    if kept is None or kept[0] != key:
        kept = (key, with_theme_words(models, words), models)  # the models kept alive: their id stays theirs
        st.session_state[JOINED_KEY] = kept
    return kept[1]


def forget_old_solves(words: tuple[str, ...]) -> None:
    """Drop the remembered solves when the word list changes: they were made with other answers."""
    if st.session_state.get("cw_theme_words", ()) != words:
        st.session_state["cw_theme_words"] = words
        st.session_state.get("cw_results", {}).clear()
        st.session_state.pop("cw_step_at", None)


def theme_words_panel(models: ClueModels | None) -> ClueModels | None:
    """The sidebar's word-list upload, and the models with its words joined to the answers (unchanged without a
    list, or while the models are being prepared)."""
    with st.sidebar.expander("Your own words (a theme)"):
        st.caption("A puzzle built on a theme often holds names or words no dictionary lists. Upload them, one a "
                   "line: the solver may then write them in the grid, and on the dictionary database every slot "
                   "one fits proposes it.")
        wl = upload_widget(UPLOAD_KEY)
        words = theme_words(wl.words) if wl is not None else ()
        if wl is not None and not words:
            st.warning("None of the list's words can be an answer: an answer has 3 to 21 letters A-Z "
                       "(spaces and hyphens are dropped).")
        elif words:
            shown = ", ".join(words[:SHOWN_WORDS]) + ("…" if len(words) > SHOWN_WORDS else "")
            st.success(f"{len(words):,} of your words join the answers: {shown}")
    forget_old_solves(words)
    if models is None or not words:
        return models
    return joined_models(models, words)
