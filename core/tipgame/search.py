"""Decision-tree search: f(H) = |H| + min over tips of the sum of f(group), memoised, bounded, beam-limited or
piloted (greedy rollouts of the best-ranked tips choose which tips to search)."""
from __future__ import annotations

import math
from functools import lru_cache
import time
from dataclasses import dataclass
from typing import Callable

import numpy as np

from core.tipgame.bounds import capacity_bounds
from core.tipgame.rules import IS, N_ANSWERS
from core.tipgame.table import Index, TipTable, group_weights

NON_IS = np.array([c for c in range(N_ANSWERS) if c != IS])


EXACT = 1 << 30  # the effort of an exact search over every useful tip


class SearchTimeout(Exception):
    """The search ran past its deadline."""


@dataclass(frozen=True)
class SearchParams:
    """How wide and how exact the search is."""

    width: int = 1  # tips tried per node on large sets
    top_width: int = 0  # tips tried at the first levels (0: same as width)
    top_depth: int = 1  # how many levels use top_width
    exact_size: int = 5  # sets up to this size are searched over every useful tip
    est_a: float = 1.0  # estimate of a group's cost: n * (1 + est_a * log(n) / log(6)) ...
    est_b: float = 0.0  # ... + est_b * n, used to rank tips
    noise: float = 0.0  # random jitter on the ranking (local search)
    info_width: int = 0  # extra tips tried per node: the best by expected information
    noise_depth: int = 1  # noise (and a fresh look past the memo) only down to this depth
    pilot: int = 0  # when > 0: roll out this many best-ranked tips (width 1 below), search the `width` cheapest
    pilot_size: int = 0  # ... only on sets larger than this
    pilot_level: int = 1  # rollouts are themselves pilot searches this many levels down (1: plain greedy rollouts)


def estimate_costs(n_max: int, a: float, b: float) -> np.ndarray:
    """est[n]: a cheap estimate of the total tries to solve a group of n words."""
    n = np.arange(n_max + 1, dtype=np.float64)
    est = np.where(n > 0, n * (1.0 + a * np.log(np.maximum(n, 1.0)) / math.log(6.0)) + b * n, 0.0)
    est[1:3] = [1.0, 3.0][: min(2, n_max)]
    return est


class Searcher:
    """A memoised tree search over one tip table; the memo maps a word set to (cost, tip, effort)."""

    def __init__(self, table: TipTable, deadline: float = math.inf, seed: int = 0,
                 tick: Callable[[], None] | None = None) -> None:
        self.table = table
        self.tick = tick
        self.deadline = deadline
        self.memo: dict[bytes, tuple[float, int, int]] = {}
        self.rng = np.random.default_rng(seed)
        n = table.n_words
        self.cap = capacity_bounds(n)
        self.unit = bool((table.weights == 1).all())
        self.calls = 0

    def cost(self, H: Index, params: SearchParams, depth: int = 0) -> float:
        """The least total tries found for H under the given search effort."""
        n = len(H)
        w = self.table.weights[H]
        if n == 1:
            return float(w[0])
        if n == 2:
            return float(w.sum() + w.min())
        key = H.tobytes()
        effort = self._effort(n, params, depth)
        hit = self.memo.get(key)
        fresh = params.noise > 0.0 and depth <= params.noise_depth
        if hit is not None and hit[2] >= effort and not fresh:
            return hit[0]
        self.calls += 1
        if self.calls % 64 == 0:
            if time.monotonic() > self.deadline:
                raise SearchTimeout
            if self.tick is not None:
                self.tick()
        best, best_tip = self._search(H, params, depth, effort, hit, fresh)
        if hit is None or best < hit[0] or (best == hit[0] and effort > hit[2]):
            self.memo[key] = (best, best_tip, max(effort, hit[2] if hit else 0))
        return min(best, hit[0]) if hit else best

    def _effort(self, n: int, params: SearchParams, depth: int) -> int:
        """How hard a set is searched: exact, else width, then pilot level, then pilot count (larger is harder)."""
        if n <= params.exact_size:
            return EXACT
        if not params.pilot or n <= params.pilot_size:
            return self._width(params, depth) << 16
        return (self._width(params, depth) << 16) | (min(params.pilot_level, 63) << 10) | min(params.pilot, 1023)

    @staticmethod
    def _width(params: SearchParams, depth: int) -> int:
        """The number of tips tried at a depth."""
        if depth < params.top_depth and params.top_width:
            return params.top_width
        return params.width

    def _search(self, H: Index, params: SearchParams, depth: int, effort: int, hit, fresh: bool = False) -> tuple[float, int]:
        table = self.table
        W = float(table.weights[H].sum())
        counts = group_weights(table, H).astype(np.int64) if not self.unit else _unit_counts(table, H)
        n_groups = (counts > 0).sum(axis=1)
        useful = np.flatnonzero((n_groups > 1) | (counts[:, IS] > 0))
        c = counts[useful]
        lb = W + (self.cap[c[:, NON_IS]]).sum(axis=1)
        if n_groups.size and effort >= EXACT:
            order = np.lexsort((self.rank(c, params, fresh), lb))
            cand = useful[order]
            cand_lb = lb[order]
        else:
            rank = self.rank(c, params, fresh)
            k = min(self._width(params, depth), len(useful))
            part = np.argpartition(rank, k - 1)[:k] if k < len(useful) else np.arange(len(useful))
            part = part[np.argsort(rank[part], kind="stable")]
            if effort % 1024:  # piloted: the k best by rollout replace the k best by rank (no info extras)
                part = self._pilot_order(H, W, useful, rank, params, depth, k)
            elif params.info_width:
                info = _information(c)
                m = min(params.info_width, len(useful))
                extra = np.argpartition(-info, m - 1)[:m] if m < len(useful) else np.arange(len(useful))
                part = np.concatenate([part, extra[~np.isin(extra, part)]])
            cand = useful[part]
            cand_lb = lb[part]
        best, best_tip = (hit[0], hit[1]) if hit else (math.inf, -1)
        codes = table.codes
        for t, t_lb in zip(cand.tolist(), cand_lb.tolist()):
            if t_lb >= best:
                if effort >= EXACT:
                    break
                continue
            row = codes[t, H]
            groups = [H[row == a] for a in NON_IS.tolist()]
            groups = [g for g in groups if len(g)]
            groups.sort(key=len, reverse=True)
            total = W
            rest = t_lb - W
            for g in groups:
                rest -= self.cap[len(g)]
                total += self.cost(g, params, depth + 1)
                if total + rest >= best:
                    break
            else:
                if total < best:
                    best, best_tip = total, t
        return best, best_tip

    def _pilot_order(self, H: Index, W: float, useful: np.ndarray, rank: np.ndarray, params: SearchParams, depth: int,
                     k: int) -> np.ndarray:
        """The k positions (into useful) of the tips whose greedy rollout is cheapest among the pilot best-ranked."""
        m = min(max(params.pilot, k), len(useful))
        top = np.argpartition(rank, m - 1)[:m] if m < len(useful) else np.arange(len(useful))
        top = top[np.argsort(rank[top], kind="stable")]
        roll = _pilot_params(params)
        codes = self.table.codes
        values = []
        for i in top.tolist():
            row = codes[useful[i], H]
            total = W
            for a in NON_IS.tolist():
                g = H[row == a]
                if len(g):
                    total += self.cost(g, roll, depth + 1)
            values.append(total)
        order = np.argsort(np.array(values), kind="stable")[:k]
        return top[order]

    def rank(self, c: np.ndarray, params: SearchParams, noisy: bool = False) -> np.ndarray:
        """Each tip's estimated total tries from its group counts (lower is better), jittered when params.noise."""
        est = _estimates(self.table.n_words, params.est_a, params.est_b)
        r = est[c[:, NON_IS]].sum(axis=1) - 1e-6 * c[:, IS]
        if noisy and params.noise:
            r = r * (1.0 + params.noise * self.rng.standard_normal(len(r)))
        return r

    def best_tip(self, H: Index) -> int:
        """The tip stored for a set (after cost() was called on it)."""
        n = len(H)
        if n <= 2:
            w = self.table.weights[H]
            return int(self.table.word_tip[H[int(np.argmax(w))]])
        return self.memo[H.tobytes()][1]


