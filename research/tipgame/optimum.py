"""The proven optimum against the tree, greedy and the lower bound on random samples of a list:
`python -m research.tipgame.optimum --words NAME --sizes 20 40 60 80 100 --seeds 0 1 2 --tree-budget 10 --out FILE`.

Each sample is `random.Random(seed).sample(list, size)`; one JSON line per sample goes to --out, a table by size to
stdout (2026-11-29)."""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

from core.tipgame.bounds import list_lower_bound
from core.tipgame.exact import optimum
from core.tipgame.search import SearchTimeout
from core.tipgame.solvers import SOLVERS
from core.tipgame.table import rich_tip_table
from core.tipgame.tree import score
from core.words import load_list


def sample_row(words: list[str], tree_budget: float, time_limit: float) -> dict:
    """One sample's figures: the optimum (or None past the limit), the tree's, greedy's and the 3-ply bound's totals."""
    row: dict = {"words": len(words)}
    start = time.monotonic()
    try:
        best = optimum(words, time_limit=time_limit)
        row.update(optimum=best.total, exact_seconds=round(best.seconds, 2), sets=best.sets)
        assert score(best.root, words).total == best.total
    except SearchTimeout:
        row.update(optimum=None, exact_seconds=round(time.monotonic() - start, 2))
    greedy = SOLVERS.create("greedy").fit(words)
    row["greedy"] = score(greedy.tree(), words).total
    tree = SOLVERS.create_with("tree", {"time_budget": tree_budget}).fit(words)
    row["tree"] = score(tree.build(), words).total
    start = time.monotonic()
    bounds = list_lower_bound(rich_tip_table(words), plies=3)
    row.update(bound=round(bounds["best"] * len(words), 3), bound_seconds=round(time.monotonic() - start, 2))
    return row


def table_by_size(rows: list[dict]) -> str:
    """A markdown table by sample size: mean tries per word of each, how often the tree is optimal, search times."""
    out = ["| words | samples | optimum | tree | greedy | 3-ply bound | tree optimal | tree above optimum | "
           "exact search (s, mean / max) |", "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for n in sorted({r["words"] for r in rows}):
        rs = [r for r in rows if r["words"] == n]
        solved = [r for r in rs if r["optimum"] is not None]
        mean = lambda key, among=rs: sum(r[key] for r in among) / (n * len(among)) if among else float("nan")  # noqa: E731
        gap = (sum(r["tree"] / r["optimum"] - 1 for r in solved) / len(solved) * 100) if solved else float("nan")
        secs = [r["exact_seconds"] for r in solved]
        out.append(f"| {n} | {len(rs)} ({len(solved)} solved) | {mean('optimum', solved):.3f} | {mean('tree'):.3f} | "
                   f"{mean('greedy'):.3f} | {mean('bound'):.3f} | {sum(r['tree'] == r['optimum'] for r in solved)} of "
                   f"{len(solved)} | {gap:.2f}% | {sum(secs) / max(1, len(secs)):.1f} / {max(secs, default=0):.1f} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    """Run every sample, write one JSON line each, print the table by size."""
    p = argparse.ArgumentParser(prog="python -m research.tipgame.optimum", description=__doc__)
    p.add_argument("--words", default="German common 500")
    p.add_argument("--sizes", type=int, nargs="+", default=[20, 40, 60, 80, 100])
    p.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    p.add_argument("--tree-budget", type=float, default=10.0, help="seconds of tree search per sample")
    p.add_argument("--time-limit", type=float, default=300.0, help="seconds the exact search may take per sample")
    p.add_argument("--out", type=Path, required=True, help="JSON-lines file to append to")
    args = p.parse_args(argv)
    listed = list(load_list(args.words).words)
    rows = []
    for n in args.sizes:
        for seed in args.seeds:
            words = random.Random(seed).sample(listed, n)
            row = {"list": args.words, "seed": seed, **sample_row(words, args.tree_budget, args.time_limit)}
            rows.append(row)
            with args.out.open("a", encoding="utf-8") as f:
                f.write(json.dumps(row) + "\n")
            print(json.dumps(row), file=sys.stderr, flush=True)
    print(table_by_size(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
