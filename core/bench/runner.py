"""One runner for every game: items in chunks, serially, on local worker processes, or on Dask.

A game supplies a `Job`: a fitted solver (shipped once per worker) and a top-level
`play(solver, item) -> dict` function. The runner returns one record per item, in item order,
whatever the backend, so the same run with the same seed gives the same records.

Cancelling: `run_job` wakes at least twice a second, calls `progress` (a page's progress bar, which
is where Streamlit stops a script whose Cancel was pressed) and checks `cancel`. On cancel, on any
error, and on Streamlit's stop, the run's own worker processes are killed before the call returns.
"""
from __future__ import annotations

import os
import threading
import time
from concurrent.futures import FIRST_COMPLETED, wait
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Sequence

from core.progress import Progress, no_progress

Record = dict[str, Any]
PlayFn = Callable[[Any, Any], Record]
TICK = 0.5  # seconds between checks for cancel while workers play


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
    """Where items run: "serial", "local" (worker processes on this machine) or "dask" (a scheduler address)."""

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
    cores = os.cpu_count() or 1
    return cores if jobs in (-1, 0) else max(1, min(jobs, cores * 4))


STARTING = "starting; the time left shows once the first results are in"


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
    stop = cancel or threading.Event()
    results: dict[int, list[Record]] = {}
    done = 0
    progress(0, total, f"{job.label} · {STARTING}")
    parts = runners[backend.kind](job, items, backend, stop)
    try:
        for start, recs in parts:
            if recs is not None:
                results[start] = recs
                done += len(recs)
            progress(done, total, job.label if done else f"{job.label} · {STARTING}")  # also a heartbeat for Cancel
            if stop.is_set():
                raise Cancelled(f"cancelled after {done:,} of {total:,} items")
    finally:
        parts.close()  # kills the run's workers when it ends early
    return [rec for start in sorted(results) for rec in results[start]]


Parts = Iterator[tuple[int, "list[Record] | None"]]


def _run_serial(job: Job, items: list[Any], backend: Backend, stop: threading.Event) -> Parts:
    size = backend.chunk_size or default_chunk_size(len(items), 1)
    for start, chunk in chunks_of(items, size):
        if stop.is_set():
            return
        yield start, play_chunk(job.solver, job.play, chunk)


_WORKER: dict[str, Any] = {}  # inside a worker process only: the job's solver and play function


def _install(solver: Any, play: PlayFn) -> None:
    """Worker initialiser: keep the job's solver for every chunk this worker plays."""
    _WORKER["solver"], _WORKER["play"] = solver, play


def _installed_chunk(start: int, chunk: list[Any]) -> tuple[int, list[Record]]:
    return start, play_chunk(_WORKER["solver"], _WORKER["play"], chunk)


def _run_local(job: Job, items: list[Any], backend: Backend, stop: threading.Event) -> Parts:
    """Chunks on this run's own worker processes (loky, spawn-safe); killed when the run ends early."""
    workers = min(worker_count(backend.jobs), len(items))
    if workers == 1:
        yield from _run_serial(job, items, backend, stop)
        return
    from joblib.externals.loky.process_executor import ProcessPoolExecutor

    size = backend.chunk_size or default_chunk_size(len(items), workers)
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_install, initargs=(job.solver, job.play))
    finished = False
    try:
        pending = {pool.submit(_installed_chunk, start, chunk) for start, chunk in chunks_of(items, size)}
        while pending:
            ready, pending = wait(pending, timeout=TICK, return_when=FIRST_COMPLETED)
            if not ready:
                yield -1, None  # a heartbeat while chunks are still playing
            for fut in ready:
                yield fut.result()
        finished = True
    finally:
        pool.shutdown(wait=finished, kill_workers=not finished)


def _indexed_chunk(solver: Any, play: PlayFn, start: int, chunk: list[Any]) -> tuple[int, list[Record]]:
    return start, play_chunk(solver, play, chunk)


def _run_dask(job: Job, items: list[Any], backend: Backend, stop: threading.Event) -> Parts:
    """Chunks on a Dask cluster; an early end cancels every chunk not yet finished."""
    from distributed import Client
    from distributed import wait as dask_wait

    own = backend.client is None
    client = backend.client or Client(backend.scheduler, timeout="20s")
    futures: dict[Any, int] = {}
    try:
        workers = max(1, sum(client.nthreads().values()))
        size = backend.chunk_size or default_chunk_size(len(items), workers)
        solver = client.scatter(job.solver, broadcast=True, hash=False)
        for start, chunk in chunks_of(items, size):
            fut = client.submit(_indexed_chunk, solver, job.play, start, chunk, retries=backend.retries, pure=False)
            futures[fut] = start
        pending = set(futures)
        while pending:
            try:
                state = dask_wait(pending, timeout=TICK, return_when="FIRST_COMPLETED")
            except TimeoutError:
                yield -1, None  # a heartbeat while chunks are still playing
                continue
            pending = set(state.not_done)
            for fut in state.done:
                yield fut.result()
    finally:
        client.cancel(list(futures))
        if own:
            client.close()
