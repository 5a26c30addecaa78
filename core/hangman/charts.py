"""Hangman figures as pure functions returning plotly figures."""
from __future__ import annotations

from typing import Sequence

import plotly.graph_objects as go

from core.hangman.harness import BenchmarkResult

PARTS = ("head", "body", "left arm", "right arm", "left leg", "right leg")


def parts_shown(wrong: int, max_wrong: int) -> int:
    """How many of the six body parts to draw after `wrong` misses out of `max_wrong`."""
    if wrong <= 0:
        return 0
    if wrong >= max_wrong:
        return len(PARTS)
    return min(len(PARTS) - 1, max(1, round(wrong * len(PARTS) / max_wrong)))


def hangman_figure(wrong: int, max_wrong: int, height: int = 260) -> go.Figure:
    """The gallows and as many body parts as the misses call for."""
    fig = go.Figure()
    line = dict(color="#444", width=4)
    for xs, ys in (([0, 4], [0, 0]), ([1, 1], [0, 10]), ([1, 6], [10, 10]), ([6, 6], [10, 9])):
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", line=line, hoverinfo="skip"))
    n = parts_shown(wrong, max_wrong)
    body = dict(color="#c0392b" if wrong >= max_wrong else "#2c3e50", width=4)
    if n >= 1:
        fig.add_shape(type="circle", x0=5.25, x1=6.75, y0=7.5, y1=9, line=body)
    segments = [([6, 6], [7.5, 4.5]), ([6, 5], [7, 5.5]), ([6, 7], [7, 5.5]), ([6, 5], [4.5, 2.5]), ([6, 7], [4.5, 2.5])]
    for xs, ys in segments[: max(0, n - 1)]:
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", line=body, hoverinfo="skip"))
    fig.update_layout(
        showlegend=False, height=height, margin=dict(l=10, r=10, t=30, b=10),
        xaxis=dict(visible=False, range=[-0.5, 8.5]), yaxis=dict(visible=False, range=[-0.5, 10.5], scaleanchor="x"),
        title=dict(text=f"{wrong} of {max_wrong} misses", x=0.5), plot_bgcolor="rgba(0,0,0,0)",
    )
    return fig


def letter_bars(scores: dict[str, float], name: str, other: dict[str, float] | None = None,
                other_name: str = "", top: int = 26, chosen: str | None = None) -> go.Figure:
    """The solver's letter probabilities (its own scores) as bars, a second solver's overlaid."""
    order = sorted(scores, key=lambda c: -scores[c])[:top]
    colors = ["#e67e22" if c == chosen else "#2980b9" for c in order]
    fig = go.Figure(go.Bar(x=order, y=[scores[c] for c in order], name=name, marker_color=colors))
    if other:
        fig.add_trace(go.Scatter(x=order, y=[other.get(c, 0.0) for c in order], name=other_name, mode="markers+lines",
                                 marker=dict(size=9, color="#27ae60"), line=dict(dash="dot")))
    fig.update_layout(height=300, margin=dict(l=10, r=10, t=30, b=10), yaxis_title="score (share)",
                      legend=dict(orientation="h", x=1.0, xanchor="right", y=1.02, yanchor="bottom"),
                      title=dict(text="What the solver will guess next", x=0.0, y=0.98, yanchor="top"))
    return fig


def win_rate_by_length(results: Sequence[BenchmarkResult]) -> go.Figure:
    """Win rate per word length, one line per strategy."""
    fig = go.Figure()
    for r in results:
        by = r.by_length()
        counts = r.games_by_length()
        fig.add_trace(go.Scatter(x=list(by), y=list(by.values()), mode="lines+markers", name=r.strategy,
                                 customdata=[counts[k] for k in by], hovertemplate="length %{x}: %{y:.1%} of %{customdata} games"))
    fig.update_layout(height=320, margin=dict(l=10, r=10, t=30, b=10), xaxis=dict(title="word length", dtick=1),
                      yaxis=dict(title="win rate", tickformat=".0%", range=[0, 1.02]), title="Win rate by word length")
    return fig


def misses_distribution(results: Sequence[BenchmarkResult]) -> go.Figure:
    """How many games ended with each number of misses, per strategy."""
    fig = go.Figure()
    for r in results:
        h = r.misses_histogram()
        n = max(1, len(r.games))
        fig.add_trace(go.Bar(x=list(h), y=[v / n for v in h.values()], name=r.strategy))
    fig.update_layout(barmode="group", height=320, margin=dict(l=10, r=10, t=30, b=10),
                      xaxis=dict(title="misses at the end", dtick=1),
                      yaxis=dict(title="share of games", tickformat=".0%"), title="Misses distribution")
    return fig
