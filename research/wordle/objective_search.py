"""`best` trees for other objectives: the most games won within k guesses, and a frequency-weighted average.

Each answer a solved at guess n costs w_a * n, plus w_a * PENALTY when n > k (k = None: no penalty), plus PENALTY
when n > 6 whatever its weight (a lost game), so the search minimises first the games lost, then the (weighted) games
beyond k, then the weighted mean guesses (the default objective when every weight is equal). Depth-first search with memoisation, a lower bound, cut-offs, closed forms
for one and two answers and for a guess that tells every answer apart, and a top-K limit on the guesses tried at
each node (ordered by the expected size of the group left).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from core.progress import no_progress
from core.wordle.harness import MAX_GUESSES, Setup
from core.wordle.tree import SearchLimits, Tree

PENALTY = 1_000.0  # cost of one game lost beyond k, in guesses (more than any tree's extra guesses per answer)
OBJECTIVES = ("mean", "within")


@dataclass(frozen=True)
class Objective:
    """What a tree minimises: weighted mean guesses, or games beyond `within` guesses first (then the mean)."""

    within: int | None = None  # k: games needing more than k guesses count as lost
    weighted: bool = False  # use the setup's prior (its weights) instead of equal weights

    def describe(self) -> str:
        """The objective in plain words."""
        avg = "frequency-weighted average" if self.weighted else "average"
        if self.within is None:
            return f"fewest guesses on {avg}"
        return f"most games won within {self.within} guesses, then fewest guesses on {avg}"


QUICK_LIMITS = SearchLimits(root=6, large=12, medium=10, small=8, tiny=6)
WIDE_LIMITS = SearchLimits(root=10, large=25, medium=20, small=12, tiny=8)


class WeightedSearch:
    """The search state: weights, the transposed pattern matrix, the memo table and limits."""

    def __init__(self, setup: Setup, objective: Objective, limits: SearchLimits = QUICK_LIMITS) -> None:
        self.setup = setup
        self.objective = objective
        self.limits = limits
        n = len(setup.answers)
        self.w = setup.prior * n if objective.weighted else np.ones(n)  # mean 1, so costs read as guesses
        self.mt = np.ascontiguousarray(setup.matrix.T)  # (answers, guesses)
        self.rows = setup.answer_rows
        self.row_answer = np.full(len(setup.guesses), -1, dtype=np.int64)
        self.row_answer[self.rows] = np.arange(n)
        self.memo: dict[tuple[bytes, int], tuple[float, int]] = {}
        self.nodes = 0
        self.on_group: Callable[[int, int], None] = lambda done, total: None  # groups of a first guess searched

    def cost(self, a: np.ndarray | int, n: int) -> float:
        """The cost of answers solved at guess n: weighted guesses, the penalty beyond k, and (whatever the
        weights) the penalty for every game lost beyond six guesses."""
        w = float(np.sum(self.w[a]))
        k = self.objective.within
        lost = PENALTY * np.size(a) if n > MAX_GUESSES else 0.0
        return w * n + (w * PENALTY if k is not None and n > k else 0.0) + lost

    def lower_bound(self, h: np.ndarray, t: int) -> float:
        """Every answer needs guess t+1, every answer but one needs guess t+2 too."""
        w = self.w[h]
        total, top = float(w.sum()), float(w.max())
        low = total * (t + 1) + (total - top)
        k = self.objective.within
        if k is not None:
            low += PENALTY * (total if t + 1 > k else (total - top) if t + 2 > k else 0.0)
        low += PENALTY * (len(h) if t + 1 > MAX_GUESSES else len(h) - 1 if t + 2 > MAX_GUESSES else 0)
        return low

    def groups(self, h: np.ndarray, g: int) -> list[np.ndarray]:
        """The answers of h split by guess g's feedback, without the solved answer."""
        row = self.mt[h, g]
        order = np.argsort(row, kind="stable")
        sr = row[order]
        cuts = np.flatnonzero(sr[1:] != sr[:-1]) + 1
        parts = np.split(h[order], cuts)
        return [p for p, c in zip(parts, sr[np.r_[0, cuts]]) if c != self.setup.solved]

    def solve(self, h: np.ndarray, t: int, beta: float = np.inf) -> float:
        """The least cost of solving h after t guesses (exact below beta within the limits, else >= beta)."""
        n = len(h)
        if n == 1:
            return self.cost(h, t + 1)
        if n == 2:
            heavy, light = (h[0], h[1]) if self.w[h[0]] >= self.w[h[1]] else (h[1], h[0])
            return self.cost(heavy, t + 1) + self.cost(light, t + 2)
        key = (h.astype(np.int32).tobytes(), t)
        hit = self.memo.get(key)
        if hit is not None:
            return hit[0]
        self.nodes += 1
        sub = self.mt[h]  # (n, guesses)
        srt = np.sort(sub, axis=0)
        distinct = 1 + np.count_nonzero(srt[1:] != srt[:-1], axis=0)
        apart = np.flatnonzero(distinct == n)
        in_h = np.isin(apart, self.rows[h])
        if in_h.any():  # a possible answer that tells every answer apart: the heaviest such
            cands = apart[in_h]
            g = int(cands[np.argmax(self.w[self.row_answer[cands]])])
            a = self.row_answer[g]
            value = self.cost(a, t + 1) + self.cost(h[h != a], t + 2)
            self.memo[key] = (value, g)
            return value
        if len(apart):
            value = self.cost(h, t + 2)
            self.memo[key] = (value, int(apart[0]))
            return value
        best, best_g = beta, -1
        for g in self.order(h, sub, t):
            total = self.cost_of(h, t, int(g), best)
            if total < best:
                best, best_g = total, int(g)
        if best_g >= 0:
            self.memo[key] = (best, best_g)
        return best

    def order(self, h: np.ndarray, sub: np.ndarray, t: int) -> np.ndarray:
        """The guesses worth trying at h after t guesses, at most the limit for its size: smallest expected
        (weighted) group left first, possible answers first among equals. Aiming at k guesses, the guess before the
        k-th tries the most feedback groups first (each group can have one answer guessed at the k-th), and the k-th
        tries possible answers first."""
        from core.wordle.rules import group_sizes

        sizes = group_sizes(sub.T, self.w[h])  # (guesses, codes)
        in_h = np.zeros(sub.shape[1], dtype=bool)
        in_h[self.rows[h]] = True
        solved = np.zeros(sub.shape[1])
        solved[self.rows[h]] = self.w[h]
        spread = (sizes ** 2).sum(axis=1) - solved ** 2  # the solved answer's group does not go on
        groups = (sizes > 0).sum(axis=1)
        spread = np.where((groups > 1) | in_h, spread, np.inf)
        top = self.limits.top(len(h)) if t > 0 else self.limits.root
        k = self.objective.within
        if k is not None and t + 1 == k:
            return np.lexsort((spread, ~in_h))[:top]
        if k is not None and t + 2 <= k:
            return np.lexsort((spread, ~in_h, -groups))[:top]
        return np.lexsort((~in_h, spread))[:top]

    def cost_of(self, h: np.ndarray, t: int, g: int, beta: float = np.inf) -> float:
        """The cost of guessing g at h after t guesses, then playing best (exact below beta)."""
        a = self.row_answer[g]
        total = self.cost(a, t + 1) if a >= 0 and a in h else 0.0
        parts = self.groups(h, g)
        rest = sum(self.lower_bound(p, t + 1) for p in parts)
        if total + rest >= beta:
            return total + rest
        for i, p in enumerate(sorted(parts, key=len, reverse=True)):
            rest -= self.lower_bound(p, t + 1)
            total += self.solve(p, t + 1, beta - total - rest)
            if t == 0:
                self.on_group(i + 1, len(parts))
            if total + rest >= beta:
                return total + rest
        return total

    def tree(self, h: np.ndarray, t: int) -> Tree:
        """The tree below a solved node, read from the memo."""
        n = len(h)
        if n <= 2:
            heavy = h[0] if n == 1 or self.w[h[0]] >= self.w[h[1]] else h[1]
            g = int(self.rows[heavy])
        else:
            key = (h.astype(np.int32).tobytes(), t)
            if key not in self.memo:
                self.solve(h, t)
            g = self.memo[key][1]
        node: Tree = {"guess": self.setup.guesses[g]}
        children = {}
        for p in self.groups(h, g):
            children[str(int(self.mt[p[0], g]))] = self.tree(p, t + 1)
        if children:
            node["children"] = children
        return node


