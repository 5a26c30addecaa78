"""Wordle solvers behind one registry: positional (the seed), entropy, and best (a decision tree)."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

import numpy as np

from core.progress import no_progress
from core.registry import Registry
from core.wordle.game import Setup, State
from core.wordle.rules import SLICE_CELLS, Word, group_sizes
from core.wordle.tree import SearchLimits, Tree, build_tree, load_tree, next_guess, subtree_for

SOLVERS: Registry = Registry("wordle")
DATA_DIR = Path(__file__).resolve().parent.parent.parent / "data" / "wordle"


def expected_information(patterns: np.ndarray, weights: np.ndarray | None = None) -> np.ndarray:
    """Expected bits of information of each guess (row) over the candidates (columns)."""
    g, n = patterns.shape
    if n == 0:
        return np.zeros(g)
    w = np.full(n, 1.0 / n) if weights is None else np.asarray(weights, dtype=float) / np.sum(weights)
    if n > 48:
        rows = max(1, SLICE_CELLS // n)  # in slices that stay in the processor's cache (group_sizes renumbers long words' codes)
        out = np.empty(g)
        for start in range(0, g, rows):
            p = patterns[start:start + rows]
            sizes = group_sizes(p) / n if weights is None else group_sizes(p, w)
            with np.errstate(divide="ignore", invalid="ignore"):
                out[start:start + rows] = np.where(sizes > 0, -sizes * np.log2(sizes), 0.0).sum(axis=1)
        return out
    out = np.empty(g)
    step = max(1, 2_000_000 // (n * n))
    for start in range(0, g, step):
        p = patterns[start:start + step]
        group_weight = (p[:, :, None] == p[:, None, :]) @ w  # weight of each candidate's feedback group
        out[start:start + step] = -(np.log2(group_weight) * w).sum(axis=1)
    return out


def rows_and_columns(matrix: np.ndarray, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
    """matrix[rows][:, columns]: the matrix itself when they are all its rows and columns in order (the opening move,
    where a copy of a 12,972 x 2,315 matrix costs most of a second)."""
    whole = (len(rows) == matrix.shape[0] and len(columns) == matrix.shape[1]
             and np.array_equal(rows, np.arange(len(rows))) and np.array_equal(columns, np.arange(len(columns))))
    return matrix if whole else matrix[np.ix_(rows, columns)]


def candidate_words(setup: Setup, state: State) -> list[Word]:
    """The answers still possible."""
    return [setup.answers[i] for i in setup.candidates(state)]


class PositionalSolver:
    """The first version's solver: the possible word with the most likely letter at each position."""

    name = "positional"

    def fit(self, setup: Setup) -> "PositionalSolver":
        """Remember the setup (the counts are taken from the words still possible at each turn)."""
        self.setup = setup
        return self

    def score_array(self, state: State) -> tuple[np.ndarray, np.ndarray]:
        """(candidate answer indices, their scores): sum over positions of P(letter | position) over the
        remaining answers, a letter already tried counting min(g/4, 1) of its value (g = guesses made)."""
        cands = self.setup.candidates(state)
        if len(cands) == 0:
            return cands, np.zeros(0)
        letters = self.setup.guess_array[self.setup.answer_rows[cands]]  # (n, L) symbol indices
        n, length = letters.shape
        size = len(self.setup.symbols)
        prob = np.stack([np.bincount(letters[:, i], minlength=size) for i in range(length)]) / n  # (L, symbols)
        tried = np.zeros(size, dtype=bool)
        for guess, _ in state.history:
            tried[[self.setup.symbols.index(c) for c in guess]] = True
        weight = np.where(tried, min(state.turn / 4, 1.0), 1.0)
        values = prob[np.arange(length)[None, :], letters] * weight[letters]
        return cands, values.sum(axis=1)

    def scores(self, state: State) -> dict[Word, float]:
        """The first version's score of every word still possible."""
        cands, values = self.score_array(state)
        return {self.setup.answers[int(i)]: float(v) for i, v in zip(cands, values)}

    def choose(self, state: State) -> Word:
        """The highest-scoring possible word."""
        cands, values = self.score_array(state)
        if len(cands) == 0:
            raise ValueError("no answer fits the feedback")
        return self.setup.answers[int(cands[int(np.argmax(values))])]


