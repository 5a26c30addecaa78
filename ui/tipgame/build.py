"""Build a tree: a searching solver looks for a better tree within a time budget, with live progress; the best is kept."""
from __future__ import annotations

import streamlit as st

from core.tipgame.charts import search_progress
from core.tipgame.solvers import SOLVERS
from core.tipgame.store import save_tree
from core.tipgame.tree import Node, dumps
from ui.progress import streamlit_progress
from ui.tipgame.common import K, Game, plain


def build_mode(g: Game) -> None:
    """The budget, Build and Cancel, the search's progress chart, and where the best tree is kept."""
    st.subheader("Build a better tree for this list")
    if not SOLVERS.shows(g.solver_name, "search"):
        searchers = [plain(n) for n in SOLVERS.names() if SOLVERS.shows(n, "search")]
        st.info(f"**{plain(g.solver_name)}** does not search: its tree follows from its rule. Pick a solver that "
                f"searches in the sidebar ({', '.join(searchers) or 'none is registered'}) to build a better tree.")
        return
    st.write("The computer tries many trees within the time you give it and keeps the one with the fewest tries on "
             "average. Pressing any button (or **Cancel**) stops the search; the best tree found so far is kept.")
    with st.expander("How it works"):
        st.write("Beam search on f(H) = |H| + min over tips of Σ f(group): f(H) is the total tries to find every "
                 "word of a set H, so the search scores a tip by the tries its answer groups will still need. It is "
                 "exact on small sets, bounded below, then regenerates random subtrees until the time budget runs out.")
    with st.expander("Advanced"):
        seed = st.number_input("Seed (the random choices of the search; the same seed repeats a search)", 0, 10_000, 0,
                               key=f"{K}seed")
    b1, b2 = st.columns(2)
    budget = b1.number_input("Time budget (seconds)", 1, 600, 20, step=5, key=f"{K}budget")
    b2.write("")
    run = b2.button("Build", type="primary", key=f"{K}build")
    st.button("Cancel", key=f"{K}cancel")
    chart = st.empty()
    built = st.session_state.get(f"{K}built")
    if run:
        st.session_state[f"{K}built"] = None
        report, finish = streamlit_progress("Searching…")

        def on_improve(best: Node, mean: float, hist: list[tuple[float, float]]) -> None:
            st.session_state[f"{K}built"] = {"list_key": g.list_key, "root": best, "mean": mean, "history": hist}
            chart.plotly_chart(search_progress(hist, g.figures.quick, g.figures.least_possible), width="stretch")

        options = {"time_budget": float(budget), "jobs": 1, "seed": int(seed)}
        builder = SOLVERS.create_with(g.solver_name, options).fit(list(g.words))
        builder.build(report, on_improve=on_improve)
        finish()
        built = st.session_state[f"{K}built"]
        save_tree(built["root"], list(g.words), tag=f"page{int(budget)}s{int(seed)}", list_name=g.name)
        built["saved"] = True  # only a search that ran to its budget is saved; Cancel keeps it in this session
        st.session_state[f"{K}version"] += 1
        st.rerun()
    if built is not None and built["list_key"] == g.list_key:
        show_built(g, built, chart)


def show_built(g: Game, built: dict, chart) -> None:
    """The finished search's chart, its figures, where it is kept, and its download."""
    chart.plotly_chart(search_progress(built["history"], g.figures.quick, g.figures.least_possible),
                       width="stretch", key=f"{K}progress_chart")
    where = "saved on this machine for this list" if built.get("saved") else \
        "kept for this browser session (the search was stopped early, so it is not saved)"
    if built["mean"] < g.saved_mean or (built.get("saved") and built["mean"] <= g.saved_mean + 1e-9):
        st.success(f"Best tree: mean **{built['mean']:.4f}** tries (quick tree {g.figures.quick:.4f}); it is now the "
                   f"tree the other modes use, {where}.")
    else:
        current = "quick tree" if g.quick_stand_in else "saved tree"
        st.success(f"Best tree: mean **{built['mean']:.4f}** tries (quick tree {g.figures.quick:.4f}). The {current} "
                   f"({g.saved_mean:.4f}) is as good or better, so the other modes keep it; try a longer budget.")
    st.download_button("Download the built tree (JSON)", dumps(built["root"], list(g.words), list_name=g.name,
                                                               mean=built["mean"]),
                       file_name="tipgame_built_tree.json", mime="application/json", key=f"{K}download_built")