def build_objective_tree(setup: Setup, objective: Objective, limits: SearchLimits = QUICK_LIMITS,
                         progress: Callable[[int, int, str], None] = no_progress) -> Tree:
    """The best tree found for an objective (normal mode; hard mode is searched by `core.wordle.tree`)."""
    if setup.hard:
        raise ValueError("objective trees are built for normal mode only")
    search = WeightedSearch(setup, objective, limits)
    h = np.arange(len(setup.answers))
    sub = search.mt[h]
    roots = search.order(h, sub, 0)
    best, best_g = np.inf, -1
    for i, g in enumerate(roots):
        word = setup.guesses[int(g)]
        progress(i * 1000, len(roots) * 1000, f"trying {word}")
        search.on_group = lambda done, parts, i=i, word=word: progress(i * 1000 + 1000 * done // parts,
                                                                       len(roots) * 1000, f"trying {word}")
        total = search.cost_of(h, 0, int(g), best)
        if total < best:
            best, best_g = total, int(g)
    progress(len(roots) * 1000, len(roots) * 1000, f"best {setup.guesses[best_g]}")
    search.memo[(h.astype(np.int32).tobytes(), 0)] = (best, best_g)
    return search.tree(h, 0)


def tree_scores(tree: Tree, setup: Setup, within: int) -> dict:
    """Mean guesses (plain and weighted by the setup's prior) and the share won within k, by replaying every answer."""
    from core.wordle.tree import guess_counts

    counts = guess_counts(tree, setup)
    n = np.array([counts[a] for a in setup.answers], dtype=float)
    return {"first_guess": tree["guess"], "mean": float(n.mean()), "weighted_mean": float((n * setup.prior).sum()),
            "won_within": int((n <= within).sum()), "share_within": float((n <= within).mean()),
            "weighted_share_within": float(((n <= within) * setup.prior).sum()), "max": int(n.max()),
            "within": within}


def frequency_weights(words: tuple[str, ...] | list[str], lang: str = "en") -> list[float]:
    """wordfreq frequencies of the words, as a prior over answers (a word wordfreq lacks gets the smallest one)."""
    from wordfreq import word_frequency

    freqs = [word_frequency(w, lang) for w in words]
    floor = min((f for f in freqs if f > 0), default=1.0)
    return [f if f > 0 else floor for f in freqs]
