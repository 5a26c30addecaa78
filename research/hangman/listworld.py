"""The list world: `best --world list` variants on dev samples of the Trexquant list, one JSON line per variant.

Dev samples are the benchmark's own draw (`core.words.sample(list, games, seed)`) with seeds other than 0; seed 0 is
the benchmark's test sample (`python -m core.bench hangman --in-dictionary --seed 0 --world list`), measured once:

    python -m research.hangman.listworld tune '{}' '{"list_exact": 300}' --seeds 1 2
"""
from __future__ import annotations

import argparse
import json
import sys

DICTIONARY = "Trexquant hangman 227k"


def dev_words(seed: int, games: int) -> list[str]:
    """The benchmark's seeded sample of the list (seed 0 is the test sample and is refused)."""
    from core.words import load_list, sample

    if seed == 0:
        raise SystemExit("seed 0 is the test sample: choose settings on other seeds")
    return sample(load_list(DICTIONARY), games, seed)


def tune(variants: list[str], seeds: list[int], games: int) -> None:
    """Play each variant (JSON overrides of BestParams) in the list world on each dev seed's words."""
    from core.hangman.bench import summarise
    from core.hangman.fitting import fitted
    from core.words import load_list
    from research.hangman.games import play_words, variant

    wl = load_list(DICTIONARY)
    base, _ = fitted("best", wl.words, wl.hash)
    for v in variants:
        row: dict = {"variant": json.loads(v)}
        for seed in seeds:
            solver = variant(base, **json.loads(v)).in_world("list")
            frame = play_words(solver, dev_words(seed, games), 6)
            d = summarise(frame)
            row[f"seed {seed}"] = {"wins": int(frame["win"].sum()), "cpu_ms": d["cpu_ms_per_guess"],
                                   "lost": sorted(frame.loc[~frame["win"], "item"].tolist())}
        row["wins"] = sum(row[f"seed {s}"]["wins"] for s in seeds)
        print(json.dumps(row), flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    t = sub.add_parser("tune", help="compare BestParams overrides on dev samples")
    t.add_argument("variants", nargs="*", default=["{}"])
    t.add_argument("--seeds", type=int, nargs="+", default=[1, 2])
    t.add_argument("--games", type=int, default=2000)
    args = ap.parse_args(argv)
    tune(args.variants, args.seeds, args.games)
    return 0


if __name__ == "__main__":
    sys.exit(main())
