"""Wordle solvers behind one registry: positional (letter counts), entropy, and best (a decision tree)."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

import numpy as np

from core.progress import no_progress
from core.registry import Registry
from core.solver import Solver as GameSolver
from core.wordle.harness import Setup, State
from core.wordle.rules import SLICE_CELLS, Word, group_sizes
from core.wordle.tree import (SearchLimits, Tree, build_tree, expected_guesses_left, load_tree, next_guess, node_at,
                              search_limits, subtree_for)

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
        return out + 0.0  # a guess that cannot split gives 0 bits, never -0
    out = np.empty(g)
    step = max(1, 2_000_000 // (n * n))
    for start in range(0, g, step):
        p = patterns[start:start + step]
        group_weight = (p[:, :, None] == p[:, None, :]) @ w  # weight of each candidate's feedback group
        out[start:start + step] = -(np.log2(group_weight) * w).sum(axis=1)
    return out + 0.0  # a guess that cannot split gives 0 bits, never -0


def rows_and_columns(matrix: np.ndarray, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
    """matrix[rows][:, columns]: the matrix itself when they are all its rows and columns in order (the opening move,
    where a copy of a 12,972 x 2,315 matrix costs most of a second)."""
    whole = (len(rows) == matrix.shape[0] and len(columns) == matrix.shape[1]
             and np.array_equal(rows, np.arange(len(rows))) and np.array_equal(columns, np.arange(len(columns))))
    return matrix if whole else matrix[np.ix_(rows, columns)]


def candidate_words(setup: Setup, state: State) -> list[Word]:
    """The answers still possible."""
    return [setup.answers[i] for i in setup.candidates(state)]


class ScoredSolver(GameSolver[State, Word]):
    """What a simple solver shares: `fit` remembers the setup; `ranked` (its choice with the scores it chose by) and
    two-decimal `score_text` come from the shared protocol. A subclass names itself and gives `scores` and `choose`."""

    name = ""
    score_label = ""

    def fit(self, setup: Setup) -> "ScoredSolver":
        """Remember the setup."""
        self.setup = setup
        return self

    def scores(self, state: State) -> dict[Word, float]:
        """The score of every word the solver weighs."""
        raise NotImplementedError

    def choose(self, state: State) -> Word:
        """The word the solver guesses."""
        raise NotImplementedError


class PositionalSolver(ScoredSolver):
    """The possible word with the most likely letter at each position (the counts are taken from the words still
    possible at each turn)."""

    name = "positional"
    score_label = "letter score (how common its letters are at their places among the answers left)"
    higher_is_better = True

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
        """The letter score of every word still possible."""
        cands, values = self.score_array(state)
        return {self.setup.answers[int(i)]: float(v) for i, v in zip(cands, values)}

    def choose(self, state: State) -> Word:
        """The highest-scoring possible word."""
        cands, values = self.score_array(state)
        if len(cands) == 0:
            raise ValueError("no answer fits the feedback")
        return self.setup.answers[int(cands[int(np.argmax(values))])]


class EntropySolver(GameSolver[State, Word]):
    """The allowed guess with the most expected information over the remaining answers."""

    name = "entropy"
    score_label = "colour groups it sorts the answers into (small groups count less)"
    higher_is_better = True

    def score_text(self, value: float) -> str:
        """Expected bits as the number of equal groups that would give as much (2 to the bits)."""
        return f"{2 ** value:,.1f}"

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


class BestSolver(GameSolver[State, Word]):
    """A decision tree minimising the expected number of guesses, built (or loaded) once per setup."""

    name = "best"
    score_label = "guesses still needed on average, by the tree's search"
    higher_is_better = False

    def __init__(self, first: Word | None = None, limits: SearchLimits = SearchLimits(), use_saved: bool = True,
                 progress: Callable[[int, int, str], None] = no_progress, tree: Tree | None = None,
                 effort: str | None = None) -> None:
        self.effort = effort  # full, quick, or auto (quick above 500 answers); None keeps `limits`
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
        if self.effort is not None:
            effort = ("quick" if len(setup.answers) > 500 else "full") if self.effort == "auto" else self.effort
            self.limits = search_limits(effort)
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

    def node(self, state: State) -> Tree:
        """The tree (or fresh subtree) node playing from this state."""
        node = node_at(self.tree, state)
        if node is None:
            self.choose(state)
            node = self.memo[state.history]
        return node

    def scores(self, state: State) -> dict[Word, float]:
        """The guesses the tree still needs on average from here (lower is better), for its chosen word."""
        node = self.node(state)
        answers = [self.setup.answers[i] for i in self.setup.candidates(state)]
        return {node["guess"]: expected_guesses_left(node, answers, self.setup)}

    def ranked(self, state: State) -> tuple[Word, dict[Word, float]]:
        """(the tree's guess, its expected guesses left)."""
        scores = self.scores(state)
        return next(iter(scores)), scores


def saved_tree_path(setup: Setup) -> Path:
    """Where a saved tree for a setup lives in data/wordle."""
    return DATA_DIR / f"tree-{setup.rule}-{'hard' if setup.hard else 'normal'}-{setup.key}.json"


def saved_tree(setup: Setup) -> Tree | None:
    """The tree saved in data/wordle for exactly these lists, rule and mode (None when absent)."""
    return load_tree(saved_tree_path(setup), setup)


@SOLVERS.register("positional", help="the possible word with the likeliest letter at each position",
                  plain_name="letter counts", shows=("ranking",),
                  plain_help="guesses a word that could be the answer, with the commonest letters at each position")
def positional() -> PositionalSolver:
    """The positional letter-frequency solver."""
    return PositionalSolver()


@SOLVERS.register("entropy", help="the allowed guess with the most expected information (uniform prior)",
                  plain_name="best split", shows=("ranking",), options=("prior",), default=True,
                  plain_help="guesses the word that, whatever the colours, splits the answers into the most even groups")
def entropy(prior: str = "uniform") -> EntropySolver:
    """The expected-information solver."""
    return EntropySolver(prior)


@SOLVERS.register("best", help="a decision tree minimising expected guesses (pruned exact search)",
                  plain_name="optimal tree", shows=("ranking", "tree"),
                  options=("first", "use_saved", "effort", "progress"),
                  plain_help="follows a decision tree searched to need the fewest guesses on average over all answers")
def best(**params) -> BestSolver:
    """The decision-tree solver."""
    return BestSolver(**params)
