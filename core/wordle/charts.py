"""Pure functions drawing Wordle figures (plotly) and tile rows (HTML) for the page."""
from __future__ import annotations

from html import escape
from typing import Sequence

import numpy as np
import plotly.graph_objects as go

from core.wordle.rules import Encoding, Word, colours_of
from core.words import counted

TILE_COLOURS = {0: "#787c7e", 1: "#c9b458", 2: "#6aaa64"}


def tiles_html(units: Sequence[str], cols: Sequence[int], size: int = 44) -> str:
    """A row of coloured Wordle tiles as HTML (one tile per symbol, spelled out)."""
    cells = "".join(
        f'<span style="display:inline-flex;align-items:center;justify-content:center;width:{size}px;height:{size}px;'
        f'margin:2px;background:{TILE_COLOURS[int(c)]};color:white;font-weight:700;font-size:{size // 2}px;'
        f'font-family:sans-serif;border-radius:4px;text-transform:uppercase">{escape(u)}</span>'
        for u, c in zip(units, cols)
    )
    return f'<div class="wordle-row">{cells}</div>'


def history_html(history: Sequence[tuple[Word, int]], encoding: Encoding = Encoding()) -> str:
    """The board of a game so far as HTML rows of tiles."""
    return "".join(tiles_html(encoding.units(g), colours_of(p, len(g))) for g, p in history)


def share_label(share: float) -> str:
    """A heatmap cell's share: empty for none, "<1%" for a share that would round to 0%, else whole percent."""
    if share <= 0:
        return ""
    return "<1%" if f"{share:.0%}" == "0%" else f"{share:.0%}"


def letter_position_heatmap(words: Sequence[Word], encoding: Encoding = Encoding(),
                            title: str = "Letter by position in the answers left") -> go.Figure:
    """A heatmap of P(symbol at position) over the given words."""
    length = max((len(w) for w in words), default=0)
    symbols = sorted({c for w in words for c in w})
    index = {c: i for i, c in enumerate(symbols)}
    mat = np.zeros((len(symbols), length))
    for w in words:
        for j, c in enumerate(w):
            mat[index[c], j] += 1
    share = mat / max(1, len(words))
    labels = [encoding.decode(c) for c in symbols]
    fig = go.Figure(go.Heatmap(
        z=share, x=[str(j + 1) for j in range(length)], y=labels, colorscale="Viridis", zmin=0, zmax=1,
        text=[[share_label(v) for v in row] for row in share], texttemplate="%{text}",
        colorbar=dict(title="share", tickformat=".0%"),
        hovertemplate="position %{x}, letter %{y}: %{z:.1%}<extra></extra>",
    ))
    fig.update_layout(title=title, xaxis_title="position", yaxis_title="letter", yaxis_autorange="reversed",
                      height=max(300, 18 * len(symbols) + 90), margin=dict(t=50, b=40, l=60, r=10))
    return fig


def candidates_chart(counts: Sequence[int], guesses: Sequence[str]) -> go.Figure:
    """Answers still possible before the first guess and after each guess (log scale)."""
    fig = go.Figure(go.Scatter(x=["start"] + [f"{i + 1}. {g.upper()}" for i, g in enumerate(guesses)], y=list(counts),
                               mode="lines+markers+text", text=[f"{c:,}" for c in counts], textposition="top right",
                               cliponaxis=False))
    fig.update_layout(title="Answers still possible", yaxis=dict(type="log", dtick=1, title="answers"), height=300,
                      margin=dict(t=50, b=40, l=50, r=40))
    return fig


def pattern_label(code: int, length: int) -> str:
    """A feedback code as coloured squares (grey, yellow, green)."""
    return "".join("⬜🟨🟩"[c] for c in colours_of(code, length))


def groups_chart(groups: Sequence[tuple[int, int]], kept: int | None, length: int, top: int = 20) -> go.Figure:
    """Horizontal bars of the answers in each colour group a guess made, largest on top, the group kept highlighted."""
    ranked = sorted(groups, key=lambda cs: (-cs[1], cs[0]))
    shown = ranked[:top]
    if kept is not None and kept not in {c for c, _ in shown}:
        shown = shown[:-1] + [next(cs for cs in ranked if cs[0] == kept)]
    total = sum(s for _, s in groups)
    rest = len(ranked) - len(shown)
    note = f"; the {rest} smallest not drawn" if rest > 0 else ""
    labels = [f"{pattern_label(c, length)} {i + 1:>2}" for i, (c, _) in enumerate(shown)]
    fig = go.Figure(go.Bar(
        x=[s for _, s in shown], y=labels, orientation="h", text=[f"{s:,}" for _, s in shown],
        textposition="outside", cliponaxis=False,
        marker_color=["#6aaa64" if c == kept else "#9aa0a6" for c, _ in shown],
        hovertemplate="%{y}: %{x:,} answers<extra></extra>",
    ))
    fig.update_layout(title=f"{counted(total, 'answer')} in {counted(len(groups), 'colour group')}{note}<br>"
                            "<sup>green bar: the group the host kept</sup>",
                      xaxis_title="answers in the group", yaxis=dict(autorange="reversed", title=None),
                      height=max(260, 24 * len(shown) + 110), margin=dict(t=70, b=40, l=10, r=40))
    return fig


def answers_left_chart(rows: Sequence[tuple[str, float, int, bool]],
                       title: str = "Top suggestions") -> go.Figure:
    """Horizontal bars of (word, average left, worst left, could be the answer): shorter is better."""
    rows = list(rows)[::-1]
    fig = go.Figure(go.Bar(
        x=[m for _, m, _, _ in rows], y=[w.upper() for w, _, _, _ in rows], orientation="h",
        marker_color=["#6aaa64" if a else "#4c78a8" for _, _, _, a in rows],
        text=[f"{m:,.1f} (at most {w:,})" for _, m, w, _ in rows], textposition="auto",
        hovertemplate="%{y}: %{x:.1f} answers left on average<extra></extra>",
    ))
    fig.update_layout(title=title + "<br><sup>fewer left is better · green: could be the answer</sup>",
                      xaxis_title="answers left on average",
                      height=max(260, 26 * len(rows) + 90), margin=dict(t=50, b=40, l=80, r=10))
    return fig
