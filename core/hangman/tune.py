"""Tune `best` on a train/validation split of the TRAINING list only: `python -m core.hangman.tune`.

Writes the chosen parameters, the command and the validation figures to data/hangman/best_params.json.
"""
from __future__ import annotations

import argparse
import json
import shlex
import sys
import time

import numpy as np

from core.hangman.bench import play_words, summarise
from core.hangman.model import open_letters
from core.hangman.rules import guess, new_game
from core.hangman.solvers import PARAMS_FILE, BestParams, BestSolver, feature_names
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


def simulate_states(solver: BestSolver, secrets: list[str], max_wrong: int = 6) -> tuple[np.ndarray, np.ndarray]:
    """(features of every open letter at every state the solver meets, 1 when the letter is in the secret)."""
    xs, ys = [], []
    for secret in secrets:
        state = new_game(len(secret), max_wrong)
        while not state.over:
            ok = open_letters(state, solver.alphabet)
            feats = solver.features(state)
            xs.append(feats[ok])
            ys.append(np.array([c in secret for c, o in zip(solver.alphabet.letters, ok) if o]))
            letter = solver.choose(state)
            if letter is None:
                break
            state = guess(state, secret, letter)
    return np.concatenate(xs), np.concatenate(ys).astype(int)


def learn_mixer(solver: BestSolver, secrets: list[str], rounds: int = 2, c: float = 1.0) -> dict:
    """Logistic-regression mixer weights learned on simulated states (on-policy, a few rounds)."""
    from sklearn.linear_model import LogisticRegression

    xs, ys = [], []
    current = solver
    per_round = max(1, len(secrets) // rounds)
    for r in range(rounds):
        x, y = simulate_states(current, secrets[r * per_round:(r + 1) * per_round])
        xs.append(x)
        ys.append(y)
        model = LogisticRegression(C=c, max_iter=2000).fit(np.concatenate(xs), np.concatenate(ys))
        mixer = {"features": feature_names(solver.params.max_order), "coef": [round(float(v), 5) for v in model.coef_[0]],
                 "intercept": round(float(model.intercept_[0]), 5), "rows": int(sum(len(v) for v in ys))}
        print(json.dumps({"round": r, "rows": mixer["rows"], "coef": dict(zip(mixer["features"], mixer["coef"]))}), file=sys.stderr, flush=True)
        current = solver.variant(mixer=mixer)
    return mixer


def main(argv: list[str] | None = None) -> int:
    """Search the mixing knobs stage by stage, keeping the best of each stage."""
    ap = argparse.ArgumentParser(prog="python -m core.hangman.tune", description=__doc__.splitlines()[0])
    ap.add_argument("--train", default="Trexquant hangman 227k")
    ap.add_argument("--outer-fraction", type=float, default=0.2, help="the benchmark's held-out share, never seen here")
    ap.add_argument("--val-fraction", type=float, default=0.1, help="validation share of the remaining training words")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--max-order", type=int, default=6)
    ap.add_argument("--stages", default="combine,pull,weights,confidence")
    ap.add_argument("--learn", type=int, default=0, help="learn the logistic mixer on simulated games of this many validation words")
    ap.add_argument("--write", action="store_true", help="write data/hangman/best_params.json")
    args = ap.parse_args(argv)
    full = load_list(args.train)
    train, _held_out = split(full, args.outer_fraction, args.seed)
    inner, val = split(train, args.val_fraction, args.seed + 1)
    pool = sample(val, len(val), args.seed + 2)
    secrets = pool[: args.games]
    learn_words = pool[args.games: args.games + args.learn]
    base = BestParams.load()
    base.mixer = {}
    base.max_order = args.max_order
    base.order_weights = (base.order_weights + [base.order_weights[-1]] * 8)[: args.max_order]
    t = time.perf_counter()
    solver = BestSolver(base).fit(inner.words)
    print(f"fitted on {len(inner):,} words in {time.perf_counter() - t:.1f}s; validating on {len(secrets)} games", file=sys.stderr)
    best_over: dict = {}
    best_rate = -1.0
    log = []
    if args.learn:
        plain = solver.variant(mixer={})
        res = summarise(play_words(plain, secrets))
        log.append({"stage": "mixer", "overrides": {"mixer": {}}, "win_rate": res["win_rate"], "ms_per_guess": res["ms_per_guess"]})
        print(json.dumps(log[-1]), flush=True)
        best_rate = res["win_rate"]
        mixer = learn_mixer(plain, learn_words)
        res = summarise(play_words(solver.variant(mixer=mixer), secrets))
        log.append({"stage": "mixer", "overrides": {"mixer": "learned"}, "win_rate": res["win_rate"], "ms_per_guess": res["ms_per_guess"]})
        print(json.dumps(log[-1]), flush=True)
        best_over = {"mixer": mixer} if res["win_rate"] > best_rate else {"mixer": {}}
        best_rate = max(best_rate, res["win_rate"])
    for stage in [s for s in args.stages.split(",") if s]:
        for over in candidate_grid(BestParams(**{**base.as_dict(), **best_over}), stage):
            trial = {**best_over, **over}
            res = summarise(play_words(solver.variant(**trial), secrets))
            log.append({"stage": stage, "overrides": trial, "win_rate": res["win_rate"], "ms_per_guess": res["ms_per_guess"]})
            print(json.dumps(log[-1]), flush=True)
            if res["win_rate"] > best_rate:
                best_rate, best_over = res["win_rate"], trial
    chosen = BestParams(**{**base.as_dict(), **best_over})
    print(json.dumps({"chosen": chosen.as_dict(), "validation_win_rate": best_rate}), flush=True)
    if args.write:
        PARAMS_FILE.parent.mkdir(parents=True, exist_ok=True)
        PARAMS_FILE.write_text(json.dumps({
            "params": chosen.as_dict(),
            "validation_win_rate": best_rate,
            "validation_games": len(secrets),
            "command": "python -m core.hangman.tune " + shlex.join(argv if argv is not None else sys.argv[1:]),
            "note": "validation words come from the training part of the benchmark split only",
            "log": log,
        }, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
