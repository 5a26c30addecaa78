"""Benchmarks across games: one request shape, one runner, a history, published reference figures.

A game is described by a `GameBench`: which solvers and data it offers, how to turn a request into a
`Job` (fit the solver, pick the items), and how to summarise records. `execute` runs a request on a
backend, stores each solver's run in the history, and reuses a stored run with the same key.
"""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import pandas as pd

from core.history import find_run, load_run, save_run
from core.progress import Progress, no_progress
from core.runner import Backend, Job, code_version, run_job
from core.stats import wilson_interval


@dataclass(frozen=True)
class Reference:
    """A published figure drawn as a reference line."""

    label: str
    value: float
    metric: str
    datasets: tuple[str, ...] = ()  # the data sets the figure was measured on (empty: any of the game's)

    def applies_to(self, datasets: Sequence[str]) -> bool:
        """True when every shown run's data set is one this figure was measured on."""
        return not self.datasets or all(d in self.datasets for d in datasets)


@dataclass(frozen=True)
class RunRequest:
    """What to benchmark: a game, one solver, a dataset, parameters and a seed."""

    game: str
    solver: str
    dataset: str
    params: tuple[tuple[str, Any], ...] = ()
    n_items: int = 500
    seed: int = 0

    def param(self, name: str, default: Any = None) -> Any:
        """A parameter by name."""
        return dict(self.params).get(name, default)


@dataclass(frozen=True)
class GameBench:
    """How one game plugs into the cross-game runner."""

    game: str
    title: str
    solvers: Callable[[], list[str]]
    datasets: Callable[[], list[str]]
    data_hash: Callable[[RunRequest], str]
    prepare: Callable[[RunRequest, Progress], tuple[Job, dict[str, Any]]]
    summarise: Callable[[pd.DataFrame], dict[str, Any]]
    metric: str
    metric_label: str
    references: tuple[Reference, ...] = ()
    default_params: tuple[tuple[str, Any], ...] = ()
    higher_is_better: bool = True
    percent: bool = True
    group_column: str | None = None
    count_column: str | None = None
    group_outcome: str = "win"
    item_label: str = "games"
    max_workers: int | None = None  # 1: items run in one process (models too big to ship to workers)
    word_lists: bool = True  # its data sets are word lists, so this session's uploads can be run on
    default_items: int = 500  # the sample size the page proposes


@dataclass
class RunOutcome:
    """A finished (or reloaded) run."""

    run_id: str
    request: RunRequest
    records: pd.DataFrame
    meta: dict[str, Any] = field(default_factory=dict)
    reused: bool = False


def request_key(request: RunRequest, data_hash: str) -> dict[str, Any]:
    """The identity of a run: same key, same records (so a stored run can stand in for it)."""
    return {"game": request.game, "solver": request.solver, "dataset": request.dataset, "data_hash": data_hash,
            "params": [list(p) for p in request.params], "n_items": request.n_items, "seed": request.seed,
            "code": code_version()}


def execute(bench: GameBench, request: RunRequest, backend: Backend | None = None, progress: Progress = no_progress,
            cancel: threading.Event | None = None, reuse: bool = True) -> RunOutcome:
    """Run (or reload) one solver's benchmark and store it in the history."""
    backend = backend or Backend()
    key = request_key(request, bench.data_hash(request))
    if reuse:
        found = find_run(key)
        if found:
            stored = load_run(found)
            return RunOutcome(found, request, stored.records, stored.meta, reused=True)
    job, info = bench.prepare(request, progress)
    if bench.max_workers == 1 and backend.kind == "local":
        backend = Backend("serial")
    start = time.perf_counter()
    records = run_job(job, backend, progress, cancel)
    seconds = time.perf_counter() - start
    frame = pd.DataFrame.from_records(records)
    summary = {**bench.summarise(frame), "seconds": round(seconds, 2),
               "items_per_second": round(len(frame) / seconds, 2) if seconds else None}
    meta = {"game": request.game, "solver": request.solver, "dataset": request.dataset, "key": key,
            "backend": backend.kind, "jobs": backend.jobs, "summary": summary, **info}
    run_id = save_run(meta, frame)
    return RunOutcome(run_id, request, frame, {**meta, "run_id": run_id})


# ---------------------------------------------------------------- hangman


def _hangman_solvers() -> list[str]:
    from core.hangman.solvers import REG

    return REG.names()


def _word_datasets(prefer: tuple[str, ...]) -> Callable[[], list[str]]:
    def names() -> list[str]:
        from core.words import catalogue

        specs = catalogue()
        return [n for n in prefer if n in specs] + [n for n in specs if n not in prefer]

    return names


@dataclass(frozen=True)
class HangmanPlayer:
    """A fitted hangman solver and the miss budget, shipped to workers once."""

    solver: Any
    max_wrong: int


def play_hangman(player: HangmanPlayer, word: str) -> dict[str, Any]:
    """One hangman game as a record."""
    from core.hangman.harness import play

    rec = play(player.solver, word, player.max_wrong)
    return {"item": word, "length": len(word), "win": rec.won, "misses": rec.misses, "guesses": rec.guesses,
            "seconds": rec.seconds}


