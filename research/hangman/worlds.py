"""Tune how `best` weighs the dictionary world against the unseen-word world: `python -m research.hangman.worlds`.

Both worlds are simulated on the TRAINING part of the benchmark split only (the seed-0 held-out 20% and dwyl are
never touched): `best` fits on the inner 90% of the training 80% (core validation split), then plays
- unseen words: validation words (the other 10%) after --skip (the ranker learned from pool words 1,500-14,499);
- dictionary words: a seeded sample of the inner 90% itself (the words the solver fitted on).
Each variant is a JSON dict of BestParams overrides; --write stores the first one in data/hangman/best_params.json.
"""
from __future__ import annotations

import argparse
import json
import shlex
import sys
import time

from core.hangman.fitting import fitted
from core.hangman.bench import summarise
from research.hangman.games import play_words, variant
from core.hangman.solvers import PARAMS_FILE
from core.words import sample
from research.hangman.validate import validation_split


def world_figures(solver, secrets: list[str], jobs: int) -> dict:
    """Win rate, CPU per guess and win rate by length of one world's games."""
    d = summarise(play_words(solver, secrets, 6, jobs))
    return {k: d[k] for k in ("games", "wins", "win_rate", "cpu_ms_per_guess", "by_length")}


def main(argv: list[str] | None = None) -> int:
    """Play each variant in both worlds on the same words; print one JSON line per variant."""
    ap = argparse.ArgumentParser(prog="python -m research.hangman.worlds", description=__doc__.splitlines()[0])
    ap.add_argument("variants", nargs="*", default=["{}"], help="JSON overrides of BestParams, one per variant")
    ap.add_argument("--games", type=int, default=1000, help="games per world")
    ap.add_argument("--dictionary-games", type=int, default=0, help="games in the dictionary world (default: --games)")
    ap.add_argument("--skip", type=int, default=15000, help="unseen words: skip the first N validation words")
    ap.add_argument("--seed", type=int, default=5, help="seed of the dictionary-word sample")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--write", action="store_true", help="store the FIRST variant (the one chosen) and every variant's figures")
    args = ap.parse_args(argv)
    inner, pool = validation_split()
    unseen = pool[args.skip: args.skip + args.games]
    known = sample(inner, args.dictionary_games or args.games, args.seed)
    t = time.perf_counter()
    base, _ = fitted("best", inner.words, inner.hash)
    print(f"fitted/loaded in {time.perf_counter() - t:.1f}s", file=sys.stderr, flush=True)
    rows = []
    for v in args.variants:
        over = json.loads(v)
        solver = variant(base, **over)
        row = {"variant": over, "unseen": world_figures(solver, unseen, args.jobs),
               "dictionary": world_figures(solver, known, args.jobs)}
        row["mean_win_rate"] = round((row["unseen"]["win_rate"] + row["dictionary"]["win_rate"]) / 2, 4)
        rows.append(row)
        print(json.dumps(row), flush=True)
    if args.write:
        best = rows[0]
        data = json.loads(PARAMS_FILE.read_text(encoding="utf-8"))
        data["params"].update(best["variant"])
        data["worlds"] = {"chosen": best["variant"], "unseen_win_rate": best["unseen"]["win_rate"],
                          "dictionary_win_rate": best["dictionary"]["win_rate"], "games_per_world": args.games,
                          "dictionary_games": args.dictionary_games or args.games,
                          "command": "python -m research.hangman.worlds " + " ".join(shlex.quote(a) for a in (argv or sys.argv[1:])),
                          "tried": [{"variant": r["variant"], "unseen": r["unseen"]["win_rate"],
                                     "dictionary": r["dictionary"]["win_rate"]} for r in rows]}
        PARAMS_FILE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
