"""Hangman: fit each strategy on a training list and play seeded held-out words (win rate, misses, time)."""
from __future__ import annotations

import argparse
from typing import Any, Sequence

import pandas as pd

from core.bench.games import BenchError
from core.bench.runner import Job
from core.bench.run import (Choice, Column, GameBench, Prepared, Reference, RunOutcome, RunRequest, by_group, data_files,
                            win_summary)
from core.hangman.fitting import fitted
from core.hangman.harness import play
from core.hangman.rules import MAX_WRONG, MIN_WRONG
from core.hangman.solvers import SOLVERS, WORLD_NAMES, WORLDS, played_world
from core.progress import Progress, no_progress
from core.words import WordList, catalogue, difference, load_list, sample, split

PREFERRED = ("Trexquant hangman 227k", "English web2 235k")
RECORD_COLUMNS = ("item", "length", "win", "misses", "guesses", "seconds", "cpu_seconds")


def play_hangman(player: tuple[Any, int], word: str) -> dict[str, Any]:
    """One game as a record; the player is (fitted solver, miss budget), shipped once per worker."""
    solver, max_wrong = player
    rec = play(solver, word, max_wrong)
    return {"item": word, "length": len(word), "win": rec.won, "misses": rec.misses, "guesses": rec.guesses,
            "seconds": rec.seconds, "cpu_seconds": rec.cpu_seconds}


def play_against_host(player: tuple[Any, tuple[str, ...], int], length: int) -> dict[str, Any]:
    """One game against the evil host over the list's words of a length (it never commits to a word) as a record:
    the misses the solver needs to pin the host down; won when they stay under the miss budget."""
    import time

    from core.hangman.adversary import play_against_host as play_host

    solver, words, max_wrong = player
    wall, cpu = time.perf_counter(), time.process_time()
    rec = play_host(solver, words, length, MAX_WRONG)
    return {"item": f"{length} letters: {rec.word or '?'}", "length": length, "win": rec.misses < max_wrong,
            "misses": rec.misses, "guesses": len(rec.choices), "seconds": time.perf_counter() - wall,
            "cpu_seconds": time.process_time() - cpu}


def host_lengths(text: str) -> tuple[int, ...]:
    """'3-12' or '4,6,8' as word lengths (BenchError for anything else)."""
    try:
        if "-" in text:
            lo, hi = (int(x) for x in text.split("-", 1))
            return tuple(range(lo, hi + 1))
        return tuple(int(x) for x in text.split(","))
    except ValueError:
        raise BenchError(f"--lengths takes '3-12' or '4,6,8', not {text!r}") from None


def train_test(request: RunRequest) -> tuple[WordList, WordList]:
    """The training and test lists a request asks for (a held-out split of the training list by default)."""
    train = load_list(request.dataset)
    if not train.words:
        raise BenchError("the training list is empty")
    fraction, test_name = request.param("test_fraction"), request.param("test")
    if request.param("in_dictionary"):
        return train, train
    if test_name is None:
        return split(train, 0.2 if fraction is None else float(fraction), request.seed)
    test = load_list(test_name)
    return train, difference(test, train) if request.param("exclude_train") else test


def _inputs(request: RunRequest) -> list:
    train, test = train_test(request)
    return [train.hash, test.hash, *data_files("hangman")]


def _prepare(request: RunRequest, progress: Progress) -> Prepared:
    max_wrong = int(request.param("max_wrong", 6))
    if not MIN_WRONG <= max_wrong <= MAX_WRONG:
        raise BenchError(f"--max-wrong must be between {MIN_WRONG} and {MAX_WRONG}")
    if request.param("against_host"):
        return _prepare_host(request, progress, max_wrong)
    train, test = train_test(request)
    if not test.words:
        raise BenchError("the test list is empty (after excluding training words?)")
    asked = request.n_items or len(test)
    words = sample(test, min(asked, len(test)), request.seed)
    outside = set(train.alphabet)
    kept = [w for w in words if set(w) <= outside]
    skipped = tuple((w, "letters the training list never uses") for w in words if not set(w) <= outside)
    solver, _ = fitted(request.solver, train.words, train.hash, use_disk=bool(request.param("use_disk", True)),
                       progress=lambda done, total, message="": progress(done, total, f"learning the list: {message}"))
    world = request.param("world")
    if world is not None and world not in WORLDS:
        raise BenchError(f"--world must be one of {', '.join(WORLDS)}, not {world!r}")
    solver = played_world(solver, world)
    info = {"train": train.name, "train_words": len(train), "test": test.name, "test_words": len(test),
            "max_wrong": max_wrong, "world": solver.world}
    return Prepared(Job((solver, max_wrong), tuple(kept), play_hangman, f"hangman {request.solver}"), info, skipped)


