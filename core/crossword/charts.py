"""Plotly figures for the crossword page: fill-confidence heatmap, dataset statistics, PCA scatter, reliability."""
from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from core.crossword.puzzle import Puzzle


HEATMAP_LEGEND = ("Colour: how sure the solver is of each letter, from pale (a guess) to dark blue (sure). "
                  "Orange outline: letters this step changed.")
WRONG_LEGEND = " Red outline: a letter that differs from the puzzle's solution."


def heatmap_legend(has_solution: bool) -> str:
    """What the fill heatmap's colours and outlines mean, in words."""
    return HEATMAP_LEGEND + (WRONG_LEGEND if has_solution else "")


def heatmap_height(puzzle: Puzzle) -> int:
    """The fill heatmap's height in pixels: 34 a row and room for its colour bar, at least 320."""
    return max(320, 34 * puzzle.rows + 80)


def fill_heatmap(puzzle: Puzzle, fill: dict, confidence: dict, show_errors: bool = True,
                 title: str = "", changed=(), scale: bool = True) -> go.Figure:
    """The grid coloured by confidence with each cell's letter; wrong cells outlined red when the solution is known,
    cells in `changed` outlined orange."""
    z = np.full((puzzle.rows, puzzle.cols), np.nan)
    text = [["" for _ in range(puzzle.cols)] for _ in range(puzzle.rows)]
    for (r, c) in puzzle.white_cells:
        z[r, c] = confidence.get((r, c), 0.0)
        text[r][c] = fill.get((r, c), "") or ""
    fig = go.Figure(go.Heatmap(z=z, text=text, texttemplate="%{text}", textfont={"size": 16 if puzzle.cols <= 15 else 11},
                               colorscale="YlGnBu", zmin=0, zmax=1, xgap=1, ygap=1, showscale=scale,
                               # a horizontal bar above the grid: at 1024 px a bar beside it took a third of its width
                               colorbar={"title": {"text": "how sure", "side": "top"}, "tickvals": [0, 0.5, 1],
                                         "ticktext": ["guess", "50%", "sure"], "orientation": "h", "thickness": 12,
                                         "len": 0.6, "x": 0.5, "xanchor": "center", "y": 1.0, "yanchor": "bottom"},
                               hovertemplate="row %{y}, col %{x}<br>%{text}: %{z:.0%} sure<extra></extra>"))
    shapes = [dict(type="rect", x0=c - 0.5, x1=c + 0.5, y0=r - 0.5, y1=r + 0.5, fillcolor="black", line_width=0)
              for (r, c) in puzzle.blocks]
    for (r, c) in changed:
        shapes.append(dict(type="rect", x0=c - 0.47, x1=c + 0.47, y0=r - 0.47, y1=r + 0.47,
                           line={"color": "orange", "width": 3}))
    if show_errors and puzzle.solution:
        for cell in puzzle.white_cells:
            if fill.get(cell) and fill[cell] != puzzle.solution.get(cell):
                r, c = cell
                shapes.append(dict(type="rect", x0=c - 0.45, x1=c + 0.45, y0=r - 0.45, y1=r + 0.45,
                                   line={"color": "red", "width": 3}))
    annotations = [dict(x=c - 0.42, y=r - 0.3, text=str(n), showarrow=False, font={"size": 8}, xanchor="left")
                   for (r, c), n in puzzle.numbers.items()]
    fig.update_layout(shapes=shapes, annotations=annotations, title=title,
                      height=heatmap_height(puzzle), margin={"l": 10, "r": 10, "t": 70 if title else 50, "b": 10},
                      xaxis={"visible": False, "scaleanchor": "y", "constrain": "domain"},
                      yaxis={"visible": False, "autorange": "reversed", "constrain": "domain", "constraintoward": "top"})
    return fig


def bar(labels, values, title: str, xaxis: str = "", yaxis: str = "") -> go.Figure:
    """A simple bar chart."""
    fig = go.Figure(go.Bar(x=list(labels), y=list(values)))
    fig.update_layout(title=title, xaxis_title=xaxis, yaxis_title=yaxis, height=320, margin={"t": 40})
    return fig


def zipf_plot(counts) -> go.Figure:
    """Rank-frequency of answers on log-log axes (Zipf)."""
    counts = np.sort(np.asarray(counts))[::-1]
    ranks = np.arange(1, len(counts) + 1)
    fig = go.Figure(go.Scattergl(x=ranks, y=counts, mode="lines", name="answers"))
    fig.update_layout(title="Answer rank vs frequency (log-log)", xaxis_type="log", yaxis_type="log",
                      xaxis_title="rank", yaxis_title="times used", height=320, margin={"t": 40})
    return fig


def pca_scatter(points: np.ndarray, labels: list[str], answers: list[str], query_label: str) -> go.Figure:
    """A clue (the first point) among its nearest training clues, projected to 2-D."""
    fig = go.Figure()
    hover = [f"{a}: {c}" for a, c in zip(answers[1:], labels[1:])]  # answers on hover: labels never overlap
    fig.add_trace(go.Scatter(x=points[1:, 0], y=points[1:, 1], mode="markers", hovertext=hover, hoverinfo="text",
                             marker={"size": 10}, name="nearest clues (hover for the answer)"))
    fig.add_trace(go.Scatter(x=points[:1, 0], y=points[:1, 1], mode="markers", hovertext=[query_label],
                             hoverinfo="text", marker={"size": 16, "color": "red", "symbol": "star"},
                             name=f"this clue ({query_label})"))
    fig.update_layout(title="Clue vectors (Word2Vec) in 2-D (PCA)", height=420, margin={"t": 40},
                      xaxis_title="PC 1", yaxis_title="PC 2",
                      legend={"orientation": "h", "y": -0.25, "x": 0})
    return fig


def reliability_plot(confidences, hits, bins: int = 10) -> go.Figure:
    """Predicted confidence vs observed hit rate per bin (a calibrated guesser follows the diagonal)."""
    conf, hits = np.asarray(confidences, float), np.asarray(hits, float)
    edges = np.linspace(0, 1, bins + 1)
    idx = np.clip(np.digitize(conf, edges) - 1, 0, bins - 1)
    xs, ys, ns = [], [], []
    for b in range(bins):
        m = idx == b
        if m.any():
            xs.append(float(conf[m].mean()))
            ys.append(float(hits[m].mean()))
            ns.append(int(m.sum()))
    fig = go.Figure([go.Scatter(x=[0, 1], y=[0, 1], mode="lines", line={"dash": "dash"}, name="perfect"),
                     go.Scatter(x=xs, y=ys, mode="lines+markers", text=[f"n={n}" for n in ns], name="guesser")])
    fig.update_layout(title="Reliability: confidence vs hit rate", xaxis_title="confidence",
                      yaxis_title="fraction right", height=360, margin={"t": 40})
    return fig


def weekday_chart(results: list[dict]) -> go.Figure:
    """Letter accuracy by weekday, one bar group per solver."""
    fig = go.Figure()
    for row in results:
        days = row.get("by_weekday", {})
        fig.add_trace(go.Bar(x=list(days), y=[v["letter_accuracy"] for v in days.values()], name=row["solver"]))
    fig.update_layout(barmode="group", title="Letter accuracy by weekday", yaxis_range=[0, 1], height=340,
                      margin={"t": 40})
    return fig
