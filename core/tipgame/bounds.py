"""Lower bounds on the total tries of any tip-game strategy: at most 5**(d-1) words can end at try d."""
from __future__ import annotations

import numpy as np

from core.tipgame.rules import IS
from core.tipgame.table import Index, TipTable, group_counts

BRANCHING = 5  # non-"is" answers per tip


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


def one_ply_bound(table: TipTable, H: Index) -> int:
    """A tighter bound for a set: the best first tip, then the capacity bound in every answer group."""
    H = np.asarray(H, dtype=np.int32)
    if len(H) <= 1:
        return int(table.weights[H].sum())
    counts = group_counts(table, H)
    cap = capacity_bounds(len(H))
    rest = cap[counts].sum(axis=1) - cap[counts[:, IS]]
    useful = (counts > 0).sum(axis=1) > 1
    useful |= counts[:, IS] > 0
    extra = int(rest[useful].min())
    # duplicates weigh more; unit weights are a valid floor for them
    return int(table.weights[H].sum()) + extra


def list_lower_bound(table: TipTable, plies: int = 2) -> dict[str, float]:
    """Lower bounds on the mean tries per drawn word: capacity, one ply and (lists up to 1,500 words) `plies` plies.

    The ply bounds minimise over every substring of any length, so they hold for every strategy.
    """
    total = table.total_weight
    full = all_substrings_table(table)
    cap = weighted_capacity_bound(table.weights)
    one = max(cap, one_ply_bound(full, full.all_words()))
    out = {"capacity": cap / total, "one_ply": one / total, "best": one / total}
    if plies >= 2 and table.n_words <= 1500:
        deep = max(one, ply_bound(full, full.all_words(), plies))
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


def ply_bound(table: TipTable, H: Index, plies: int, memo: dict | None = None) -> int:
    """A bound `plies` tips deep: the best tip by the bounds of its groups (exact min over every useful tip)."""
    H = np.asarray(H, dtype=np.int32)
    n = len(H)
    cap = capacity_bounds(table.n_words)
    W = int(table.weights[H].sum())
    if n <= 2 or plies <= 0:
        return W + (int(table.weights[H].min()) if n == 2 else 0) if n <= 2 else max(W, weighted_capacity_bound(table.weights[H]))
    memo = {} if memo is None else memo
    key = (H.tobytes(), plies)
    if key in memo:
        return memo[key]
    counts = group_counts(table, H)
    ok = np.flatnonzero(((counts > 0).sum(axis=1) > 1) | (counts[:, IS] > 0))
    c = counts[ok]
    lb0 = W + cap[c].sum(axis=1) - cap[c[:, IS]]
    order = np.argsort(lb0, kind="stable")
    best = np.inf
    for i in order.tolist():
        if lb0[i] >= best:
            break
        t = int(ok[i])
        row = table.codes[t, H]
        total, rest = W, int(lb0[i]) - W
        for code in range(len(c[i])):
            if code == IS or c[i, code] == 0:
                continue
            g = H[row == code]
            rest -= int(cap[len(g)])
            total += ply_bound(table, g, plies - 1, memo)
            if total + rest >= best:
                break
        else:
            best = min(best, total)
    memo[key] = int(best)
    return int(best)


def with_saved_bound(bounds: dict[str, float], three_ply: float | None) -> dict[str, float]:
    """The bounds plus a saved tree's 3-ply bound for this exact list (a new dict; "best" is the largest bound)."""
    if not isinstance(three_ply, (int, float)) or isinstance(three_ply, bool):
        return dict(bounds)
    out = {**bounds, "3_ply": float(three_ply)}
    out["best"] = max(v for k, v in out.items() if k != "best")
    return out
