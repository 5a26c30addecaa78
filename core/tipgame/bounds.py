"""Lower bounds on the total tries of any tip-game strategy: at most 5**(d-1) words can end at try d; a tip that
ends a word splits the others few ways; without a word that begins and ends alike no tip gets "begins and ends with"."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.tipgame.rules import IS
from core.tipgame.table import Index, TipTable, group_counts

BRANCHING = 5  # non-"is" answers per tip
SUBSET_MAX_WORDS = 600  # the largest list whose bound uses the subset-aware count (three plies on 500 words: 4-8 min)


def capacity_bounds(n_max: int) -> np.ndarray:
    """bound[n]: the least total tries over n unit-weight words (the optimal 5-ary tree plus final guesses)."""
    bound = np.zeros(n_max + 1, dtype=np.int64)
    depth, cap, filled = 1, 1, 0
    for n in range(1, n_max + 1):
        if filled == cap:
            depth, cap, filled = depth + 1, cap * BRANCHING, 0
        filled += 1
        bound[n] = bound[n - 1] + depth
    return bound


def weighted_capacity_bound(weights: np.ndarray) -> int:
    """The least total tries for words with these weights: the heaviest words at the shallowest tries."""
    w = np.sort(np.asarray(weights))[::-1]
    depths = np.zeros(len(w), dtype=np.int64)
    depth, start, cap = 1, 0, 1
    while start < len(w):
        depths[start:start + cap] = depth
        start, cap, depth = start + cap, cap * BRANCHING, depth + 1
    return int((w * depths).sum())


def branching_bounds(n_max: int, b: int, bw: int) -> np.ndarray:
    """bound[n]: the least total tries over n unit-weight words when a tip ending a word splits the rest at most bw ways
    and any other tip splits its set at most b ways (b = bw = 5 gives the capacity bound)."""
    big = np.iinfo(np.int64).max // 4
    k_max = max(b, bw)
    F = np.zeros(n_max + 1, dtype=np.int64)
    G = np.full((k_max + 1, n_max + 1), big, dtype=np.int64)  # G[k, m]: least sum of F over <= k parts making m
    G[:, 0] = 0
    for m in range(1, n_max + 1):
        if m == 1:
            F[1] = 1
        else:
            split = (F[1:m] + G[b - 1, m - 1:0:-1]).min()  # a tip that ends no word: two to b groups
            F[m] = m + min(int(split), int(G[bw, m - 1]))  # or one that ends a word: the rest in <= bw groups
        for k in range(1, k_max + 1):
            G[k, m] = min(G[k - 1, m], (F[1:m + 1] + G[k - 1, m - 1::-1]).min())
    return F


def has_border(word: str) -> bool:
    """True when a word begins and ends with the same shorter string (only such words can answer "begins and ends")."""
    return any(word[:k] == word[-k:] for k in range(1, len(word)))


def lower_hull(points: list[tuple[int, float]], x: int, y: float) -> list[tuple[int, float]]:
    """The lower convex hull of points (x ascending) after adding (x, y) at the right, in place."""
    while len(points) >= 2 and ((points[-1][1] - points[-2][1]) * (x - points[-2][0])
                                >= (y - points[-2][1]) * (points[-1][0] - points[-2][0])):
        points.pop()
    points.append((x, y))
    return points


def convex_minorant(h: np.ndarray) -> np.ndarray:
    """The greatest convex function at or below h on 0..len(h)-1, as floats."""
    hull: list[tuple[int, float]] = []
    for x, y in enumerate(np.asarray(h, dtype=float).tolist()):
        lower_hull(hull, x, y)
    return hull_values(hull, len(h))


def hull_values(hull: list[tuple[int, float]], n: int) -> np.ndarray:
    """The hull's values at 0..n-1 (straight between its corners)."""
    xs, ys = zip(*hull)
    return np.interp(np.arange(n), xs, ys)


