"""Misses each Hangman solver needs against the evil host, per word length (one game each: host and solvers are
deterministic, so one game is the whole figure).

    python -m research.hangman_host_misses --list "Trexquant hangman 227k" --lengths 3-12 --strategies frequency candidates best
"""
from __future__ import annotations

import argparse
import json
import time

from core.hangman.adversary import play_against_host
from core.hangman.fitting import fitted
from core.hangman.rules import MAX_WRONG
from core.words import load_list


def lengths_of(text: str) -> list[int]:
    """'3-12' or '4,6,8' as a list of lengths."""
    if "-" in text:
        lo, hi = text.split("-")
        return list(range(int(lo), int(hi) + 1))
    return [int(x) for x in text.split(",")]


def main() -> None:
    """Print one JSON line per (strategy, length), then a total per strategy."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--list", default="Trexquant hangman 227k")
    ap.add_argument("--lengths", default="3-12")
    ap.add_argument("--strategies", nargs="+", default=["frequency", "candidates", "best"])
    ap.add_argument("--max-wrong", type=int, default=MAX_WRONG, help="misses allowed (the rules' maximum: misses needed)")
    args = ap.parse_args()
    wl = load_list(args.list)
    for strategy in args.strategies:
        solver, _ = fitted(strategy, wl.words, wl.hash)
        total = 0
        for n in lengths_of(args.lengths):
            start = time.perf_counter()
            record = play_against_host(solver, wl.words, n, args.max_wrong)
            total += record.misses
            print(json.dumps({"strategy": strategy, **record.as_dict(), "seconds": round(time.perf_counter() - start, 2)}), flush=True)
        print(json.dumps({"strategy": strategy, "lengths": args.lengths, "total_misses": total}), flush=True)


if __name__ == "__main__":
    main()
