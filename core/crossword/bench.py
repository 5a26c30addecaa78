"""Crosswords: solvers and clue guessers on a date split of the NYT archive (train up to a date, test after it)."""
from __future__ import annotations

import argparse
import time
from functools import lru_cache
from pathlib import Path
from typing import Any

import pandas as pd

from core.bench.games import BenchError
from core.bench.run import Column, GameBench, Prepared, Reference, RunOutcome, RunRequest, data_files
from core.bench.runner import Job
from core.crossword.data import (TEST_SINCE, TRAIN_UNTIL, archive_path, file_hash, per_weekday_sample, test_sample,
                                  weekday_rounds)
from core.crossword.clues.guessers import GUESSERS
from core.crossword.knowledge.fullmeaning import meaning_source
from core.crossword.preparation import archive_models, dev_size_for, packaged_models, reads_books
from core.crossword.harness import guesser_accuracy, make_solver, score_row
from core.crossword.clues.candidates import make_guesser
from core.crossword.puzzle import PuzzleError
from core.crossword.solvers import SOLVERS
from core.crossword.stats import WEEKDAYS
from core.progress import Progress

ARCHIVE = "NYT archive: train to 2010-12-31, test 2011-2013"
# what the first version of these solvers and guessers reported, beside each measured row of the JSON
REFERENCE_FIGURES = {"threshold": "first version: 60.6% of filled cells correct, 74.5% filled",
                     "cell-confidence": "first version: 70.4% of filled cells correct, 93.4% filled",
                     "tfidf": "first version: right answer in top 5 about 60%", "word2vec": "first version: about 45%"}


def play_crossword(solver: Any, puzzle: Any) -> dict[str, Any]:
    """One puzzle solved and scored against its answers as a record (the pipeline's one scoring row)."""
    row = score_row(puzzle, solver)
    return {"item": row.pop("date"), **row, "win": bool(row.pop("perfect"))}


def paths(request: RunRequest) -> tuple[Path, Path]:
    """(train file, test file) from the request or the shared archive."""
    default = archive_path()
    train = Path(request.param("train")) if request.param("train") else default
    if train is None:
        raise BenchError("no crossword archive found: pass --train PATH (a folder or .zip of .puz, .ipuz or NYT JSON "
                         "files, a clue table .tsv/.csv, or archive JSONL) or set WORDLAB_DATA")
    test = Path(request.param("test")) if request.param("test") else train
    for p in (train, test):
        if not p.exists():
            raise BenchError(f"no such file or folder: {p}")
    until, since = request.param("train_until", TRAIN_UNTIL), request.param("since", TEST_SINCE)
    if test.resolve() == train.resolve() and until >= since:
        raise BenchError(f"--train-until {until} must be before --since {since} when training and testing on the same file")
    return train, test


def _inputs(request: RunRequest) -> list:
    train, test = paths(request)
    return [train, test, *data_files("crossword")]


class _AnyProgress:
    """A progress callback that compares equal to any other, so a cached call's key ignores who watches it."""

    def __init__(self, progress: Progress) -> None:
        self.progress = progress

    def __call__(self, done: int, total: int, message: str = "") -> None:
        self.progress(done, total, message)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _AnyProgress)

    def __hash__(self) -> int:
        return 0


@lru_cache(maxsize=2)
def _models(train: Path, train_hash: str, until: str, limit: int, dev_size: int, progress: _AnyProgress,
            meaning: str = "best", books: bool = True):
    """Fitted clue models, shared by the solvers of one benchmark (keyed by the file's content, read-only).

    The first call reports each stage of a first build (reading, fitting, calibrating) through `progress`; with
    meaning "full" it first prepares the full meaning model's vectors of the training clues (the upgrade's builder,
    on both cores) when they are not ready; `books`: the guesser reads the packaged sources too.
    """
    if meaning == "full":
        prepare_full_meaning(train, until, limit, progress)
    return archive_models(train, until=until, limit=limit, dev_size=dev_size, progress=progress,
                          meaning_source=meaning, books=books)


def prepare_full_meaning(train: Path, until: str, limit: int, progress: Progress) -> None:
    """Build the full meaning model's vectors of the training clues now, with the bar, unless they are ready."""
    from core.crossword.knowledge import fullmeaning, upgrade
    from core.crossword.data import training_table

    clues = training_table(train, until=until, limit=limit).clues
    if not fullmeaning.is_ready(clues):
        upgrade.build(clues, upgrade.WORKERS, progress, nice=upgrade.NICE)


def resident_mb() -> int:
    """This process's resident memory in MB (what the loaded models hold, with the interpreter and libraries)."""
    import psutil

    return int(psutil.Process().memory_info().rss / 2**20)


