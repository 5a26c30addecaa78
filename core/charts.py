"""Pure functions returning plotly figures for word lists (games keep their own charts)."""
from __future__ import annotations

from collections import Counter

import numpy as np
import plotly.graph_objects as go

from core.words import WordList, letter_counts, position_matrix


def length_ticks(lengths: list[int], most: int = 8) -> list[int]:
    """Whole-number ticks over the lengths: every length of a short range, else every 2nd, 5th... (at most `most`)."""
    if not lengths:
        return []
    lo, hi = min(lengths), max(lengths)
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100, 10**9) if (hi - lo) // s < most)
    start = lo - lo % step if step > 1 else lo
    return list(range(start, hi + step, step)) if step > 1 else list(range(lo, hi + 1))


def length_histogram(words: WordList) -> go.Figure:
    """A bar chart of how many words have each length."""
    counts = Counter(len(w) for w in words.words)
    xs = sorted(counts)
    fig = go.Figure(go.Bar(x=xs, y=[counts[x] for x in xs], marker_color="#4c78a8"))
    fig.update_layout(title="Word lengths", xaxis_title="letters in the word", yaxis_title="words",
                      xaxis=dict(tickmode="array", tickvals=length_ticks(xs), tickangle=0),
                      yaxis=dict(tickformat=",d", dtick=1 if max(counts.values(), default=0) <= 10 else None),
                      margin=dict(t=50, b=40, l=50, r=10), height=320)
    return fig


def letter_frequency_bar(words: WordList) -> go.Figure:
    """A bar chart of each letter's share of all letters."""
    counts = letter_counts(words)
    total = sum(counts.values()) or 1
    fig = go.Figure(go.Bar(x=list(counts), y=[v / total for v in counts.values()], marker_color="#f58518"))
    fig.update_layout(title="Letter frequencies", xaxis_title="letter", yaxis_title="share of letters",
                      xaxis=dict(tickmode="array", tickvals=list(counts), ticktext=list(counts), tickangle=0,
                                 tickfont=dict(size=11)),
                      yaxis_tickformat=".0%", margin=dict(t=50, b=40, l=50, r=10), height=320)
    return fig


def position_heatmap(words: WordList, max_len: int = 12) -> go.Figure:
    """A heatmap of each letter's share of the words' letters at each position, every letter labelled."""
    letters, mat = position_matrix(words, max_len)
    totals = mat.sum(axis=0, keepdims=True)
    share = np.divide(mat, totals, out=np.zeros_like(mat, dtype=float), where=totals > 0)
    used = int((totals > 0).sum())
    fig = go.Figure(go.Heatmap(z=share[:, :used], x=[str(i + 1) for i in range(used)], y=letters,
                               colorscale="Viridis", colorbar=dict(title="share", tickformat=".0%"),
                               hovertemplate="position %{x}, letter %{y}: %{z:.1%} of the letters there<extra></extra>"))
    fig.update_layout(title="Which letter comes where (share of the words' letters at each position)",
                      xaxis_title="position in the word", yaxis_title="letter", xaxis_dtick=1,
                      yaxis=dict(autorange="reversed", tickmode="array", tickvals=letters, ticktext=letters,
                                 tickfont=dict(size=12)),
                      margin=dict(t=50, b=40, l=50, r=10), height=max(420, 18 * len(letters) + 100))
    return fig


def overlap_shares(a: WordList, b: WordList) -> list[dict]:
    """For each list: how many of its words are also in the other, how many only in it, and their shares."""
    both = len(a.word_set & b.word_set)
    rows = []
    for wl in (a, b):
        n = len(wl.word_set)
        rows.append({"list": wl.name, "words": n, "in both": both, "only here": n - both,
                     "share in both": both / n if n else 0.0})
    return rows


def overlap_bar(a: WordList, b: WordList) -> go.Figure:
    """Each list as a full-width bar split into the share of its words also in the other list and the share only in
    it (so a small upload shows as plainly as a big list), with the counts written on the bars; legend below."""
    rows = overlap_shares(a, b)
    names = [f"{r['list']} ({r['words']:,} words)" for r in rows]
    parts = [("also in the other list", "in both", "#54a24b"), ("only in this list", "only here", "#4c78a8")]
    fig = go.Figure([
        go.Bar(name=label, y=names, x=[r[key] / r["words"] if r["words"] else 0 for r in rows], orientation="h",
               marker_color=colour, text=[f"{r[key]:,}" for r in rows], textposition="inside",
               insidetextanchor="middle", textangle=0, constraintext="none", hovertemplate="%{y}: %{text} words (%{x:.1%})<extra>" + label + "</extra>")
        for label, key, colour in parts])
    fig.update_layout(barmode="stack", title="How much of each list is in the other", height=300,
                      xaxis=dict(tickformat=".0%", range=[0, 1], title="share of the list's words"),
                      yaxis=dict(autorange="reversed", automargin=True),
                      margin=dict(t=50, b=100, l=10, r=10),
                      legend=dict(orientation="h", yanchor="top", y=-0.45, xanchor="left", x=0, traceorder="normal"))
    return fig