def _list_hash(request: RunRequest) -> str:
    from core.words import load_list

    return load_list(request.dataset).hash


def _hangman_prepare(request: RunRequest, progress: Progress) -> tuple[Job, dict[str, Any]]:
    from core.hangman.fitting import fitted
    from core.words import load_list, sample, split

    words = load_list(request.dataset)
    fraction = float(request.param("test_fraction", 0.2))
    train, test = split(words, fraction, request.seed)
    progress(0, 1, f"fitting {request.solver}")
    solver, _ = fitted(request.solver, train.words, train.hash)
    items = tuple(sample(test, min(request.n_items, len(test)), request.seed))
    player = HangmanPlayer(solver, int(request.param("max_wrong", 6)))
    info = {"train_words": len(train), "test_words": len(test)}
    return Job(player, items, play_hangman, f"hangman {request.solver}"), info


def _hangman_summary(frame: pd.DataFrame) -> dict[str, Any]:
    n = len(frame)
    wins = int(frame["win"].sum()) if n else 0
    lo, hi = wilson_interval(wins, n)
    guesses = int(frame["guesses"].sum()) if n else 0
    return {"games": n, "wins": wins, "win_rate": round(wins / n, 4) if n else 0.0, "ci_low": round(lo, 4),
            "ci_high": round(hi, 4), "mean_misses": round(float(frame["misses"].mean()), 3) if n else 0.0,
            "ms_per_guess": round(1000 * float(frame["seconds"].sum()) / int(guesses), 3) if guesses else 0.0}


HANGMAN = GameBench(
    game="hangman",
    title="Hangman",
    solvers=_hangman_solvers,
    datasets=_word_datasets(("Trexquant hangman 227k", "English web2 235k")),
    data_hash=_list_hash,
    prepare=_hangman_prepare,
    summarise=_hangman_summary,
    metric="win_rate",
    metric_label="win rate on held-out words",
    references=(Reference("frequency baseline, published 18%", 0.18, "win_rate", ("Trexquant hangman 227k",)),
                Reference("best published on unseen words, 67.2%", 0.672, "win_rate", ("Trexquant hangman 227k",))),
    default_params=(("test_fraction", 0.2), ("max_wrong", 6)),
    group_column="length",
    count_column="misses",
)

# ---------------------------------------------------------------- wordle

WORDLE_PAIRS: dict[str, tuple[str, str]] = {
    "Wordle answers 2,315 / allowed 12,972": ("Wordle answers 2,315", "Wordle allowed 12,972"),
    "English 5-letter answers / guesses (built-in)": ("English 5-letter answers", "English 5-letter guesses"),
    "English 6-letter common (built-in)": ("English 6-letter common", "English 6-letter common"),
    "English 4-letter common (built-in)": ("English 4-letter common", "English 4-letter common"),
}


def _wordle_datasets() -> list[str]:
    from core.words import catalogue

    specs = catalogue()
    return [name for name, (a, g) in WORDLE_PAIRS.items() if a in specs and g in specs]


def _wordle_lists(dataset: str):
    from core.words import load_list

    if dataset in WORDLE_PAIRS:
        answers, allowed = WORDLE_PAIRS[dataset]
        return load_list(answers), load_list(allowed)
    words = load_list(dataset)  # an uploaded list: answers and guesses alike
    return words, words


def _wordle_hash(request: RunRequest) -> str:
    answers, allowed = _wordle_lists(request.dataset)
    return answers.hash + allowed.hash


@dataclass(frozen=True)
class WordlePlayer:
    """A fitted Wordle solver and its setup, shipped to workers once."""

    solver: Any
    setup: Any


def play_wordle(player: WordlePlayer, answer: str) -> dict[str, Any]:
    """One Wordle game as a record (more than 6 guesses counts as a loss)."""
    from core.wordle.game import play

    rec = play(player.solver, player.setup, answer)
    return {"item": player.setup.decode(answer), "guesses": rec.guesses, "win": rec.solved and rec.guesses <= 6,
            "first_guess": player.setup.decode(rec.steps[0].guess) if rec.steps else ""}


def _wordle_prepare(request: RunRequest, progress: Progress) -> tuple[Job, dict[str, Any]]:
    from core.wordle.game import make_setup, shippable
    from core.wordle.solvers import SOLVERS
    from core.words import make_list, sample

    answers, allowed = _wordle_lists(request.dataset)
    lengths = sorted({len(w) for w in answers.words})
    length = int(request.param("length", 0)) or (5 if 5 in lengths else lengths[0])
    setup = make_setup(answers.words, allowed.words, rule=str(request.param("rule", "standard")),
                       hard=bool(request.param("hard", False)), length=length)
    progress(0, 1, f"fitting {request.solver}")
    params = {"use_saved": True, "progress": progress} if request.solver == "best" else {}
    solver = shippable(SOLVERS.create(request.solver, **params).fit(setup))
    pool = make_list("answers", setup.answers)
    items = tuple(sample(pool, min(request.n_items, len(pool)), request.seed))
    return Job(WordlePlayer(solver, setup), items, play_wordle, f"wordle {request.solver}"), {
        "answers": len(setup.answers), "allowed": len(setup.guesses)}


