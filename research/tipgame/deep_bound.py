"""The deep lower bound of a list (its first levels solved exactly), timed, and stored beside its saved tree:
`python -m research.tipgame.deep_bound --words NAME --exact-max K --levels L --leaf-plies P [--sample N --seed S]
[--target MEAN] [--minutes M | --deepenings N] [--write TREE_FILE]`.

Prints the bound (mean tries a word) with the CPU seconds, the peak memory and the sets expanded. The first tips are
deepened one at a time, always the one with the lowest proven total, so the bound holds whenever the work stops:
--minutes stops it on time, and --write then records the run as --deepenings N (the count it reached), which repeats it
exactly. With --write, the tree file's `lower_bound` gains a "deep" entry ("best" the largest of its bounds) and
`deep_bound_by` this command; the other bounds and the tree are kept as they are (2026-11-29)."""
from __future__ import annotations

import argparse
import json
import math
import random
import resource
import sys
import time
from pathlib import Path

from core.progress import terminal_progress
from core.tipgame.bounds import all_substrings_table
from core.tipgame.deep import DeepBound, DeepSettings
from core.tipgame.solvers import SOLVERS
from core.tipgame.table import rich_tip_table
from core.tipgame.tree import dumps, load_file, score
from core.words import load_list


def command_line(argv: list[str]) -> str:
    """The command as it was typed, names with spaces quoted."""
    return " ".join(["python -m research.tipgame.deep_bound"] + [f'"{a}"' if " " in a else a for a in argv])


def with_deep(bounds: dict, deep: float) -> dict[str, float]:
    """A file's bounds with the deep one added ("best" the largest; a new dict)."""
    out = {k: v for k, v in bounds.items() if k != "best"}
    out["deep"] = deep
    out["best"] = max(out.values())
    return out


def write_deep(path: Path, words: list[str], deep: float, command: str) -> None:
    """Store the deep bound and its command in a saved tree file of exactly these words (ValueError otherwise)."""
    root, saved_words, meta = load_file(path)
    if list(saved_words) != list(words):
        raise ValueError(f"{path.name} holds another list's words.")
    meta = {**meta, "lower_bound": with_deep(meta.get("lower_bound") or {}, deep), "deep_bound_by": command}
    tmp = path.with_suffix(".tmp")
    tmp.write_text(dumps(root, saved_words, **meta), encoding="utf-8")
    tmp.replace(path)


def reproducible(argv: list[str], deepened: int) -> list[str]:
    """The arguments with a time limit replaced by the number of first tips it let the search deepen (the same run on
    any machine)."""
    out, skip = [], False
    for a in argv:
        if skip:
            skip = False
        elif a == "--minutes":
            skip = True
        elif not a.startswith("--minutes="):
            out.append(a)
    if len(out) < len(argv) and "--deepenings" not in out:
        out += ["--deepenings", str(deepened)]
    return out


def greedy_total(words: list[str]) -> int:
    """The total tries of the greedy tree, replayed word by word: the optimum is at most this."""
    return score(SOLVERS.create("greedy").fit(words).tree(), words).total


def main(argv: list[str] | None = None) -> int:
    """Compute the deep bound of a list (or of a sample of it), print it with its cost, and store it when asked."""
    argv = list(sys.argv[1:] if argv is None else argv)
    p = argparse.ArgumentParser(prog="python -m research.tipgame.deep_bound", description=__doc__)
    p.add_argument("--words", default="German common 500")
    p.add_argument("--exact-max", type=int, default=DeepSettings.exact_max, help="sets this small are solved exactly")
    p.add_argument("--levels", type=int, default=DeepSettings.levels, help="levels of larger sets expanded")
    p.add_argument("--leaf-plies", type=int, default=DeepSettings.leaf_plies, help="plies of the bound below them")
    p.add_argument("--sample", type=int, default=0, help="bound a random sample of this many words instead")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--target", type=float, default=None,
                   help="stop once this mean is proven (default: the greedy tree's mean, which no bound can pass)")
    p.add_argument("--minutes", type=float, default=0, help="stop deepening after this many minutes (still proven)")
    p.add_argument("--deepenings", type=int, default=0, help="stop after deepening this many first tips (0: never)")
    p.add_argument("--write", type=Path, default=None, help="a saved tree file of this list to store the bound in")
    args = p.parse_args(argv)
    words = list(load_list(args.words).words)
    if args.sample:
        if args.write is not None:
            raise SystemExit("--write stores the bound of a whole list, not of a sample")
        words = random.Random(args.seed).sample(words, args.sample)
    settings = DeepSettings(args.exact_max, args.levels, args.leaf_plies)
    weight = len(words)
    cutoff = greedy_total(words) + 1 if args.target is None else math.ceil(args.target * weight - 1e-9)
    start = time.process_time()
    table = all_substrings_table(rich_tip_table(words))
    deep = DeepBound(table, settings, progress=terminal_progress())
    limit = time.monotonic() + 60 * args.minutes if args.minutes else math.inf
    total = deep.best_first(table.all_words(), cutoff,
                            lambda done: done >= (args.deepenings or math.inf) or time.monotonic() > limit)
    mean = math.floor(total / table.total_weight * 10**4) / 10**4  # rounded down: still a lower bound
    seconds = time.process_time() - start
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"list": args.words, "sample": args.sample, "seed": args.seed, **settings.__dict__,
                      "cutoff": cutoff, "total": total, "deep": mean, "expanded": deep.expanded,
                      "deepened": deep.deepened, "exact_sets": deep.search.sets, "cpu_seconds": round(seconds, 1), "peak_mb": round(peak_mb)}))
    if args.write is not None:
        write_deep(args.write, words, mean, command_line(reproducible(argv, deep.deepened)))
        print(f"stored in {args.write}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
