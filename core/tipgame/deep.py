"""A lower bound that solves the first levels of a list exactly: the least, over every tip, of the sum of its groups'
bounds, each group solved exactly when small enough, else bounded the same way one level deeper, else by the ply
bound; every step is a least over all tips of sums of proven lower bounds, so the result is proven (2026-11-29)."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

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
    expanded: int = 0  # sets larger than exact_max expanded over every tip

    def __post_init__(self) -> None:
        self.search = ExactSearch(self.table)
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
            best, _ = self.search.least_tip(H, cutoff, lambda g, c: self.bound(g, c, levels - 1))
            found = int(best) if math.isfinite(best) else lo
        self.search.lower[key] = max(lo, found)
        return self.search.lower[key]


def deep_list_bound(table: TipTable, settings: DeepSettings = DeepSettings(), upper: float = math.inf) -> float:
    """The proven least mean tries a word of a list (every substring may be sent); `upper`, a total some tree reaches,
    only lets the search skip tips that cannot matter."""
    full = all_substrings_table(table)
    total = DeepBound(full, settings).bound(full.all_words(), upper + 1)
    return total / full.total_weight
