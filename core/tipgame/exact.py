"""The proven optimum of a small list: branch and bound over every useful tip, tips that split a set alike searched
once, each set's search cut off as soon as it cannot beat the best tip found (2026-11-29)."""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Callable

import numpy as np

from core.progress import no_progress
from core.tipgame.bounds import LeafBound, subset_sizes
from core.tipgame.rules import IS, NON_IS_CODES
from core.tipgame.search import Searcher, SearchParams, SearchTimeout
from core.tipgame.table import Index, TipTable, rich_tip_table
from core.tipgame.tree import Node

SUBSET_MIN_WORDS = 12  # sets this large bound their tips by the subset-aware count (smaller: the plain one)
EXACT_MAX_WORDS = 80  # the largest list the page offers to solve exactly (at most 21 s on samples of 80 words)


@dataclass(frozen=True)
class Optimum:
    """The least possible total tries of a list, a tree that reaches it, and what the search took."""

    total: int
    mean: float
    root: Node
    seconds: float
    sets: int  # word sets searched


def partitions(table: TipTable, H: Index) -> tuple[np.ndarray, np.ndarray]:
    """(tips, labels): one tip per distinct way of splitting H (answers renamed in order of first appearance, "is"
    kept apart), and each kept tip's group label per word of H; tips that leave H in one group and end no word of it
    are dropped."""
    sub = table.codes[:, H].astype(np.int16)
    n_tips, n = sub.shape
    first = np.full((n_tips, IS + 1), n, dtype=np.int16)
    for code in range(IS + 1):
        hit = sub == code
        has = hit.any(axis=1)
        first[has, code] = hit[has].argmax(axis=1)
    labels = np.take_along_axis(first, sub, axis=1)
    labels[sub == IS] = n  # a guessed word is its own kind of group: it is found
    uniq, keep = np.unique(labels, axis=0, return_index=True)
    split = ((uniq != uniq[:, :1]).any(axis=1)) | (uniq == n).any(axis=1)
    keep, uniq = keep[split], uniq[split]
    return keep.astype(np.int64), uniq


