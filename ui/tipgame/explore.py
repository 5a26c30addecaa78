"""The tree explorer: the solver's whole decision tree as a chart, and a panel that walks it answer by answer."""
from __future__ import annotations

import pandas as pd
import streamlit as st

from core.tipgame.charts import answer_counts, depth_histogram, tree_figure
from core.tipgame.explain import groups_sentence
from core.tipgame.rules import ANSWER_NAMES
from core.tipgame.tree import TreeError, dumps, node_at, words_under
from core.words import counted
from ui.tipgame.common import K, Game
from ui.tipgame.gap import gap_panel


def go_up(levels: int | None) -> None:
    """Button callback: climb one level (or, with None, back to the first tip)."""
    path = st.session_state.get(f"{K}path", [])
    st.session_state[f"{K}path"] = [] if levels is None else path[:-levels]


def explore_mode(g: Game) -> None:
    """The chart on the left, where you are in the tree on the right, the depth and bound charts below."""
    st.subheader("The decision tree")
    root, words = g.root, list(g.words)
    path: list[int] = st.session_state.setdefault(f"{K}path", [])
    try:
        node = node_at(root, path)
    except TreeError:
        st.session_state[f"{K}path"] = path = []
        node = root
    c1, c2 = st.columns([3, 2])
    with c1:
        kind = st.radio("Chart", ["icicle", "sunburst"], horizontal=True, key=f"{K}kind")
        depth = st.slider("Levels shown", 2, 8, 4, key=f"{K}depth")
        st.plotly_chart(tree_figure(root, words, kind=kind, max_depth=depth), width="stretch", key=f"{K}tree_chart")
        st.caption("Click a block to zoom the chart into it (click the top block to zoom out); the panel on the "
                   "right walks the tree with **Follow an answer**.")
    with c2:
        trail = " › ".join(f"`{node_at(root, path[:i]).tip}` {ANSWER_NAMES[c]}" for i, c in enumerate(path)) \
            or "the first tip"
        st.markdown(f"**Where you are:** {trail}")
        st.markdown(f"**Tip sent here:** `{node.tip}`")
        counts = answer_counts(root, words, path)
        groups = {ANSWER_NAMES.index(a): n for a, n in counts.items()}
        st.write(groups_sentence(node.tip, groups))
        st.dataframe(pd.DataFrame([{"answer": a, "words": n} for a, n in counts.items()]), hide_index=True,
                     width="stretch", key=f"{K}node_answers")
        options = ["(stay here)"] + [ANSWER_NAMES[c] for c, _ in node.children]
        go_to = st.selectbox("Follow an answer", options, key=f"{K}follow_{len(path)}_{'-'.join(map(str, path))}")
        if go_to != "(stay here)":
            st.session_state[f"{K}path"] = path + [ANSWER_NAMES.index(go_to)]
            st.rerun()
        st.button("Up one level", key=f"{K}up", disabled=not path, on_click=go_up, args=(1,), width="stretch")
        st.button("Back to the first tip", key=f"{K}top", disabled=not path, on_click=go_up, args=(None,),
                  width="stretch")  # each button its own row: never cut at projector width
        below = list(dict.fromkeys(words_under(root, words, path)))
        st.markdown(f"**{counted(len(below), 'word')} from here on**")
        st.write(", ".join(below[:200]) + (" …" if len(below) > 200 else ""))
    gap_panel(g)
    st.plotly_chart(depth_histogram(g.figures.distribution, g.figures.mean), width="stretch", key=f"{K}depths")
    st.download_button("Download the tree (JSON)", dumps(root, words, list_name=g.name, mean=g.figures.mean),
                       file_name="tipgame_tree.json", mime="application/json", key=f"{K}download")

