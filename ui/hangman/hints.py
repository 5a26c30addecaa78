"""Hints in the play-yourself mode: three buttons, one sentence each, and which moves used them (for the grade)."""
from __future__ import annotations

from typing import Callable

import streamlit as st

from core.hangman.hints import HINT_KINDS, count_hint, letter_hint, solver_hint
from core.hangman.rules import State
from core.words import WordList

P = "hangman_hints_"


def hints_of(secret: str) -> dict[int, list[str]]:
    """The hints asked for in the game with this secret: move number -> hint kinds (in this session only)."""
    ss = st.session_state
    if ss.get(P + "secret") != secret:
        ss[P + "secret"], ss[P + "used"], ss[P + "shown"] = secret, {}, {}
    return ss[P + "used"]


def note_hint(secret: str, state: State, kind: str) -> None:
    """Remember that the coming move used a hint of this kind."""
    used = hints_of(secret).setdefault(len(state.guessed) + 1, [])
    if kind not in used:
        used.append(kind)


def hint_buttons(wl: WordList, solver: Callable, secret: str, state: State) -> None:
    """Three hint buttons; each answers in one sentence, kept on screen until the next guess."""
    hints_of(secret)
    shown: dict[tuple[int, str], str] = st.session_state[P + "shown"]
    move = len(state.guessed) + 1
    makers = {"count": lambda: count_hint(wl.words, state), "letter": lambda: letter_hint(wl.words, state),
              "solver": lambda: solver_hint(solver(), state)[1]}
    labels = {"count": "How many words fit?", "letter": "A letter worth trying", "solver": "The solver's move"}
    st.markdown("**Stuck? Ask for a hint** (the grade notes which moves used one)")
    for col, kind in zip(st.columns(3), makers):
        if col.button(labels[kind], key=P + kind, width="stretch", help=f"A hint: {HINT_KINDS[kind]}."):
            shown[(move, kind)] = makers[kind]()
            note_hint(secret, state, kind)
    for kind in makers:
        if (move, kind) in shown:
            st.info(shown[(move, kind)])


def hints_in_grade(secret: str, moves: int) -> str:
    """One sentence for the grade: which moves used which hints, or that none did."""
    used = {n: kinds for n, kinds in hints_of(secret).items() if n <= moves and kinds}
    if not used:
        return "You used no hint in this game."
    parts = [f"move {n} ({' and '.join(HINT_KINDS[k] for k in kinds)})" for n, kinds in sorted(used.items())]
    return "You used hints on " + (parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]) + "."
