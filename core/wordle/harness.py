"""A Wordle setup (lists, rule, mode, pattern matrix), game states, and playing one game through the rules."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Callable, Protocol, Sequence, runtime_checkable

import numpy as np

from core.progress import no_progress
from core.solver import Solver
from core.wordle.rules import (
    MAX_LENGTH,
    MIN_LENGTH,
    Encoding,
    Pattern,
    Word,
    all_green,
    check_rule,
    compute_pattern_matrix,
    feedback,
    hard_mode_mask,
    hard_mode_violation,
    pattern_matrix,
    symbol_array,
    symbols_of,
)

MAX_GUESSES = 6
BENCH_LIMIT = 20


class SetupError(ValueError):
    """Lists or options that cannot make a Wordle game, with a message fit to show a person."""


@dataclass(frozen=True)
class Setup:
    """Answers, allowed guesses (answers included), the feedback rule and hard mode; words are symbol strings."""

    answers: tuple[Word, ...]
    guesses: tuple[Word, ...]
    rule: str = "standard"
    hard: bool = False
    weights: tuple[float, ...] | None = None  # prior over answers (None: uniform)
    added: tuple[Word, ...] = ()  # answers that were missing from the allowed list
    encoding: Encoding = field(default_factory=Encoding)

    @property
    def length(self) -> int:
        """The word length in symbols."""
        return len(self.answers[0])

    @property
    def solved(self) -> Pattern:
        """The all-green code."""
        return all_green(self.length)

    @cached_property
    def matrix(self) -> np.ndarray:
        """The (guesses, answers) pattern matrix (cached on disk)."""
        return pattern_matrix(self.guesses, self.answers, self.rule)

    def prepare(self, progress: Callable[[int, int, str], None] = no_progress) -> np.ndarray:
        """The pattern matrix, computed now (or read from the disk cache) with progress reports; later uses of
        `matrix` reuse it."""
        if "matrix" not in self.__dict__:
            self.__dict__["matrix"] = pattern_matrix(self.guesses, self.answers, self.rule, progress)
        progress(1, 1, "feedback matrix ready")
        return self.__dict__["matrix"]

    @cached_property
    def guess_index(self) -> dict[Word, int]:
        """Each allowed word's row in the matrix."""
        return {w: i for i, w in enumerate(self.guesses)}

    @cached_property
    def answer_rows(self) -> np.ndarray:
        """The matrix row of each answer."""
        return np.array([self.guess_index[a] for a in self.answers], dtype=np.int64)

    @cached_property
    def symbols(self) -> str:
        """Every symbol used."""
        return symbols_of(self.guesses, self.answers)

    @cached_property
    def guess_array(self) -> np.ndarray:
        """The guesses as symbol indices."""
        return symbol_array(self.guesses, self.symbols)

    @cached_property
    def guess_counts(self) -> np.ndarray:
        """(guesses, symbols) copies of each symbol in each guess."""
        arr = self.guess_array
        counts = np.zeros((len(arr), len(self.symbols)), dtype=np.int8)
        for j in range(arr.shape[1]):
            np.add.at(counts, (np.arange(len(arr)), arr[:, j]), 1)
        return counts

    @cached_property
    def prior(self) -> np.ndarray:
        """The answer weights, summing to one."""
        if self.weights is None:
            return np.full(len(self.answers), 1.0 / len(self.answers))
        w = np.asarray(self.weights, dtype=float)
        w = np.where(w > 0, w, w[w > 0].min() if (w > 0).any() else 1.0)
        return w / w.sum()

    @property
    def key(self) -> str:
        """A content key of the lists, rule and mode.

        Deliberately not an `artefact_key`: it names the trees shipped in data/wordle, which are data checked by
        replaying every answer through the rules, not a cache of what today's code builds ("wordle-setup-v1" names
        the key's format; changing it would orphan every shipped tree).
        """
        from core.cache import content_hash

        return content_hash("wordle-setup-v1", self.rule, str(self.hard), "\n".join(self.guesses), "\n".join(self.answers))

    def row(self, guess: Word) -> np.ndarray:
        """The feedback codes of a guess against every answer (computed for a word outside the list)."""
        i = self.guess_index.get(guess)
        if i is not None:
            return self.matrix[i]
        return compute_pattern_matrix([guess], self.answers, self.rule)[0]

    def candidates(self, state: "State") -> np.ndarray:
        """Indices of the answers consistent with every feedback so far."""
        idx = np.arange(len(self.answers))
        for guess, pattern in state.history:
            idx = idx[self.row(guess)[idx] == pattern]
        return idx

    def valid_guesses(self, state: "State") -> np.ndarray:
        """A mask of the guesses allowed now (all of them unless hard mode)."""
        mask = np.ones(len(self.guesses), dtype=bool)
        if not self.hard:
            return mask
        for guess, pattern in state.history:
            row = np.array([self.symbols.index(c) for c in guess], dtype=np.int16)
            mask &= hard_mode_mask(self.guess_array, self.guess_counts, row, pattern, self.rule)
        return mask

    def decode(self, word: Word) -> Word:
        """A word spelled out for display."""
        return self.encoding.decode(word)


