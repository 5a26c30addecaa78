"""How long the command-line look-up takes on a warm cache (added 2026-11-29): a fresh process per look-up, as a
person runs it, its wall time, CPU time and peak memory.

    python -m core.bench crossword --lookup-runs 5 --clues packaged
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
TARGET_SECONDS = 2.0  # what a warm look-up may cost (CPU seconds)
# the clues a look-up is timed on: a place, an opposite, a synonym, a definition, a fact
TIMED_CLUES = (("Capital of France", "?????"), ("Not early", "L???"), ("Tardy", "????"),
               ("Organ that pumps blood", "?????"), ("Largest planet", "???????"))


def lookup_command(clue: str, pattern: str, clues: str) -> list[str]:
    """The command line of one look-up."""
    return [sys.executable, "-m", "core.crossword.lookup", clue, pattern, "--top", "5", "--clues", clues]


def timed_run(command: list[str]) -> dict:
    """One process run to its end: exit code, wall seconds, CPU seconds (user and system) and peak memory in MB."""
    start = time.monotonic()
    proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return {"exit_code": proc.returncode, "wall_s": round(time.monotonic() - start, 2),
            "user_s": round(usage.ru_utime, 2), "system_s": round(usage.ru_stime, 2),
            "cpu_s": round(usage.ru_utime + usage.ru_stime, 2), "peak_rss_mb": round(usage.ru_maxrss / 1024)}


def lookup_timing(runs: int, clues: str) -> dict:
    """A first look-up (it may fill the cache; reported apart), then `runs` warm ones over TIMED_CLUES; medians."""
    first = timed_run(lookup_command(*TIMED_CLUES[0], clues))
    warm = [dict(timed_run(lookup_command(*TIMED_CLUES[i % len(TIMED_CLUES)], clues)),
                 clue=TIMED_CLUES[i % len(TIMED_CLUES)][0]) for i in range(runs)]
    median = (lambda key: round(statistics.median(r[key] for r in warm), 2) if warm else None)
    return {"game": "crossword", "measure": "warm command-line look-up", "clues": clues, "runs": len(warm),
            "target_s": TARGET_SECONDS, "median_wall_s": median("wall_s"), "median_cpu_s": median("cpu_s"),
            "median_user_s": median("user_s"), "median_system_s": median("system_s"),
            "max_peak_rss_mb": max((r["peak_rss_mb"] for r in warm), default=None),
            "load_average_1min": round(os.getloadavg()[0], 1), "cpus": os.cpu_count(),
            "first": first, "warm": warm}
