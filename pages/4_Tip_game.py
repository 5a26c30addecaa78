"""Tip game: watch a solver find a word move by move, play yourself with hints, explore its tree, build one, benchmark."""
from __future__ import annotations

import streamlit as st

from ui.tipgame.bench import bench_mode
from ui.tipgame.build import build_mode
from ui.tipgame.common import chosen_words, load_game, solver_picker, summary, usable
from ui.tipgame.explore import explore_mode
from ui.tipgame.play import play_mode
from ui.tipgame.watch import watch_mode

MODES = {"Watch the solver play": watch_mode, "Play yourself": play_mode, "Tree explorer": explore_mode,
         "Build a tree": build_mode, "Benchmark": bench_mode}


def main() -> None:
    """The page: the rules, the list and the solver, the tree's figures, then the chosen mode."""
    st.set_page_config(page_title="Tip game · Word Game Solver Lab", page_icon="🔤", layout="wide")
    st.title("🔤 The tip game")
    st.write(
        "The computer hides a word from a list; you send **tips** (any piece of text) and hear one answer: **is** "
        "(the tip is the word: the game ends), **begins and ends with**, **begins with**, **ends with**, **contains** "
        "(somewhere in the middle) or **doesn't contain** (the first that fits, in this order). Every tip is one try, "
        "the final correct word too. A strategy's score is its average number of tries over every word of the list.")
    chosen = chosen_words()
    if chosen is None:
        return
    name, words = chosen
    solver_name = solver_picker()
    words = usable(name, words)
    if words is None:
        return
    g = load_game(name, words, solver_name)
    summary(g)
    mode = st.radio("Mode", list(MODES), horizontal=True, key="tipgame_mode")
    MODES[mode](g)


main()
