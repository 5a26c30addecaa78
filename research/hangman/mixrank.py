"""A letter ranker learned on games of BOTH worlds, with the world evidence as inputs: `python -m research.hangman.mixrank`.

Measured 2026-11-24 (nothing shipped), the alternative to weighing two letter tables by a chance: one boosted-tree
ranker learns P(letter in the secret) from states of games on unseen validation words AND on dictionary words, its
inputs the 27 `rank_features` plus two world features (log fitting words, the evidence log L_dict - log L_unseen).
Trained on validation words 1,500-1,500+--unseen-words (the ranker's own words, not in the `research.hangman.lengths`
fit sample) and on inner-dictionary words outside the fit sample's seed-7 dictionary words; played greedily or with
the shipped rollouts at few fitting words; measured on the `research.hangman.lengths` fit sample (both worlds).
Research only: `core/` never reads the forest this writes.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time

import numpy as np

from research.hangman.games import play_words, variant
from core.hangman.fitting import fitted
from core.hangman.forest import FlatForest
from core.hangman.model import open_letters
from core.hangman.rules import guess, new_game
from core.hangman.solvers import BestSolver
from core.words import sample
from research.hangman.lengths import fit_unseen, length_shares, overall, length_table, stratified
from research.hangman.validate import validation_split


def world_features(solver: BestSolver, state) -> np.ndarray:
    """(log1p fitting words, evidence log-ratio clipped to +-30; -30 when none fits). (The shipped chance is a
    monotone function of the ratio, so trees need no third column.)"""
    k = len(solver.index.candidates(state))
    if k == 0:
        return np.array([0.0, -30.0])
    n = len(solver.index.words[state.length])
    ratio = math.log(k / n) - solver.unseen_log_likelihood(state)
    return np.array([math.log1p(k), max(-30.0, min(30.0, ratio))])


def features(solver: BestSolver, state) -> np.ndarray:
    """rank_features with the two world columns appended to every letter's row."""
    base = solver.rank_features(state)
    return np.hstack([base, np.broadcast_to(world_features(solver, state), (base.shape[0], 2))])


class MixedRanker(BestSolver):
    """`best` whose unseen-word letter table is the mixed-world ranker (research only)."""

    def unseen_scores(self, state) -> np.ndarray:
        forest = self.__dict__["mixed_forest"]
        ok = open_letters(state, self.alphabet)
        out = np.zeros(self.alphabet.size)
        out[ok] = forest.proba(features(self, state)[ok])
        return out


def mixed(base: BestSolver, forest: FlatForest, **overrides) -> MixedRanker:
    """A MixedRanker sharing base's fitted tables."""
    other = variant(base, **overrides)
    other.__class__ = MixedRanker
    other.__dict__["mixed_forest"] = forest
    return other


def states(policy: BestSolver, secrets: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """(features of the open letters, 1 when in the secret) of every state of the policy's games."""
    xs, ys = [], []
    for secret in secrets:
        state = new_game(len(secret), 6)
        while not state.over:
            ok = open_letters(state, policy.alphabet)
            xs.append(features(policy, state)[ok])
            ys.append(np.array([c in secret for c, o in zip(policy.alphabet.letters, ok) if o], dtype=int))
            letter = policy.choose(state)
            if letter is None:
                break
            state = guess(state, secret, letter)
    return np.concatenate(xs), np.concatenate(ys)


def main(argv: list[str] | None = None) -> int:
    """Simulate both worlds with the shipped `best`, learn the mixed ranker, play it on the fit sample."""
    ap = argparse.ArgumentParser(prog="python -m research.hangman.mixrank", description=__doc__.splitlines()[0])
    ap.add_argument("--unseen-words", type=int, default=1500)
    ap.add_argument("--dictionary-words", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=21)
    ap.add_argument("--iters", type=int, default=120)
    ap.add_argument("--per-length", type=int, default=500, help="fit-sample dictionary words of each length played")
    ap.add_argument("--max-unseen", type=int, default=3000, help="fit-sample unseen words played")
    ap.add_argument("--out", default="hang-mixrank.npz")
    ap.add_argument("--load", default="", help="skip learning: play this forest")
    ap.add_argument("--states", default="hang-mixrank-states.npz", help="simulated states: read when present, else written")
    ap.add_argument("--dictionary-weight", type=float, default=1.0,
                    help="weight of a dictionary-game row against an unseen-game row (sets the learned prior share)")
    args = ap.parse_args(argv)
    inner, pool = validation_split()
    base, _ = fitted("best", inner.words, inner.hash)
    held = set(stratified(inner.words, 500, range(3, 12), 7))
    if args.load:
        forest = FlatForest.load(args.load)
    else:
        from sklearn.ensemble import HistGradientBoostingClassifier

        import os

        t = time.perf_counter()
        if os.path.isfile(args.states):
            with np.load(args.states) as z:
                xu, yu, xd, yd = z["xu"], z["yu"], z["xd"], z["yd"]
        else:
            unseen = pool[1500: 1500 + args.unseen_words]
            known = [w for w in sample(inner, args.dictionary_words + len(held), args.seed) if w not in held][: args.dictionary_words]
            xu, yu = states(base, unseen)
            xd, yd = states(base, known)
            np.savez_compressed(args.states, xu=xu, yu=yu, xd=xd, yd=yd)
        print(f"{len(xu):,} unseen rows, {len(xd):,} dictionary rows in {time.perf_counter() - t:.0f}s", file=sys.stderr, flush=True)
        x, y = np.vstack([xu, xd]), np.concatenate([yu, yd])
        weight = np.concatenate([np.ones(len(yu)), np.full(len(yd), args.dictionary_weight)])
        model = HistGradientBoostingClassifier(max_iter=args.iters, learning_rate=0.08, max_leaf_nodes=31, max_depth=7,
                                               min_samples_leaf=40, l2_regularization=1.0, early_stopping=False,
                                               random_state=0).fit(x, y, sample_weight=weight)
        forest = FlatForest.from_sklearn(model)
        forest.save(args.out)
        print(f"learned in {time.perf_counter() - t:.0f}s; wrote {args.out}", file=sys.stderr, flush=True)
    unseen_fit = fit_unseen(pool, 11)[: args.max_unseen]
    known_fit = stratified(inner.words, args.per_length, range(3, 12), 7)
    shares = length_shares(pool)
    variants = {"greedy (the mixed ranker alone)": {"in_dictionary_prior": 0.0},
                "mixed ranker + shipped rollouts at <= 20 fitting words": {}}
    for name, over in variants.items():
        solver = mixed(base, forest, **over)
        rows = {}
        for world, words in (("unseen", unseen_fit), ("dictionary", known_fit)):
            f = play_words(solver, words, 6, 1)
            rows[world] = [[r.item, int(r.length), bool(r.win)] for r in f.itertuples()]
        table = length_table([rows])
        lengths = sorted(table[0])
        u, d = overall(table, {n: 0 for n in lengths}, shares, (0.90, 1.0))
        print(json.dumps({"variant": name, "unseen": round(100 * u, 2), "dictionary": round(100 * d, 2),
                          "by_length": {n: [round(100 * a, 1), round(100 * b, 1)] for n, (a, b) in table[0].items()}}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
