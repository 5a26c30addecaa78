"""Peak memory of a command and every process it starts, sampled: what /usr/bin/time -v cannot say for a run that
hands work to a child process (it reports the largest single process, not the sum of those alive together).

    python -m research.crossword.peak_memory [--every 0.2] -- COMMAND ...

Prints one JSON line: the command's exit code, wall seconds, the largest sum of resident memory over its process tree
(MB), the largest single process (MB) and how many processes were seen. Added 2026-11-29.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time


def tree_rss(root) -> tuple[int, int, set]:
    """(sum of resident bytes of a process and its descendants, the largest one's, their pids)."""
    import psutil

    try:
        procs = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0, 0, set()
    sizes = {}
    for p in procs:
        try:
            sizes[p.pid] = p.memory_info().rss
        except psutil.NoSuchProcess:
            continue
    return sum(sizes.values()), max(sizes.values(), default=0), set(sizes)


def main(argv: list[str] | None = None) -> int:
    """Run the command, sample its process tree's memory until it ends, print the JSON line (stdout)."""
    import psutil

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--every", type=float, default=0.2, help="seconds between samples")
    ap.add_argument("command", nargs=argparse.REMAINDER)
    args = ap.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        ap.error("give the command after --")
    start = time.monotonic()
    child = subprocess.Popen(command)
    root = psutil.Process(child.pid)
    peak_sum = peak_one = 0
    seen: set = set()
    while child.poll() is None:
        total, largest, pids = tree_rss(root)
        peak_sum, peak_one, seen = max(peak_sum, total), max(peak_one, largest), seen | pids
        time.sleep(args.every)
    print(json.dumps({"command": command, "exit": child.returncode, "seconds": round(time.monotonic() - start, 1),
                      "peak_tree_mb": round(peak_sum / 2**20), "peak_process_mb": round(peak_one / 2**20),
                      "processes": len(seen)}), flush=True)
    return child.returncode


if __name__ == "__main__":
    sys.exit(main())
