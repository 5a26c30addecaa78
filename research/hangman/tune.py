"""Tune `best` on a train/validation split of the TRAINING list only: `python -m research.hangman.tune`.

Writes the chosen parameters, the command and the validation figures to data/hangman/best_params.json.
"""
from __future__ import annotations

import argparse
import json
import shlex
import sys
import time

from core.hangman.bench import summarise
from research.hangman.games import play_words, variant
from core.hangman.solvers import PARAMS_FILE, BestParams, BestSolver
from core.words import load_list, sample, split


def candidate_grid(base: BestParams, stage: str) -> list[dict]:
    """Parameter overrides to try at a tuning stage."""
    if stage == "combine":
        return [{}, {"combine": "product", "smoothing": 1.0}, {"combine": "product", "smoothing": 5.0},
                {"combine": "product", "smoothing": 1.0, "confidence": 5.0}]
    if stage == "pull":
        return [{"candidate_pull": v} for v in (0.5, 1.0, 3.0, 10.0, 30.0, 100.0)]
    if stage == "weights":
        return [
            {"order_weights": [0.05, 0.3, 1.0, 2.0, 3.0, 4.0, 5.0][: base.max_order]},
            {"order_weights": [0.05, 0.1, 0.5, 1.0, 2.0, 4.0, 8.0][: base.max_order]},
            {"order_weights": [0.05, 0.5, 1.0, 1.0, 1.0, 1.0, 1.0][: base.max_order]},
            {"order_weights": [0.2, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0][: base.max_order]},
        ]
    if stage == "confidence":
        return [{"confidence": v} for v in (0.5, 2.0, 5.0, 20.0)]
    raise ValueError(f"unknown stage {stage!r}")


def main(argv: list[str] | None = None) -> int:
    """Search the mixing knobs stage by stage, keeping the best of each stage."""
    ap = argparse.ArgumentParser(prog="python -m research.hangman.tune", description=__doc__.splitlines()[0])
    ap.add_argument("--train", default="Trexquant hangman 227k")
    ap.add_argument("--outer-fraction", type=float, default=0.2, help="the benchmark's held-out share, never seen here")
    ap.add_argument("--val-fraction", type=float, default=0.1, help="validation share of the remaining training words")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--max-order", type=int, default=6)
    ap.add_argument("--stages", default="combine,pull,weights,confidence")
    ap.add_argument("--write", action="store_true", help="write data/hangman/best_params.json")
    args = ap.parse_args(argv)
    full = load_list(args.train)
    train, _held_out = split(full, args.outer_fraction, args.seed)
    inner, val = split(train, args.val_fraction, args.seed + 1)
    pool = sample(val, len(val), args.seed + 2)
    secrets = pool[: args.games]
    base = BestParams.load()
    base.max_order = args.max_order
    base.order_weights = (base.order_weights + [base.order_weights[-1]] * 8)[: args.max_order]
    t = time.perf_counter()
    solver = BestSolver(base).fit(inner.words)
    print(f"fitted on {len(inner):,} words in {time.perf_counter() - t:.1f}s; validating on {len(secrets)} games", file=sys.stderr)
    best_over: dict = {}
    best_rate = -1.0
    log = []
    for stage in [s for s in args.stages.split(",") if s]:
        for over in candidate_grid(BestParams(**{**base.as_dict(), **best_over}), stage):
            trial = {**best_over, **over}
            res = summarise(play_words(variant(solver, **trial), secrets))
            log.append({"stage": stage, "overrides": trial, "win_rate": res["win_rate"], "ms_per_guess": res["ms_per_guess"]})
            print(json.dumps(log[-1]), flush=True)
            if res["win_rate"] > best_rate:
                best_rate, best_over = res["win_rate"], trial
    chosen = BestParams(**{**base.as_dict(), **best_over})
    print(json.dumps({"chosen": chosen.as_dict(), "validation_win_rate": best_rate}), flush=True)
    if args.write:
        PARAMS_FILE.parent.mkdir(parents=True, exist_ok=True)
        old = json.loads(PARAMS_FILE.read_text(encoding="utf-8")) if PARAMS_FILE.is_file() else {}
        PARAMS_FILE.write_text(json.dumps({
            **old,  # keeps the ranker's and the worlds' records
            "params": chosen.as_dict(),
            "validation_win_rate": best_rate,
            "validation_games": len(secrets),
            "command": "python -m research.hangman.tune " + shlex.join(argv if argv is not None else sys.argv[1:]),
            "note": "validation words come from the training part of the benchmark split only",
            "log": log,
        }, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
