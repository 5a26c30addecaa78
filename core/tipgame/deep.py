"""A lower bound that solves the first levels of a list exactly: the least, over every tip, of the sum of its groups'
bounds, each group solved exactly when small enough, else bounded the same way one level deeper, else by the ply
bound; every step is a least over all tips of sums of proven lower bounds, so the result is proven (2026-11-29)."""
from __future__ import annotations

import heapq
import math
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from core.progress import no_progress
from core.tipgame.bounds import all_substrings_table, ply_bound
from core.tipgame.exact import ExactSearch
from core.tipgame.table import Index, TipTable


@dataclass(frozen=True)
class DeepSettings:
    """How deep the bound looks: sets of up to exact_max words solved exactly, larger sets expanded over every tip for
    `levels` levels, and below that bounded by the `leaf_plies`-ply bound."""

    exact_max: int = 24
    levels: int = 2
    leaf_plies: int = 1

    def __post_init__(self) -> None:
        if self.exact_max < 2 or self.levels < 0 or self.leaf_plies < 1:
            raise ValueError("exact_max must be >= 2, levels >= 0 and leaf_plies >= 1")


@dataclass
class DeepBound:
    """Proven lower bounds on the total tries of sets of a table's words (memoised per set; one instance per table)."""

    table: TipTable
    settings: DeepSettings = field(default_factory=DeepSettings)
    progress: Callable[[int, int, str], None] = no_progress  # the first tips settled out of those worth trying
    expanded: int = 0  # sets larger than exact_max expanded over every tip
    deepened: int = 0  # tips of the first set deepened by best_first

    def __post_init__(self) -> None:
        self.search = ExactSearch(self.table, progress=self.progress)
        self.ply_memo: dict = {}

    def bound(self, H: Index, cutoff: float = math.inf, levels: int | None = None) -> int:
        """A proven lower bound on the least total tries of H; the work stops once the bound reaches cutoff."""
        s = self.settings
        levels = s.levels if levels is None else levels
        if len(H) <= s.exact_max:
            return self.search.value(H, cutoff)  # the exact value, or a proven bound of at least cutoff
        key = H.tobytes()
        lo = self.search.low(H)
        if lo >= cutoff:
            return lo
        if levels <= 0:
            found = ply_bound(self.table, H, s.leaf_plies, self.ply_memo, self.search.leaf)
        else:
            self.expanded += 1
            best, _ = self.search.least_tip(H, cutoff, lambda g, c: self.bound(g, c, levels - 1),
                                            at_root=key == self.search.root_key)
            found = int(best) if math.isfinite(best) else lo
        self.search.lower[key] = max(lo, found)
        return self.search.lower[key]

    def best_first(self, H: Index, cutoff: float = math.inf, stop: Callable[[int], bool] = lambda done: False) -> int:
        """A proven lower bound on H's least total that deepens one tip at a time, always the tip with the lowest
        proven total, by one level (up to settings.levels): the least proven total over the tips is a bound all along,
        so stop(deepenings done) may end the work at any time."""
        if len(H) <= self.settings.exact_max:
            return self.bound(H, cutoff)
        s = self.search
        W = int(self.table.weights[H].sum())
        _, labels, floors = s.tip_floors(H)
        n = len(H)
        groups = [sorted((H[row == g] for g in np.unique(row) if g != n), key=len, reverse=True) for row in labels]
        heap = [(max(int(f), W + sum(s.low(g) for g in gs)), i, 0) for i, (f, gs) in enumerate(zip(floors, groups))]
        heapq.heapify(heap)
        done = 0
        while heap[0][0] < cutoff and heap[0][2] < self.settings.levels and not stop(done):
            low, i, depth = heapq.heappop(heap)
            lows = [s.low(g) for g in groups[i]]
            total, rest = W, sum(lows)
            for g, lo_g in zip(groups[i], lows):
                rest -= lo_g
                total += self.bound(g, cutoff - total - rest, depth)
                if total + rest >= cutoff:
                    break
            heapq.heappush(heap, (max(low, total + rest), i, depth + 1))
            done += 1
            at_depth = sum(d >= self.settings.levels or k >= cutoff for k, _, d in heap)
            self.progress(at_depth, len(heap), f"least {heap[0][0] / W:.4f} a word, {done:,} deepened")
        self.deepened = done
        found = max(s.low(H), int(min(heap[0][0], cutoff)))
        s.lower[H.tobytes()] = found
        return found


def deep_list_bound(table: TipTable, settings: DeepSettings = DeepSettings(), upper: float = math.inf) -> float:
    """The proven least mean tries a word of a list (every substring may be sent); `upper`, a total some tree reaches,
    only lets the search skip tips that cannot matter."""
    full = all_substrings_table(table)
    total = DeepBound(full, settings).bound(full.all_words(), upper + 1)
    return total / full.total_weight
