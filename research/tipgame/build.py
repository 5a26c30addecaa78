"""Build and save a tip-game tree: `python -m research.tipgame.build --words NAME --time-budget S --out FILE`."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from core.progress import terminal_progress
from core.tipgame.bounds import bench_plies, list_lower_bound
from core.tipgame.optimise import optimise
from core.tipgame.store import save_tree
from core.tipgame.table import rich_tip_table
from core.words import load_list


def main(argv: list[str] | None = None) -> int:
    """Search a tree for a list within a budget, verify it by replay, and save it as JSON."""
    p = argparse.ArgumentParser(prog="python -m research.tipgame.build", description=__doc__)
    p.add_argument("--words", default="German common 500")
    p.add_argument("--time-budget", type=float, default=60.0)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", type=Path, default=None, help="folder to save into (default: the cache)")
    args = p.parse_args(argv)
    wl = load_list(args.words)
    table = rich_tip_table(list(wl.words))
    result = optimise(table, args.time_budget, jobs=args.jobs, seed=args.seed, progress=terminal_progress())
    result.lower_bound = list_lower_bound(table, plies=bench_plies(table.n_words))
    command = " ".join(["python -m research.tipgame.build"] + [f'"{a}"' if " " in a else a for a in (argv or sys.argv[1:])])
    path = save_tree(result.root, wl.words, folder=args.out, tag=f"b{int(args.time_budget)}s{args.seed}",
                     list_name=wl.name, lower_bound=result.lower_bound, built_by=command,
                     time_budget=args.time_budget, jobs=args.jobs, seed=args.seed)
    print(f"{wl.name}: mean {result.mean:.4f} tries, lower bound {result.lower_bound['best']:.4f}; saved {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