def split_shapes(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(caps, ends): each distinct tip shape over a set, its five non-"is" group sizes largest first and whether it
    ends a word of the set (tips of one shape bound alike)."""
    caps = -np.sort(-np.asarray(counts)[:, :IS], axis=1)
    ends = (np.asarray(counts)[:, IS] > 0).astype(np.int64)
    shapes = np.unique(np.concatenate([caps, ends[:, None]], axis=1), axis=0)
    return shapes[:, :IS].astype(np.int64), shapes[:, IS]


def least_filled(hull: np.ndarray, caps: np.ndarray, totals: np.ndarray) -> np.ndarray:
    """Per row: the least sum of hull[m_i] over group sizes m_i <= caps[i] adding up to totals (hull convex, caps at
    most len(hull) - 1): fill the groups level by level, the cheapest next word first."""
    top = len(hull) - 1
    step = np.append(np.diff(hull), 0.0)  # step[k]: the cost of a group's (k + 1)-th word
    lo, hi = np.zeros(len(caps), dtype=np.int64), np.full(len(caps), top, dtype=np.int64)
    while (lo < hi).any():  # the deepest level k every group fills up to without passing the total
        mid = (lo + hi + 1) // 2
        fits = np.minimum(caps, mid[:, None]).sum(axis=1) <= totals
        lo, hi = np.where(fits, mid, lo), np.where(fits, hi, mid - 1)
    filled = np.minimum(caps, lo[:, None])
    return hull[filled].sum(axis=1) + (totals - filled.sum(axis=1)) * step[lo]


def subset_sizes(counts: np.ndarray, base: np.ndarray, n: int) -> np.ndarray:
    """bound[m]: the least total tries of any m unit-weight words of a set of n, given every tip's group sizes on the
    set (counts[tip, answer]) and a bound `base` that already holds for its subsets.

    Any tip splits m of the set's words into groups no larger than its groups on the whole set (and smaller than m,
    or it ends one of them); each group then needs at least bound[its size] (a convex hull below it, so the least sum
    is found by filling the groups evenly).
    """
    caps, ends = split_shapes(counts)
    bound = np.array(base[:n + 1], dtype=np.int64)
    corners: list[tuple[int, float]] = []
    for x in range(3):
        lower_hull(corners, x, float(bound[x]))
    for m in range(3, n + 1):
        hull = hull_values(corners, m)  # convex, at or below bound[0..m-1]
        c = np.minimum(caps, m - 1)
        totals = m - ends
        ok = c.sum(axis=1) >= totals
        if ok.any():
            least = m + least_filled(hull, c[ok], totals[ok]).min()
            bound[m] = max(int(bound[m]), int(np.ceil(least - 1e-9)))
        lower_hull(corners, m, float(bound[m]))
    return bound


def _read_only(a: np.ndarray) -> np.ndarray:
    a.setflags(write=False)
    return a


_GROUP_BIT = _read_only(np.array([1 << c if c != IS else 0 for c in range(IS + 1)], dtype=np.uint8))
_POPCOUNT = _read_only(np.array([bin(i).count("1") for i in range(1 << IS)], dtype=np.int64))


def word_branching(table: TipTable, H: Index) -> int:
    """The most non-"is" groups that guessing one of H's words splits the others of H into."""
    sub = table.codes[np.ix_(table.word_tip[H], H)]
    return max(1, int(_POPCOUNT[np.bitwise_or.reduce(_GROUP_BIT[sub], axis=1)].max()))


@dataclass(frozen=True)
class LeafBound:
    """The bound a ply search puts under a set it does not expand: capacity, tightened by how few ways tips can split it."""

    table: TipTable
    bordered: np.ndarray  # bool per word: it begins and ends with the same shorter string
    tables: tuple[np.ndarray, ...]  # tables[(b - 4) * 6 + bw]: branching_bounds(n_words, b, bw) for b in 4, 5
    cap: np.ndarray  # capacity_bounds(n_words)

    @classmethod
    def of(cls, table: TipTable) -> "LeafBound":
        """The leaf bound for a table."""
        n = table.n_words
        tables = tuple(branching_bounds(n, b, max(1, bw)) for b in (4, 5) for bw in range(6))
        return cls(table, np.array([has_border(w) for w in table.words], dtype=bool), tables, capacity_bounds(n))

    def sizes(self, H: Index) -> np.ndarray:
        """bound[n]: the least total tries of n unit-weight words of H (of any subset of H: the limits only shrink)."""
        b = 5 if self.bordered[H].any() else 4
        return self.tables[(b - 4) * 6 + min(word_branching(self.table, H), b)]

    def __call__(self, H: Index) -> int:
        """A lower bound on the total tries for the words of H."""
        w = self.table.weights[H]
        n, W = len(H), int(w.sum())
        if n <= 2:
            return W + (int(w.min()) if n == 2 else 0)
        tight = int(self.sizes(H)[n]) + W - n  # each extra copy of a word adds >= 1
        return tight if W == n else max(tight, weighted_capacity_bound(w))


def list_lower_bound(table: TipTable, plies: int = 2) -> dict[str, float]:
    """Lower bounds on the mean tries per drawn word: capacity, one ply and (lists up to 1,500 words) `plies` plies.

    The ply bounds minimise over every substring of any length, so they hold for every strategy; on lists up to
    SUBSET_MAX_WORDS distinct words the one-ply bound and bounds of three plies or more use the subset-aware count at
    their last ply (two plies without it stay quick for the page: with it, minutes on some 500-word lists).
    """
    total = table.total_weight
    full = all_substrings_table(table)
    cap = weighted_capacity_bound(table.weights)
    subsets = table.n_words <= SUBSET_MAX_WORDS
    one = max(cap, ply_bound(full, full.all_words(), 1, subsets=subsets))
    out = {"capacity": cap / total, "one_ply": one / total, "best": one / total}
    if plies >= 2 and table.n_words <= 1500:
        deep = max(one, ply_bound(full, full.all_words(), plies, subsets=subsets and plies >= 3))
        out[f"{plies}_ply"] = deep / total
        out["best"] = deep / total
    return out


