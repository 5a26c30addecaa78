"""Hangman: benchmark solvers on held-out or in-dictionary words."""
from __future__ import annotations

import argparse

from core.bench import BenchError as _BenchError
from core.hangman.fitting import fitted
from core.hangman.harness import run_benchmark
from core.hangman.rules import MAX_WRONG, MIN_WRONG
from core.hangman.solvers import REG
from core.words import WordList, difference, load_list, sample, split


class BenchError(_BenchError, ValueError):
    """A bad hangman benchmark request (also a ValueError, so `python -m core.bench` exits 2 either way)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The hangman benchmark's options."""
    parser.add_argument("--train", default="Trexquant hangman 227k", help="training list: a file or a list name")
    parser.add_argument("--test", default=None, help="test list: a file or a list name (default: split the training list)")
    parser.add_argument("--test-fraction", type=float, default=None, help="hold out this fraction of --train as the test set")
    parser.add_argument("--exclude-train", action="store_true", help="drop test words that are in the training list")
    parser.add_argument("--in-dictionary", action="store_true", help="test on words of the training list itself (no split)")
    parser.add_argument("--strategy", action="append", default=None, help=f"repeatable, or 'all': {', '.join(REG.names())}")
    parser.add_argument("--games", type=int, default=None, help="a seeded sample of N test words (default all)")
    parser.add_argument("--max-wrong", type=int, default=6, help="misses that lose the game (1..25)")
    parser.add_argument("--seed", type=int, default=0, help="seed for the split and the sample")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--no-cache", action="store_true", help="fit afresh instead of loading a cached fitted solver")


def train_test(args) -> tuple[WordList, WordList]:
    """The training and test lists an argument set asks for."""
    train = load_list(args.train)
    if not train.words:
        raise BenchError("the training list is empty")
    if args.test_fraction is not None:
        if args.test is not None or args.in_dictionary:
            raise BenchError("use --test-fraction alone, not with --test or --in-dictionary")
        return split(train, args.test_fraction, args.seed)
    if args.in_dictionary:
        return train, train
    if args.test is None:
        return split(train, 0.2, args.seed)
    test = load_list(args.test)
    if args.exclude_train:
        test = difference(test, train)
    return train, test


def run(args, progress) -> dict:
    """Fit each strategy on the training words and play seeded test games; one JSON-ready dict."""
    if not MIN_WRONG <= args.max_wrong <= MAX_WRONG:
        raise BenchError(f"--max-wrong must be between {MIN_WRONG} and {MAX_WRONG}")
    if args.games is not None and args.games < 1:
        raise BenchError("--games must be at least 1")
    if args.jobs < 1:
        raise BenchError("--jobs must be at least 1")
    names = REG.expand(args.strategy)
    train, test = train_test(args)
    if not test.words:
        raise BenchError("the test list is empty (after excluding training words?)")
    secrets = sample(test, args.games if args.games is not None else len(test), args.seed)
    outside = set("".join(secrets)) - set(train.alphabet)
    if outside:
        secrets = [w for w in secrets if not set(w) & outside]
    from core.bench import backend_of

    backend = backend_of(args)
    if backend.kind == "local" and args.jobs <= 1:
        backend.kind = "serial"
    results = []
    for name in names:
        solver, fit_seconds = fitted(name, train.words, train.hash, use_disk=not args.no_cache)
        res = run_benchmark(solver, secrets, args.max_wrong, args.jobs, progress, fit_seconds, backend)
        results.append(res.as_dict())
    return {
        "game": "hangman",
        "train": train.name,
        "train_words": len(train),
        "test": test.name,
        "test_words": len(test),
        "max_wrong": args.max_wrong,
        "seed": args.seed,
        "skipped_outside_alphabet": len(outside),
        "results": results,
    }
