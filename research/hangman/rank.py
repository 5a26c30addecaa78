"""Learn `best`'s letter ranker on simulated games of validation words of the TRAINING list: `python -m research.hangman.rank`.

Fits `best` on the inner 90% of the benchmark's training part (seed-0 test words never seen), plays on-policy games
on validation words after the first --skip (those stay for validation), records rank_features of every open letter
at every state (target: the letter is in the secret) and fits a HistGradientBoostingClassifier; writes it to
data/hangman/<--out>.
"""
from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from core.hangman.fitting import fitted
from core.hangman.forest import FlatForest
from core.hangman.model import open_letters
from core.hangman.rules import guess, new_game
from core.hangman.solvers import PARAMS_FILE, RANK_COLUMNS, BestSolver
from research.hangman.games import variant
from research.hangman.validate import validation_split


def states_of(solver: BestSolver, secrets: list[str], max_wrong: int = 6,
              record: list | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(rank features of open letters, 1 when in the secret, state id) over the solver's own games.

    With `record`, also appends (secret, mask, guessed letters) of each state, so later rounds can recompute features.

    The features are computed once per state; a ranker policy scores them directly (a forest trained on fewer
    columns reads only its own leading columns), so recording costs no second feature pass.
    """
    model = solver.ranker_model()
    xs, ys, gs = [], [], []
    sid = 0
    for secret in secrets:
        state = new_game(len(secret), max_wrong)
        while not state.over:
            ok = open_letters(state, solver.alphabet)
            x = solver.rank_features(state)[ok]
            xs.append(x)
            letters = [c for c, o in zip(solver.alphabet.letters, ok) if o]
            ys.append(np.array([c in secret for c in letters], dtype=int))
            gs.append(np.full(len(letters), sid))
            sid += 1
            if record is not None:
                record.append((secret, state.mask, "".join(state.guessed)))
            if model is not None:
                letter = letters[int(np.argmax(model.proba(x)))] if letters else None
            else:
                letter = solver.choose(state)
            if letter is None:
                break
            state = guess(state, secret, letter)
    return np.concatenate(xs), np.concatenate(ys), np.concatenate(gs)


def recorded_states(solver: BestSolver, secrets: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray, list]:
    """states_of plus the (secret, mask, guessed) of every state."""
    record: list = []
    x, y, g = states_of(solver, secrets, record=record)
    return x, y, g, record


def learning_rows(xs: list[np.ndarray], ys: list[np.ndarray], columns: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """All rounds' rows stacked, on their first `columns` columns (0: the columns every round has; rounds saved
    with more columns share the leading ones)."""
    width = columns or min(part.shape[1] for part in xs)
    return np.concatenate([part[:, :width] for part in xs]), np.concatenate(ys)


def main(argv: list[str] | None = None) -> int:
    """Simulate, learn, write."""
    ap = argparse.ArgumentParser(prog="python -m research.hangman.rank", description=__doc__.splitlines()[0])
    ap.add_argument("--words", type=int, default=1500, help="validation words to simulate games on")
    ap.add_argument("--skip", type=int, default=1500, help="validation words kept for validation (not learned from)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", default="best_ranker.npz")
    ap.add_argument("--policy", default="", help="ranker file the simulating policy uses ('' : the linear mix)")
    ap.add_argument("--iters", type=int, default=120)
    ap.add_argument("--depth", type=int, default=7)
    ap.add_argument("--lr", type=float, default=0.08)
    ap.add_argument("--leaves", type=int, default=31)
    ap.add_argument("--min-leaf", type=int, default=40)
    ap.add_argument("--also", action="append", default=[], help="earlier rounds' saved states (.npz) to learn from too")
    ap.add_argument("--save-states", default="", help="write this round's states to this .npz (for a later --also)")
    ap.add_argument("--blend", action="append", default=[], help="instead of learning: average these rankers' scores into --out")
    args = ap.parse_args(argv)
    if args.blend:
        FlatForest.blend([FlatForest.load(PARAMS_FILE.parent / f) for f in args.blend]).save(PARAMS_FILE.parent / args.out)
        print(f"wrote data/hangman/{args.out}", file=sys.stderr)
        return 0
    from joblib import Parallel, delayed
    from sklearn.ensemble import HistGradientBoostingClassifier

    xs, ys = [], []
    inner, pool = validation_split()
    base, _ = fitted("best", inner.words, inner.hash)
    policy = variant(base, ranker=args.policy, in_dictionary_prior=0.0)  # games of unseen words, the ranker's world
    if args.words > 0:
        words = pool[args.skip: args.skip + args.words]
        t = time.perf_counter()
        chunks = [words[i::args.jobs] for i in range(args.jobs)]
        parts = Parallel(n_jobs=args.jobs)(delayed(recorded_states)(policy, c) for c in chunks)
        xs, ys = [np.concatenate([p[0] for p in parts])], [np.concatenate([p[1] for p in parts])]
        print(f"{len(xs[0]):,} rows from {len(words)} games in {time.perf_counter() - t:.0f}s; positives {ys[0].mean():.3f}", file=sys.stderr, flush=True)
        if args.save_states:
            offsets = np.cumsum([0] + [int(p[2].max()) + 1 if len(p[2]) else 0 for p in parts[:-1]])
            games = [r for p in parts for r in p[3]]
            np.savez_compressed(args.save_states, x=xs[0], y=ys[0], state=np.concatenate([p[2] + o for p, o in zip(parts, offsets)]),
                                secret=np.array([r[0] for r in games]), mask=np.array([r[1] for r in games]),
                                guessed=np.array([r[2] for r in games]))
    for path in args.also:
        with np.load(path) as d:
            xs.append(d["x"][:, :RANK_COLUMNS])  # states saved by older rounds carry columns the product no longer computes
            ys.append(d["y"])
    if not xs:
        print("nothing to learn from: give --words N or --also FILE", file=sys.stderr)
        return 2
    x, y = learning_rows(xs, ys)
    print(f"learning from {len(x):,} rows x {x.shape[1]} features", file=sys.stderr, flush=True)
    model = HistGradientBoostingClassifier(max_iter=args.iters, learning_rate=args.lr, max_leaf_nodes=args.leaves, max_depth=args.depth,
                                           min_samples_leaf=args.min_leaf,
                                           l2_regularization=1.0, early_stopping=False, random_state=0).fit(x, y)
    FlatForest.from_sklearn(model).save(PARAMS_FILE.parent / args.out)
    print(f"wrote data/hangman/{args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
