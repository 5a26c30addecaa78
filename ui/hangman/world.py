"""Hangman's "where the word comes from" pick: the worlds a solver can play for, what the choice changes, and notes."""
from __future__ import annotations

import streamlit as st

from core.hangman.explain import assumption_sentence, weighs_a_persons_words
from core.hangman.solvers import WORLD_NAMES, WORLDS, Solver, solver_worlds

WORLD_KEY = "hangman_world"
WORLD_CHANGES = ("Where the word comes from changes which words the solver counts as likely, and so which letters "
                 "it guesses.")
PREFERRED = "person"  # a person types, hosts or draws an everyday word on this page


def world_picker(strategy: str) -> str:
    """The world the chosen solver plays for: a pick among the worlds it models (a person's word first), or a note
    when it models one only."""
    worlds = solver_worlds(strategy)
    if len(worlds) == 1:
        st.caption(f"{strategy} always plays as if the word is {WORLDS[worlds[0]]}.")
        return worlds[0]
    order = sorted(worlds, key=lambda w: w != PREFERRED)
    if st.session_state.get(WORLD_KEY) not in order:
        st.session_state.pop(WORLD_KEY, None)
    world = st.selectbox("Where the word comes from", order, format_func=WORLD_NAMES.get, key=WORLD_KEY,
                         help=" ".join([WORLD_CHANGES] + [f"{WORLD_NAMES[w]}: {WORLDS[w]}." for w in order]))
    st.caption(WORLD_CHANGES)
    return world


def assumption_note(solver: Solver) -> None:
    """What the solver assumes about who chose the word, in one plain sentence, when it says."""
    said = assumption_sentence(solver)
    if said:
        st.caption(said)


def frequency_note(solver: Solver) -> None:
    """For a person's word over a list without everyday frequencies: say that every word counts the same."""
    if weighs_a_persons_words(solver) and not solver.frequencies_known():
        st.caption("The lab knows no everyday frequency for this list's words, so for a person's word every word of "
                   "the list counts the same.")


def outside_list_note(world: str) -> str:
    """What it means that the typed word is not in the list, for the world the solver plays for."""
    if world == "list":
        return ("This word is not in the list, though the solver was told the word is drawn from it: it finds that "
                "out when no word of the list fits, then guesses from letter patterns.")
    if world == "person":
        return ("This word is not in the list: the solver also counts the everyday words the list lacks, and guesses "
                "from letter patterns once none of those fits either.")
    return "This word is not in the list: the solver must guess it from letter patterns once no word of the list fits."
