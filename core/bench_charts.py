"""Pure plotly figures for the cross-game Benchmarks page."""
from __future__ import annotations

from typing import Sequence

import pandas as pd
import plotly.graph_objects as go

from core.stats import wilson_interval

PALETTE = ("#4c78a8", "#f58518", "#54a24b", "#e45756", "#72b7b2", "#b279a2", "#ff9da6", "#9d755d")


def metric_bars(summaries: pd.DataFrame, metric: str, label: str, references: Sequence[tuple[str, float]] = (),
                low: str | None = None, high: str | None = None, percent: bool = False) -> go.Figure:
    """One bar per run (solver) with optional 95% error bars and published figures as reference lines."""
    err = None
    if low and high and low in summaries and high in summaries:
        err = dict(type="data", symmetric=False, array=summaries[high] - summaries[metric],
                   arrayminus=summaries[metric] - summaries[low])
    fig = go.Figure(go.Bar(x=summaries["label"], y=summaries[metric], error_y=err,
                           marker_color=[PALETTE[i % len(PALETTE)] for i in range(len(summaries))],
                           text=[f"{v:.1%}" if percent else f"{v:.4g}" for v in summaries[metric]], textposition="outside"))
    for i, (name, value) in enumerate(references):
        fig.add_hline(y=value, line_dash="dash", line_color="#666", annotation_text=name,
                      annotation_position="top left" if i % 2 == 0 else "bottom right")
    fig.update_layout(title=label, yaxis_title=label, height=380, margin=dict(t=50, b=40, l=50, r=10))
    if percent:
        fig.update_yaxes(tickformat=".0%", rangemode="tozero")
    return fig


def rate_by_group(runs: dict[str, pd.DataFrame], group: str, outcome: str = "win", title: str = "") -> go.Figure:
    """Mean outcome (a win rate, or an accuracy) by a grouping column, one line per run; 95% intervals for wins."""
    fig = go.Figure()
    for i, (name, frame) in enumerate(runs.items()):
        if group not in frame or outcome not in frame or frame.empty:
            continue
        g = frame.groupby(group, sort=True)[outcome].agg(["sum", "count", "mean"]).reset_index()
        if frame[outcome].dtype == bool:
            ci = [wilson_interval(int(s), int(c)) for s, c in zip(g["sum"], g["count"])]
        else:
            ci = [(float("nan"), float("nan"))] * len(g)
        fig.add_trace(go.Scatter(x=g[group], y=g["mean"], mode="lines+markers", name=name,
                                 line_color=PALETTE[i % len(PALETTE)],
                                 customdata=[[c, lo, hi] for c, (lo, hi) in zip(g["count"], ci)],
                                 hovertemplate="%{x}: %{y:.1%} of %{customdata[0]} (95%: %{customdata[1]:.1%}–%{customdata[2]:.1%})<extra></extra>"))
    fig.update_layout(title=title or f"{outcome} by {group}", xaxis_title=group, yaxis_title=outcome.replace("_", " "),
                      yaxis_tickformat=".0%", height=380, margin=dict(t=50, b=40, l=50, r=10))
    return fig


def count_distribution(runs: dict[str, pd.DataFrame], column: str, title: str, xaxis: str) -> go.Figure:
    """Grouped bars of how many items took each count (guesses, tries, misses), one colour per run."""
    fig = go.Figure()
    for i, (name, frame) in enumerate(runs.items()):
        if column not in frame or frame.empty:
            continue
        counts = frame[column].value_counts().sort_index()
        fig.add_trace(go.Bar(x=counts.index, y=counts.values / counts.values.sum(), name=name,
                             marker_color=PALETTE[i % len(PALETTE)],
                             hovertemplate="%{x}: %{y:.1%}<extra>" + name + "</extra>"))
    fig.update_layout(title=title, xaxis_title=xaxis, yaxis_title="share of items", yaxis_tickformat=".0%",
                      barmode="group", height=380, margin=dict(t=50, b=40, l=50, r=10))
    return fig


def scale_chart(sweep: pd.DataFrame) -> go.Figure:
    """Log-log run time against the number of items, one line per list size."""
    fig = go.Figure()
    for i, (size, part) in enumerate(sweep.groupby("list_size")):
        part = part.sort_values("items")
        fig.add_trace(go.Scatter(x=part["items"], y=part["seconds"], mode="lines+markers",
                                 name=f"{size:,} words", line_color=PALETTE[i % len(PALETTE)]))
    fig.update_layout(title="Run time against games played", xaxis_title="games", yaxis_title="seconds",
                      xaxis_type="log", yaxis_type="log", height=380, margin=dict(t=50, b=40, l=50, r=10))
    return fig
