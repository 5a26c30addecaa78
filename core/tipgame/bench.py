"""Tip game: build each solver's decision tree once, replay every word of the list through the rules (mean tries)."""
from __future__ import annotations

import argparse
from typing import Any

import pandas as pd

from core.bench.run import (Column, GameBench, Prepared, Reference, RunOutcome, RunRequest, count_summary, data_files)
from core.bench.runner import Job
from core.cache import content_hash
from core.progress import Progress
from core.tipgame.bounds import bench_plies, list_lower_bound, saved_bounds
from core.tipgame.harness import solver_tree
from core.tipgame.lists import load_game_words
from core.tipgame.solvers import SOLVERS, Searches
from core.tipgame.store import best_saved_tree
from core.tipgame.table import rich_tip_table
from core.tipgame.tree import Node, path_of
from core.words import catalogue, load_list

DATASETS = ("English common 500", "German common 500")


def play_tipgame(root: Node, word: str) -> dict[str, Any]:
    """One game: the word replayed through the rules against a solver's full tree."""
    steps = path_of(root, word)
    return {"item": word, "length": len(word), "tries": len(steps), "first_tip": steps[0][0]}


def _inputs(request: RunRequest) -> list:
    return [load_list(request.dataset).hash, content_hash(*load_game_words(request.dataset)), *data_files("tipgame")]


def _prepare(request: RunRequest, progress: Progress) -> Prepared:
    words = load_list(request.dataset)
    if not words.words:
        raise ValueError("the word list is empty")
    budget = float(request.param("time_budget", 20.0))
    if budget < 0:
        raise ValueError("--time-budget must be >= 0")
    progress(0, 1, "building its decision tree")  # the bar already names the solver ("tree: 0/1 · …")
    solver, root = solver_tree(request.solver, words.words, budget, jobs=int(request.param("search_jobs", 1)),
                               seed=request.seed, progress=progress)
    info = {"words": len(words), "list_hash": words.hash, "time_budget": budget,
            "history": [[round(t, 1), round(m, 4)] for t, m in (solver.history if isinstance(solver, Searches) else [])]}
    items = tuple(load_game_words(request.dataset))  # every listed entry is played: a repeat counts as often as listed
    return Prepared(Job(root, items, play_tipgame, f"tipgame {request.solver}"), info)


def summarise(frame: pd.DataFrame) -> dict[str, Any]:
    """Mean and worst tries over every word, and their distribution."""
    return {"words": len(frame), **count_summary(frame, "tries", "tries")}


def _datasets() -> list[str]:
    specs = catalogue()
    return [n for n in DATASETS if n in specs]


BENCH = GameBench(
    game="tipgame",
    title="Tip game",
    solvers=SOLVERS.names,
    plain_name=SOLVERS.plain_name,
    datasets=_datasets,
    inputs=_inputs,
    prepare=_prepare,
    summarise=summarise,
    metric="mean_tries",
    metric_label="Tries per word (fewer is better)",
    columns=(Column("mean_tries", "Tries per word", "number"), Column("max_tries", "Most tries", "count"),
             Column("words", "Words played", "count")),
    default_solvers=("ratio", "tree"),
    references=(Reference("published best on the course list, 7.220", 7.22, "mean_tries"),),
    default_params=(("time_budget", 20.0),),
    higher_is_better=False,
    percent=False,
    group_column="length",
    group_label="word length",
    group_outcome="tries",
    count_column="tries",
    count_label="tries",
    item_label="words",
    sampled=False,
)

# ---------------------------------------------------------------- command line


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The tipgame benchmark's options."""
    parser.add_argument("--words", default="German common 500", help="a word-list file or a built-in list name")
    parser.add_argument("--solver", action="append", help="solver name, repeatable, or 'all': "
                        + SOLVERS.cli_help())
    parser.add_argument("--time-budget", type=float, default=30.0, help="seconds of search for a solver that searches")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes for the tree search")
    parser.add_argument("--seed", type=int, default=0, help="random seed of the local search")


def list_bound(words: list[str]) -> dict[str, float]:
    """The list's lower bounds as the page shows them: the saved tree's for exactly this list when it holds them
    (a 500-word list's three-ply bound takes minutes), else computed here."""
    saved = best_saved_tree(words)
    stored = saved_bounds(saved[1].get("lower_bound")) if saved is not None else None
    if stored is not None:
        return stored
    table = rich_tip_table(words)
    return list_lower_bound(table, plies=bench_plies(table.n_words))


def requests(args: argparse.Namespace) -> list[RunRequest]:
    """One request per solver the options name."""
    if args.time_budget < 0:
        raise ValueError("--time-budget must be >= 0")
    if args.jobs < 1:
        raise ValueError("--jobs must be >= 1")
    params = (("time_budget", args.time_budget), ("search_jobs", args.jobs))
    args.backend = "serial" if args.backend == "local" else args.backend  # --jobs is the tree search's here
    return [RunRequest("tipgame", name, args.words, params, 0, args.seed) for name in SOLVERS.expand(args.solver)]


def report(args: argparse.Namespace, outcomes: list[RunOutcome]) -> dict:
    """The CLI's JSON: the list and its lower bound, then one verified result per solver."""
    wl = load_list(args.words)
    bound = list_bound(list(wl.words))
    results = []
    for o in outcomes:
        s = o.summary
        results.append({"solver": o.request.solver, "words": s["words"], "mean_tries": s["mean_tries"],
                         "max_tries": s["max_tries"], "distribution": s["distribution"],
                         "lower_bound": round(bound["best"], 4),
                         "lower_bounds": {k: round(v, 4) for k, v in bound.items() if k != "best"},
                         "seconds": round(s["fit_seconds"] + s["seconds"], 2),
                         "verified": s["words"] == len(load_game_words(args.words)), "history": o.meta["info"].get("history", [])})
    return {"game": "tipgame", "list": wl.name, "list_hash": wl.hash, "time_budget": args.time_budget,
            "jobs": args.jobs, "seed": args.seed, "results": results}
