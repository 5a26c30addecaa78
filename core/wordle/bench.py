"""Wordle: benchmark positional, entropy and best-tree solvers on answer/allowed lists."""
from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Callable

import numpy as np

from core.wordle.game import Setup, make_setup, run_benchmark
from core.wordle.rules import RULES, parse_encoding
from core.wordle.solvers import SOLVERS, BestSolver
from core.wordle.tree import EFFORTS, save_tree, search_limits, tree_summary
from core.words import WordList, load_list, parse_upload, with_lengths

DEFAULT_ANSWERS = "Wordle answers 2,315"
DEFAULT_ALLOWED = "Wordle allowed 12,972"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The wordle benchmark's options."""
    parser.add_argument("--answers", default=DEFAULT_ANSWERS, help="answer list: a file or a list name")
    parser.add_argument("--allowed", default=None, help="allowed guesses: a file or a list name (default: the answers)")
    parser.add_argument("--length", type=int, default=None, help="word length to keep from mixed-length lists")
    parser.add_argument("--solver", action="append", default=None, help="solver name (repeatable) or all: "
                        + ", ".join(SOLVERS.names()))
    parser.add_argument("--rule", choices=RULES, default="standard", help="feedback rule")
    parser.add_argument("--hard", action="store_true", help="hard mode (revealed hints must be used)")
    parser.add_argument("--first", default=None, help="a fixed first guess")
    parser.add_argument("--games", type=int, default=0, help="play this many answers (a seeded sample; 0: all)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the answer sample")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes for playing games")
    parser.add_argument("--prior", choices=("uniform", "frequency"), default="uniform", help="entropy solver's prior")
    parser.add_argument("--multigraphs", default=None, help="a file of 'multigraph symbol' lines")
    parser.add_argument("--effort", choices=EFFORTS, default="full",
                        help="best: search effort (full reaches the published optima; quick is about 4x faster)")
    parser.add_argument("--use-saved", action="store_true", help="best: load the tree saved in data/wordle if it matches")
    parser.add_argument("--save-tree", default=None, help="best: write the tree JSON here")


def setup_from_args(args: argparse.Namespace) -> Setup:
    """The Setup the options describe."""
    encoding = None
    if args.multigraphs:
        encoding = parse_encoding(Path(args.multigraphs).read_text(encoding="utf-8"))
    extra = "".join(sorted({c for m, _ in encoding.pairs for c in m if not c.isalpha()})) if encoding else ""
    answers = list_for(args.answers, extra)
    allowed = list_for(args.allowed, extra) if args.allowed else answers
    if args.length:
        answers, allowed = with_lengths(answers, [args.length]), with_lengths(allowed, [args.length])
    return make_setup(answers.words, allowed.words, rule=args.rule, hard=args.hard, encoding=encoding,
                      length=args.length)


def list_for(name_or_path: str, extra: str = "") -> WordList:
    """A list by name or file; files may use the extra characters of multigraphs (like an apostrophe)."""
    path = Path(name_or_path)
    if extra and path.is_file():
        return parse_upload(path.read_bytes(), path.name, extra=extra, max_bytes=500 * 1024 * 1024)[0]
    return load_list(name_or_path)


def run(args: argparse.Namespace, progress: Callable[[int, int, str], None]) -> dict:
    """Play every chosen solver over the answers and report each one."""
    names = SOLVERS.expand(args.solver)
    setup = setup_from_args(args)
    if args.first and setup.encoding.encode(args.first) not in setup.guess_index:
        raise ValueError(f"the first guess {args.first!r} is not an allowed {setup.length}-letter guess")
    first = setup.encoding.encode(args.first) if args.first else None
    t0 = time.perf_counter()
    setup.matrix
    matrix_seconds = time.perf_counter() - t0
    games = sample_answers(setup, args.games, args.seed)
    from core.bench import backend_of

    backend = backend_of(args)
    if backend.kind == "local" and args.jobs <= 1:
        backend.kind = "serial"
    results = []
    for name in names:
        start = time.perf_counter()
        if name == "best":
            solver = BestSolver(first=first, use_saved=args.use_saved, progress=progress,
                                limits=search_limits(args.effort))
        elif name == "entropy":
            solver = SOLVERS.create(name, prior=args.prior)
        else:
            solver = SOLVERS.create(name)
        solver.fit(setup)
        fit_seconds = time.perf_counter() - start
        result = run_benchmark(solver, setup, games, first=first if name != "best" else None, jobs=args.jobs,
                               progress=progress, fit_seconds=fit_seconds, backend=backend)
        row = result.summary()
        row["first_guess"] = setup.decode(row["first_guess"]) if row["first_guess"] else None
        if name == "best":
            row["tree"] = tree_summary(solver.tree, setup)
            row["tree"]["first_guess"] = setup.decode(row["tree"]["first_guess"])
            row["tree_loaded"] = solver.loaded
            if args.save_tree:
                save_tree(solver.tree, setup, Path(args.save_tree))
        results.append(row)
    return {"game": "wordle", "effort": args.effort, "answers": args.answers, "allowed": args.allowed or args.answers,
            "answer_count": len(setup.answers), "allowed_count": len(setup.guesses), "added_answers": len(setup.added),
            "length": setup.length, "rule": setup.rule, "hard": setup.hard,
            "matrix_seconds": round(matrix_seconds, 2), "results": results}


def sample_answers(setup: Setup, games: int, seed: int) -> list[str] | None:
    """A seeded sample of answers to play (None: all)."""
    if not games or games >= len(setup.answers):
        return None
    order = np.random.default_rng(seed).permutation(len(setup.answers))[:games]
    return [setup.answers[i] for i in order]
