"""Watch a solver play one game, one move at a time, each move told in one sentence beside its own ranking."""
from __future__ import annotations

import time

import numpy as np
import streamlit as st

from core.wordle.charts import candidates_chart, history_html
from core.wordle.explain import counted, figures_of, move_sentence, result_sentence
from core.wordle.harness import GameRecord, Setup, State
from ui.wordle.common import K, cached_game, figures_table, how_it_works, plain, ranked_guesses, solver_select

WORDLE_GUESSES = 6  # guesses the real game allows


def watch_mode(setup: Setup) -> None:
    """Pick an answer and a solver; the replay opens at the solver's first guess."""
    c1, c2, c3 = st.columns([2, 2, 1], vertical_alignment="bottom")
    typed = c1.text_input("Answer (leave empty for a random one)", key=f"{K}watch_answer")
    with c2:
        name = solver_select("Solver", f"{K}watch_solver")
    start = c3.button("New game", key=f"{K}watch_start", type="primary", width="stretch")
    rec = st.session_state.get(f"{K}watch_record")
    if start or rec is None or rec[0] != setup.key:
        answer = setup.encoding.encode(typed.strip().lower()) if typed.strip() else None
        if answer is None:
            answer = setup.answers[int(np.random.default_rng().integers(len(setup.answers)))]
        if answer not in set(setup.answers):
            st.error(f"{typed.strip()!r} is not one of the {counted(len(setup.answers), 'answer')}.")
            return
        st.session_state[f"{K}watch_record"] = (setup.key, name, cached_game(setup.key, setup, name, answer))
        st.session_state[f"{K}watch_at"] = 1  # a new game opens at its first guess
        st.session_state[f"{K}watch_playing"] = False
    _, name, record = st.session_state[f"{K}watch_record"]
    replay(setup, name, record)


def step_to(delta: int, total: int) -> None:
    """Move the replay by delta guesses (kept within the game) and stop playing."""
    st.session_state[f"{K}watch_at"] = max(1, min(total, st.session_state.get(f"{K}watch_at", 1) + delta))
    st.session_state[f"{K}watch_playing"] = False


def toggle_playing() -> None:
    """Start or pause playing the moves one after another."""
    st.session_state[f"{K}watch_playing"] = not st.session_state.get(f"{K}watch_playing", False)


def replay(setup: Setup, name: str, record: GameRecord) -> None:
    """The board, the move log and the current move's ranking, with Previous / Next / Play."""
    total = record.guesses
    at = max(1, min(total, st.session_state.get(f"{K}watch_at", 1)))
    playing = st.session_state.get(f"{K}watch_playing", False)
    over = " — more than the six guesses Wordle allows, so a loss in the real game" \
        if record.solved and total > WORDLE_GUESSES else ""
    st.markdown(f"**{plain(name)}** {'solves' if record.solved else 'does not solve'} "
                f"**{setup.decode(record.answer).upper()}** in {counted(total, 'guess', 'guesses')}{over}. "
                f"Showing guess {at} of {total}.")
    b1, b2, b3, _ = st.columns([1, 1, 1, 2])
    b1.button("◀ Previous", key=f"{K}watch_prev", on_click=step_to, args=(-1, total), disabled=at <= 1, width="stretch")
    b2.button("Next ▶", key=f"{K}watch_next", on_click=step_to, args=(1, total), disabled=at >= total, width="stretch")
    b3.button("Pause" if playing else "Play", key=f"{K}watch_auto", on_click=toggle_playing,
              disabled=at >= total and not playing, width="stretch")
    shown = record.steps[:at]
    history = tuple((s.guess, s.pattern) for s in shown)
    left, right = st.columns([1, 1])
    with left:
        st.markdown(history_html(history, setup.encoding), unsafe_allow_html=True)
        with st.container(key=f"{K}watch_log"):
            st.markdown("**Move by move**")
            lines = []
            for i, s in enumerate(shown):
                f = figures_of(setup, State(history[:i]), [s.guess])[0]
                lines.append(f"{i + 1}. {move_sentence(setup.decode(s.guess), f)} "
                             f"{result_sentence(s.after, s.pattern == setup.solved)}")
            st.markdown("\n".join(lines))
    with right:
        st.plotly_chart(candidates_chart([record.steps[0].before] + [s.after for s in shown],
                                         [setup.decode(s.guess) for s in shown]), width="stretch")
    move_ranking(setup, name, State(history[:-1]), shown[-1])
    if playing:
        if at < total:
            time.sleep(1.5)
            st.session_state[f"{K}watch_at"] = at + 1
        if at + 1 >= total:
            st.session_state[f"{K}watch_playing"] = False
        st.rerun()


def move_ranking(setup: Setup, name: str, before: State, last) -> None:
    """The solver's top choices at this move, its own column first, and what it ranks by in one line."""
    st.markdown(f"**Guess {before.turn + 1}: the solver's top choices** with {counted(last.before, 'answer')} possible")
    _, scores, top = ranked_guesses(setup, name, before)
    if top[0].guess != last.guess:  # the game's guess (a fixed opener) leads even when the solver ranks another first
        top = [f for f in figures_of(setup, before, [last.guess])] + [f for f in top if f.guess != last.guess][:5]
    st.table(figures_table(setup, top, last.guess, name, scores).set_index("guess"))
    st.caption(f"{plain(name)} ranks the guesses by the first column; the other columns are what each guess can "
               "leave, for comparison, so its choice need not lead them. Guesses it did not score come after, by the "
               "answers they leave on average.")
    how_it_works()
