"""Tip-game solvers behind one registry: ratio (the published heuristic), greedy (one-ply) and tree (searched)."""
from __future__ import annotations

import math
from typing import Callable, Protocol, Sequence, runtime_checkable

import numpy as np

from core.progress import no_progress
from core.registry import Registry
from core.solver import Solver as GameSolver
from core.tipgame.rules import IS, NON_IS_CODES, Tip, TipState, Word, answer
from core.tipgame.search import Searcher, SearchParams
from core.tipgame.table import Index, TipTable, group_weights, rich_tip_table, tip_table
from core.tipgame.policy import greedy_scores, policy_tree, useful  # noqa: F401  (re-exported)
from core.tipgame.tree import Node

SOLVERS: Registry = Registry("tipgame")


@runtime_checkable
class Searches(Protocol):
    """An ability: the solver searches for its tree and keeps how the search went (`history`: seconds spent, average
    tries of the best tree found by then)."""

    history: list[tuple[float, float]]


class PolicySolver(GameSolver[TipState, Tip]):
    """A solver whose tip depends only on the words still possible; its tree is that policy unrolled."""

    name = "policy"
    score_label = "score"
    higher_is_better = True

    def __init__(self, max_tip_len: int | None = 3) -> None:
        self.max_tip_len = max_tip_len
        self.table: TipTable | None = None

    def fit(self, words: Sequence[Word]) -> "PolicySolver":
        """Learn the list (the only data a solver sees); max_tip_len None means every substring, merged by answers."""
        w = list(words)
        self.table = rich_tip_table(w) if self.max_tip_len is None else tip_table(w, self.max_tip_len)
        return self

    def _table(self) -> TipTable:
        if self.table is None:
            raise ValueError("Call fit(words) first.")
        return self.table

    def remaining_index(self, state: TipState) -> Index:
        """The distinct words still possible after the answers so far."""
        table = self._table()
        mask = np.ones(table.n_words, dtype=bool)
        for tip, code in state.history:
            t = table.tip_index.get(tip)
            if t is not None:
                mask &= table.codes[t] == code
            else:
                mask &= np.array([answer(w, tip) == code for w in table.words])
        return np.flatnonzero(mask).astype(np.int32)

    def tip_scores(self, H: Index) -> tuple[np.ndarray, np.ndarray]:
        """(tip indices, their scores) over the useful tips for a set."""
        raise NotImplementedError

    def choose_index(self, H: Index) -> int:
        """The tip index the policy sends for a set of possible words."""
        if len(H) == 1:
            return int(self._table().word_tip[H[0]])
        tips, scores = self.tip_scores(H)
        best = np.argmax(scores) if self.higher_is_better else np.argmin(scores)
        return int(tips[best])

    def scores(self, state: TipState) -> dict[Tip, float]:
        """Every useful tip's score in this state (what the live chart draws)."""
        H = self.remaining_index(state)
        if len(H) == 0:
            return {}
        if len(H) == 1:
            return {self._table().words[H[0]]: 1.0}
        tips, scores = self.tip_scores(H)
        names = self._table().tips
        return {names[t]: float(s) for t, s in zip(tips.tolist(), scores.tolist())}

    def choose(self, state: TipState) -> Tip:
        """The tip to send in this state."""
        H = self.remaining_index(state)
        if len(H) == 0:
            raise ValueError("No word of the list fits these answers.")
        return self._table().tips[self.choose_index(H)]

    def tree(self, progress: Callable[[int, int, str], None] = no_progress) -> Node:
        """The policy unrolled into a full decision tree over the list."""
        table = self._table()
        return policy_tree(table, self.choose_index, table.all_words())


class GreedySolver(PolicySolver):
    """One-ply greedy: the tip with the most expected information (or the least expected remaining words)."""

    name = "greedy"
    score_label = "expected information (bits)"

    def __init__(self, criterion: str = "entropy", max_tip_len: int = 3) -> None:
        super().__init__(max_tip_len)
        if criterion not in ("entropy", "size"):
            raise ValueError("criterion must be 'entropy' or 'size'")
        self.criterion = criterion
        if criterion == "size":
            self.score_label = "expected words left"
            self.higher_is_better = False

    def tip_scores(self, H: Index) -> tuple[np.ndarray, np.ndarray]:
        return greedy_scores(self._table(), H, self.criterion)