class EntropySolver:
    """The allowed guess with the most expected information over the remaining answers."""

    name = "entropy"

    def __init__(self, prior: str = "uniform") -> None:
        if prior not in ("uniform", "frequency"):
            raise ValueError("prior must be 'uniform' or 'frequency'")
        self.prior = prior
        self.memo: dict[bytes, Word] = {}

    def fit(self, setup: Setup) -> "EntropySolver":
        """Remember the setup and its pattern matrix."""
        self.setup = setup
        self.memo = {}
        return self

    def information(self, state: State) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(guess indices allowed, their expected bits, candidate indices)."""
        cands = self.setup.candidates(state)
        pool = np.flatnonzero(self.setup.valid_guesses(state))
        weights = self.setup.prior[cands] if self.prior == "frequency" else None
        bits = expected_information(rows_and_columns(self.setup.matrix, pool, cands), weights)
        return pool, bits, cands

    def scores(self, state: State) -> dict[Word, float]:
        """Expected bits of information of every allowed guess."""
        pool, bits, _ = self.information(state)
        return {self.setup.guesses[g]: float(b) for g, b in zip(pool, bits)}

    def ranked(self, state: State) -> tuple[Word, dict[Word, float]]:
        """(the chosen guess, expected bits of every allowed guess) in one pass."""
        pool, bits, cands = self.information(state)
        if len(cands) == 0:
            raise ValueError("no answer fits the feedback")
        scores = {self.setup.guesses[g]: float(b) for g, b in zip(pool, bits)}
        if len(cands) <= 2:
            return self.likeliest(cands), scores
        return self.setup.guesses[int(pool[int(np.argmax(bits + self.bonus(pool, cands)))])], scores

    def likeliest(self, cands: np.ndarray) -> Word:
        """The most probable remaining answer (the first one under a uniform prior)."""
        i = int(np.argmax(self.setup.prior[cands])) if self.prior == "frequency" else 0
        return self.setup.answers[int(cands[i])]

    def bonus(self, pool: np.ndarray, cands: np.ndarray) -> np.ndarray:
        """A tie-break favouring guesses that could be the answer (likelier ones first with a frequency prior)."""
        bonus = np.isin(pool, self.setup.answer_rows[cands]) * 1e-6
        if self.prior == "frequency":
            p = np.zeros(len(self.setup.guesses))
            p[self.setup.answer_rows[cands]] = self.setup.prior[cands] / self.setup.prior[cands].sum()
            bonus = p[pool] * 1e-3 + bonus
        return bonus

    def choose(self, state: State) -> Word:
        """The most informative guess; among equals, one that could be the answer."""
        cands = self.setup.candidates(state)
        if len(cands) == 0:
            raise ValueError("no answer fits the feedback")
        if len(cands) <= 2:
            return self.likeliest(cands)
        key = cands.astype(np.int32).tobytes() + bytes(str(state.history if self.setup.hard else ""), "utf-8")
        if key not in self.memo:
            pool, bits, _ = self.information(state)
            self.memo[key] = self.setup.guesses[int(pool[int(np.argmax(bits + self.bonus(pool, cands)))])]
        return self.memo[key]


class BestSolver:
    """A decision tree minimising the expected number of guesses, built (or loaded) once per setup."""

    name = "best"

    def __init__(self, first: Word | None = None, limits: SearchLimits = SearchLimits(), use_saved: bool = True,
                 progress: Callable[[int, int, str], None] = no_progress, tree: Tree | None = None,
                 within: int | None = None, weighted: bool = False) -> None:
        self.within = within  # objective: most games won within this many guesses (None: fewest on average)
        self.weighted = weighted  # objective: average under the setup's prior (its weights) instead of uniform
        self.first = first
        self.limits = limits
        self.use_saved = use_saved
        self.progress = progress
        self.tree = tree
        self.loaded = False
        self.memo: dict[tuple, Tree] = {}

    def fit(self, setup: Setup) -> "BestSolver":
        """Load a saved tree for these lists when allowed, else build one."""
        self.setup = setup
        if self.tree is None and (self.within is not None or self.weighted):
            from core.wordle.objectives import Objective, build_objective_tree

            self.tree = build_objective_tree(setup, Objective(self.within, self.weighted), progress=self.progress)
        if self.tree is None and self.use_saved:
            self.tree = saved_tree(setup)
            self.loaded = self.tree is not None and (self.first is None or self.tree["guess"] == self.first)
            if not self.loaded:
                self.tree = None
        if self.tree is None:
            self.tree = build_tree(setup, self.first, self.limits, self.progress)
        return self

    def choose(self, state: State) -> Word:
        """The tree's guess, or a fresh subtree's root when play has left the tree."""
        guess = next_guess(self.tree, state)
        if guess is not None:
            return guess
        key = state.history
        if key not in self.memo:
            self.memo[key] = subtree_for(self.setup, state, self.limits)
        return self.memo[key]["guess"]

    def scores(self, state: State) -> dict[Word, float]:
        """Expected guesses left after the tree's choice (lower is better) for the chosen word."""
        guess = self.choose(state)
        n = len(self.setup.candidates(state))
        return {guess: float(n)}


def saved_tree_path(setup: Setup) -> Path:
    """Where a saved tree for a setup lives in data/wordle."""
    return DATA_DIR / f"tree-{setup.rule}-{'hard' if setup.hard else 'normal'}-{setup.key}.json"


def saved_tree(setup: Setup) -> Tree | None:
    """The tree saved in data/wordle for exactly these lists, rule and mode (None when absent)."""
    return load_tree(saved_tree_path(setup), setup)


@SOLVERS.register("positional", help="the first version: the possible word with the likeliest letter at each position")
def positional() -> PositionalSolver:
    """The first version's positional-frequency solver."""
    return PositionalSolver()


@SOLVERS.register("entropy", help="the allowed guess with the most expected information (uniform prior)")
def entropy(prior: str = "uniform") -> EntropySolver:
    """The expected-information solver."""
    return EntropySolver(prior)


@SOLVERS.register("best", help="a decision tree minimising expected guesses (pruned exact search)")
def best(**params) -> BestSolver:
    """The decision-tree solver."""
    return BestSolver(**params)
