"""Hangman: watch a solver explain every move, host a game for it, play, beat a cheating host, grade a game, benchmark."""
from __future__ import annotations

import streamlit as st

from ui.hangman.bench import benchmark
from ui.hangman.common import P, sidebar
from ui.hangman.evil import evil_host
from ui.hangman.grade import grade_view
from ui.hangman.host import host
from ui.hangman.play import you_play
from ui.hangman.watch import watch

MODES = (("Watch the solver", watch), ("You host", host), ("You play", you_play), ("Evil host", evil_host),
         ("Grade my game", grade_view), ("Benchmark", benchmark))


def main() -> None:
    """The Hangman page: the sidebar, then one module per mode."""
    st.set_page_config(page_title="Hangman · Word Game Solver Lab", page_icon="🪢", layout="wide")
    st.title("🪢 Hangman")
    st.caption("Guess the word one letter at a time. The solver learns only from the dictionary you pick; "
               "its bar chart shows exactly the numbers it decides by.")
    ctx = sidebar()
    if ctx is None:
        st.warning("No usable word list: pick another or upload one in the sidebar.")
        return
    mode = st.radio("Mode", [name for name, _ in MODES], key=P + "mode", horizontal=True)
    dict(MODES)[mode](ctx)


main()