def _information(c: np.ndarray) -> np.ndarray:
    """Expected information (bits) of each tip's split, with a tiny bonus for tips that may end the game."""
    p = c / c.sum(axis=1, keepdims=True)
    with np.errstate(divide="ignore", invalid="ignore"):
        ent = -np.where(p > 0, p * np.log2(p), 0.0).sum(axis=1)
    return ent + 1e-9 * c[:, IS]


def seed_memo(searcher: "Searcher", table: TipTable, root, H: Index) -> float:
    """Store a given tree's subtrees in the memo (as a starting point the search must beat); returns its total."""
    t = table.tip_index[root.tip]
    row = table.codes[t, H]
    total = float(table.weights[H].sum())
    for code, child in root.children:
        g = H[row == code]
        if len(g):
            total += seed_memo(searcher, table, child, g)
    if len(H) > 2:
        hit = searcher.memo.get(H.tobytes())
        if hit is None or total < hit[0]:
            searcher.memo[H.tobytes()] = (total, t, 0)
    elif len(H) <= 2:
        w = table.weights[H]
        total = float(w[0]) if len(H) == 1 else float(w.sum() + w.min())
    return total


def _unit_counts(table: TipTable, H: Index) -> np.ndarray:
    sub = table.codes[:, H]
    n_tips = sub.shape[0]
    flat = sub.astype(np.int64) + (np.arange(n_tips, dtype=np.int64) * N_ANSWERS)[:, None]
    return np.bincount(flat.ravel(), minlength=n_tips * N_ANSWERS).reshape(n_tips, N_ANSWERS)


@lru_cache(maxsize=64)
def _pilot_params(params: SearchParams) -> SearchParams:
    """The cheaper search a pilot rollout uses: width 1, the same ranking, one pilot level less."""
    deeper = params.pilot_level > 1
    return SearchParams(width=1, exact_size=min(params.exact_size, 5), est_a=params.est_a, est_b=params.est_b,
                        pilot=params.pilot if deeper else 0, pilot_size=params.pilot_size,
                        pilot_level=params.pilot_level - 1 if deeper else 1)


@lru_cache(maxsize=64)
def _estimates(n_max: int, a: float, b: float) -> np.ndarray:
    """The estimate table for a list size and parameters (cached; never mutate it)."""
    est = estimate_costs(n_max, a, b)
    est.setflags(write=False)
    return est
