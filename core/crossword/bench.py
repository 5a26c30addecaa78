"""Crossword solvers and clue guessers on a date split of the NYT archive (train up to a date, test after it)."""
from __future__ import annotations

import argparse
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from core.crossword.data import TEST_SINCE, TRAIN_UNTIL, archive_path, test_sample
from core.crossword.guessers import GUESSERS
from core.crossword.pipeline import archive_models, evaluate, guesser_accuracy, make_guesser, make_solver, summarise
from core.crossword.solvers import SOLVERS

SEED_FIGURES = {"threshold": "seed: 60.6% of filled cells correct, 74.5% filled",
                "cell-confidence": "seed: 70.4% of filled cells correct, 93.4% filled",
                "tfidf": "seed: right answer in top 5 about 60%", "word2vec": "seed: about 45%"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The crossword benchmark's options."""
    parser.add_argument("--train", help="archive JSONL(.gz) to learn from (default: the shared NYT archive)")
    parser.add_argument("--test", help="archive JSONL(.gz) to test on (default: the training file)")
    parser.add_argument("--train-until", default=TRAIN_UNTIL, help="train on records dated up to this day")
    parser.add_argument("--since", "--test-since", dest="since", default=TEST_SINCE, help="test records from this day")
    parser.add_argument("--until", "--test-until", dest="until", default="", help="test records up to this day")
    parser.add_argument("--solver", action="append", help=f"solver name, repeatable, or all ({', '.join(SOLVERS.names())})")
    parser.add_argument("--guesser", action="append",
                        help="guesser to score top-1/5/20, repeatable, all, or none (default tfidf, word2vec, hybrid)")
    parser.add_argument("--limit", type=int, default=100, help="seeded sample of N test puzzles (0 = all)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--train-limit", type=int, default=0, help="learn from only the last N training puzzles")
    parser.add_argument("--jobs", type=int, default=1, help="puzzles solved in parallel threads")


def _paths(args) -> tuple[Path, Path]:
    """(train file, test file) from the options or the shared archive."""
    from core.bench import BenchError

    default = archive_path()
    train = Path(args.train) if args.train else default
    if train is None:
        raise BenchError("no crossword archive found: pass --train FILE (JSONL records) or set WORDLAB_DATA")
    test = Path(args.test) if args.test else train
    for p in (train, test):
        if not p.exists():
            raise BenchError(f"no such file: {p}")
    if test.resolve() == train.resolve() and args.train_until >= args.since:
        raise BenchError(f"--train-until {args.train_until} must be before --since {args.since} "
                         "when training and testing on the same file")
    return train, test


def run(args, progress) -> dict:
    """Fit (or load) the models, score the guessers and run each solver on the test sample."""
    from core.bench import BenchError

    solvers = SOLVERS.expand(args.solver)
    guessers = [] if args.guesser == ["none"] else (
        GUESSERS.expand(args.guesser) if args.guesser else ["tfidf", "word2vec", "hybrid"])
    train, test = _paths(args)
    t0 = time.monotonic()
    models = archive_models(train, until=args.train_until, limit=args.train_limit, progress=progress)
    model_seconds = time.monotonic() - t0
    puzzles, skipped = test_sample(test, since=args.since, until=args.until, limit=args.limit, seed=args.seed)
    if not puzzles:
        raise BenchError(f"no scorable test puzzles in {test.name} from {args.since} to {args.until or 'the end'}")
    out = {"game": "crossword", "train": str(train), "train_until": args.train_until, "test": str(test),
           "since": args.since, "until": args.until, "limit": args.limit, "seed": args.seed,
           "train_pairs": models.table.n_pairs, "model_seconds": round(model_seconds, 1),
           "model_info": {k: v for k, v in models.info.items()}, "results": [], "guessers": []}
    for name in guessers:
        g = make_guesser(name, models)
        row = guesser_accuracy(g, puzzles, progress)
        row["seed_figure"] = SEED_FIGURES.get(name, "")
        out["guessers"].append(row)
    for name in solvers:
        solver = make_solver(name, models)
        if args.jobs > 1:
            with ThreadPoolExecutor(args.jobs) as pool:
                parts = list(pool.map(lambda p: evaluate([p], solver)["per_puzzle"][0], puzzles))
            summary = summarise(parts)
        else:
            summary = evaluate(puzzles, solver, progress)
        summary.pop("per_puzzle", None)
        out["results"].append({"solver": name, "skipped": len(skipped), **summary,
                               "seed_figure": SEED_FIGURES.get(name, "")})
    out["skipped"] = [{"date": d, "reason": r} for d, r in skipped]
    return out