def bench_params(train_limit: int) -> tuple:
    """The request parameters of a page that learns from only the last `train_limit` puzzles (none for all)."""
    return (("train_limit", train_limit), ("dev_size", dev_size_for(train_limit))) if train_limit else ()


def _prepare(request: RunRequest, progress: Progress) -> Prepared:
    train, test = paths(request)
    since, until = request.param("since", TEST_SINCE), request.param("until", "")
    progress(0, 1000, "loading the clue models")
    start = time.monotonic()
    if request.param("clues", "archive") == "packaged":  # packaged knowledge only: what a fresh machine has
        models = packaged_models(progress)
    else:
        try:
            models = _models(train, file_hash(train), request.param("train_until", TRAIN_UNTIL),
                             int(request.param("train_limit", 0)), int(request.param("dev_size", 30)),
                             _AnyProgress(progress), request.param("meaning", "best"),
                             reads_books(request.param("clues", "archive")))
        except PuzzleError as err:  # an archive with nothing to learn in the dates: said, never a traceback
            raise BenchError(str(err)) from None
    models_seconds, rss_mb = time.monotonic() - start, resident_mb()
    per_weekday = int(request.param("per_weekday", 0) or 0)
    if per_weekday > 0:
        puzzles, skipped = per_weekday_sample(test, since, until, per_weekday, request.seed)
        puzzles = weekday_rounds(puzzles)
    else:
        puzzles, skipped = test_sample(test, since=since, until=until, limit=request.n_items, seed=request.seed)
    if not puzzles:
        raise BenchError(f"no scorable test puzzles in {test.name} from {since} to {until or 'the end'}")
    info: dict[str, Any] = {"train": str(train), "test": str(test), "train_pairs": models.table.n_pairs,
                            "meaning": meaning_source(models),
                            "model_info": dict(models.info), "models_seconds": round(models_seconds, 1),
                            "models_rss_mb": rss_mb}
    guessers = request.param("guessers") or ()
    info["guessers"] = [{**guesser_accuracy(make_guesser(g, models), puzzles, progress),
                         "reference_figure": REFERENCE_FIGURES.get(g, "")} for g in guessers]
    job = Job(make_solver(request.solver, models), tuple(puzzles), play_crossword, f"crossword {request.solver}")
    return Prepared(job, info, tuple((d, r) for d, r in skipped))


def summarise(frame: pd.DataFrame) -> dict[str, Any]:
    """Mean accuracies over puzzles (each puzzle weighs the same), perfect puzzles, and a Monday-first breakdown."""
    n = len(frame)
    mean = (lambda c, f=frame: round(float(f[c].mean()), 4) if len(f) else 0.0)
    by_day = {day: {"puzzles": int(len(part)), "letter_accuracy": mean("letter_accuracy", part),
                    "word_accuracy": mean("word_accuracy", part)}
              for day in WEEKDAYS if n and len(part := frame[frame["weekday"] == day])}
    balanced = round(sum(d["letter_accuracy"] for d in by_day.values()) / len(by_day), 4) if by_day else 0.0
    return {"puzzles": n, "letter_accuracy": mean("letter_accuracy"), "weekday_balanced_letter_accuracy": balanced,
            "word_accuracy": mean("word_accuracy"),
            "fill_percentage": mean("fill_percentage"), "filled_accuracy": mean("filled_accuracy"),
            "perfect_puzzles": int(frame["win"].sum()) if n else 0,
            "seconds_per_puzzle": mean("seconds"), "by_weekday": by_day}


def _datasets() -> list[str]:
    return [ARCHIVE] if archive_path() else []


def measurement(args: argparse.Namespace) -> dict | None:
    """The look-up timing when --lookup-runs asks for it (None: run the benchmark)."""
    if not args.lookup_runs:
        return None
    if args.lookup_runs < 0:
        raise BenchError("--lookup-runs must be 0 or more")
    from core.crossword.lookup_timing import lookup_timing

    return lookup_timing(args.lookup_runs, args.clues)


BENCH = GameBench(
    game="crossword",
    title="Crosswords",
    solvers=SOLVERS.names,
    plain_name=SOLVERS.plain_name,
    measurement=measurement,
    datasets=_datasets,
    inputs=_inputs,
    prepare=_prepare,
    summarise=summarise,
    metric="letter_accuracy",
    metric_label="Letters right",
    columns=(Column("letter_accuracy", "Letters right", "percent"), Column("word_accuracy", "Words right", "percent"),
             Column("fill_percentage", "Squares filled", "percent"), Column("puzzles", "Puzzles solved", "count"),
             Column("perfect_puzzles", "Perfect puzzles", "count")),
    default_solvers=("cell-confidence", "best"),
    references=(Reference("the starting solver, 70.4% of filled squares", 0.704, "letter_accuracy"),
                Reference("Proverb, 98.1% of letters", 0.981, "letter_accuracy")),
    group_column="weekday",
    group_label="day of the week",
    group_outcome="letter_accuracy",
    group_order=WEEKDAYS,
    item_label="puzzles",
    max_workers=1,
    word_lists=False,
    default_items=20,
)

