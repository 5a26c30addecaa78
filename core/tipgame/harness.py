"""One harness for play, the page and benchmarks: play a word through the rules, score a solver by replaying every word."""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Sequence

from core.progress import no_progress
from core.tipgame.bounds import list_lower_bound
from core.tipgame.rules import IS, Answer, Tip, TipState, Word, answer
from core.tipgame.solvers import REG, PolicySolver
from core.tipgame.tree import Node, TreeScore, score


@dataclass(frozen=True)
class GameStep:
    """One tip, its answer, and how many words of the list were still possible after it."""

    tip: Tip
    answer: Answer
    left: int


@dataclass(frozen=True)
class GameRecord:
    """A whole game: the secret word and every step."""

    secret: Word
    steps: tuple[GameStep, ...]

    @property
    def tries(self) -> int:
        """Tips sent, the final correct one included."""
        return len(self.steps)

    @property
    def solved(self) -> bool:
        """True when the last answer was "is"."""
        return bool(self.steps) and self.steps[-1].answer == IS


def play(solver: PolicySolver, secret: Word, words: Sequence[Word], max_tries: int = 60) -> GameRecord:
    """Play one game through the rules: the solver sends tips until it hears "is"."""
    state = TipState()
    steps: list[GameStep] = []
    left = list(words)
    while len(steps) < max_tries:
        tip = solver.choose(state)
        code = answer(secret, tip)
        state = state.after(tip, code)
        left = [w for w in left if answer(w, tip) == code]
        steps.append(GameStep(tip, code, 0 if code == IS else len(left)))
        if code == IS:
            break
    return GameRecord(secret, tuple(steps))


def solver_tree(name: str, words: Sequence[Word], time_budget: float = 30.0, jobs: int = 1, seed: int = 0,
                progress: Callable[[int, int, str], None] = no_progress) -> tuple[PolicySolver, Node]:
    """A fitted solver by registry name and its full decision tree over the list."""
    params = {"time_budget": time_budget, "jobs": jobs, "seed": seed} if name == "tree" else {}
    solver = REG.create(name, **params).fit(list(words))
    return solver, solver.tree(progress)


def run_benchmark(name: str, words: Sequence[Word], time_budget: float = 30.0, jobs: int = 1, seed: int = 0,
                  progress: Callable[[int, int, str], None] = no_progress, bound: dict[str, float] | None = None) -> dict:
    """A solver's figures over the list, every word replayed through the rules against its tree (bound: the list's
    lower bounds when already computed)."""
    if not words:
        raise ValueError("The word list is empty.")
    start = time.monotonic()
    solver, root = solver_tree(name, words, time_budget, jobs, seed, progress)
    seconds = time.monotonic() - start
    verified: TreeScore = score(root, list(words))
    bound = bound if bound is not None else list_lower_bound(solver._table())
    return {
        "solver": name,
        "words": len(words),
        "mean_tries": round(verified.mean, 4),
        "max_tries": verified.max_tries,
        "distribution": {str(k): v for k, v in verified.distribution.items()},
        "lower_bound": round(bound["best"], 4),
        "lower_bounds": {k: round(v, 4) for k, v in bound.items() if k != "best"},
        "seconds": round(seconds, 2),
        "verified": True,
        "history": [[round(t, 1), round(m, 4)] for t, m in getattr(solver, "history", [])],
    }


def check_play_matches_tree(solver: PolicySolver, root: Node, words: Sequence[Word]) -> bool:
    """True when playing each word with choose() takes the tries the tree says (used by tests)."""
    from core.tipgame.tree import replay

    tries = replay(root, words)
    return all(play(solver, w, words).tries == tries[w] for w in words)

