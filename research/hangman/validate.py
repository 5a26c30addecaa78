"""Compare `best` variants on a fixed validation split of the TRAINING list only: `python -m research.hangman.validate`.

The benchmark's held-out 20% (seed 0) is never touched: the remaining 80% is split again (90/10, seed 1),
solvers fit on the 90% and play the first --games words of the 10%.
"""
from __future__ import annotations

import argparse
import json
import sys
import time

from core.hangman.fitting import fitted
from core.hangman.bench import summarise
from research.hangman.games import play_words, variant
from core.words import load_list, sample, split


def validation_split(name: str = "Trexquant hangman 227k", outer: float = 0.2, seed: int = 0, val: float = 0.1):
    """(inner training list, shuffled validation words) from the benchmark's training part only."""
    full = load_list(name)
    train, _held_out = split(full, outer, seed)
    inner, valid = split(train, val, seed + 1)
    return inner, sample(valid, len(valid), seed + 2)


def main(argv: list[str] | None = None) -> int:
    """Play each variant (a JSON dict of BestParams overrides) on the same validation words."""
    ap = argparse.ArgumentParser(prog="python -m research.hangman.validate", description=__doc__.splitlines()[0])
    ap.add_argument("variants", nargs="*", default=["{}"], help="JSON overrides of BestParams, one per variant")
    ap.add_argument("--games", type=int, default=1500)
    ap.add_argument("--skip", type=int, default=0, help="skip the first N validation words (e.g. words used for learning)")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    inner, pool = validation_split()
    secrets = pool[args.skip: args.skip + args.games]
    t = time.perf_counter()
    base, _ = fitted("best", inner.words, inner.hash)
    print(f"fitted/loaded in {time.perf_counter() - t:.1f}s", file=sys.stderr, flush=True)
    for v in args.variants:
        over = json.loads(v)
        d = summarise(play_words(variant(base, **over), secrets, 6, args.jobs))
        print(json.dumps({"variant": over, "games": d["games"], "win_rate": d["win_rate"], "cpu_ms_per_guess": d["cpu_ms_per_guess"],
                          "ms_per_guess": d["ms_per_guess"], "by_length": d["by_length"]}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
