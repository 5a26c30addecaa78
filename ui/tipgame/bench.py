"""The Tip game page's benchmark: the shared panel, on the sidebar's list first."""
from __future__ import annotations

import streamlit as st

from core.bench.games import game_bench
from ui.bench_panel import benchmark_panel
from ui.tipgame.common import K, Game
from ui.tipgame.gap import gap_panel


def bench_mode(g: Game) -> None:
    """Every registered solver's tree replayed over every word of a list; runs are kept, also on Benchmarks."""
    bench = game_bench("tipgame")
    st.caption("Each solver builds its whole tree once, then every word of the list is played through it; every run "
               "is kept, also on the Benchmarks page.")
    gap_panel(g)
    benchmark_panel(bench, f"{K}bench_")
