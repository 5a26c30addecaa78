"""Plotly figures for the tip game: the tree as an icicle or sunburst, depth histogram, mean against bounds, search progress."""
from __future__ import annotations

from typing import Sequence

import plotly.graph_objects as go

from core.tipgame.rules import ANSWER_NAMES, IS, Word
from core.tipgame.tree import Node, path_of


def node_id(path: Sequence[int]) -> str:
    """A node's id: the answers leading to it ("root" for the root)."""
    return "root" + "".join(f"/{c}" for c in path)


def node_counts(root: Node, words: Sequence[Word]) -> dict[tuple[int, ...], int]:
    """How many words of the list pass through each node (duplicates counted as often as listed)."""
    counts: dict[tuple[int, ...], int] = {}
    for w in words:
        codes = [c for _, c in path_of(root, w)]
        for k in range(len(codes)):
            key = tuple(codes[:k])
            counts[key] = counts.get(key, 0) + 1
    return counts


def tree_figure(root: Node, words: Sequence[Word], kind: str = "icicle", max_depth: int = 4) -> go.Figure:
    """The decision tree: each node a tip, sized by the words under it; click a node to zoom into it."""
    counts = node_counts(root, words)
    ids, labels, parents, values, hover, sizes = [], [], [], [], [], []
    stack: list[tuple[tuple[int, ...], Node]] = [((), root)]
    while stack:
        path, node = stack.pop()
        n = counts.get(path, 0)
        if n == 0:
            continue
        ids.append(node_id(path))
        parents.append(node_id(path[:-1]) if path else "")
        labels.append(node_label(path, node.tip))
        values.append(n)
        sizes.append(f"{n:,} word{'s' if n != 1 else ''}")
        hover.append(f"tip {node.tip!r}<br>{n} word{'s' if n != 1 else ''} here<br>try {len(path) + 1}")
        for code, child in node.children:
            stack.append((path + (code,), child))
    trace_cls = go.Sunburst if kind == "sunburst" else go.Icicle
    fig = go.Figure(trace_cls(ids=ids, labels=labels, parents=parents, values=values, branchvalues="total",
                              hovertext=hover, hoverinfo="text", maxdepth=max_depth, text=sizes,
                              texttemplate="%{label}<br>%{text}", insidetextfont=dict(size=13),
                              root=dict(color="#5B6577")))
    fig.update_layout(margin=dict(t=60, l=0, r=0, b=0), height=540,  # a two-line title fits half a 1024-px page
                      title="The decision tree: each block a tip,<br>as wide as the words that reach it")
    return fig


def node_label(path: Sequence[int], tip: str) -> str:
    """A block's label: the first tip for the root, else the answer that leads to it and the tip sent there."""
    if not path:
        return f"first tip: {tip}"
    return f"{ANSWER_NAMES[path[-1]]} → {tip}"


GROUP_COLOURS = {0: "#BAB0AC", 1: "#F2CF5B", 2: "#59A14F", 3: "#4C78A8", 4: "#B07AA1", 5: "#E45756"}


def groups_figure(groups: dict[int, int], chosen: int | None = None, tip: str = "") -> go.Figure:
    """The answer groups of one tip as bars (every answer shown, the game's answer outlined and named)."""
    codes = [c for c in range(len(ANSWER_NAMES)) if c != IS or groups.get(IS)]
    names = [ANSWER_NAMES[c] + (" (the answer)" if c == chosen else "") for c in codes]
    values = [groups.get(c, 0) for c in codes]
    fig = go.Figure(go.Bar(
        x=values, y=names, orientation="h", text=[f"{v:,}" for v in values], textposition="outside",
        marker=dict(color=[GROUP_COLOURS[c] for c in codes],
                    line=dict(color=["#222" if c == chosen else "rgba(0,0,0,0)" for c in codes], width=3)),
        hovertemplate="%{y}: %{x} words<extra></extra>"))
    fig.update_layout(title=f'Tip "{tip}": words left by answer' if tip else "Words left by answer",
                      xaxis_title="words", height=300, margin=dict(t=50, b=40, l=10, r=40),
                      xaxis_range=[0, max(values + [1]) * 1.35], yaxis=dict(autorange="reversed"))
    return fig


def depth_histogram(distribution: dict[int, int], mean: float | None = None) -> go.Figure:
    """How many words take each number of tries."""
    xs = sorted(int(k) for k in distribution)
    ys = [distribution[k] if k in distribution else distribution[str(k)] for k in xs]
    fig = go.Figure(go.Bar(x=xs, y=ys, text=ys, textposition="outside", marker_color="#4C78A8"))
    if mean is not None:
        fig.add_vline(x=mean, line_dash="dash", line_color="#E45756", layer="below", annotation_text=f"average {mean:.2f}",
                      annotation_position="top right", annotation_yshift=0)
    fig.update_layout(xaxis_title="tries (the final correct tip included)", yaxis_title="words",
                      title="Tries per word", height=340, margin=dict(t=40, b=40),
                      yaxis_range=[0, max(ys + [1]) * 1.3], xaxis_dtick=1)
    return fig


