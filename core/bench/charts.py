"""Pure plotly figures for benchmark results (the Benchmarks page and the game panels)."""
from __future__ import annotations

import math
from typing import Any, Mapping, Sequence

import pandas as pd
import plotly.graph_objects as go

PALETTE = ("#4c78a8", "#f58518", "#54a24b", "#e45756", "#72b7b2", "#b279a2", "#ff9da6", "#9d755d")
MARGIN = dict(t=50, b=40, l=50, r=10)
REFERENCE_COLOUR = "#666"
REFERENCE_DASHES = ("dash", "dot")  # a published figure's line; a second one drawn differently


def colour_of(name: str, colours: Mapping[str, str] | None, i: int) -> str:
    """A run's colour: the one fixed for it (its solver's) when given, else the palette's i-th."""
    return (colours or {}).get(name) or PALETTE[i % len(PALETTE)]


def solver_colours(labels: Sequence[str], solvers: Sequence[str], order: Sequence[str]) -> dict[str, str]:
    """One fixed colour per solver, the same in every chart and view: its place in the game's solver list."""
    def place(solver: str) -> int:
        return list(order).index(solver) if solver in order else len(order) + sorted(set(solvers)).index(solver)

    return {label: PALETTE[place(s) % len(PALETTE)] for label, s in zip(labels, solvers)}


def metric_bars(summaries: pd.DataFrame, metric: str, label: str, references: Sequence[tuple[str, float]] = (),
                low: str | None = None, high: str | None = None, percent: bool = False,
                colours: Mapping[str, str] | None = None) -> go.Figure:
    """One bar per run with optional 95% error bars and published figures as dashed reference lines named in a legend
    below the chart (a label on the line could cover a bar's figure); with error bars each figure is written under
    its bar's name, where no whisker crosses it."""
    err = None
    if low and high and low in summaries and high in summaries:
        err = dict(type="data", symmetric=False, array=summaries[high] - summaries[metric],
                   arrayminus=summaries[metric] - summaries[low])
    figures = [f"{v:.1%}" if percent else f"{v:.4g}" for v in summaries[metric]]
    fig = go.Figure(go.Bar(x=summaries["label"], y=summaries[metric], error_y=err,
                           marker_color=[colour_of(n, colours, i) for i, n in enumerate(summaries["label"])],
                           text=figures if err is None else None, textposition="outside", showlegend=False))
    if err is not None:  # whiskers would cross figures above the bars: each figure goes under its bar's name
        fig.update_xaxes(tickvals=list(summaries["label"]),
                         ticktext=[f"{name}<br><b>{f}</b>" for name, f in zip(summaries["label"], figures)])
    for i, (name, value) in enumerate(references):  # the line on the chart, its words in the legend below it
        dash = REFERENCE_DASHES[i % len(REFERENCE_DASHES)]
        fig.add_hline(y=value, line_dash=dash, line_color=REFERENCE_COLOUR)
        fig.add_trace(go.Scatter(x=[None], y=[None], mode="lines", name=name, hoverinfo="skip",
                                 line=dict(dash=dash, color=REFERENCE_COLOUR)))
    fig.update_layout(title=label, yaxis_title=label, height=380, margin=MARGIN, showlegend=bool(references))
    if references:  # below the plotting area (and the names under the bars), where no bar's figure can reach
        below = (40 if err is not None else 20) + 22 * len(references)
        fig.update_layout(legend=dict(orientation="h", yref="container", y=0, yanchor="bottom", x=0, xanchor="left",
                                      font_size=11),
                          margin=dict(MARGIN, b=MARGIN["b"] + below))
    if percent:
        fig.update_yaxes(tickformat=".0%", rangemode="tozero")
    return fig


def _is_share(series: pd.Series) -> bool:
    """True for a win column or a fraction between 0 and 1 (drawn as percentages)."""
    return series.dtype == bool or (series.min() >= 0 and series.max() <= 1)


