"""A slot's candidates at the step shown, and the collapsed "How it works" with each source's own answers."""
from __future__ import annotations

from pathlib import Path

import pandas as pd
import streamlit as st

from core.crossword import charts
from core.crossword.data import TRAIN_UNTIL
from core.crossword.explain import chance_text, reading_note, slot_title
from core.crossword.knowledge.models import ClueModels
from core.crossword.clues.packaged import reference_books_text
from core.crossword.clues.candidates import (candidate_table, clue_neighbourhood, linked_evidence, sourced_candidates,
                                             weighed_candidates)
from core.crossword.puzzle import Puzzle, Slot
from core.crossword.rules import read_slot
from core.crossword.solvers import SOLVERS, FillState, SolveResult
from core.words import is_offensive


def slot_candidates(models: ClueModels, puzzle: Puzzle, result: SolveResult | None, shown: dict,
                    state: FillState | None = None, step: int = 0) -> tuple[str, Slot, str]:
    """The candidates table of the slot picked, at the step shown: the words the solver weighed there (with what the
    clue alone gave each), or the clue's own candidates; returns the slot's name, the slot and the letters asked for."""
    st.subheader("Candidates for a slot")
    slot_name = st.selectbox("Slot", list(puzzle.slots), format_func=lambda n: f"{slot_title(n)}: {puzzle.slots[n].clue}",
                             key="cw_slot")
    slot = puzzle.slots[slot_name]
    blank = "_" * slot.length
    pattern = read_slot(puzzle, shown, slot_name)  # the letters at the step shown
    use_pattern = st.checkbox("Only answers that fit the letters shown", value=False, key="cw_pattern")
    st.write(f"**{slot_title(slot_name)}** ({slot.length} letters): {slot.clue}  \nLetters shown: `{pattern}`")
    filtering = use_pattern and pattern != blank
    query = pattern if filtering else blank
    solved_sources = result.sources.get(slot_name, {}) if result is not None else {}
    linked = linked_evidence(models, puzzle, slot_name)
    beliefs = state.beliefs.get(slot_name, ()) if state is not None else ()
    weighed = weighed_candidates(models, slot.clue, query, beliefs, 10, solved_sources, linked) if beliefs else []
    weighed = [r for r in weighed if not is_offensive(r["answer"])]  # a class may be watching (core/words/decency.py)
    if weighed:
        st.caption(f"The words the solver weighed for this slot at move {step}, likeliest first: the chance it gave "
                   "each once the crossing letters were counted, then the chance from the clue alone.")
        # a table, not a data grid: a long "Proposed by" wraps onto a second line instead of being cut off at 1024 px
        st.table(pd.DataFrame([{"Answer": r["answer"], f"Chance at move {step}": chance_text(r["chance"]),
                                "From the clue alone": chance_text(r["clue chance"]), "Proposed by": r["proposed by"]}
                               for r in weighed]), hide_index=True)
        note = reading_note(slot_name, pattern, weighed)
        if note:
            st.info(note)
        return slot_name, slot, query
    cands = sourced_candidates(models, slot.clue, query, 10, solved_sources, linked)
    cands = [r for r in cands if not is_offensive(r["answer"])]
    if cands:
        st.caption("Each answer's chance from its clue alone, before any crossing letter is counted.")
        st.table(pd.DataFrame([{"Answer": r["answer"], "Chance it is right": chance_text(r["chance"]),
                                "Proposed by": r["proposed by"]} for r in cands]), hide_index=True)
    elif filtering:
        st.warning(f"No candidate fits `{pattern}`.")
    else:
        st.warning("No source proposes an answer for this clue.")
    return slot_name, slot, query


def solvers_text() -> str:
    """One Markdown line per registered solver: its plain name and what it does, in its own words."""
    return "- **The solvers.**\n" + "".join(f"  - **{SOLVERS.plain_name(n)}**: {SOLVERS.plain_help(n)}.\n"
                                            for n in SOLVERS.names())