def _prepare_host(request: RunRequest, progress: Progress, max_wrong: int) -> Prepared:
    """One game per word length against the evil host, over the training list's words."""
    train = load_list(request.dataset)
    if not train.words:
        raise BenchError("the training list is empty")
    present = {len(w) for w in train.words}
    lengths = tuple(n for n in host_lengths(str(request.param("lengths", "3-12"))) if n in present)
    if not lengths:
        raise BenchError("the list has no word of the lengths asked for")
    solver, _ = fitted(request.solver, train.words, train.hash, use_disk=bool(request.param("use_disk", True)),
                       progress=lambda done, total, message="": progress(done, total, f"learning the list: {message}"))
    info = {"train": train.name, "train_words": len(train), "test": "the evil host", "test_words": len(lengths),
            "max_wrong": max_wrong}
    job = Job((solver, tuple(train.words), max_wrong), lengths, play_against_host, f"hangman {request.solver} v host")
    return Prepared(job, info)


def summarise(frame: pd.DataFrame) -> dict[str, Any]:
    """Win rate with its interval, misses, time per guess, and by-length figures."""
    n = len(frame)
    guesses = int(frame["guesses"].sum()) if n else 0
    lost = frame[~frame["win"]].assign(revealed=lambda f: f["guesses"] - f["misses"], neg_len=lambda f: -f["length"]) \
        if n else frame
    hardest = lost.sort_values(["revealed", "neg_len", "item"])["item"].head(10).tolist() if n else []
    misses = frame["misses"].value_counts().sort_index() if n else pd.Series(dtype=int)
    return {**win_summary(frame), "mean_misses": round(float(frame["misses"].mean()), 3) if n else 0.0,
            "ms_per_guess": round(1000 * float(frame["seconds"].sum()) / guesses, 3) if guesses else 0.0,
            "cpu_ms_per_guess": round(1000 * float(frame["cpu_seconds"].sum()) / guesses, 3) if guesses else 0.0,
            "by_length": by_group(frame, "length", "win") if n else {},
            "misses_histogram": {str(int(k)): int(v) for k, v in misses.items()}, "hardest_lost": hardest}


def _datasets() -> list[str]:
    specs = catalogue()
    return [n for n in PREFERRED if n in specs] + [n for n in specs if n not in PREFERRED]


BENCH = GameBench(
    game="hangman",
    title="Hangman",
    solvers=SOLVERS.names,
    plain_name=SOLVERS.plain_name,
    datasets=_datasets,
    inputs=_inputs,
    prepare=_prepare,
    summarise=summarise,
    metric="win_rate",
    metric_label="Games won",
    columns=(Column("win_rate", "Games won", "percent"), Column("games", "Games played", "count"),
             Column("mean_misses", "Misses per game", "number")),
    default_solvers=("frequency", "best"),
    references=(Reference("simple letter counting, published 18%", 0.18, "win_rate", ("Trexquant hangman 227k",)),
                Reference("best published on unseen words, 67.2%", 0.672, "win_rate", ("Trexquant hangman 227k",))),
    default_params=(("test_fraction", 0.2), ("max_wrong", 6), ("world", "mixed")),
    choices=(Choice("world", "Where the word comes from", tuple(WORLDS), WORLD_NAMES,
                    "What the solvers that can weigh it assume about the secret: which words they count as likely, "
                    "and so which letters they guess; the others always play as they do."),),
    group_column="length",
    group_label="word length",
    count_column="misses",
    count_label="misses",
)

