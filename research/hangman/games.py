"""Research helpers over the product's Hangman solvers: parameter variants of a fitted `best`, and their games.

The product benchmarks only through `core.bench.run.execute`; these tools compare parameter variants that the
product does not offer, so they play a variant's games here.
"""
from __future__ import annotations

import copy
from typing import Any, Sequence

import pandas as pd

from core.bench.runner import Backend, Job, run_job
from core.hangman.bench import RECORD_COLUMNS, play_hangman
from core.hangman.solvers import BestParams, BestSolver
from core.progress import Progress, no_progress

CACHES = ("_score_cache", "_ranker", "_windows", "_posteriors", "_likelihoods", "_rollout", "_fills", "_weights",
          "_exact_shelf")


def variant(solver: BestSolver, **overrides: Any) -> BestSolver:
    """A copy of a fitted `best` with some parameters changed that shares the fitted tables (orders up to the fitted
    ones); its memos start empty."""
    other = copy.copy(solver)
    for key in CACHES:
        other.__dict__.pop(key, None)
    other.params = BestParams(**{**solver.params.as_dict(), **overrides})
    other.max_blanks = {n: (2 if n <= other.params.two_blank_max_order else 1) for n in range(2, other.params.max_order + 1)}
    return other


def play_words(solver: Any, words: Sequence[str], max_wrong: int = 6, jobs: int = 1,
               progress: Progress = no_progress) -> pd.DataFrame:
    """A fitted solver's games on the given words as records (`core.hangman.bench.summarise` gives the figures)."""
    backend = Backend("serial" if jobs <= 1 else "local", jobs=jobs)
    job = Job((solver, max_wrong), tuple(words), play_hangman, f"hangman {getattr(solver, 'name', '')}")
    return pd.DataFrame.from_records(run_job(job, backend, progress), columns=list(RECORD_COLUMNS))