def rate_by_group(runs: dict[str, pd.DataFrame], group: str, outcome: str = "win", title: str = "",
                  order: Sequence[Any] = (), xaxis: str = "", yaxis: str = "",
                  colours: Mapping[str, str] | None = None) -> go.Figure:
    """Mean outcome by a grouping column, one line per run; groups in `order` (a missing one breaks the line).

    A figure with no trace when no run has both columns: callers skip it rather than draw an empty axis.
    """
    fig = go.Figure()
    share, whole = True, True
    for i, (name, frame) in enumerate(runs.items()):
        if group not in frame or outcome not in frame or frame.empty:
            continue
        share = share and _is_share(frame[outcome])
        whole = whole and pd.api.types.is_integer_dtype(frame[group])
        g = frame.groupby(group, sort=True)[outcome].agg(["sum", "count", "mean"])
        if order:
            g = g.reindex([o for o in order])
        g = g.reset_index()
        fmt = ".1%" if share else ".2f"
        fig.add_trace(go.Scatter(x=g[group].astype(str) if order else g[group], y=g["mean"], mode="lines+markers",
                                 name=name, connectgaps=False, line_color=colour_of(name, colours, i),
                                 customdata=[[c] for c in g["count"].fillna(0).astype(int)],
                                 hovertemplate=f"%{{x}}: %{{y:{fmt}}} over %{{customdata[0]}} items<extra></extra>"))
    fig.update_layout(title=title or f"{outcome} by {group}", xaxis_title=xaxis or group,
                      yaxis_title=yaxis or outcome.replace("_", " "), height=380, margin=MARGIN)
    if order:
        fig.update_xaxes(type="category", categoryorder="array", categoryarray=[str(o) for o in order])
    elif whole and fig.data:  # word lengths and other counts: whole-number ticks only (never 11.5 letters)
        span = max(max(t.x) for t in fig.data if len(t.x)) - min(min(t.x) for t in fig.data if len(t.x))
        fig.update_xaxes(tick0=0, dtick=max(1, math.ceil(span / 12)), tickformat="d")
    fig.update_yaxes(tickformat=".0%" if share else None, rangemode="tozero")
    fig.update_layout(legend=dict(orientation="h", yanchor="top", y=-0.25, x=0), margin=dict(t=50, b=90, l=50, r=10))
    return fig


def count_distribution(runs: dict[str, pd.DataFrame], column: str, title: str, xaxis: str,
                       yaxis: str = "share of items", colours: Mapping[str, str] | None = None) -> go.Figure:
    """Grouped bars of how many items took each count (guesses, tries, misses), one colour per run."""
    fig = go.Figure()
    for i, (name, frame) in enumerate(runs.items()):
        if column not in frame or frame.empty:
            continue
        counts = frame[column].value_counts().sort_index()
        fig.add_trace(go.Bar(x=counts.index, y=counts.values / counts.values.sum(), name=name,
                             marker_color=colour_of(name, colours, i),
                             hovertemplate="%{x}: %{y:.1%}<extra>" + name + "</extra>"))
    fig.update_layout(title=title, xaxis_title=xaxis, yaxis_title=yaxis, yaxis_tickformat=".0%",
                      barmode="group", height=380, margin=MARGIN)
    fig.update_xaxes(dtick=1)
    return fig


def scale_chart(sweep: pd.DataFrame) -> go.Figure:
    """Log-log run time against the number of items, one line per list size."""
    fig = go.Figure()
    for i, (size, part) in enumerate(sweep.groupby("list_size")):
        part = part.sort_values("items")
        fig.add_trace(go.Scatter(x=part["items"], y=part["seconds"], mode="lines+markers",
                                 name=f"{size:,} words", line_color=PALETTE[i % len(PALETTE)]))
    fig.update_layout(title="Run time against games played", xaxis_title="games", yaxis_title="seconds",
                      xaxis_type="log", yaxis_type="log", height=380, margin=MARGIN)
    return fig
