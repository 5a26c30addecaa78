"""The lower bound of a list, timed, and stored in its saved tree file for the page:
`python -m research.tipgame.bound --words NAME --plies 3 [--write TREE_FILE]`.

Prints the bounds (mean tries a word: capacity, one ply, `--plies` plies; "best" the largest) with the CPU seconds
and the peak memory it took. With --write, the tree file's `lower_bound` becomes these figures and `bound_by` this
command; the file is used only when its words are exactly the list's, and its tree is kept as it is (2026-11-29)."""
from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from pathlib import Path

from core.tipgame.bounds import list_lower_bound
from core.tipgame.table import rich_tip_table
from core.tipgame.tree import dumps, load_file
from core.words import load_list


def command_line(argv: list[str]) -> str:
    """The command as it was typed, names with spaces quoted."""
    return " ".join(["python -m research.tipgame.bound"] + [f'"{a}"' if " " in a else a for a in argv])


def write_bound(path: Path, words: list[str], bounds: dict[str, float], command: str) -> None:
    """Store the bounds and the command in a saved tree file of exactly these words (ValueError otherwise)."""
    root, saved_words, meta = load_file(path)
    if list(saved_words) != list(words):
        raise ValueError(f"{path.name} holds another list's words.")
    meta = {**meta, "lower_bound": bounds, "bound_by": command}
    tmp = path.with_suffix(".tmp")
    tmp.write_text(dumps(root, saved_words, **meta), encoding="utf-8")
    tmp.replace(path)


def main(argv: list[str] | None = None) -> int:
    """Compute the bound of a list, print it with its time and memory, and store it when asked."""
    argv = list(sys.argv[1:] if argv is None else argv)
    p = argparse.ArgumentParser(prog="python -m research.tipgame.bound", description=__doc__)
    p.add_argument("--words", default="German common 500")
    p.add_argument("--plies", type=int, default=3)
    p.add_argument("--write", type=Path, default=None, help="a saved tree file of this list to store the bound in")
    args = p.parse_args(argv)
    words = list(load_list(args.words).words)
    start = time.process_time()
    bounds = {k: round(v, 4) for k, v in list_lower_bound(rich_tip_table(words), plies=args.plies).items()}
    seconds = time.process_time() - start
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"list": args.words, "plies": args.plies, **bounds, "cpu_seconds": round(seconds, 1),
                      "peak_mb": round(peak_mb)}))
    if args.write is not None:
        write_bound(args.write, words, bounds, command_line(argv))
        print(f"stored in {args.write}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
