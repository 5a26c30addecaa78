"""Clues a second of the full meaning model (core.crossword.knowledge.fullencoder) under each thread and process setting.

    python -m research.crossword.full_encoder_speed --train-until 2012-12-31 --clues 4096 --setting 1x1 --setting 1x2 --setting 2x1

A setting PxT runs P worker processes of T torch threads each over a seeded sample of the archive's distinct
clues (sorted by length, batches of 256, as the upgrade's builder does); it prints wall seconds, CPU seconds and
clues per wall second and per CPU second (the machine's load changes the first, much less the second).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import resource
import time
from concurrent.futures import ProcessPoolExecutor


def _start(threads: int) -> None:
    """A worker's set-up: the model loaded on `threads` torch threads, before timing starts."""
    from core.crossword.knowledge import fullencoder

    fullencoder.set_threads(threads)
    fullencoder.encode(["warm up"])


def _encode(chunk: list[str]) -> float:
    """Encode one share of the sample; the worker's CPU seconds for it."""
    from core.crossword.knowledge import fullencoder

    t0 = time.process_time()
    fullencoder.encode(chunk)
    return time.process_time() - t0


def measure(clues: list[str], processes: int, threads: int) -> dict:
    """Wall and CPU seconds to encode the clues with P processes of T threads (the model loaded first)."""
    clues = sorted(clues, key=len)
    shares = [clues[i::processes] for i in range(processes)]
    with ProcessPoolExecutor(processes, initializer=_start, initargs=(threads,)) as pool:
        list(pool.map(_start, [threads] * processes))  # every worker has loaded the model
        t0 = time.monotonic()
        cpu = sum(pool.map(_encode, shares))
        wall = time.monotonic() - t0
    return {"setting": f"{processes}x{threads}", "clues": len(clues), "wall_s": round(wall, 1), "cpu_s": round(cpu, 1),
            "clues_per_s": round(len(clues) / wall, 1), "clues_per_cpu_s": round(len(clues) / cpu, 1),
            "load": os.getloadavg()[0]}


def main(argv: list[str] | None = None) -> None:
    """Measure each setting on one seeded sample and print one JSON line per setting."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--train-until", default="2012-12-31")
    ap.add_argument("--clues", type=int, default=4096)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--setting", action="append", default=[], help="PxT: P processes of T threads (repeatable)")
    args = ap.parse_args(argv)
    from core.crossword.knowledge.upgrade import archive_clues

    clues = random.Random(args.seed).sample(archive_clues(None, args.train_until), args.clues)
    for setting in args.setting or ["1x1", "1x2", "2x1"]:
        p, t = (int(x) for x in setting.lower().split("x"))
        print(json.dumps(measure(clues, p, t)), flush=True)
    print(json.dumps({"peak_rss_mb_largest_worker": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024}))


if __name__ == "__main__":
    main()