def make_setup(answers: Sequence[Word], guesses: Sequence[Word] | None = None, rule: str = "standard",
               hard: bool = False, weights: Sequence[float] | None = None, length: int | None = None,
               encoding: Encoding | None = None) -> Setup:
    """A validated Setup: words encoded, one length kept, missing answers added to the guesses."""
    check_rule(rule)
    enc = encoding or Encoding()
    ans = [enc.encode(w) for w in answers]
    gss = [enc.encode(w) for w in (guesses if guesses is not None else answers)]
    if not ans:
        raise SetupError("The answer list is empty.")
    lengths = sorted({len(w) for w in ans})
    if length is None:
        if len(lengths) > 1:
            raise SetupError(f"The answers have several lengths ({', '.join(map(str, lengths))}): choose one.")
        length = lengths[0]
    if not MIN_LENGTH <= length <= MAX_LENGTH:
        raise SetupError(f"Words of {length} symbols are outside the playable range {MIN_LENGTH}-{MAX_LENGTH}.")
    keep = [i for i, w in enumerate(ans) if len(w) == length]
    if not keep:
        raise SetupError(f"No answer has {length} symbols.")
    ans_w = list(dict.fromkeys(ans[i] for i in keep))
    wts = None
    if weights is not None:
        by_word = {ans[i]: float(weights[i]) for i in keep}
        wts = tuple(by_word[w] for w in ans_w)
    g_w = list(dict.fromkeys(w for w in gss if len(w) == length))
    present = set(g_w)
    missing = tuple(w for w in ans_w if w not in present)
    return Setup(answers=tuple(ans_w), guesses=tuple(g_w) + missing, rule=rule, hard=hard, weights=wts,
                 added=missing, encoding=enc)


@dataclass(frozen=True)
class State:
    """The history of a game: (guess, feedback code) pairs."""

    history: tuple[tuple[Word, Pattern], ...] = ()

    def then(self, guess: Word, pattern: Pattern) -> "State":
        """The state after one more guess."""
        return State(self.history + ((guess, int(pattern)),))

    @property
    def turn(self) -> int:
        """How many guesses were made."""
        return len(self.history)


# ---------------------------------------------------------------- harness


@dataclass(frozen=True)
class Step:
    """One guess of a played game."""

    guess: Word
    pattern: Pattern
    before: int  # answers possible before the guess
    after: int  # answers possible after it


@dataclass(frozen=True)
class GameRecord:
    """A played game."""

    answer: Word
    steps: tuple[Step, ...]
    solved: bool

    @property
    def guesses(self) -> int:
        """How many guesses were made."""
        return len(self.steps)


class IllegalGuess(ValueError):
    """A solver's guess that the rules do not allow."""


def guess_problem(setup: Setup, guess: Word, history: Sequence[tuple[Word, Pattern]] = ()) -> str:
    """Why the game refuses a guess after a history, in one sentence ('' when the guess is allowed)."""
    if len(guess) != setup.length:
        tiles = f"{setup.length} tile{'' if setup.length == 1 else 's'}"
        return f"Type a word of {tiles} (got {len(guess)})."
    if guess not in setup.guess_index:
        return f"{setup.decode(guess)!r} is not in the allowed list."
    if setup.hard and (why := hard_mode_violation(guess, tuple(history), setup.rule)):
        return f"Hard mode: the game refuses {setup.decode(guess)!r} ({why})."
    return ""


def play(solver: Solver, setup: Setup, answer: Word, limit: int = BENCH_LIMIT, first: Word | None = None) -> GameRecord:
    """Play one game through the rules (the solver never sees the answer)."""
    state, steps = State(), []
    cands = setup.candidates(state)
    for turn in range(limit):
        guess = first if (turn == 0 and first) else solver.choose(state)
        if why := guess_problem(setup, guess, state.history):
            raise IllegalGuess(why)
        pattern = feedback(answer, guess, setup.rule)
        state = state.then(guess, pattern)
        after = cands[setup.row(guess)[cands] == pattern]
        steps.append(Step(guess, pattern, len(cands), len(after)))
        cands = after
        if pattern == setup.solved:
            return GameRecord(answer, tuple(steps), True)
    return GameRecord(answer, tuple(steps), False)


@runtime_checkable
class ReportsProgress(Protocol):
    """An ability: the solver reports its long work (a tree search) to a progress callback it holds."""

    progress: Callable[[int, int, str], None]


def shippable(solver: Solver) -> Solver:
    """A shallow copy of a solver without its progress callback (which may hold a terminal or a page)."""
    import copy

    if not isinstance(solver, ReportsProgress):
        return solver
    clone = copy.copy(solver)
    clone.progress = no_progress
    return clone
