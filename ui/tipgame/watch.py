"""Watch the solver find a word move by move: each tip's answer groups in one sentence, a chart, the board, a log."""
from __future__ import annotations

import random
import time

import pandas as pd
import streamlit as st

from core.tipgame.charts import groups_figure
from core.tipgame.explain import found_sentence, listed_text, narrate, words_left_phrase
from core.tipgame.harness import play
from core.tipgame.rules import ANSWER_NAMES, TipState, remaining
from core.words import normalise
from ui.board import show_board
from ui.tipgame.common import K, Game, plain

PLAY_DELAY = 1.5  # seconds between moves when the replay plays by itself


def set_step(step: int, playing: bool = False) -> None:
    """Button callback: show a move of the replay (before the page reruns, so every button sees it)."""
    st.session_state[f"{K}step"] = step
    st.session_state[f"{K}playing"] = playing


def replay_controls(n: int) -> int:
    """Previous / Next / Play / Start again; returns the move to show (1..n)."""
    step = min(max(1, st.session_state.get(f"{K}step", 1)), n)
    b1, b2, b3, b4 = st.columns(4)
    b1.button("Previous", icon=":material/chevron_left:", key=f"{K}prev", disabled=step <= 1, width="stretch",
              on_click=set_step, args=(step - 1,))
    b2.button("Next", icon=":material/chevron_right:", key=f"{K}next", disabled=step >= n, width="stretch",
              type="primary", on_click=set_step, args=(step + 1,))
    b3.button("Play", icon=":material/play_arrow:", key=f"{K}play", disabled=step >= n, width="stretch",
              on_click=set_step, args=(step, True))
    b4.button("Start again", icon=":material/replay:", key=f"{K}restart", disabled=step <= 1, width="stretch",
              on_click=set_step, args=(1,))
    st.session_state[f"{K}step"] = step
    st.session_state[f"{K}playing"] = st.session_state.get(f"{K}playing", False) and step < n
    return step


def any_word(options: list[str]) -> None:
    """Button callback: hide a random word of the list (the typed word cleared)."""
    st.session_state[f"{K}watch_word"] = random.choice(options)
    st.session_state[f"{K}watch_typed"] = ""


def watch_mode(g: Game) -> None:
    """Pick or type the hidden word; the replay opens on the solver's first tip."""
    st.subheader(f"Watch {plain(g.solver_name)} find a word")
    c1, c2, c3 = st.columns([3, 2, 2])
    options = list(dict.fromkeys(g.words))
    with c1:
        pick = st.selectbox("Word the computer hides", options, key=f"{K}watch_word")
    with c2:
        typed = normalise(st.text_input("…or type one", key=f"{K}watch_typed", placeholder=f"e.g. {options[-1]}"))
    with c3:
        st.write("")
        st.button("Any word", icon=":material/casino:", key=f"{K}any", on_click=any_word, args=(options,),
                  help="Let the computer pick a word from the list at random.", width="stretch")
    secret = typed or pick
    if secret not in set(g.words):
        st.warning(f"**{secret}** is not in the list: the solver only knows the list's words.")
        return
    record = play(g.solver, secret, g.words)
    moves = narrate([s.tip for s in record.steps], secret, g.words)
    if st.session_state.get(f"{K}replay_of") != (g.list_key, secret, g.solver_name):
        st.session_state[f"{K}replay_of"] = (g.list_key, secret, g.solver_name)
        st.session_state[f"{K}step"] = 1
        st.session_state[f"{K}playing"] = False
    step = replay_controls(len(moves))
    move = moves[step - 1]
    st.markdown(f"**Move {step} of {len(moves)}**")
    st.info(move.sentence)
    left, right = st.columns([3, 2])
    with left:
        st.plotly_chart(groups_figure(move.groups, move.answer, move.tip), width="stretch", key=f"{K}groups_chart")
    with right:
        st.markdown("**The board**")
        show_board([f'"{m.tip}": {ANSWER_NAMES[m.answer]}' for m in moves[:step]], size="1rem")
        state = TipState(tuple((m.tip, m.answer) for m in moves[:step]))
        if state.solved:
            st.success(f"{found_sentence(secret, step)} This tree's average is {g.figures.mean:.2f} tries.")
        else:
            still = remaining(g.words, state)
            st.markdown(f"{words_left_phrase(move.left).capitalize()}"
                        + (": " + listed_text(still) if len(set(still)) <= 40 else "."))
    st.markdown("**Move log**")
    st.markdown("\n".join(f"{m.number}. {m.sentence}" for m in moves[:step]))
    st.dataframe(pd.DataFrame([{"try": m.number, "tip": m.tip, "answer": ANSWER_NAMES[m.answer], "words left": m.left}
                               for m in moves[:step]]), hide_index=True, width="stretch", key=f"{K}watch_table")
    if st.session_state[f"{K}playing"]:
        time.sleep(PLAY_DELAY)
        st.session_state[f"{K}step"] = step + 1
        st.rerun()
