"""What the subset-aware count gains: the exact search with and without it on random samples, and the two-ply bound
with and without it on a whole list:
`python -m research.tipgame.subset_gain --words NAME --sizes 60 80 --seeds 0 1 2 [--two-ply]`.

One JSON line per sample (the optimum, CPU seconds and word sets searched, both ways; the optimum must agree) and,
with --two-ply, one per way of bounding the whole list (2026-11-29)."""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from contextlib import contextmanager
from typing import Iterator

import numpy as np

import core.tipgame.bounds as bounds
from core.tipgame.exact import SUBSET_MIN_WORDS, optimum
from core.tipgame.table import rich_tip_table
from core.words import load_list

NEVER = 10**9  # a set size no list reaches: the subset-aware count is never used


def exact_row(words: list[str]) -> dict:
    """The optimum of a sample with and without the subset-aware count: total, CPU seconds, sets searched."""
    row: dict = {"words": len(words)}
    for label, limit in (("subset", SUBSET_MIN_WORDS), ("plain", NEVER)):
        start = time.process_time()
        found = optimum(words, subset_min_words=limit)
        row[label] = {"total": found.total, "cpu_s": round(time.process_time() - start, 1), "sets": found.sets}
    if row["subset"]["total"] != row["plain"]["total"]:
        raise AssertionError(f"the two searches disagree: {row}")
    return row


@contextmanager
def plain_counts() -> Iterator[None]:
    """Within the block, the bound's last ply counts as before 2026-11-29 (the splitting count of the set alone)."""
    real = bounds.subset_sizes
    bounds.subset_sizes = lambda counts, base, n: np.array(base[:n + 1], dtype=np.int64)
    try:
        yield
    finally:
        bounds.subset_sizes = real


def two_ply_rows(words: list[str]) -> list[dict]:
    """The two-ply bound of a list (mean tries a word) with and without the subset-aware count, with the CPU seconds."""
    table = bounds.all_substrings_table(rich_tip_table(words))
    rows = []
    for label in ("subset", "plain"):
        start = time.process_time()
        total = bounds.ply_bound(table, table.all_words(), 2, subsets=label == "subset")
        rows.append({"variant": label, "2_ply": round(total / table.total_weight, 4),
                     "cpu_s": round(time.process_time() - start, 1)})
    return rows


def main(argv: list[str] | None = None) -> int:
    """Print one JSON line per sample and, when asked, per two-ply bound."""
    p = argparse.ArgumentParser(prog="python -m research.tipgame.subset_gain", description=__doc__)
    p.add_argument("--words", default="German common 500")
    p.add_argument("--sizes", type=int, nargs="*", default=[60, 80])
    p.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    p.add_argument("--two-ply", action="store_true", help="also bound the whole list two plies deep, both ways")
    args = p.parse_args(argv)
    listed = list(load_list(args.words).words)
    for n in args.sizes:
        for seed in args.seeds:
            row = {"list": args.words, "seed": seed, **exact_row(random.Random(seed).sample(listed, n))}
            print(json.dumps(row), flush=True)
    if args.two_ply:
        for row in two_ply_rows(listed):
            print(json.dumps({"list": args.words, **row}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
