"""The background upgrade: the full meaning model's vectors of an archive's clues, built at low priority on both cores.

`start_background(texts)` writes the clue list beside the store and starts `python -m core.crossword.knowledge.upgrade build
FILE` as its own low-priority process (os.nice), which runs WORKERS worker processes of one torch thread each over the
chunks still missing (core.crossword.knowledge.fullmeaning), then gathers the list's vectors. Only one builder runs at a time (a
lock the system frees when a builder dies); a killed builder leaves its finished chunks, and the next one starts
where it stopped. The builder writes its progress (clues done over time) to a small status file the page reads.

Command line, with a progress bar (the archive up to --train-until; the same store the page uses):
    python -m core.crossword.knowledge.upgrade prepare --train-until 2012-12-31
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import numpy as np

from core.cache import ROOT
from core.crossword.knowledge import fullmeaning
from core.progress import Progress, TimeLeft, no_progress, terminal_progress, time_left

WORKERS = 2  # worker processes, one torch thread each (measured faster than two threads in one process under load)
NICE = 10  # how much lower than normal the builder and its workers run (the page and solves come first)
SAMPLES = 120  # progress samples kept in the status file (the pace is measured from them)


@dataclass(frozen=True)
class Status:
    """Where a build of one clue list stands: clues done of all, whether a builder is running, its time left."""

    done: int
    total: int
    running: bool
    finished: bool
    left: TimeLeft | None = None

    @property
    def fraction(self) -> float:
        """The share of the clues done (1 when there is nothing to do)."""
        return min(1.0, self.done / self.total) if self.total else 1.0


def texts_path(texts: Sequence[str]) -> Path:
    """Where the builder reads a clue list from (one line each, keyed as its gathered vectors are)."""
    return fullmeaning.store_folder() / f"texts-{fullmeaning.list_key(list(texts))}.txt"


def status_path(texts_file: Path) -> Path:
    """The status file of a build of a clue list file."""
    return texts_file.with_suffix(".status.json")


def lock_path() -> Path:
    """The lock only one builder holds at a time."""
    return fullmeaning.store_folder() / "builder.lock"


def builder_running() -> bool:
    """Whether a builder holds the lock now (a dead builder's lock is free)."""
    import fcntl

    with lock_path().open("a") as fh:
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return True
        fcntl.flock(fh, fcntl.LOCK_UN)
        return False


def write_status(path: Path, doc: dict) -> None:
    """Write a status file whole (through a temporary name)."""
    tmp = path.with_name(f"{path.name}.tmp{os.getpid()}")
    tmp.write_text(json.dumps(doc), encoding="utf-8")
    tmp.replace(path)


def status(texts: Sequence[str]) -> Status:
    """Where the upgrade of this clue list stands (from the status file the builder writes)."""
    texts = list(texts)
    if fullmeaning.is_ready(texts):
        return Status(len(texts), len(texts), False, True)
    path = status_path(texts_path(texts))
    doc = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    total = int(doc.get("total") or len(fullmeaning.storable(texts)))
    done, running = int(doc.get("done", 0)), bool(doc) and builder_running()  # a builder of this list
    samples = [(float(t), float(f)) for t, f in doc.get("samples", [])]
    left = time_left(samples, time.time()) if running and len(samples) > 1 else None
    return Status(done, total, running, False, left)


def _worker_start(nice: int) -> None:
    """A worker's set-up: lower priority and one torch thread (each worker has a core)."""
    if nice:
        os.nice(nice)
    from core.crossword.knowledge import fullencoder

    fullencoder.set_threads(1)


def _encode_chunk(job: tuple[str, list[str]]) -> int:
    """Encode and save one chunk (in a worker); the number of clues it held."""
    from core.crossword.knowledge import fullencoder

    folder, chunk = job
    fullmeaning.save_chunk(Path(folder), chunk, fullencoder.encode(chunk))
    return len(chunk)


def build(texts: Sequence[str], workers: int = WORKERS, progress: Progress = no_progress, nice: int = 0,
          chunk_size: int = fullmeaning.CHUNK, status_file: Path | None = None) -> Path:
    """Encode every clue of the list not stored yet, chunk by chunk, and gather the list's vectors (their file).

    `workers` > 1 runs that many worker processes (one torch thread each, lowered by `nice`); 1 encodes here.
    """
    texts = list(texts)
    folder = fullmeaning.store_folder()
    total = len(fullmeaning.storable(texts))
    chunks = fullmeaning.chunk_plan(fullmeaning.missing_texts(texts, folder), chunk_size)
    todo = sum(len(c) for c in chunks)
    done = first = total - todo
    start = time.time()
    samples = [[start, 0.0]]  # (time, share of this build's work done): a resumed build's pace is its own

    def report(n: int) -> None:
        nonlocal done
        done += n
        samples.append([time.time(), (done - first) / todo if todo else 1.0])
        del samples[1:-SAMPLES]
        if status_file is not None:
            write_status(status_file, {"total": total, "done": done, "started": start, "pid": os.getpid(),
                                       "samples": samples})
        progress(done, total, f"reading clues with {fullmeaning.FULL_NAME}: {done:,} of {total:,}")

    report(0)
    jobs = [(str(folder), c) for c in chunks]
    if workers > 1 and len(jobs) > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(workers, _worker_start, (nice,)) as pool:
            for n in pool.imap_unordered(_encode_chunk, jobs):
                report(n)
    else:
        for job in jobs:
            report(_encode_chunk(job))
    path = fullmeaning.gather(texts)
    progress(total, total, f"{fullmeaning.FULL_NAME} is ready")
    return path


def locked_build(texts_file: Path, workers: int = WORKERS, nice: int = NICE, progress: Progress = no_progress) -> bool:
    """Build the list in the file while holding the builder lock (False, at once, when another builder holds it)."""
    import fcntl

    with lock_path().open("a") as fh:
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False
        texts = texts_file.read_text(encoding="utf-8").split("\n")
        build(texts, workers, progress, nice, status_file=status_path(texts_file))
        return True


def start_background(texts: Sequence[str]) -> bool:
    """Start the low-priority builder for this clue list unless it is ready or a builder runs (True if started)."""
    texts = list(texts)
    if fullmeaning.is_ready(texts) or builder_running():
        return False
    path = texts_path(texts)
    if not path.exists():
        tmp = path.with_name(f"{path.name}.tmp{os.getpid()}")
        tmp.write_text("\n".join(texts), encoding="utf-8")
        tmp.replace(path)
    log = path.with_suffix(".log").open("a")
    subprocess.Popen([sys.executable, "-m", "core.crossword.knowledge.upgrade", "build", str(path)], cwd=str(ROOT),
                     stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True)
    log.close()
    return True


def archive_clues(train: str | None, until: str, progress: Progress = no_progress) -> list[str]:
    """The distinct normalised clues of an archive up to a date (the shared archive when `train` is None)."""
    from core.crossword.data import archive_path, training_table

    path = Path(train) if train else archive_path()
    if path is None or not path.exists():
        raise FileNotFoundError("no crossword archive found: pass --train PATH or set WORDLAB_DATA")
    return list(training_table(path, until=until, progress=progress).clues)


def main(argv: Sequence[str] | None = None) -> int:
    """`prepare`: build an archive's full vectors here with a bar; `build FILE`: the background builder."""
    from core.crossword.data import TRAIN_UNTIL

    ap = argparse.ArgumentParser(prog="python -m core.crossword.knowledge.upgrade", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    prep = sub.add_parser("prepare", help="build the full meaning model's vectors of an archive's clues (a bar)")
    prep.add_argument("--train", help="the archive (default: the shared NYT archive)")
    prep.add_argument("--train-until", default=TRAIN_UNTIL, help="the archive's clues dated up to this day")
    prep.add_argument("--workers", type=int, default=WORKERS, help="worker processes (one core each)")
    prep.add_argument("--nice", type=int, default=NICE, help="how much lower than normal the workers run")
    run = sub.add_parser("build", help="the background builder of a clue list file (started by the page)")
    run.add_argument("texts_file")
    args = ap.parse_args(argv)
    if args.command == "build":
        os.nice(NICE)
        return 0 if locked_build(Path(args.texts_file), nice=0) else 3
    try:
        texts = archive_clues(args.train, args.train_until)
    except FileNotFoundError as err:
        sys.stderr.write(f"python -m core.crossword.knowledge.upgrade: error: {err}\n")
        return 2
    path = texts_path(texts)
    if not path.exists():
        path.write_text("\n".join(texts), encoding="utf-8")
    if not locked_build(path, max(1, args.workers), args.nice, terminal_progress()):
        sys.stderr.write("python -m core.crossword.knowledge.upgrade: another builder is running; wait for it to finish\n")
        return 3
    print(json.dumps({"clues": len(texts), "vectors": str(fullmeaning.vectors_path(texts).name)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
