"""Hangman figures as pure functions returning plotly figures."""
from __future__ import annotations

import plotly.graph_objects as go

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
        title=dict(text=f"{wrong} of {max_wrong} misses", x=0.5, font=dict(size=14)), plot_bgcolor="rgba(0,0,0,0)",
    )
    return fig


def letter_bars(values: dict[str, float], name: str, label: str, other: dict[str, float] | None = None,
                other_name: str = "", top: int = 15, chosen: str | None = None, title: str = "") -> go.Figure:
    """The solver's letter values as bars (the chosen letter highlighted), a second strategy's as dots; the axis and
    the legend say what the values are and whose they are."""
    order = sorted(values, key=lambda c: (-values[c], c))[:top]
    colors = ["#e67e22" if c == chosen else "#2980b9" for c in order]
    fig = go.Figure(go.Bar(x=[c.upper() for c in order], y=[values[c] for c in order], name=f"{name}: {label}",
                           marker_color=colors, hovertemplate="%{x}: %{y:.0%}<extra></extra>"))
    if other is not None:
        fig.add_trace(go.Scatter(x=[c.upper() for c in order], y=[other.get(c, 0.0) for c in order], name=other_name,
                                 mode="markers+lines", marker=dict(size=10, color="#27ae60"), line=dict(dash="dot"),
                                 hovertemplate="%{x}: %{y:.0%}<extra></extra>"))
    top_value = max([*values.values(), *(other or {}).values(), 0.01])
    fig.update_layout(height=330, margin=dict(l=10, r=10, t=40, b=10), showlegend=True,
                      yaxis=dict(title=wrap(label, 28), tickformat=".0%", range=[0, min(1.0, top_value * 1.15) if top_value <= 1 else None]),
                      legend=dict(orientation="h", x=0.0, xanchor="left", y=-0.15, yanchor="top"),
                      title=dict(text=title or "What the solver will guess next", x=0.0, y=0.98, yanchor="top"))
    return fig


def wrap(text: str, width: int) -> str:
    """Text broken with <br> into lines of at most about `width` characters (for axis titles)."""
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return "<br>".join(lines + [line] if line else lines)
