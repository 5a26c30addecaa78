"""One harness for play, the page and benchmarks: play a game step by step, run many games, summarise."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

from core.hangman.rules import Letter, State, Word, guess, new_game, positions
from core.progress import no_progress
from core.stats import wilson_interval

ProgressFn = Callable[[int, int, str], None]


@dataclass(frozen=True)
class Step:
    """One turn: the state before it, the letter guessed, where it hit, and the solver's scores."""

    before: State
    letter: Letter
    hit_positions: tuple[int, ...]
    scores: dict[Letter, float] = field(default_factory=dict)

    @property
    def hit(self) -> bool:
        """True when the letter was in the word."""
        return bool(self.hit_positions)


@dataclass(frozen=True)
class GameRecord:
    """A finished (or abandoned) game: the secret, every step, and the final state."""

    secret: Word
    steps: tuple[Step, ...]
    final: State
    seconds: float = 0.0
    cpu_seconds: float = 0.0

    @property
    def won(self) -> bool:
        """True when the solver revealed the word within its miss budget."""
        return self.final.won

    @property
    def misses(self) -> int:
        """Misses made."""
        return self.final.wrong

    @property
    def guesses(self) -> int:
        """Letters guessed."""
        return len(self.steps)


def next_step(solver, state: State, secret: Word, record_scores: bool = True) -> tuple[Step | None, State]:
    """The solver's next step against a secret, and the state after it (None when it has no letter left)."""
    if record_scores:
        scores = solver.scores(state)
        letter = max(scores, key=scores.__getitem__) if scores else None
    else:
        scores, letter = {}, solver.choose(state)
    if letter is None:
        return None, state
    after = guess(state, secret, letter)
    return Step(state, letter, positions(secret, letter), scores), after


def play(solver, secret: Word, max_wrong: int = 6, record_scores: bool = False) -> GameRecord:
    """Play one game of a fitted solver against a secret word, recording every step."""
    state = new_game(len(secret), max_wrong)
    steps: list[Step] = []
    start, cpu = time.perf_counter(), time.process_time()
    while not state.over:
        step, state = next_step(solver, state, secret, record_scores)
        if step is None:
            break
        steps.append(step)
    return GameRecord(secret, tuple(steps), state, time.perf_counter() - start, time.process_time() - cpu)


@dataclass(frozen=True)
class GameSummary:
    """The few facts a benchmark keeps about one game."""

    word: Word
    won: bool
    misses: int
    guesses: int
    seconds: float
    cpu_seconds: float = 0.0


def summarise_game(record: GameRecord) -> GameSummary:
    """A compact summary of a game record."""
    return GameSummary(record.secret, record.won, record.misses, record.guesses, record.seconds, record.cpu_seconds)


def _play_summary(player: tuple, secret: Word) -> dict:
    """One game as a runner record (the player is (solver, max_wrong), shipped once per chunk/worker)."""
    solver, max_wrong = player
    g = summarise_game(play(solver, secret, max_wrong))
    return {"item": g.word, "won": g.won, "misses": g.misses, "guesses": g.guesses, "seconds": g.seconds,
            "cpu_seconds": g.cpu_seconds}


def play_many(solver, secrets: Sequence[Word], max_wrong: int = 6, jobs: int = 1,
              progress: ProgressFn = no_progress, label: str = "", backend=None) -> list[GameSummary]:
    """Play every secret through the shared runner (serial, joblib processes for jobs > 1, or a Dask backend)."""
    from core.bench.runner import Backend, Job, run_job

    backend = backend or Backend("serial" if jobs <= 1 else "local", jobs=jobs)
    records = run_job(Job((solver, max_wrong), tuple(secrets), _play_summary, label), backend, progress)
    return [GameSummary(r["item"], r["won"], r["misses"], r["guesses"], r["seconds"], r["cpu_seconds"])
            for r in records]


