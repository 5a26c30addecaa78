"""Play yourself: the page hides an answer; you guess, and can ask for hints that nudge (how many answers still fit,
a letter worth trying, the solver's best move). The grade at the end says which moves used a hint."""
from __future__ import annotations

import numpy as np
import streamlit as st

from core.wordle.charts import history_html
from core.wordle.explain import count_hint, counted, figures_of, letter_hint, move_hint
from core.wordle.harness import Setup, State, guess_problem
from core.wordle.rules import feedback
from ui.wordle.common import K, plain, ranked_guesses, solver_select
from ui.wordle.grade import grades_of, show_grades

GUESSES = 6  # the real game's guesses
P = f"{K}play_"
HINTS = {"count": "how many answers still fit", "letter": "a letter worth trying", "move": "the solver's best move"}


def new_game(setup: Setup) -> None:
    """Hide a fresh answer and forget the guesses and hints."""
    st.session_state[f"{P}answer"] = setup.answers[int(np.random.default_rng().integers(len(setup.answers)))]
    st.session_state[f"{P}history"] = []
    st.session_state[f"{P}hints"] = {}
    st.session_state[f"{P}shown"] = []
    st.session_state[f"{P}message"] = ""


def guess(setup: Setup) -> None:
    """The typed guess, played against the hidden answer (or the reason the game refuses it)."""
    word = setup.encoding.encode(st.session_state.get(f"{P}word", "").strip().lower())
    history = st.session_state[f"{P}history"]
    st.session_state[f"{P}message"] = guess_problem(setup, word, history)
    if not st.session_state[f"{P}message"]:
        st.session_state[f"{P}history"] = history + [(word, feedback(st.session_state[f"{P}answer"], word, setup.rule))]
        st.session_state[f"{P}word"] = ""
        st.session_state[f"{P}shown"] = []


def hint(setup: Setup, kind: str, solver_name: str) -> None:
    """One hint's sentence, noted against the next move."""
    state = State(tuple(st.session_state[f"{P}history"]))
    if kind == "count":
        sentence = count_hint(setup, state)
    elif kind == "letter":
        sentence = letter_hint(setup, state)
    else:
        word = ranked_guesses(setup, solver_name, state, k=1)[0]
        sentence = move_hint(setup.decode(word), plain(solver_name), figures_of(setup, state, [word])[0])
    move = state.turn + 1
    used = st.session_state[f"{P}hints"].setdefault(move, [])
    if HINTS[kind] not in used:
        used.append(HINTS[kind])
    st.session_state[f"{P}shown"] = st.session_state[f"{P}shown"] + [sentence]


def play_mode(setup: Setup) -> None:
    """Your board and guess box, the three hint buttons, and the graded game once it is over."""
    if st.session_state.get(f"{P}answer") not in set(setup.answers):
        new_game(setup)
    history = st.session_state[f"{P}history"]
    state = State(tuple(history))
    solved = bool(history) and history[-1][1] == setup.solved
    over = solved or state.turn >= GUESSES
    st.markdown(f"The page hides one of the {counted(len(setup.answers), 'answer')}. Guess it in {GUESSES}; ask for a "
                "hint whenever you like (the grade at the end says which moves used one).")
    left, right = st.columns([1, 1])
    with left:
        st.markdown(history_html(state.history, setup.encoding), unsafe_allow_html=True)
        st.text_input("Your guess", key=f"{P}word", max_chars=60, disabled=over, placeholder="e.g. crane")
        b1, b2 = st.columns(2)
        b1.button("Guess", key=f"{P}go", on_click=guess, args=(setup,), type="primary", disabled=over, width="stretch")
        b2.button("New word", key=f"{P}new", on_click=new_game, args=(setup,), width="stretch")
        if st.session_state.get(f"{P}message"):
            st.warning(st.session_state[f"{P}message"])
    with right:
        name = solver_select("Hints from", f"{P}solver")
        for kind, label in HINTS.items():
            st.button(f"Hint: {label}", key=f"{P}hint_{kind}", on_click=hint, args=(setup, kind, name),
                      disabled=over, width="stretch")
        for sentence in st.session_state[f"{P}shown"]:
            st.info(sentence)
    if over:
        answer = setup.decode(st.session_state[f"{P}answer"]).upper()
        if solved:
            st.success(f"Solved in {counted(state.turn, 'guess', 'guesses')}: {answer}.")
        else:
            st.error(f"Out of guesses: the answer was {answer}.")
        hints = {move: ", ".join(kinds) for move, kinds in st.session_state[f"{P}hints"].items()}
        grades = grades_of(setup, [(g, p) for g, p in history], None)
        show_grades(setup, grades, hints)
