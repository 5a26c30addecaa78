"""Benchmarks: race solvers on the same words, keep every run, compare two runs."""
import streamlit as st

from core.bench.games import all_games
from ui.bench_panel import benchmark_panel, compare, stored

st.set_page_config(page_title="Benchmarks · Word Game Solver Lab", page_icon="📊", layout="wide")
st.title("📊 Benchmarks")
st.write("Race solvers against each other on the same words. Every finished run is kept, so you can "
         "show it again without waiting, compare two runs, and download what happened in each game.")

GAMES = all_games()
MODES = {"Run and show": lambda bench: benchmark_panel(bench, "bench_"),
         "Compare two runs": lambda bench: compare(bench, "bench_"),
         "All stored runs": stored}

game = st.selectbox("Game", list(GAMES), format_func=lambda g: GAMES[g].title, key="bench_game")
mode = st.radio("Show", list(MODES), horizontal=True, key="bench_mode", label_visibility="collapsed")
st.subheader(mode)
MODES[mode](GAMES[game])
with st.expander("How it works"):
    st.write("Each solver learns only from its training words, then plays a random sample of other words; the "
             "sample is the same for every solver, so the figures are comparable. Games run in parallel worker "
             "processes (programs that each play part of the sample); Cancel stops them within a few seconds. "
             "The same runs come from the command line: `python -m core.bench <game> --help`.")
