"""Play a word through the rules; a solver's full tree by name (the benchmark replays every word against it)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from core.progress import no_progress
from core.tipgame.rules import IS, Answer, Tip, TipState, Word, answer
from core.tipgame.solvers import SOLVERS, GreedySolver, PolicySolver
from core.tipgame.tree import Node


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
    solver = SOLVERS.create_with(name, {"time_budget": time_budget, "jobs": jobs, "seed": seed}).fit(list(words))
    return solver, solver.tree(progress)


def quick_tree(words: Sequence[Word]) -> Node:
    """The one-ply greedy tree: quick to build, the stand-in until a searched tree exists and the baseline every
    tree is compared with."""
    return GreedySolver().fit(list(words)).tree()


def check_play_matches_tree(solver: PolicySolver, root: Node, words: Sequence[Word]) -> bool:
    """True when playing each word with choose() takes the tries the tree says (used by tests)."""
    from core.tipgame.tree import replay

    tries = replay(root, words)
    return all(play(solver, w, words).tries == tries[w] for w in words)

