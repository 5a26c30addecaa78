"""How far the tree can be from the best possible: one plain sentence, every strategy and the least possible on one
axis, and for a small list the best possible itself, found by an exact search on request."""
from __future__ import annotations

import streamlit as st

from core.tipgame.charts import gap_figure
from core.tipgame.exact import EXACT_MAX_WORDS, optimum
from core.tipgame.explain import gap_sentence
from core.tipgame.search import SearchTimeout
from core.tipgame.solvers import SOLVERS
from core.tipgame.tree import TreeError, score
from ui.progress import streamlit_progress
from ui.tipgame.common import K, Game, cached_policy, cached_saved, plain

EXACT_SECONDS = 120  # the exact search stops here with a message (lists up to EXACT_MAX_WORDS take about a minute)


@st.cache_data(show_spinner="Measuring every strategy's tree…", max_entries=16)
def cached_means(list_key: str, _words: tuple[str, ...], version: int) -> dict[str, float]:
    """Each registered strategy's average tries on the list, replayed through the rules (a searching one: its best
    saved tree)."""
    out: dict[str, float] = {}
    for name in SOLVERS.names():
        try:
            if SOLVERS.shows(name, "search"):
                root, _ = cached_saved(list_key, _words, version)
            else:
                _, root = cached_policy(list_key, _words, name)
            out[name] = score(root, list(_words)).mean
        except TreeError:
            continue
    return out


@st.cache_data(show_spinner=False, max_entries=32)
def cached_optimum(list_key: str, _words: tuple[str, ...], _progress) -> dict[str, float]:
    """The proven best average of a small list (kept per list content; a search past its time limit raises)."""
    result = optimum(list(_words), time_limit=EXACT_SECONDS, progress=_progress)
    return {"total": result.total, "mean": result.mean, "seconds": result.seconds, "sets": result.sets}


def strategy_means(g: Game) -> dict[str, float]:
    """Every strategy's average by its plain name; the chosen one's is the tree on screen."""
    means = cached_means(g.list_key, g.words, st.session_state.get(f"{K}version", 0))
    means = {**means, g.solver_name: g.figures.mean}
    return {plain(name): v for name, v in sorted(means.items(), key=lambda kv: kv[1])}


def find_optimum(g: Game) -> None:
    """Run the exact search with a progress bar and keep its result for this list."""
    report, finish = streamlit_progress("Trying every strategy…")
    try:
        found = cached_optimum(g.list_key, g.words, report)
    except SearchTimeout:
        st.warning(f"The exact search did not finish within {EXACT_SECONDS} seconds on this list; the least possible "
                   "above still holds.")
        return
    finally:
        finish()
    st.session_state.setdefault(f"{K}optimum", {})[g.list_key] = found


def gap_panel(g: Game) -> None:
    """The sentence, the chart and, for a small list, the button that finds the best possible average."""
    st.markdown("**How far from the best possible?**")
    found = st.session_state.get(f"{K}optimum", {}).get(g.list_key)
    bound = g.figures.least_possible
    best = found["mean"] if found else bound
    st.write(gap_sentence(best, g.figures.mean, proven=found is not None))
    st.plotly_chart(gap_figure(strategy_means(g), bound, found["mean"] if found else None), width="stretch",
                    key=f"{K}gap_chart")
    distinct = len(set(g.words))
    if found:
        st.caption(f"The exact search tried every strategy in {found['seconds']:.1f} seconds "
                   f"({found['sets']:,} groups of words looked at).")
    elif distinct <= EXACT_MAX_WORDS:
        if st.button("Find the best possible average (an exact search, about a minute at most)", key=f"{K}exact"):
            find_optimum(g)
            if g.list_key in st.session_state.get(f"{K}optimum", {}):
                st.rerun()
    else:
        st.caption(f"For a list of up to {EXACT_MAX_WORDS} different words a button here finds the best possible "
                   f"average itself; this list has {distinct:,}, too many to try every strategy.")
    with st.expander("How it works: the least possible and the best possible"):
        st.write(
            "The least possible is a lower bound: an average proven out of reach for every strategy. A tip has five "
            "answers besides \"is\", so at most 5^(d-1) words can end at try d; the bound also tries the best real "
            "tips (any piece of a word) for the first two or three tries (three when a tree is saved with the build "
            "command), and below them counts how evenly the tips of a set could split any part of it (a tip never "
            "splits a part into bigger groups than it splits the whole set into; below three tries, or below one on "
            "a list without a saved tree), that guessing a word splits the others only as many ways as it can in "
            "that set, and that without a word which begins and ends alike no tip gets \"begins and ends with\". "
            "For the two built-in lists the saved bound goes further (minutes of computing, done once): it tries "
            "every tip for up to the first four tries, looking deeper first wherever the proven average is lowest, "
            "and finds the exact best strategy for every group of up to 24 words. "
            "The gap to the tree is the most that better search could still gain. The best possible is found by branch "
            "and bound (a search that drops a tip as soon as a quick count shows it cannot beat the best tip found so "
            "far): it tries every tip, and tips that split the words alike only once, so on a small list it proves "
            "what no strategy can beat.")
