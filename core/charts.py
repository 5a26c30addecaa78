"""Pure functions returning plotly figures for word lists (games keep their own charts)."""
from __future__ import annotations

from collections import Counter

import numpy as np
import plotly.graph_objects as go

from core.words import WordList, letter_counts, position_matrix


def length_histogram(words: WordList) -> go.Figure:
    """A bar chart of how many words have each length."""
    counts = Counter(len(w) for w in words.words)
    xs = sorted(counts)
    fig = go.Figure(go.Bar(x=xs, y=[counts[x] for x in xs], marker_color="#4c78a8"))
    fig.update_layout(title=f"Word lengths in {words.name}", xaxis_title="letters", yaxis_title="words",
                      margin=dict(t=50, b=40, l=50, r=10), height=320)
    return fig


def letter_frequency_bar(words: WordList) -> go.Figure:
    """A bar chart of each letter's share of all letters."""
    counts = letter_counts(words)
    total = sum(counts.values()) or 1
    fig = go.Figure(go.Bar(x=list(counts), y=[v / total for v in counts.values()], marker_color="#f58518"))
    fig.update_layout(title="Letter frequencies", xaxis_title="letter", yaxis_title="share of letters",
                      yaxis_tickformat=".0%", margin=dict(t=50, b=40, l=50, r=10), height=320)
    return fig


def position_heatmap(words: WordList, max_len: int = 12) -> go.Figure:
    """A heatmap of P(letter | position) over the list's words."""
    letters, mat = position_matrix(words, max_len)
    totals = mat.sum(axis=0, keepdims=True)
    share = np.divide(mat, totals, out=np.zeros_like(mat, dtype=float), where=totals > 0)
    used = int((totals > 0).sum())
    fig = go.Figure(go.Heatmap(z=share[:, :used], x=[str(i + 1) for i in range(used)], y=letters,
                               colorscale="Viridis", colorbar=dict(title="P(letter)", tickformat=".0%"),
                               hovertemplate="position %{x}, letter %{y}: %{z:.1%}<extra></extra>"))
    fig.update_layout(title="Letter by position", xaxis_title="position", yaxis_title="letter",
                      yaxis_autorange="reversed", margin=dict(t=50, b=40, l=50, r=10), height=max(360, 14 * len(letters)))
    return fig


def overlap_bar(a: WordList, b: WordList) -> go.Figure:
    """A stacked bar of the words only in a, in both, and only in b."""
    sa, sb = a.word_set, b.word_set
    both = len(sa & sb)
    parts = [(f"only in {a.name}", len(sa) - both, "#4c78a8"), ("in both", both, "#54a24b"),
             (f"only in {b.name}", len(sb) - both, "#e45756")]
    fig = go.Figure([go.Bar(name=n, x=[v], y=["words"], orientation="h", marker_color=c, text=[f"{v:,}"])
                     for n, v, c in parts])
    fig.update_layout(barmode="stack", title="Overlap of the two lists", height=220,
                      margin=dict(t=50, b=30, l=60, r=10), legend=dict(orientation="h"))
    return fig
