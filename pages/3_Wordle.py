"""Wordle: watch a solver play move by move, get suggestions for the real game, play a cheating host, grade a game."""
from __future__ import annotations

import streamlit as st

from ui.wordle.assistant import assistant_mode
from ui.wordle.bench import bench_mode
from ui.wordle.common import sidebar_setup
from ui.wordle.grade import grade_mode
from ui.wordle.host import host_mode
from ui.wordle.play import play_mode
from ui.wordle.watch import watch_mode

MODES = {"Watch a solver": watch_mode, "Play yourself": play_mode, "Assistant": assistant_mode,
         "Play the cheating host": host_mode, "Grade my game": grade_mode, "Benchmark": bench_mode}


def main() -> None:
    """Pick the lists in the sidebar and a mode at the top; the mode's module draws the rest."""
    st.set_page_config(page_title="Wordle · Word Game Solver Lab", page_icon="🟩", layout="wide")
    st.title("🟩 Wordle")
    st.write("Watch a solver play and say why, play yourself with hints, get suggestions for the real game, play a "
             "host that cheats, or have your own game graded. Any word length from 2 to 12 and any alphabet.")
    setup = sidebar_setup()
    mode = st.radio("Mode", list(MODES), key="wordle_mode", horizontal=True, label_visibility="collapsed")
    MODES[mode](setup)


main()