@dataclass(frozen=True)
class BenchmarkResult:
    """One strategy's benchmark: the per-game summaries and what the CLI and page report."""

    strategy: str
    games: tuple[GameSummary, ...]
    seconds: float
    fit_seconds: float = 0.0
    max_wrong: int = 6

    @property
    def wins(self) -> int:
        """Games won."""
        return sum(g.won for g in self.games)

    @property
    def win_rate(self) -> float:
        """The share of games won."""
        return self.wins / len(self.games) if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        """The Wilson 95% interval of the win rate."""
        return wilson_interval(self.wins, len(self.games))

    def by_length(self) -> dict[int, float]:
        """Win rate per word length."""
        groups: dict[int, list[bool]] = {}
        for g in self.games:
            groups.setdefault(len(g.word), []).append(g.won)
        return {n: sum(v) / len(v) for n, v in sorted(groups.items())}

    def games_by_length(self) -> dict[int, int]:
        """Games played per word length."""
        out: dict[int, int] = {}
        for g in self.games:
            out[len(g.word)] = out.get(len(g.word), 0) + 1
        return dict(sorted(out.items()))

    def misses_histogram(self) -> dict[int, int]:
        """How many games ended with each number of misses."""
        out: dict[int, int] = {}
        for g in self.games:
            out[g.misses] = out.get(g.misses, 0) + 1
        return dict(sorted(out.items()))

    def hardest_lost(self, n: int = 20) -> list[GameSummary]:
        """Lost games, the ones that revealed least first (most guesses), then alphabetical."""
        lost = [g for g in self.games if not g.won]
        return sorted(lost, key=lambda g: (g.guesses - g.misses, -len(g.word), g.word))[:n]

    def ms_per_guess(self) -> float:
        """Mean milliseconds per guess (play time only, after fitting)."""
        guesses = sum(g.guesses for g in self.games)
        return 1000 * sum(g.seconds for g in self.games) / guesses if guesses else 0.0

    def cpu_ms_per_guess(self) -> float:
        """Mean CPU milliseconds per guess (unaffected by other processes on a shared machine)."""
        guesses = sum(g.guesses for g in self.games)
        return 1000 * sum(g.cpu_seconds for g in self.games) / guesses if guesses else 0.0

    def as_dict(self) -> dict:
        """The JSON record the CLI prints per strategy."""
        lo, hi = self.interval()
        n = len(self.games)
        return {
            "strategy": self.strategy,
            "games": n,
            "wins": self.wins,
            "win_rate": round(self.win_rate, 4),
            "ci95": [round(lo, 4), round(hi, 4)],
            "mean_misses": round(sum(g.misses for g in self.games) / n, 3) if n else 0.0,
            "ms_per_guess": round(self.ms_per_guess(), 3),
            "cpu_ms_per_guess": round(self.cpu_ms_per_guess(), 3),
            "seconds": round(self.seconds, 2),
            "fit_seconds": round(self.fit_seconds, 2),
            "max_wrong": self.max_wrong,
            "by_length": {str(k): round(v, 4) for k, v in self.by_length().items()},
            "misses_histogram": {str(k): v for k, v in self.misses_histogram().items()},
            "hardest_lost": [g.word for g in self.hardest_lost(10)],
        }


def run_benchmark(solver, secrets: Sequence[Word], max_wrong: int = 6, jobs: int = 1,
                  progress: ProgressFn = no_progress, fit_seconds: float = 0.0, backend=None) -> BenchmarkResult:
    """Play a fitted solver on every secret and collect the result."""
    start = time.perf_counter()
    games = play_many(solver, secrets, max_wrong, jobs, progress, getattr(solver, "name", ""), backend)
    return BenchmarkResult(getattr(solver, "name", "solver"), tuple(games), time.perf_counter() - start, fit_seconds, max_wrong)


def check_game(record: GameRecord) -> bool:
    """True when replaying a record through the rules gives the same final state (the score is honest)."""
    state = new_game(len(record.secret), record.final.max_wrong)
    for step in record.steps:
        if step.before != state:
            return False
        state = guess(state, record.secret, step.letter)
    return state == record.final
