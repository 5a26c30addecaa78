"""You host: think of any word; the solver asks letters; you mark where they are."""
from __future__ import annotations

import streamlit as st

from core.hangman.explain import misses_text, plural
from core.hangman.rules import BLANK, RuleError, State, new_game, reveal
from ui.hangman.common import Context, P, board_columns, fitting_words, letter_chart, solver_for


def host(ctx: Context) -> None:
    """You host: think of any word; the solver asks letters; you mark where they are."""
    wl, strategy, max_wrong = ctx.words, ctx.strategy, ctx.max_wrong
    ss = st.session_state
    c1, c2, _ = st.columns([1, 1, 2], vertical_alignment="bottom")
    length = c1.number_input("Letters in your word", 1, 30, 5, key=P + "host_length")
    if c2.button("Start a new game", key=P + "host_start") or ss.get(P + "host_state") is None \
            or ss[P + "host_state"].length != length or ss[P + "host_state"].max_wrong != max_wrong:
        ss[P + "host_state"] = new_game(int(length), max_wrong)
    state: State = ss[P + "host_state"]
    solver = solver_for(strategy, ctx)
    with board_columns(state, P + "host_fig"):
        if state.won:
            st.success(f"I found your word in {plural(len(state.guessed), 'guess', 'guesses')} with {misses_text(state.wrong)}.")
        elif state.lost:
            st.success("You win: I am out of lives. Press “Start a new game” to play again.")
        fitting_words(solver, state, wl)
    if state.over:
        if st.button("Undo last answer", key=P + "host_undo_over"):
            _host_undo(state)
        return
    letter = solver.choose(state)
    if letter is None:
        st.warning("I have guessed every letter I know: your word must use letters outside the list's alphabet.")
        return
    st.markdown(f"### Is **{letter.upper()}** in your word?")
    where = st.multiselect("Positions where it appears (1 = first letter)", list(range(1, state.length + 1)),
                           format_func=lambda i: str(i) if state.mask[i - 1] == BLANK else f"{i} (already {state.mask[i - 1].upper()})",
                           key=P + f"host_where_{len(state.guessed)}")
    c1, c2, c3 = st.columns(3)
    if c1.button("Yes, at these positions", key=P + "host_yes"):
        if not where:
            st.warning("Pick at least one position, or press “Not in my word”.")
        else:
            _host_answer(state, letter, [p - 1 for p in where])
    if c2.button("Not in my word", key=P + "host_no"):
        _host_answer(state, letter, [])
    if c3.button("Undo last answer", key=P + "host_undo", disabled=not state.guessed):
        _host_undo(state)
    if state.guessed and solver.fitting(state).total == 0:  # an everyday word the list lacks is no rare word
        st.warning("No word the solver knows fits your answers so far. That is fine for a rare word; "
                   "if it is a mistake, press “Undo last answer”.")
    with st.expander("Why this letter?"):
        letter_chart(solver, strategy, state, letter, P + "host_scores")


def _host_undo(state: State) -> None:
    """Take back the last answer (its letter leaves the board and the letters tried)."""
    last = state.guessed[-1]
    st.session_state[P + "host_state"] = State(state.mask.replace(last, BLANK), state.guessed[:-1], state.max_wrong)
    st.rerun()


def _host_answer(state: State, letter: str, where: list[int]) -> None:
    """Apply the person's answer, or explain why it contradicts the game so far."""
    try:
        after = reveal(state, letter, where)
    except RuleError as err:
        st.error(f"That answer contradicts the game so far: {err}")
        return
    st.session_state[P + "host_state"] = after
    st.rerun()
