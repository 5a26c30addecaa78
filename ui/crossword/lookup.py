"""The Crosswords page's clue look-up: a clue and a pattern in, the ranked answers that fit out."""
from __future__ import annotations

import pandas as pd
import streamlit as st

from core.crossword.explain import chance_text
from core.crossword.lookup import (PatternError, best_sentence, empty_sentence, look_up, parse_pattern, total_sentence,
                                   warm_lookup)
from core.crossword.knowledge.models import ClueModels
from core.crossword.clues.packaged import reference_books_text
from ui.progress import streamlit_progress


CHANCES_TEXT = (
    "Several sources propose answers (the same clue in the database, clues with the same words, the dictionary's "
    "definitions and relatives...). A small model weighs what each source says about an answer into a chance that "
    "answer is right; it is *calibrated* (checked on practice puzzles so that its 30% answers are right about 30% of "
    "the time). That chance judges each answer alone, so for one clue they can add up to more than 100% (PARIS, "
    "LILLE and VICHY for 'Capital of France'). The table shows each answer's *share* of one whole instead: its "
    "*odds* (its chance divided by the chance against it) over one plus the odds of every answer proposed. The "
    "shares keep the order, add up to less than 100%, and leave the rest for an answer no source proposed; an "
    "answer proposed alone keeps its own chance. Common words that only fit the letters share a small part of "
    "that rest, by how common they are. The solver that fills a grid weighs the model's own chances against the "
    "crossing letters.")


@st.cache_resource(show_spinner=False)
def warmed(db: str, _models: ClueModels) -> bool:
    """Load, once per clue database, what a first look-up of each kind of clue would load."""
    report, finish = streamlit_progress("Getting the look-up ready (once)…")
    try:
        warm_lookup(_models, report)
    finally:
        finish()
    return True


def lookup_panel(models: ClueModels, db_label: str) -> None:
    """A clue box, a pattern box and the answers that fit, best first, with their chance and sources."""
    warmed(db_label, models)
    st.subheader("Look up a clue")
    st.caption("Type a clue and the answer's letters, with **?** for each square you do not know (such as "
               "**A?I?**), or just its length (such as **4**). Leave the clue empty to find words by their letters "
               f"alone. Answers come from the **{db_label}** clue database (change it in the sidebar).")
    with st.form("cw_lookup_form", border=False):
        c1, c2, c3 = st.columns([2.6, 1.2, 1.4], vertical_alignment="bottom")
        clue = c1.text_input("Clue", key="cw_lookup_clue", placeholder="Opera solo")
        typed = c2.text_input("Letters or length", key="cw_lookup_pattern", placeholder="A?I?")
        asked = c3.form_submit_button("Find answers", type="primary", width="stretch")
    if not asked and not st.session_state.get("cw_lookup_asked"):
        return
    st.session_state["cw_lookup_asked"] = True
    try:
        pattern = parse_pattern(typed)
    except PatternError as err:
        st.warning(str(err))
        return
    answers = look_up(models, clue, pattern, 20)
    if not answers:
        st.warning(empty_sentence(clue, pattern))
        return
    st.success(best_sentence(answers))
    st.table(pd.DataFrame([{"Answer": a.answer, "Chance it is right": chance_text(a.chance),
                            "Proposed by": a.proposed_by} for a in answers]), hide_index=True)
    st.caption(f"{len(answers)} answers that fit, best first. {total_sentence(answers)} Command line: "
               f"`python -m core.crossword.lookup \"{clue}\" {typed.strip() or '?'}`")
    with st.expander("How it works"):
        st.markdown(CHANCES_TEXT)
    if books := reference_books_text(models):
        st.caption(books)