def all_substrings_table(table: TipTable) -> TipTable:
    """A table over the same words whose tips are every substring of any length (every tip that can matter)."""
    from core.tipgame.table import rich_tip_table

    longest = max(len(w) for w in table.words)
    if table.max_tip_len >= longest:
        return table
    words = [w for w, k in zip(table.words, table.weights.tolist()) for _ in range(k)]
    return rich_tip_table(words)


def bench_plies(n_words: int) -> int:
    """How many plies the benchmark's bound searches: 3 on lists up to 600 distinct words (minutes), else 2."""
    return 3 if n_words <= 600 else 2


def ply_bound(table: TipTable, H: Index, plies: int, memo: dict | None = None, leaf: LeafBound | None = None,
              tips: np.ndarray | None = None, subsets: bool = True) -> int:
    """A bound `plies` tips deep: the best tip by the bounds of its groups (exact min over every useful tip).

    `tips` may narrow the tips looked at to those useful on a superset of H (no other tip splits H); with `subsets`
    the last ply bounds groups by the subset-aware count (tighter, slower), else by H's splitting count.
    """
    H = np.asarray(H, dtype=np.int32)
    n = len(H)
    leaf = LeafBound.of(table) if leaf is None else leaf
    if n <= 2 or plies <= 0:
        return leaf(H)
    W = int(table.weights[H].sum())
    memo = {} if memo is None else memo
    key = (H.tobytes(), plies)
    if key in memo:
        return memo[key]
    cap = leaf.sizes(H)  # bounds every group of every tip: its words are a subset of H
    counts = group_counts(table, H, tips)
    ok = np.flatnonzero(((counts > 0).sum(axis=1) > 1) | (counts[:, IS] > 0))
    c = counts[ok]
    ok = ok if tips is None else tips[ok]
    lb0 = W + cap[c].sum(axis=1) - cap[c[:, IS]]
    if plies == 1:  # the last ply bounds each group by what H's own tips can split its subsets into
        sub = subset_sizes(counts, cap, n) if subsets else cap
        lb1 = W + sub[c].sum(axis=1) - sub[c[:, IS]]
        memo[key] = max(int(lb1.min()), leaf(H))
        return memo[key]
    split = [_groups(table, H, t) for t in ok.tolist()] if plies >= 3 else None
    if split is not None:  # each tip's groups one more ply shallow first: a much tighter order and cut-off
        floors = [[ply_bound(table, g, plies - 2, memo, leaf, ok, subsets) for g in gs] for gs in split]
        lb0 = np.maximum(lb0, W + np.array([sum(f) for f in floors]))
    order = np.argsort(lb0, kind="stable")
    best = np.inf
    for i in order.tolist():
        if lb0[i] >= best:
            break
        gs = split[i] if split is not None else _groups(table, H, int(ok[i]))
        lows = floors[i] if split is not None else [int(cap[len(g)]) for g in gs]
        total, rest = W, sum(lows)
        for g, low in zip(gs, lows):
            rest -= low
            total += ply_bound(table, g, plies - 1, memo, leaf, ok, subsets)
            if total + rest >= best:
                break
        else:
            best = min(best, total)
    best = max(int(best), leaf(H))
    memo[key] = best
    return best


def _groups(table: TipTable, H: Index, t: int) -> list[Index]:
    """H's non-empty non-"is" groups under a tip, largest first."""
    row = table.codes[t, H]
    gs = [H[row == code] for code in range(IS)]
    return sorted((g for g in gs if len(g)), key=len, reverse=True)


def with_saved_bound(bounds: dict[str, float], three_ply: float | None) -> dict[str, float]:
    """The bounds plus a saved tree's 3-ply bound for this exact list (a new dict; "best" is the largest bound)."""
    if not isinstance(three_ply, (int, float)) or isinstance(three_ply, bool):
        return dict(bounds)
    out = {**bounds, "3_ply": float(three_ply)}
    out["best"] = max(v for k, v in out.items() if k != "best")
    return out


def saved_bounds(saved: object) -> dict[str, float] | None:
    """A saved tree's lower bounds for its own list (capacity, one ply, deeper plies; "best" the largest) when it holds
    them as numbers, else None (the page then computes them)."""
    if not isinstance(saved, dict):
        return None
    numbers = {k: float(v) for k, v in saved.items()
               if k != "best" and isinstance(v, (int, float)) and not isinstance(v, bool)}
    if not {"capacity", "one_ply"} <= set(numbers):
        return None
    return {**numbers, "best": max(numbers.values())}


def least_possible(bounds: dict[str, float]) -> float:
    """The largest of a list's lower bounds: no strategy can average fewer tries on it."""
    return bounds["best"]
