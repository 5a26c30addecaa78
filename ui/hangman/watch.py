"""Watch the solver: a secret typed or drawn, the whole game replayed move by move with a sentence per move."""
from __future__ import annotations

import random
import time

import streamlit as st

from core.hangman.draw import draw_word
from core.hangman.explain import NarratedMove, game_over_sentence, narrate
from core.hangman.harness import play
from core.hangman.rules import State, secret_problem
from core.hangman.solvers import SOLVERS, Solver
from core.words import WordList, normalise
from ui.hangman.common import Context, P, board_columns, common_pool, fitting_words, how_it_works, letter_chart, solver_for
from ui.hangman.world import outside_list_note


def watch(ctx: Context) -> None:
    """Watch the solver: a secret typed or drawn, the whole game replayed move by move with a sentence per move."""
    wl, strategy, max_wrong = ctx.words, ctx.strategy, ctx.max_wrong
    ss = st.session_state
    c1, c2, c3 = st.columns([3, 2, 2])
    with c2:
        drawn = st.button("Draw a word", key=P + "draw")
        any_word = st.checkbox("Rare words too", key=P + "draw_any",
                               help="Off: draw an everyday word. On: any word of the list, rare ones included.")
        if drawn:
            pool = () if any_word else common_pool(wl.hash, wl.words, wl.alphabet)
            ss[P + "secret_input"] = draw_word(wl.words, pool, any_word, random.Random(time.time_ns()))
    secret = normalise(c1.text_input("Secret word (the solver does not see it)", key=P + "secret_input"))
    compare_name = c3.selectbox("Compare with", ["(none)"] + [n for n in SOLVERS.names() if n != strategy], key=P + "compare",
                                format_func=lambda n: n if n == "(none)" else SOLVERS.plain_name(n))
    compare = None if compare_name == "(none)" else solver_for(compare_name, ctx)
    if not secret:
        st.info("Type a secret word or press **Draw a word**.")
        how_it_works()
        return
    problem = secret_problem(secret, wl.alphabet)
    if problem:
        st.error(problem)
        return
    solver = solver_for(strategy, ctx)
    moves, final = replay_of(solver, strategy, wl, secret, max_wrong)
    if secret not in wl:
        st.caption(outside_list_note(solver.world))
    if not moves:
        st.warning("The solver has no letter to try for this word.")
        return
    auto = st.toggle("Play", key=P + "auto", help="Step through the moves on its own, one every few seconds.")
    delay = st.slider("Seconds between moves", 0.3, 3.0, 1.0, 0.1, key=P + "delay") if auto else None
    board = st.fragment(run_every=delay)(replay_board) if auto else replay_board
    board(solver, strategy, compare, compare_name, moves, final, secret, delay, wl)
    how_it_works()


def replay_of(solver: Solver, strategy: str, wl: WordList, secret: str, max_wrong: int) -> tuple[list[NarratedMove], State]:
    """The solver's whole game against the secret, narrated, computed once per (secret, budget, strategy, list)."""
    ss = st.session_state
    key = (secret, max_wrong, strategy, wl.hash, solver.world)
    if ss.get(P + "replay_key") != key:
        with st.spinner("The solver is playing the game…"):
            record = play(solver, secret, max_wrong, record_scores=True)
            moves = narrate(solver, record, wl.words)
        ss[P + "replay_key"] = key
        ss[P + "replay"] = (tuple(moves), record.final)
        ss[P + "replay_pos"] = 1  # the replay opens on move 1, its sentence shown
    moves, final = ss[P + "replay"]
    return list(moves), final


def replay_buttons(n: int) -> None:
    """Previous / Next / Go to the end, each moving the replay position; drawn with the board, after an automatic
    step, so they always match the move shown."""
    ss = st.session_state
    pos = ss[P + "replay_pos"]
    b1, b2, b4 = st.columns(3)
    if b1.button("◀ Previous", key=P + "prev", disabled=pos <= 1, width="stretch"):
        ss[P + "replay_pos"] = pos - 1
        st.rerun()
    if b2.button("Next ▶", key=P + "next", disabled=pos >= n, width="stretch"):
        ss[P + "replay_pos"] = pos + 1
        st.rerun()
    if b4.button("Go to the end", key=P + "finish", disabled=pos >= n, width="stretch"):
        ss[P + "replay_pos"] = n
        st.rerun()


def move_heading(pos: int, n: int, move: NarratedMove) -> str:
    """The replay's heading for a move: 'Move 3 of 9: A (miss, 1 miss so far)', one pair of brackets."""
    return f"**Move {pos} of {n}: {move.letter.upper()}** ({move.result})"


def replay_board(solver: Solver, strategy: str, compare: Solver | None, compare_name: str, moves: list[NarratedMove],
                 final: State, secret: str, delay: float | None, wl: WordList) -> None:
    """The board after the current move, its sentence, the chart behind it, and the log of moves so far."""
    ss = st.session_state
    pos = ss[P + "replay_pos"]
    now = time.monotonic()
    if delay is not None and pos < len(moves) and now - ss.get(P + "auto_at", 0.0) >= 0.8 * delay:
        pos = ss[P + "replay_pos"] = pos + 1
        ss[P + "auto_at"] = now
    replay_buttons(len(moves))
    move = moves[pos - 1]
    state = move.after
    with board_columns(state, P + "watch_fig"):
        st.markdown(move_heading(pos, len(moves), move))
        st.markdown(f"<div style='font-size:1.25rem'>{move.sentence}</div>", unsafe_allow_html=True)
        if pos == len(moves):
            (st.success if final.won else st.error)(game_over_sentence(final, secret))
        fitting_words(solver, state, wl)
    letter_chart(solver, strategy, move.before, move.letter, P + "watch_scores", compare, compare_name,
                 title=f"Move {pos}: why {strategy} guessed {move.letter.upper()}")
    with st.container(key=P + "log"):
        st.markdown("**Moves so far**")
        st.markdown("\n".join(f"{i}. **{m.letter.upper()}**, {m.result}. {m.sentence}" for i, m in enumerate(moves[:pos], 1)))