class ExactSearch:
    """f(H) = weight of H + min over tips of the sum of f over its non-"is" groups, exactly, with a memo of values and
    of proven lower bounds."""

    def __init__(self, table: TipTable, deadline: float = math.inf, tick: Callable[[], None] | None = None,
                 progress: Callable[[int, int, str], None] = no_progress,
                 subset_min_words: int = SUBSET_MIN_WORDS) -> None:
        self.table = table
        self.subset_min_words = subset_min_words  # sets this large use the subset-aware count
        self.progress = progress  # reports the first tips settled out of those still worth trying
        self.root_key = table.all_words().tobytes()
        self.leaf = LeafBound.of(table)
        self.deadline = deadline
        self.tick = tick
        self.exact: dict[bytes, tuple[int, int]] = {}  # set -> (value, tip)
        self.lower: dict[bytes, int] = {}  # set -> a proven lower bound
        self.sets = 0

    def low(self, H: Index) -> int:
        """The best proven lower bound on f(H) so far (its value once known)."""
        key = H.tobytes()
        hit = self.exact.get(key)
        if hit is not None:
            return hit[0]
        return max(self.lower.get(key, 0), self._small(H) if len(H) <= 2 else self.leaf(H))

    def _small(self, H: Index) -> int:
        w = self.table.weights[H]
        return int(w[0]) if len(H) == 1 else int(w.sum() + w.min())

    def value(self, H: Index, cutoff: float = math.inf) -> int:
        """f(H) when it is below cutoff; otherwise a proven lower bound that is at least cutoff."""
        if len(H) <= 2:
            return self._small(H)
        key = H.tobytes()
        hit = self.exact.get(key)
        if hit is not None:
            return hit[0]
        lo = self.low(H)
        if lo >= cutoff:
            return lo
        self.sets += 1
        if self.sets % 32 == 0:
            if time.monotonic() > self.deadline:
                raise SearchTimeout
            if self.tick is not None:
                self.tick()
        best, best_tip = self.least_tip(H, cutoff, self.value, at_root=key == self.root_key)
        if best_tip >= 0:
            self.exact[key] = (int(best), best_tip)
            return int(best)
        self.lower[key] = max(self.lower.get(key, 0), int(best) if math.isfinite(best) else lo)
        return self.lower[key]

    def tip_floors(self, H: Index) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(tips, labels, floors): one tip per way of splitting H, its group label per word, and a proven lower bound on
        each tip's total (H's weight plus a count-based floor for each of its groups), for a set of 3+ words."""
        table = self.table
        W = int(table.weights[H].sum())
        tips, labels = partitions(table, H)
        n = len(H)
        n_parts = len(tips)
        flat = (labels.astype(np.int64) + (np.arange(n_parts, dtype=np.int64) * (n + 1))[:, None]).ravel()
        sizes = np.bincount(flat, minlength=n_parts * (n + 1)).reshape(n_parts, n + 1)[:, :n]
        cap = self.leaf.sizes(H)  # bounds every group of every tip: a subset of H
        if n >= self.subset_min_words:  # what its own tips can split its parts into: tighter, worth it here
            shapes = np.concatenate([-np.sort(-sizes, axis=1)[:, :IS], (labels == n).any(axis=1)[:, None]], axis=1)
            cap = subset_sizes(shapes, cap, n)
        weights = np.bincount(flat, weights=np.broadcast_to(table.weights[H], labels.shape).ravel(),
                              minlength=n_parts * (n + 1)).reshape(n_parts, n + 1)[:, :n].astype(np.int64)
        floors = W + (np.where(sizes > 0, cap[sizes] + weights - sizes, 0)).sum(axis=1)
        return tips, labels, floors

    def least_tip(self, H: Index, cutoff: float, child: Callable[[Index, float], int],
                  at_root: bool = False) -> tuple[float, int]:
        """(best, tip): the least total over H's tips below cutoff, each group valued by child(group, its cutoff), and
        the tip reaching it; (cutoff or a higher proven floor, -1) when no tip gets below cutoff. With an exact child
        the total is exact; with a child that returns lower bounds it is a lower bound on every tip's total."""
        W = int(self.table.weights[H].sum())
        tips, labels, bounds = self.tip_floors(H)
        n = len(H)
        order = np.argsort(bounds, kind="stable")
        best, best_tip = cutoff, -1
        for done, i in enumerate(order.tolist()):
            if bounds[i] >= best:
                break
            if at_root:
                left = int((bounds < best).sum())
                self.progress(done, left, f"first tips settled: {done:,} of {left:,} worth trying")
            row = labels[i]
            gs = sorted((H[row == g] for g in np.unique(row) if g != n), key=len, reverse=True)
            lows = [self.low(g) for g in gs]
            total, rest = W, sum(lows)
            if total + rest >= best:
                continue
            for g, lo_g in zip(gs, lows):
                rest -= lo_g
                total += child(g, best - total - rest)
                if total + rest >= best:
                    break
            else:
                best, best_tip = total, int(tips[i])
        return best, best_tip

    def tree(self, H: Index) -> Node:
        """The optimal tree of a set whose value was computed."""
        table = self.table
        if len(H) <= 2:
            w = table.weights[H]
            order = H[np.argsort(-w, kind="stable")]
            t = int(table.word_tip[order[0]])
        else:
            t = self.exact[H.tobytes()][1]
        row = table.codes[t, H]
        children = []
        for code in NON_IS_CODES:
            g = H[row == code]
            if len(g):
                children.append((code, self.tree(g)))
        return Node(table.tips[t], tuple(children))


def optimum(words: list[str], time_limit: float = math.inf,
            progress: Callable[[int, int, str], None] = no_progress,
            subset_min_words: int = SUBSET_MIN_WORDS) -> Optimum:
    """The proven least total tries of a list (every substring may be sent), with a tree reaching it.

    Raises SearchTimeout past time_limit seconds; progress reports the first tips settled of those worth trying;
    sets of subset_min_words words or more bound their tips by the subset-aware count (a huge value: never).
    """
    if len(set(words)) < 1:
        raise ValueError("The word list is empty.")
    start = time.monotonic()
    table = rich_tip_table(words)
    H = table.all_words()
    total = table.total_weight
    if len(H) <= 2:
        search = ExactSearch(table)
        value = search.value(H)
        return Optimum(value, value / total, search.tree(H), time.monotonic() - start, 0)
    heuristic = Searcher(table)
    upper = heuristic.cost(H, SearchParams(width=2, exact_size=6))
    search = ExactSearch(table, deadline=start + time_limit, progress=progress, subset_min_words=subset_min_words)
    value = search.value(H, upper + 1)  # the heuristic tree's total is reachable, so the value is at most it
    root = search.tree(H)
    progress(1, 1, "done")
    return Optimum(int(value), value / total, root, time.monotonic() - start, search.sets)
