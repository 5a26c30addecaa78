"""The Wordle page's benchmark: the shared panel, played with the sidebar's feedback rule and hard mode."""
from __future__ import annotations

import streamlit as st

from core.bench.games import game_bench
from core.wordle.harness import Setup
from ui.bench_panel import benchmark_panel
from ui.wordle.common import K


def bench_mode(setup: Setup) -> None:
    """The shared benchmark panel, with the sidebar's rule and mode as its parameters."""
    rules = [f"{setup.rule} rule"] + (["hard mode"] if setup.hard else [])
    st.caption(f"Runs play by the sidebar's settings ({' and '.join(rules)}) on the lists picked below; every run "
               "is kept, also on the Benchmarks page.")
    note = " and ".join(rules) if setup.rule != "standard" or setup.hard else ""
    benchmark_panel(game_bench("wordle"), f"{K}bench_", params=(("rule", setup.rule), ("hard", setup.hard)),
                    note=note)