# ---------------------------------------------------------------- command line


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The crossword benchmark's options."""
    parser.add_argument("--train", help="the archive to learn from: archive JSONL(.gz), or your own: a folder or .zip of "
                                        ".puz, .ipuz or NYT JSON (YYYY/MM/DD.json) files and clue tables (.tsv/.csv) "
                                        "(default: the shared NYT archive)")
    parser.add_argument("--test", help="the archive to test on, in any of --train's forms (default: the training one)")
    parser.add_argument("--train-until", default=TRAIN_UNTIL, help="train on records dated up to this day")
    parser.add_argument("--since", "--test-since", dest="since", default=TEST_SINCE, help="test records from this day")
    parser.add_argument("--until", "--test-until", dest="until", default="", help="test records up to this day")
    parser.add_argument("--solver", action="append", help=f"solver name, repeatable, or all: {SOLVERS.cli_help()}")
    parser.add_argument("--guesser", action="append",
                        help="guesser to score top-1/5/20, repeatable, all, or none (default tfidf, word2vec, hybrid)")
    parser.add_argument("--limit", type=int, default=100, help="seeded sample of N test puzzles (0 = all)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--train-limit", type=int, default=0, help="learn from only the last N training puzzles")
    parser.add_argument("--per-weekday", type=int, default=0,
                        help="a seeded sample of N scorable puzzles of each weekday (instead of --limit)")
    parser.add_argument("--clues", choices=("archive", "archive-only", "packaged"), default="archive",
                        help="where clue knowledge comes from: the archive up to --train-until with the packaged "
                             "sources beside it (default), the archive's sources only, or packaged data only")
    parser.add_argument("--meaning", choices=("static", "full", "best"), default="best",
                        help="how clues are read for their meaning: the static table (ready in minutes), the full "
                             "model (prepared first when not ready: python -m core.crossword.knowledge.upgrade "
                             "prepare), or the best one ready (default)")
    parser.add_argument("--lookup-runs", type=int, default=0,
                        help="instead of solving puzzles: time N warm command-line clue look-ups (a fresh process "
                             "each, after one that may fill the cache) with --clues' knowledge")


def requests(args: argparse.Namespace) -> list[RunRequest]:
    """One request per solver; the first also scores the clue guessers on the same puzzles."""
    solvers = SOLVERS.expand(args.solver)
    guessers = () if args.guesser == ["none"] else tuple(
        GUESSERS.expand(args.guesser) if args.guesser else ["tfidf", "word2vec", "hybrid"])
    params = (("train", args.train), ("test", args.test), ("train_until", args.train_until), ("since", args.since),
              ("until", args.until), ("train_limit", args.train_limit), ("per_weekday", args.per_weekday),
              ("clues", args.clues), ("meaning", args.meaning))
    if args.per_weekday < 0:
        raise BenchError("--per-weekday must be 0 or more")
    return [RunRequest("crossword", name, args.test or args.train or ARCHIVE,
                       params + ((("guessers", guessers),) if i == 0 else ()), args.limit, args.seed)
            for i, name in enumerate(solvers)]


def report(args: argparse.Namespace, outcomes: list[RunOutcome]) -> dict:
    """The CLI's JSON: the split, the guessers' accuracy, then one result per solver."""
    first = outcomes[0].meta if outcomes else {"info": {}, "skipped": []}
    info = first["info"]
    return {"game": "crossword", "train": info.get("train"), "train_until": args.train_until, "test": info.get("test"),
            "since": args.since, "until": args.until, "limit": args.limit, "per_weekday": args.per_weekday,
            "clues": args.clues, "meaning": info.get("meaning"), "seed": args.seed,
            "train_pairs": info.get("train_pairs"), "model_info": info.get("model_info"),
            "models_seconds": info.get("models_seconds"), "models_rss_mb": info.get("models_rss_mb"),
            "guessers": info.get("guessers", []),
            "results": [{"solver": o.request.solver, "skipped": len(o.meta["skipped"]), **o.summary,
                         "reference_figure": REFERENCE_FIGURES.get(o.request.solver, "")} for o in outcomes],
            "skipped": [{"date": d, "reason": r} for d, r in first["skipped"]]}
