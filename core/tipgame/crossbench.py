"""The tip game in the cross-game benchmark runner (core.benchmarks): build a tree once, replay every word."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pandas as pd

from core.benchmarks import GameBench, Reference, RunRequest
from core.progress import Progress
from core.runner import Job
from core.tipgame.tree import Node, path_of

DATASETS = ("German common 500", "English common 500")


@dataclass(frozen=True)
class TipPlayer:
    """A solver's full decision tree, shipped to workers once."""

    root: Node


def play_tipgame(player: TipPlayer, word: str) -> dict[str, Any]:
    """One game: the word replayed through the rules against the tree."""
    steps = path_of(player.root, word)
    return {"item": word, "length": len(word), "tries": len(steps), "first_tip": steps[0][0]}


def _solvers() -> list[str]:
    from core.tipgame.solvers import REG

    return REG.names()


def _datasets() -> list[str]:
    from core.words import catalogue

    return [n for n in DATASETS if n in catalogue()]


def _list_hash(request: RunRequest) -> str:
    from core.words import load_list

    return load_list(request.dataset).hash


def _prepare(request: RunRequest, progress: Progress) -> tuple[Job, dict[str, Any]]:
    from core.tipgame.harness import solver_tree
    from core.words import load_list

    words = load_list(request.dataset)
    budget = float(request.param("time_budget", 20.0))
    progress(0, 1, f"building the {request.solver} tree")
    _, root = solver_tree(request.solver, words.words, budget, jobs=1, seed=request.seed, progress=progress)
    items = tuple(words.words)  # the score is an exact expectation: every word is played
    return Job(TipPlayer(root), items, play_tipgame, f"tipgame {request.solver}"), {"words": len(words),
                                                                                      "time_budget": budget}


def _summary(frame: pd.DataFrame) -> dict[str, Any]:
    n = len(frame)
    return {"words": n, "mean_tries": round(float(frame["tries"].mean()), 4) if n else 0.0,
            "max_tries": int(frame["tries"].max()) if n else 0}


TIPGAME = GameBench(
    game="tipgame",
    title="Tip game",
    solvers=_solvers,
    datasets=_datasets,
    data_hash=_list_hash,
    prepare=_prepare,
    summarise=_summary,
    metric="mean_tries",
    metric_label="mean tries over every word",
    references=(Reference("published best on the course list, 7.220", 7.22, "mean_tries"),),
    default_params=(("time_budget", 20.0),),
    higher_is_better=False,
    percent=False,
    group_column="length",
    count_column="tries",
    item_label="words",
)
