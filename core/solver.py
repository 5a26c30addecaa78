"""The solver protocol every game follows, written once, with each game's documented bends.

A solver is built by name from its game's registry (`core.<game>.solvers.SOLVERS.create(name)`),
learns from the data it is given (`fit`), scores the moves it could make in a state (`scores`: the
numbers the pages chart, in the unit `score_label` names, higher or lower better as `higher_is_better`
says), and picks one (`choose`; `ranked` gives both at once). It never sees the secret: the game's
harness plays it through the rules. Solvers are picklable, so benchmark workers get a copy.

Each game's solvers declare the protocol by subclassing it (`class Solver(core.solver.Solver)`), so
they inherit its defaults (`ranked`, `score_text`) and a test can check the declaration.

Bends, each deliberate:
- Hangman (`core.hangman.solvers.Solver`): `fit(setup)` takes a `Setup` (the words and the world the secret
  comes from, one of the solver's `worlds`) or a plain word list (its default world); a fit to another world of the
  same list takes what the first learned (`learned=`). A state is the mask plus the letters tried; `choose` returns
  None when no letter is left to try.
- Wordle (`core.wordle.solvers`): `fit(setup)` takes a `Setup` (answers, allowed guesses, feedback rule,
  hard mode, pattern matrix) rather than a word list, because the answers and the guesses differ.
  `best` fits by building (or loading) a whole decision tree; its `scores` rank by that tree.
- Tip game (`core.tipgame.solvers.PolicySolver`): `fit(words)`; each solver also yields its complete
  decision tree (`tree()`), which is how the benchmark scores it exactly over every word.
- Crosswords: a whole puzzle is one move, so its solvers follow `PuzzleSolver`: built from fitted clue
  models (`SOLVERS.create(name, models)`), they offer `solve(puzzle) -> SolveResult` instead of
  scores/choose; clue sources (`core.crossword.clues.source.ClueSource`, registered in `GUESSERS`) are the part
  that scores: `guess(clue, pattern) -> ranked answers`, `candidates_with_sources` with each answer's sources.
"""
from __future__ import annotations

from typing import Any, Hashable, Mapping, Protocol, Sequence, TypeVar, runtime_checkable

State = TypeVar("State", contravariant=True)
Move = TypeVar("Move", bound=Hashable)


@runtime_checkable
class Solver(Protocol[State, Move]):
    """What every game's solver offers (see the module docstring for each game's bends)."""

    name: str
    score_label: str = "score"  # what `scores` measures, in plain words (a page's first table column)
    higher_is_better: bool = True

    def fit(self, data: Any) -> "Solver[State, Move]":
        """Learn from the given words (or setup); returns the solver itself."""
        ...

    def scores(self, state: State) -> Mapping[Move, float]:
        """Every move worth considering in this state, scored (better first as `higher_is_better` says)."""
        ...

    def choose(self, state: State) -> Move | None:
        """The move to play in this state."""
        ...

    def ranked(self, state: State) -> tuple[Move | None, Mapping[Move, float]]:
        """(the chosen move, the score of every move weighed); a solver overrides it when one pass gives both."""
        return self.choose(state), self.scores(state)

    def score_text(self, value: float) -> str:
        """A score as a page shows it (two decimals unless the solver says otherwise)."""
        return f"{value:.2f}"


@runtime_checkable
class PuzzleSolver(Protocol):
    """A crossword solver: one move fills the whole puzzle, so it offers `solve` instead of scores/choose."""

    name: str

    def solve(self, puzzle: Any, progress: Any = ..., candidates: Mapping | None = None) -> Any:
        """The puzzle's fill, step by step (a `SolveResult`)."""
        ...


class Registry(Protocol):
    """The shape of every game's `SOLVERS` registry (core.registry.Registry)."""

    def names(self) -> list[str]: ...

    def describe(self, name: str) -> str: ...

    def create(self, name: str, **params: Any) -> Any: ...

    def expand(self, names: Sequence[str] | None) -> list[str]: ...