def how_it_works(models: ClueModels, slot_name: str, slot: Slot, query: str, archive: Path | None,
                 archive_db: bool) -> None:
    """The sources and solvers in words, each source's own answers, the clue map and the calibration check."""
    with st.spinner("Asking each source of answers for its own list…"):  # a first look can take long: said on screen
        others = candidate_table(models, slot.clue, query, 8)
        hood = clue_neighbourhood(models, slot.clue)
    with st.expander("How it works"):
        st.markdown(
            "- **Clue sources.** Each clue is looked up in the clue database: the same clue, clues with the same words "
            "(TF-IDF: words weighted by how rare they are), clues of similar meaning (Word2Vec: words as vectors "
            "learned from which words appear together), clues that say the same thing in other words (a *sentence "
            "embedding*: each word piece has a list of numbers, learned once from a small language model, "
            "all-MiniLM-L6-v2, and a clue's list is the sum of its pieces', so that clues meaning alike get close "
            "lists; 'Opera solo' lands near 'Operatic song'), and the dictionary's "
            "definitions, synonyms and relatives "
            "(WordNet). A small model weighs these sources into one chance per answer; it is *calibrated*, meaning "
            "its 30% answers are right about 30% of the time. That chance judges each answer alone, so the tables show each "
            "answer's share of one whole instead (its odds, chance over chance against, over one plus all the answers' "
            "odds): the shares add up to less than 100%, the rest left for an answer no source proposed. A blank ('Mona ___') is also completed from phrases "
            "the past clues hold ('Mona Lisa painter'). Without the archive, a clue that asks for a person's name "
            "('Bond's first name', 'Actress Longoria') also gets first names or surnames from the US census's lists, "
            "commonest first.\n"
            "- **Linked slots.** A clue such as 'With 6-Across, a signal to proceed' asks for one phrase split over "
            "two slots: the solver asks for the whole phrase (GREEN LIGHT) at both slots' length and gives each slot "
            "its part, which the candidate list marks 'joined with 6-Across'. A bare 'See 1-Across' says nothing "
            "of its own answer, so the solver does not look it up.\n"
            + solvers_text() +
            "- *Belief propagation* (how the strongest solver weighs the crossings): every slot tells each crossing "
            "slot which letters its candidates put in the shared cell, and the slots update, round after round "
            "(*sweeps*), until they agree. Then it adds phrases of common words that fit the crossing letters, asks "
            "unsure clues again with the letters it is sure of, and ends on each square's likeliest letter. Ending "
            "square by square gets the most letters correct on average (the idea of Proverb, a crossword solver from "
            "1999), but it may leave non-words where the solver is unsure; ending on whole words instead (swapping "
            "words that fit badly, a *local search*) got fewer letters correct on practice puzzles from 2011-2012.")
        if books := reference_books_text(models):
            st.markdown(books)
        if others:
            st.caption("Each guesser's own top answers for this slot (confidence between 0 and 1).")
            st.dataframe(pd.DataFrame(others), hide_index=True, width="stretch")
        if hood is not None:
            st.caption("PCA (principal component analysis) squeezes the clue vectors onto two axes that keep most of "
                       "their spread: nearby points are clues of similar meaning. Hover a point for its clue and answer.")
            st.plotly_chart(charts.pca_scatter(hood[0], hood[1], hood[2], slot_name), width="stretch")
        if archive and archive_db:
            st.markdown("**Calibration check (reliability plot)**: leave-one-out on dev puzzles from the last training "
                        "year; each slot's own clue-answer pair is removed before its candidates are scored.")
            n_dev = st.number_input("Dev puzzles", 1, 30, 3, key="cw_cal_n")
            if st.button("Check calibration", key="cw_cal_run"):
                from core.crossword.data import model_dev_sample
                from core.crossword.clues.candidates import hybrid_guesser
                from core.crossword.clues.guessers import calibration_data

                with st.spinner("Scoring candidates…"):
                    dev = model_dev_sample(archive, TRAIN_UNTIL, int(n_dev), seed=7)
                    hybrid = hybrid_guesser(models)
                    x, y = calibration_data(hybrid, dev)
                    st.session_state["cw_cal"] = (hybrid.probabilities(x).tolist(), y.tolist())
            if st.session_state.get("cw_cal"):
                conf_, hits = st.session_state["cw_cal"]
                st.plotly_chart(charts.reliability_plot(conf_, hits), width="stretch")