def mean_vs_bound(means: dict[str, float], bounds: dict[str, float]) -> go.Figure:
    """Mean tries of trees against the list's lower bounds (no strategy can go below a bound)."""
    names = list(means) + list(bounds)
    values = list(means.values()) + list(bounds.values())
    colours = ["#4C78A8"] * len(means) + ["#BAB0AC"] * len(bounds)
    fig = go.Figure(go.Bar(x=values, y=names, orientation="h", marker_color=colours,
                           text=[f"{v:.3f}" for v in values], textposition="inside", insidetextanchor="end",
                           textfont=dict(color="white"), constraintext="none"))  # inside: never clipped when narrow
    fig.update_layout(xaxis_title="average tries", title="Average tries against<br>the least possible",
                      height=100 + 40 * len(names),
                      margin=dict(t=60, b=40, l=10, r=10), xaxis_range=[0, max(values) * 1.02 if values else 1])
    return fig


def search_progress(history: Sequence[tuple[float, float]], greedy: float | None = None, bound: float | None = None) -> go.Figure:
    """The best mean found so far against seconds of search."""
    xs = [t for t, _ in history]
    ys = [m for _, m in history]
    fig = go.Figure(go.Scatter(x=xs, y=ys, mode="lines+markers", line_shape="hv", name="best so far"))
    if greedy is not None:
        fig.add_hline(y=greedy, line_dash="dot", annotation_text=f"quick tree {greedy:.3f}")
    if bound is not None:
        fig.add_hline(y=bound, line_dash="dash", line_color="grey", annotation_text=f"least possible {bound:.3f}")
    fig.update_layout(xaxis_title="seconds", yaxis_title="mean tries", title="Best tree so far", height=320,
                      margin=dict(t=40, b=40))
    return fig


def answer_counts(root: Node, words: Sequence[Word], path: Sequence[int]) -> dict[str, int]:
    """For the node at a path: how many of its words get each answer ("is" included)."""
    counts = node_counts(root, words)
    node_words = counts.get(tuple(path), 0)
    out: dict[str, int] = {}
    for code in range(len(ANSWER_NAMES)):
        if code == IS:
            continue
        n = counts.get(tuple(path) + (code,), 0)
        if n:
            out[ANSWER_NAMES[code]] = n
    solved = node_words - sum(out.values())
    if solved:
        out[ANSWER_NAMES[IS]] = solved
    return out


def gap_figure(means: dict[str, float], bound: float, optimum: float | None = None) -> go.Figure:
    """Each strategy's average tries and the least possible on one number line; left of the bound no strategy can go
    (with the proven optimum, when known, as its own mark)."""
    values = list(means.values()) + [bound] + ([optimum] if optimum is not None else [])
    lo, hi = min(values), max(values)
    pad = max(0.05, (hi - lo) * 0.15)
    left = max(0.0, lo - pad)
    fig = go.Figure()
    reach = bound if optimum is None else max(bound, optimum)  # below the proven optimum no strategy goes either
    fig.add_vrect(x0=left, x1=reach, fillcolor="#BAB0AC", opacity=0.35, line_width=0)
    names = list(means)
    fig.add_trace(go.Scatter(x=list(means.values()), y=names, mode="markers+text", name="average tries",
                             marker=dict(size=14, color="#4C78A8"), text=[f"{v:.3f}" for v in means.values()],
                             textposition="top center", cliponaxis=False))
    rows = [("least possible", bound, "#7F7F7F")]
    if optimum is not None:
        rows.append(("best possible", optimum, "#54A24B"))
    for label, x, colour in rows:
        fig.add_trace(go.Scatter(x=[x], y=[label], mode="markers+text", name=label, text=[f"{x:.3f}"],
                                 textposition="top center", cliponaxis=False,
                                 marker=dict(size=14, symbol="line-ns-open", line_width=3, color=colour)))
    fig.add_vline(x=bound, line_dash="dash", line_color="#7F7F7F")
    fig.update_layout(title="Average tries of each strategy<br>and the least possible",
                      xaxis_title="average tries<br>(grey: no strategy gets there)",
                      xaxis_range=[left, hi + pad], showlegend=False, height=140 + 45 * (len(names) + len(rows)),
                      margin=dict(t=70, b=60, l=10, r=20), yaxis_autorange="reversed")
    return fig
