"""Tip game: mean tries of ratio, greedy and tree over a list, every word replayed through the rules."""
from __future__ import annotations

import argparse
from typing import Callable

from core.tipgame.bounds import bench_plies, list_lower_bound
from core.tipgame.harness import run_benchmark
from core.tipgame.solvers import REG
from core.tipgame.table import rich_tip_table
from core.words import load_list


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The tipgame benchmark's options."""
    parser.add_argument("--words", default="German common 500", help="a word-list file or a built-in list name")
    parser.add_argument("--solver", action="append", help=f"solver name, repeatable, or 'all' ({', '.join(REG.names())})")
    parser.add_argument("--time-budget", type=float, default=30.0, help="seconds of search for the tree solver")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes for the tree search")
    parser.add_argument("--seed", type=int, default=0, help="random seed of the local search")


def run(args: argparse.Namespace, progress: Callable[[int, int, str], None]) -> dict:
    """Benchmark the chosen solvers; per-solver figures under 'results' (ValueError for a bad request)."""
    if args.time_budget < 0:
        raise ValueError("--time-budget must be >= 0")
    if args.jobs < 1:
        raise ValueError("--jobs must be >= 1")
    wl = load_list(args.words)
    if len(wl) == 0:
        raise ValueError("the word list is empty")
    names = REG.expand(args.solver)
    table = rich_tip_table(list(wl.words))
    bound = list_lower_bound(table, plies=bench_plies(table.n_words))
    results = [run_benchmark(n, wl.words, args.time_budget, args.jobs, args.seed, progress, bound) for n in names]
    return {"game": "tipgame", "list": wl.name, "list_hash": wl.hash, "time_budget": args.time_budget,
            "jobs": args.jobs, "seed": args.seed, "results": results}
