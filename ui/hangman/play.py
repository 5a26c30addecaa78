"""You play: the app draws an everyday word; you guess; hints show what the solver weighs; grade the game after."""
from __future__ import annotations

import random
import time

import streamlit as st

from core.hangman.draw import draw_word
from core.hangman.explain import misses_text
from core.hangman.rules import State, guess, new_game
from ui.hangman.common import Context, P, board_columns, common_pool, letter_chart, solver_for
from ui.hangman.grade import GRADE_SOURCES
from ui.hangman.hints import hint_buttons, note_hint


def you_play(ctx: Context) -> None:
    """You play: the app draws an everyday word; you guess; a hint shows what the solver weighs; grade it after."""
    wl, strategy, max_wrong = ctx.words, ctx.strategy, ctx.max_wrong
    ss = st.session_state
    if st.button("New word", key=P + "play_new") or ss.get(P + "play_secret") is None \
            or ss.get(P + "play_list") != wl.hash or ss[P + "play_state"].max_wrong != max_wrong:
        pool = common_pool(wl.hash, wl.words, wl.alphabet)
        ss[P + "play_secret"] = draw_word(wl.words, pool, False, random.Random(time.time_ns()))
        ss[P + "play_list"] = wl.hash
        ss[P + "play_state"] = new_game(len(ss[P + "play_secret"]), max_wrong)
    secret: str = ss[P + "play_secret"]
    state: State = ss[P + "play_state"]
    with board_columns(state, P + "play_fig"):
        if state.won:
            st.success(f"You got it: **{secret}**, with {misses_text(state.wrong)}.")
        elif state.lost:
            st.error(f"Hanged! The word was **{secret}**.")
    if not state.over:
        open_letters = [c for c in wl.alphabet if c not in state.guessed]
        c1, c2 = st.columns([1, 3])
        letter = c1.selectbox("Your letter", open_letters, key=P + "play_letter")
        if c2.button("Guess", key=P + "play_guess") and letter:
            ss[P + "play_state"] = guess(state, secret, letter)
            st.rerun()
        hint_buttons(wl, lambda: solver_for(strategy, ctx), secret, state)
        if st.toggle("Hint: show what the solver weighs", key=P + "play_hint"):
            note_hint(secret, state, "chart")
            solver = solver_for(strategy, ctx)
            letter_chart(solver, strategy, state, solver.choose(state), P + "play_scores")
    if state.guessed:
        st.button("Grade this game" if state.over else "Grade my game so far", key=P + "play_grade", on_click=_go_grade,
                  help="See, move by move, how good each letter was.")


def _go_grade() -> None:
    """Switch to the grade view on the game just played (a callback: runs before the page is drawn)."""
    st.session_state[P + "mode"] = "Grade my game"
    st.session_state[P + "grade_source"] = GRADE_SOURCES[0]
