"""Play yourself: find the computer's word, each tip explained, with the solver's suggestion on request."""
from __future__ import annotations

import random

import pandas as pd
import streamlit as st

from core.tipgame.explain import found_sentence, listed_text, narrate
from core.tipgame.harness import play
from core.tipgame.rules import ANSWER_NAMES, TipState, answer, remaining
from core.tipgame.solvers import SOLVERS
from core.words import counted, normalise
from ui.tipgame.common import K, Game, plain, tries


def play_mode(g: Game) -> None:
    """A secret word drawn from the list; your tips, their answers in sentences, and a hint when asked."""
    st.subheader("Find the computer's word")
    st.session_state.setdefault(f"{K}game_seed", random.randrange(10**9))
    st.session_state.setdefault(f"{K}history", [])
    if st.session_state.get(f"{K}game_list") != g.list_key:
        st.session_state[f"{K}game_list"] = g.list_key
        st.session_state[f"{K}history"] = []
    if st.button("New word", key=f"{K}new"):
        st.session_state[f"{K}game_seed"] += 1
        st.session_state[f"{K}history"] = []
    secret = random.Random(f"{g.list_key}:{st.session_state[f'{K}game_seed']}").choice(g.words)
    history: list[tuple[str, int]] = st.session_state[f"{K}history"]
    state = TipState(tuple(history))
    left = remaining(g.words, state)
    if state.solved:
        st.success(f"{found_sentence(secret, state.tries, 'You')} {plain(g.solver_name).capitalize()} needs "
                   f"{tries(play(g.solver, secret, g.words).tries)} for it.")
    else:
        with st.form(f"{K}tip_form", clear_on_submit=True):
            tip = st.text_input("Your tip (any piece of text)", key=f"{K}tip")
            sent = st.form_submit_button("Send tip")
        if sent:
            tip = normalise(tip)
            if not tip:
                st.warning("Type a tip first: any piece of text, e.g. a letter.")
            else:
                history.append((tip, answer(secret, tip)))
                st.rerun()
        if st.toggle("Show the solver's suggestion", key=f"{K}hint"):
            hint = g.solver.choose(state)
            where = f"{plain(g.solver_name)}'s tip"
            if SOLVERS.shows(g.solver_name, "search") and g.solver.on_tree(state) is None:
                where = "you left the searched tree's path, so a quick search's tip"
            st.info(f"Suggestion: **{hint}** ({where}); {counted(len(left), 'word')} still possible.")
    if history:
        moves = narrate([t for t, _ in history], secret, g.words)
        st.markdown("\n".join(f"{m.number}. {m.sentence}" for m in moves))
        st.dataframe(pd.DataFrame([{"try": i + 1, "tip": t, "answer": ANSWER_NAMES[c]}
                                   for i, (t, c) in enumerate(history)]),
                     hide_index=True, width="stretch", key=f"{K}play_table")
        st.caption(f"{counted(len(left), 'word')} of the list {'fits' if len(left) == 1 else 'fit'} every answer so far.")
        if not state.solved and len(left) <= 30:
            st.write("Still possible: " + listed_text(left))
