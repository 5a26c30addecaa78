"""The assistant: type what you played in the real game and the colours you got; see the answers left and the
suggestion of any registered solver."""
from __future__ import annotations

import pandas as pd
import streamlit as st

from core.wordle.charts import answers_left_chart, history_html, letter_position_heatmap
from core.wordle.explain import counted, figures_of, move_sentence
from core.wordle.harness import Setup, State, guess_problem
from core.wordle.rules import all_green, pattern_of
from core.wordle.solvers import SOLVERS
from ui.lists import shown_words
from ui.wordle.common import (K, cached_solver, candidates_of, how_it_works, plain, ranked_guesses,
                              solver_picker_help)

TILES_PER_ROW = 5  # feedback tiles per row (longer words wrap)
TILE_BACKGROUND = ("#787c7e", "#c9b458", "#6aaa64")
COLOUR_WORDS = ("grey", "yellow", "green")
HISTORY, TILES, MESSAGE = f"{K}history", f"{K}tiles", f"{K}message"


def cycle_tile(i: int) -> None:
    """Grey → yellow → green → grey for one tile."""
    st.session_state[TILES][i] = (st.session_state[TILES][i] + 1) % 3


def add_feedback(setup: Setup) -> None:
    """Append the typed word and its tile colours to the history (or say why the game refuses it)."""
    word = setup.encoding.encode(st.session_state.get(f"{K}guess", "").strip().lower())
    history = st.session_state[HISTORY]
    st.session_state[MESSAGE] = guess_problem(setup, word, history)
    if st.session_state[MESSAGE]:
        return
    st.session_state[HISTORY] = history + [(word, pattern_of(st.session_state[TILES]))]
    st.session_state[TILES] = [0] * setup.length
    st.session_state[f"{K}guess"] = ""


def undo() -> None:
    """Forget the last guess."""
    st.session_state[HISTORY] = st.session_state[HISTORY][:-1]
    st.session_state[MESSAGE] = ""


def reset(length: int) -> None:
    """Start a new game."""
    st.session_state[HISTORY] = []
    st.session_state[TILES] = [0] * length
    st.session_state[MESSAGE] = ""


def tile_css(colours: list[int]) -> str:
    """CSS painting each tile button in its colour, with room for its letter at any page width."""
    rules = [f".st-key-{K}tile_{i} button {{background:{TILE_BACKGROUND[c]} !important;color:#fff !important;"
             f"border:none !important;font-weight:700;min-height:2.8rem;padding:0 2px !important;min-width:0 !important}}"
             f".st-key-{K}tile_{i} button p {{font-size:1.35rem;}}" for i, c in enumerate(colours)]
    return "<style>" + "".join(rules) + "</style>"


def assistant_mode(setup: Setup) -> None:
    """Your game on the left, the answers left and the next suggestion on the right."""
    st.session_state.setdefault(HISTORY, [])
    st.session_state.setdefault(MESSAGE, "")
    if len(st.session_state.get(TILES, [])) != setup.length:
        st.session_state[TILES] = [0] * setup.length
    if any(len(g) != setup.length for g, _ in st.session_state[HISTORY]):
        st.session_state[HISTORY] = []
    state = State(tuple(st.session_state[HISTORY]))
    left, right = st.columns([1, 1])
    with left:
        your_game(setup, state)
    cands = candidates_of(setup, state)
    with right:
        suggestion_panel(setup, state, cands)
    if cands:
        shown = shown_words(st.session_state.get(f"{K}answers", ""), [setup.decode(w) for w in cands])
        hidden = len(cands) - len(shown)
        with st.expander(f"The {counted(len(cands), 'answer')} left", expanded=len(cands) <= 50):
            if hidden:
                st.caption(f"{counted(hidden, 'rude word')} of them not listed here (a class may be watching).")
            st.dataframe(pd.DataFrame({"answer": shown[:2000]}), hide_index=True, height=220)
        st.plotly_chart(letter_position_heatmap(cands, setup.encoding), width="stretch")
    how_it_works()


def your_game(setup: Setup, state: State) -> None:
    """The board, the word typed, its clickable tiles, and the buttons (one warning at most)."""
    st.subheader("Your game")
    st.markdown(history_html(state.history, setup.encoding), unsafe_allow_html=True)
    st.text_input("The word you played (then click its tiles to match the game's colours)", key=f"{K}guess",
                  max_chars=60, placeholder="e.g. crane")
    typed = setup.encoding.encode(st.session_state.get(f"{K}guess", "").strip().lower())
    units = setup.encoding.units(typed) + ["·"] * max(0, setup.length - len(typed))
    st.markdown(tile_css(st.session_state[TILES]), unsafe_allow_html=True)
    per_row = min(setup.length, TILES_PER_ROW)  # long words wrap, so every tile keeps its letter readable
    for start in range(0, setup.length, per_row):
        for i, col in zip(range(start, min(start + per_row, setup.length)), st.columns(per_row, gap="small")):
            colour = st.session_state[TILES][i]
            col.button(units[i].upper() if i < len(units) else "·", key=f"{K}tile_{i}", on_click=cycle_tile, args=(i,),
                       width="stretch", help=f"{COLOUR_WORDS[colour]}: click to cycle grey, yellow, green")
    st.button("Add feedback", key=f"{K}add", on_click=add_feedback, args=(setup,), type="primary", width="stretch")
    b2, b3 = st.columns(2)
    b2.button("Undo", key=f"{K}undo", on_click=undo, disabled=not state.history, width="stretch")
    b3.button("New game", key=f"{K}reset", on_click=reset, args=(setup.length,), width="stretch")
    message = st.session_state[MESSAGE]
    if not message and setup.hard and len(typed) == setup.length and typed in setup.guess_index:
        message = guess_problem(setup, typed, state.history)  # warn before the colours are clicked
    if message:
        st.warning(message)


def suggestion_panel(setup: Setup, state: State, cands: list[str]) -> None:
    """The answers left, the chosen solver's next guess in one sentence, and its top guesses as a chart."""
    if not cands:
        st.error("No answer fits this feedback. Check the colours of the last row, then press Undo.")
        return
    if state.history and state.history[-1][1] == all_green(setup.length):
        st.success(f"Solved in {counted(state.turn, 'guess', 'guesses')}: {setup.decode(state.history[-1][0])}!")
        return
    names = SOLVERS.names()
    name = st.radio("Suggest with", names, key=f"{K}assist_solver", horizontal=True, format_func=plain,
                    index=SOLVERS.default_index(names), help=solver_picker_help())
    suggestion, scores, top = ranked_guesses(setup, name, state, k=10)
    st.metric("Answers left", f"{len(cands):,}")
    st.markdown(f"### Next: **{setup.decode(suggestion).upper()}**")
    st.write(move_sentence(setup.decode(suggestion), figures_of(setup, state, [suggestion])[0]))
    solver = cached_solver(setup.key, setup, name)
    if suggestion in scores:
        st.caption(f"By {plain(name)}'s own measure, {solver.score_label}: "
                   f"{solver.score_text(scores[suggestion])}.")
    st.plotly_chart(answers_left_chart([(setup.decode(f.guess), f.mean, f.worst, f.chance > 0) for f in top]),
                    width="stretch")

