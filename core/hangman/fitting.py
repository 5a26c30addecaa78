"""Fitted solvers cached on disk, keyed by the strategy, its parameters and the word list's content hash."""
from __future__ import annotations

import os
import pickle
import time
from pathlib import Path
from typing import Sequence

from core import artefacts
from core.cache import ROOT, cache_dir, content_hash
from core.hangman.solvers import SOLVERS, Solver, Tuned
from core.progress import Progress, no_progress

DATA_DIR = ROOT / "data" / "hangman"  # the shipped ranker and parameters a fitted `best` reads
DISK_CACHED = {"best", "ngram-mle", "ngram-backoff"}


def fit_inputs() -> list[Path]:
    """The shipped files a fitted solver reads (the ranker and the tuned parameters)."""
    return [DATA_DIR]


def fit_key(strategy: str, words_hash: str) -> str:
    """The cache key of a fitted solver (the `hangman-solver` artefact): the code, the shipped data files, the
    solver, the word list and its parameters."""
    solver = SOLVERS.create(strategy)
    extra = repr(solver.params.as_dict()) if isinstance(solver, Tuned) else ""
    return artefacts.key("hangman-solver", strategy, words_hash, extra)


def fitted(strategy: str, words: Sequence[str], words_hash: str | None = None, use_disk: bool = True,
           progress: Progress = no_progress) -> tuple[Solver, float]:
    """(a fitted solver, seconds spent): loaded from our own on-disk cache when present, else fitted and saved."""
    start = time.perf_counter()
    words = list(words)
    key_hash = words_hash or content_hash("\n".join(words))
    path = cache_dir("hangman") / f"{strategy}-{fit_key(strategy, key_hash)}.pkl"
    if use_disk and strategy in DISK_CACHED and path.is_file():
        try:
            progress(0, 1, "loading what it learned before")
            with path.open("rb") as fh:  # our own artefact, written below; never a user upload
                return pickle.load(fh), time.perf_counter() - start
        except Exception:
            path.unlink(missing_ok=True)
    solver = SOLVERS.create(strategy).fit(words, progress)
    if use_disk and strategy in DISK_CACHED:
        tmp = path.with_suffix(f".{os.getpid()}.tmp")  # two processes fitting at once do not collide
        with tmp.open("wb") as fh:
            pickle.dump(solver, fh, protocol=pickle.HIGHEST_PROTOCOL)
        tmp.replace(path)
    return solver, time.perf_counter() - start
