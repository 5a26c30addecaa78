"""One runner for every game: items in chunks, serially, on local processes (joblib) or on Dask.

A game supplies a `Job`: a fitted solver (shipped once per worker where the backend allows) and a
top-level `play(solver, item) -> dict` function. The runner returns one record per item, in item
order, whatever the backend, so the same run with the same seed gives the same records.
"""
from __future__ import annotations

import hashlib
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from core.progress import Progress, no_progress

Record = dict[str, Any]
PlayFn = Callable[[Any, Any], Record]


class Cancelled(Exception):
    """The run was cancelled before every item was played."""


@dataclass(frozen=True)
class Job:
    """What one run plays: a fitted solver, the items, and the function that plays one item."""

    solver: Any
    items: tuple[Any, ...]
    play: PlayFn
    label: str = ""


@dataclass
class Backend:
    """Where items run: "serial", "local" (joblib processes) or "dask" (a scheduler address)."""

    kind: str = "local"
    jobs: int = -1
    scheduler: str | None = None
    chunk_size: int | None = None
    retries: int = 2
    client: Any = field(default=None, repr=False)


def play_chunk(solver: Any, play: PlayFn, chunk: Sequence[Any]) -> list[Record]:
    """Play one chunk of items with a solver (runs inside a worker)."""
    out = []
    for item in chunk:
        start = time.perf_counter()
        rec = play(solver, item)
        rec.setdefault("seconds", time.perf_counter() - start)
        out.append(rec)
    return out


def chunks_of(items: Sequence[Any], size: int) -> list[tuple[int, list[Any]]]:
    """(start index, items) chunks of at most `size` items."""
    return [(i, list(items[i : i + size])) for i in range(0, len(items), max(1, size))]


def default_chunk_size(n_items: int, workers: int) -> int:
    """A chunk size giving about 8 chunks per worker (progress stays live, overhead stays low)."""
    return max(1, min(500, n_items // max(1, 8 * workers) or 1))


def worker_count(jobs: int) -> int:
    """The number of local worker processes for a --jobs value (-1: all cores)."""
    import os

    cores = os.cpu_count() or 1
    return cores if jobs in (-1, 0) else max(1, min(jobs, cores * 4))


def run_job(job: Job, backend: Backend | None = None, progress: Progress = no_progress,
            cancel: threading.Event | None = None) -> list[Record]:
    """Every item's record, in item order; raises Cancelled when `cancel` is set mid-run."""
    backend = backend or Backend()
    items = list(job.items)
    total = len(items)
    if total == 0:
        return []
    runners = {"serial": _run_serial, "local": _run_local, "dask": _run_dask}
    if backend.kind not in runners:
        raise ValueError(f"unknown backend {backend.kind!r}; choose serial, local or dask")
    results: dict[int, list[Record]] = {}
    done = 0
    progress(0, total, job.label)
    for start, recs in runners[backend.kind](job, items, backend):
        results[start] = recs
        done += len(recs)
        progress(done, total, job.label)
        if cancel is not None and cancel.is_set():
            raise Cancelled(f"cancelled after {done:,} of {total:,} items")
    return [rec for start in sorted(results) for rec in results[start]]


def _run_serial(job: Job, items: list[Any], backend: Backend) -> Iterator[tuple[int, list[Record]]]:
    size = backend.chunk_size or default_chunk_size(len(items), 1)
    for start, chunk in chunks_of(items, size):
        yield start, play_chunk(job.solver, job.play, chunk)


def _run_local(job: Job, items: list[Any], backend: Backend) -> Iterator[tuple[int, list[Record]]]:
    workers = worker_count(backend.jobs)
    if workers == 1:
        yield from _run_serial(job, items, backend)
        return
    from joblib import Parallel, delayed

    size = backend.chunk_size or default_chunk_size(len(items), workers)
    parts = chunks_of(items, size)
    parallel = Parallel(n_jobs=workers, return_as="generator", backend="loky")
    gen = parallel(delayed(_indexed_chunk)(job.solver, job.play, start, chunk) for start, chunk in parts)
    try:
        yield from gen
    finally:
        close = getattr(gen, "close", None)
        if close is not None:
            close()


def _indexed_chunk(solver: Any, play: PlayFn, start: int, chunk: list[Any]) -> tuple[int, list[Record]]:
    return start, play_chunk(solver, play, chunk)


def _run_dask(job: Job, items: list[Any], backend: Backend) -> Iterator[tuple[int, list[Record]]]:
    from distributed import Client, as_completed

    own = backend.client is None
    client = backend.client or Client(backend.scheduler, timeout="20s")
    try:
        workers = max(1, sum(client.nthreads().values()))
        size = backend.chunk_size or default_chunk_size(len(items), workers)
        solver = client.scatter(job.solver, broadcast=True, hash=False)
        futures = {}
        for start, chunk in chunks_of(items, size):
            fut = client.submit(_indexed_chunk, solver, job.play, start, chunk, retries=backend.retries, pure=False)
            futures[fut] = start
        try:
            for fut in as_completed(futures):
                yield fut.result()
        finally:
            client.cancel(list(futures))
    finally:
        if own:
            client.close()


def code_version() -> str:
    """A short hash of the core package's source (changes whenever solver code changes)."""
    h = hashlib.sha256()
    root = Path(__file__).resolve().parent
    for path in sorted(root.rglob("*.py")):
        h.update(path.relative_to(root).as_posix().encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:12]
