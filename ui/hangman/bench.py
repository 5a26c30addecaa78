"""Benchmark: the shared panel, tested on words held out of the training list, on its own words, or on another list."""
from __future__ import annotations

import streamlit as st

from core.bench.games import game_bench
from core.hangman.explain import plural
from ui.bench_panel import benchmark_panel
from ui.hangman.common import Context, P
from ui.lists import list_names


TEST_WORDS = ("Words held out of the training list", "The training list's own words", "Another list, minus the training list")


def benchmark(ctx: Context) -> None:
    """The shared benchmark panel, tested on words held out of the training list, on its own words, or on another list."""
    wl, max_wrong = ctx.words, ctx.max_wrong
    how = st.radio("Test words", TEST_WORDS, key=P + "bench_how", horizontal=True,
                   help="Held-out words are set aside before the solver learns, so it has never seen them: the honest test.")
    params: list[tuple[str, object]] = [("max_wrong", max_wrong)]
    if how == TEST_WORDS[0]:
        percent = st.slider("Share of the training list held out as test words", 5, 50, 20, 5, format="%d%%",
                            key=P + "bench_fraction")
        share = percent / 100
        params.append(("test_fraction", share))
        note = f"{share:.0%} held out"
    elif how == TEST_WORDS[1]:
        params.append(("in_dictionary", True))
        note = "tested on its own words"
    else:
        others = [n for n in list_names() if n != wl.name]
        other = st.selectbox("Test list (its words that are also in the training list are left out)", others,
                             key=P + "bench_other")
        if other is None:
            st.info("There is no other list to test on: upload one in the sidebar.")
            return
        params += [("test", other), ("exclude_train", True)]
        note = f"tested on {other}"
    st.caption(f"The game is lost at {plural(max_wrong, 'miss', 'misses')} (set in the sidebar).")
    datasets = [wl.name] + [n for n in list_names() if n != wl.name]
    benchmark_panel(game_bench("hangman"), P + "bench_", params=tuple(params), datasets=datasets,
                    data_label="Training list (the solver learns only from it)", note=note,
                    picked={"world": ctx.world})