# ---------------------------------------------------------------- command line


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The hangman benchmark's options."""
    parser.add_argument("--train", default="Trexquant hangman 227k", help="training list: a file or a list name")
    parser.add_argument("--test", default=None, help="test list: a file or a list name (default: split the training list)")
    parser.add_argument("--test-fraction", type=float, default=None, help="hold out this fraction of --train as the test set")
    parser.add_argument("--exclude-train", action="store_true", help="drop test words that are in the training list")
    parser.add_argument("--in-dictionary", action="store_true", help="test on words of the training list itself (no split)")
    parser.add_argument("--solver", "--strategy", dest="strategy", action="append", default=None,
                        help=f"repeatable, or 'all': {SOLVERS.cli_help()} (--strategy is the older spelling)")
    parser.add_argument("--limit", "--games", dest="games", type=int, default=None,
                        help="a seeded sample of N test words (default all; --games is the older spelling)")
    parser.add_argument("--world", choices=tuple(WORLDS), default="mixed",
                        help="where the secret comes from, for solvers that model it: "
                             + "; ".join(f"{k}: {v}" for k, v in WORLDS.items()))
    parser.add_argument("--max-wrong", type=int, default=6, help="misses that lose the game (1..25)")
    parser.add_argument("--seed", type=int, default=0, help="seed for the split and the sample")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--no-cache", action="store_true", help="fit afresh instead of loading a cached fitted solver")
    parser.add_argument("--against-host", action="store_true",
                        help="play the evil host (it never commits to a word) once per word length: misses each needs")
    parser.add_argument("--lengths", default="3-12", help="with --against-host: word lengths, '3-12' or '4,6,8'")


def requests(args: argparse.Namespace) -> list[RunRequest]:
    """One request per strategy the options name."""
    if args.test_fraction is not None and (args.test is not None or args.in_dictionary):
        raise BenchError("use --test-fraction alone, not with --test or --in-dictionary")
    if args.games is not None and args.games < 1:
        raise BenchError("--games must be at least 1")
    if not MIN_WRONG <= args.max_wrong <= MAX_WRONG:
        raise BenchError(f"--max-wrong must be between {MIN_WRONG} and {MAX_WRONG}")
    params = (("test", args.test), ("test_fraction", args.test_fraction), ("in_dictionary", args.in_dictionary),
              ("exclude_train", args.exclude_train), ("max_wrong", args.max_wrong), ("use_disk", not args.no_cache),
              ("world", args.world))
    if args.against_host:
        host_lengths(args.lengths)
        params = (("against_host", True), ("lengths", args.lengths), ("max_wrong", args.max_wrong),
                  ("use_disk", not args.no_cache))
    return [RunRequest("hangman", name, args.train, params, args.games or 0, args.seed)
            for name in SOLVERS.expand(args.strategy)]


def report(args: argparse.Namespace, outcomes: list[RunOutcome]) -> dict:
    """The CLI's JSON: the lists, then one result per strategy."""
    info = outcomes[0].meta["info"] if outcomes else {}
    results = []
    for o in outcomes:
        s = dict(o.summary)
        lo, hi = s.pop("ci_low"), s.pop("ci_high")
        s.pop("items_per_second", None)
        row = {"strategy": o.request.solver, **s, "ci95": [lo, hi], "max_wrong": args.max_wrong,
               "world": o.meta["info"].get("world")}
        if args.against_host:
            row["misses_by_length"] = {int(r.length): int(r.misses) for r in o.records.itertuples()}
            row["total_misses"] = int(o.records["misses"].sum())
        results.append(row)
    return {"game": "hangman", "train": info.get("train"), "train_words": info.get("train_words"),
            "test": info.get("test"), "test_words": info.get("test_words"), "max_wrong": args.max_wrong,
            "seed": args.seed, "skipped_outside_alphabet": len(outcomes[0].meta["skipped"]) if outcomes else 0,
            "results": results}