class RatioSolver(PolicySolver):
    """The published heuristic: the 1-3 letter tip whose five-way split is closest to a target ratio."""

    name = "ratio"
    score_label = "distance to the target ratio"
    higher_is_better = False

    def __init__(self, target: Sequence[float] = (0.2, 0.2, 0.2, 0.2, 0.2), threshold: int = 2, max_tip_len: int = 3) -> None:
        super().__init__(max_tip_len)
        if len(target) != 5 or any(x < 0 for x in target) or not math.isclose(sum(target), 1.0, abs_tol=1e-6):
            raise ValueError("The target ratio needs five non-negative shares summing to 1.")
        self.target = np.array(target, dtype=float)
        self.threshold = threshold

    def tip_scores(self, H: Index) -> tuple[np.ndarray, np.ndarray]:
        table = self._table()
        counts = group_weights(table, H)
        if len(H) <= self.threshold:
            tips = table.word_tip[H]
            c = counts[tips]
            return tips, -((c[:, NON_IS_CODES] > 0).sum(axis=1)).astype(float) - 1e-9 * table.weights[H]
        short = np.array([len(t) <= 3 for t in table.tips])
        tips = useful(counts)
        tips = tips[short[tips] & ((counts[tips] > 0).sum(axis=1) > 1)]
        if len(tips) == 0:
            tips = table.word_tip[H]
        c = counts[tips][:, NON_IS_CODES]
        frac = c / c.sum(axis=1, keepdims=True)
        return tips, ((frac - self.target) ** 2).sum(axis=1)


class TreeSolver(PolicySolver):
    """An optimised decision tree (search within a time budget), falling back to a quick search off the tree.

    Its tips are every substring of any length (max_tip_len=None) plus every word, one per distinct answer column.
    """

    name = "tree"
    score_label = "estimated total tries"
    higher_is_better = False

    def __init__(self, time_budget: float = 30.0, jobs: int = 1, seed: int = 0, max_tip_len: int | None = None) -> None:
        super().__init__(max_tip_len)
        self.time_budget = time_budget
        self.jobs = jobs
        self.seed = seed
        self.root: Node | None = None
        self.history: list[tuple[float, float]] = []

    def fit(self, words: Sequence[Word], root: Node | None = None) -> "TreeSolver":
        """Learn the list; a saved tree for it may be given (it is used as is, after checking)."""
        super().fit(words)
        self.root = root
        return self

    def build(self, progress: Callable[[int, int, str], None] = no_progress, should_stop: Callable[[], bool] | None = None,
              on_improve: Callable | None = None) -> Node:
        """Search a tree within the time budget (progress reports the best mean so far)."""
        from core.tipgame.optimise import optimise

        result = optimise(self._table(), self.time_budget, jobs=self.jobs, seed=self.seed, progress=progress,
                          should_stop=should_stop, on_improve=on_improve)
        self.root, self.history = result.root, result.history
        return self.root

    def tree(self, progress: Callable[[int, int, str], None] = no_progress) -> Node:
        if self.root is None:
            self.build(progress)
        assert self.root is not None
        return self.root

    def on_tree(self, state: TipState) -> Node | None:
        """The tree node this state reached, or None when the game left the tree."""
        node = self.root
        for tip, code in state.history:
            if node is None or tip != node.tip or code == IS:
                return None
            node = node.child(code)
        return node

    def choose_index(self, H: Index) -> int:
        if len(H) == 1:
            return int(self._table().word_tip[H[0]])
        s = Searcher(self._table())
        s.cost(H, SearchParams(width=1))
        return s.best_tip(H)

    def choose(self, state: TipState) -> Tip:
        node = self.on_tree(state) if self.root is not None else None
        if node is not None:
            return node.tip
        return super().choose(state)

    def tip_scores(self, H: Index) -> tuple[np.ndarray, np.ndarray]:
        table = self._table()
        s = Searcher(table)
        counts = group_weights(table, H)
        tips = useful(counts)
        est = s.rank(counts[tips].astype(np.int64), SearchParams())
        return tips, est + table.weights[H].sum()


@SOLVERS.register("ratio", help="published heuristic: 1-3 letter tip closest to a 0.2 five-way split; guesses words when few remain",
                  plain_name="even split", shows=("ranking", "tree"),
                  plain_help="sends the short tip (1-3 letters) whose five answers would be the most evenly shared")
def make_ratio(**params) -> RatioSolver:
    """The ratio solver."""
    return RatioSolver(**params)


@SOLVERS.register("greedy", help="one-ply greedy: the tip (1-3 letters or a remaining word) with the most expected information",
                  plain_name="quick tree", shows=("ranking", "tree"),
                  plain_help="sends the tip that, looking one try ahead, tells the most about the word")
def make_greedy(**params) -> GreedySolver:
    """The greedy solver."""
    return GreedySolver(**params)


@SOLVERS.register("tree", help="optimised decision tree over every substring: pilot/beam search on f(H)=|H|+min sum "
                               "f(group), bounds, local search, in a time budget",
                  plain_name="searched tree", shows=("ranking", "tree", "search"), options=("time_budget", "jobs", "seed"),
                  default=True,
                  plain_help="follows a decision tree searched, within a time budget, to need the fewest tries on average")
def make_tree(**params) -> TreeSolver:
    """The tree solver."""
    return TreeSolver(**params)

