"""A Wordle setup (lists, rule, mode, pattern matrix), game states, and the harness shared by CLI, page and tests."""
from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from typing import Callable, Protocol, Sequence

import numpy as np

from core.progress import no_progress
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
    def is_answer(self) -> np.ndarray:
        """Which guesses are answers."""
        mask = np.zeros(len(self.guesses), dtype=bool)
        mask[self.answer_rows] = True
        return mask

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
        """A content key of the lists, rule and mode."""
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


class Solver(Protocol):
    """The interface every Wordle solver offers."""

    name: str

    def fit(self, setup: Setup) -> "Solver": ...

    def scores(self, state: State) -> dict[Word, float]: ...

    def choose(self, state: State) -> Word: ...


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


def play(solver: Solver, setup: Setup, answer: Word, limit: int = BENCH_LIMIT, first: Word | None = None) -> GameRecord:
    """Play one game through the rules (the solver never sees the answer)."""
    state, steps = State(), []
    cands = setup.candidates(state)
    for turn in range(limit):
        guess = first if (turn == 0 and first) else solver.choose(state)
        if guess not in setup.guess_index:
            raise IllegalGuess(f"{guess!r} is not an allowed guess")
        if setup.hard and (why := hard_mode_violation(guess, state.history, setup.rule)):
            raise IllegalGuess(f"{guess!r} breaks hard mode: {why}")
        pattern = feedback(answer, guess, setup.rule)
        state = state.then(guess, pattern)
        after = cands[setup.row(guess)[cands] == pattern]
        steps.append(Step(guess, pattern, len(cands), len(after)))
        cands = after
        if pattern == setup.solved:
            return GameRecord(answer, tuple(steps), True)
    return GameRecord(answer, tuple(steps), False)


@dataclass(frozen=True)
class BenchmarkResult:
    """A solver's games over a set of answers."""

    solver: str
    records: tuple[GameRecord, ...]
    seconds: float
    fit_seconds: float = 0.0

    @property
    def counts(self) -> list[int]:
        """Guesses per game (limit + 1 for a game never solved)."""
        return [r.guesses if r.solved else BENCH_LIMIT + 1 for r in self.records]

    @property
    def mean(self) -> float:
        """Mean guesses per game."""
        c = self.counts
        return sum(c) / len(c) if c else 0.0

    @property
    def failures(self) -> int:
        """Games not solved within six guesses."""
        return sum(1 for c in self.counts if c > MAX_GUESSES)

    @property
    def distribution(self) -> dict[int, int]:
        """How many games took each number of guesses."""
        return dict(sorted(Counter(self.counts).items()))

    def summary(self) -> dict:
        """The JSON-ready summary the CLI prints."""
        first = Counter(r.steps[0].guess for r in self.records if r.steps).most_common(1)
        return {
            "solver": self.solver,
            "games": len(self.records),
            "mean_guesses": round(self.mean, 4),
            "total_guesses": sum(self.counts),
            "max_guesses": max(self.counts) if self.records else 0,
            "failures": self.failures,
            "distribution": {str(k): v for k, v in self.distribution.items()},
            "first_guess": first[0][0] if first else None,
            "seconds": round(self.seconds + self.fit_seconds, 2),
            "fit_seconds": round(self.fit_seconds, 2),
        }


def _play_record(player: tuple, answer: Word) -> dict:
    """One game as a runner record (the player is (solver, setup, first), shipped once per chunk/worker)."""
    solver, setup, first = player
    return {"item": answer, "record": play(solver, setup, answer, first=first)}


def shippable(solver: Solver) -> Solver:
    """A shallow copy of a solver without its progress callback (which may hold a terminal or a page)."""
    import copy

    if getattr(solver, "progress", None) is None:
        return solver
    clone = copy.copy(solver)
    clone.progress = no_progress
    return clone


def run_benchmark(solver: Solver, setup: Setup, answers: Sequence[Word] | None = None, first: Word | None = None,
                  jobs: int = 1, progress: Callable[[int, int, str], None] = no_progress,
                  fit_seconds: float = 0.0, backend=None) -> BenchmarkResult:
    """Play every given answer (all answers by default) through the shared runner and collect the records."""
    from core.bench.runner import Backend, Job, run_job

    words = list(answers if answers is not None else setup.answers)
    start = time.perf_counter()
    backend = backend or Backend("serial" if jobs <= 1 or len(words) <= 50 else "local", jobs=jobs)
    job = Job((shippable(solver), setup, first), tuple(words), _play_record, getattr(solver, "name", ""))
    records = [r["record"] for r in run_job(job, backend, progress)]
    return BenchmarkResult(getattr(solver, "name", type(solver).__name__), tuple(records),
                           time.perf_counter() - start, fit_seconds)