def _wordle_summary(frame: pd.DataFrame) -> dict[str, Any]:
    n = len(frame)
    return {"games": n, "mean_guesses": round(float(frame["guesses"].mean()), 4) if n else 0.0,
            "max_guesses": int(frame["guesses"].max()) if n else 0,
            "failures": int((~frame["win"]).sum()) if n else 0,
            "win_rate": round(float(frame["win"].mean()), 4) if n else 0.0}


WORDLE = GameBench(
    game="wordle",
    title="Wordle",
    solvers=lambda: __import__("core.wordle.solvers", fromlist=["SOLVERS"]).SOLVERS.names(),
    datasets=_wordle_datasets,
    data_hash=_wordle_hash,
    prepare=_wordle_prepare,
    summarise=_wordle_summary,
    metric="mean_guesses",
    metric_label="mean guesses per game",
    references=(Reference("optimum on the original lists, 3.4212", 3.4212, "mean_guesses",
                          ("Wordle answers 2,315 / allowed 12,972",)),),
    default_params=(("rule", "standard"), ("hard", False)),
    higher_is_better=False,
    percent=False,
    count_column="guesses",
)

GAMES: dict[str, GameBench] = {"hangman": HANGMAN, "wordle": WORDLE}

from core.tipgame.crossbench import TIPGAME  # noqa: E402  (it builds on GameBench above)

GAMES["tipgame"] = TIPGAME


# ---------------------------------------------------------------- crosswords


@dataclass(frozen=True)
class CrosswordPlayer:
    """A crossword solver bound to its fitted clue models."""

    solver: Any


def play_crossword(player: CrosswordPlayer, puzzle: Any) -> dict[str, Any]:
    """One puzzle solved and scored as a record."""
    from core.crossword.puzzle import score_fill

    result = player.solver.solve(puzzle)
    sc = score_fill(puzzle, result.fill)
    return {"item": puzzle.date, "weekday": puzzle.weekday, "letter_accuracy": sc.letter_accuracy,
            "word_accuracy": sc.word_accuracy, "fill_percentage": sc.fill_percentage, "win": bool(sc.perfect)}


def _crossword_datasets() -> list[str]:
    from core.crossword.data import archive_path

    return ["NYT archive: train to 2010-12-31, test 2011-2013"] if archive_path() else []


def _crossword_archive():
    """The NYT archive's path, or a clear error when the development data is missing."""
    from core.crossword.data import archive_path

    path = archive_path()
    if path is None:
        raise ValueError("the NYT crossword archive is not available (set WORDLAB_DATA)")
    return path


def _crossword_hash(request: RunRequest) -> str:
    from core.crossword.data import file_hash

    return file_hash(_crossword_archive())


def _crossword_prepare(request: RunRequest, progress: Progress) -> tuple[Job, dict[str, Any]]:
    from core.crossword.data import TEST_SINCE, TRAIN_UNTIL, test_sample
    from core.crossword.pipeline import archive_models, make_solver

    path = _crossword_archive()
    models = archive_models(path, until=TRAIN_UNTIL, progress=progress)
    puzzles, skipped = test_sample(path, since=TEST_SINCE, limit=request.n_items, seed=request.seed)
    player = CrosswordPlayer(make_solver(request.solver, models))
    return Job(player, tuple(puzzles), play_crossword, f"crossword {request.solver}"), {"skipped": len(skipped)}


def _crossword_summary(frame: pd.DataFrame) -> dict[str, Any]:
    n = len(frame)
    mean = (lambda c: round(float(frame[c].mean()), 4) if n else 0.0)
    return {"puzzles": n, "letter_accuracy": mean("letter_accuracy"), "word_accuracy": mean("word_accuracy"),
            "fill_percentage": mean("fill_percentage"), "perfect_puzzles": int(frame["win"].sum()) if n else 0}


def _crossword_solvers() -> list[str]:
    from core.crossword.solvers import SOLVERS

    return SOLVERS.names()


CROSSWORD = GameBench(
    game="crossword",
    title="Crosswords",
    solvers=_crossword_solvers,
    datasets=_crossword_datasets,
    data_hash=_crossword_hash,
    prepare=_crossword_prepare,
    summarise=_crossword_summary,
    metric="letter_accuracy",
    metric_label="letter accuracy",
    references=(Reference("seed pencil solver, 70.4% of filled cells", 0.704, "letter_accuracy"),
                Reference("Proverb, 98.1% letters", 0.981, "letter_accuracy")),
    group_column="weekday",
    group_outcome="letter_accuracy",
    item_label="puzzles",
    max_workers=1,
    word_lists=False,
    default_items=20,
)

GAMES["crossword"] = CROSSWORD
