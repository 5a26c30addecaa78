"""Rebuild data/crossword/packaged-calibration.json: the hybrid guesser's weights for the packaged clue models.

The packaged models (WordNet glosses and synonyms, wordfreq words) ship without the archive, so their hybrid
weights are fitted here once, on dev puzzles from 2011-2012 (never on 2013, never on the demo puzzles), and
shipped as a small JSON file (since 2026-11-29 on 40 puzzles, the measurement sample left out; on 21 the few negated
clues left WordNet's opposites a weight of 0.98 and "Not early" L??? put LATE 5th):

    python -m research.crossword.calibrate_packaged --per-weekday 6 --seed 1 --leave-out-per-weekday 6

`--leave-out-per-weekday 12` drops the puzzles of the measurement sample (seed 0, that many a weekday) from a larger
fitting sample, so the dev figures are never measured on puzzles the weights were fitted on.
"""
from __future__ import annotations

import argparse
import json
import sys

from core.crossword.data import PACKAGED_CALIBRATION, archive_path, per_weekday_sample
import numpy as np

from core.crossword.clues.guessers import calibration_data
from core.crossword.clues.packaged import PackagedGuesser
from core.crossword.preparation import wordnet_models


def fitting_sample(path, since: str, until: str, per_weekday: int, seed: int, leave_out_per_weekday: int = 0) -> list:
    """The dev puzzles to fit on: `per_weekday` a weekday (this seed), less the measurement sample's puzzles (seed 0,
    `leave_out_per_weekday` a weekday) when asked."""
    puzzles, _ = per_weekday_sample(path, since, until, per_weekday, seed)
    if leave_out_per_weekday:
        measured, _ = per_weekday_sample(path, since, until, leave_out_per_weekday, 0)
        dates = {p.date for p in measured}
        puzzles = [p for p in puzzles if p.date not in dates]
    return puzzles


# the fit's stopping tolerance: at sklearn's default (1e-4) the fit stopped after 15 steps once the reference books'
# candidates joined the rows (348,000 of them), every weight about a fifth of its converged value, and the dev fill lost
# letters (2026-11-29); at 1e-6 and 1e-8 the weights agree to 0.02, so the fit is run to 1e-8
TOLERANCE = 1e-8


def converged_calibration(guesser: PackagedGuesser, puzzles) -> tuple[np.ndarray, float]:
    """Logistic-regression weights and bias for the guesser's columns (leave-one-out dev data), fitted to
    convergence (TOLERANCE)."""
    from sklearn.linear_model import LogisticRegression

    x, y = calibration_data(guesser, puzzles)
    if len(y) == 0 or y.all() or not y.any():
        return np.array(guesser.default_weights, float), guesser.DEFAULT_BIAS
    lr = LogisticRegression(C=1.0, max_iter=10_000, tol=TOLERANCE).fit(x, y)
    return lr.coef_[0].astype(float), float(lr.intercept_[0])


def main(argv: list[str] | None = None) -> None:
    """Fit the weights on dev puzzles and write the JSON file."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--since", default="2011-01-01")
    ap.add_argument("--until", default="2012-12-31")
    ap.add_argument("--per-weekday", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--leave-out-per-weekday", type=int, default=0,
                    help="leave out the measurement sample's puzzles (seed 0, this many a weekday)")
    args = ap.parse_args(argv)
    path = archive_path()
    if path is None:
        sys.exit("no archive: set WORDLAB_DATA")
    puzzles = fitting_sample(path, args.since, args.until, args.per_weekday, args.seed, args.leave_out_per_weekday)
    models = wordnet_models(calibrated=False)
    guesser = PackagedGuesser(models)
    weights, bias = converged_calibration(guesser, puzzles)
    doc = {"feature_version": PackagedGuesser.FEATURE_VERSION, "features": list(guesser.feature_names),
           "weights": [round(float(w), 4) for w in weights], "bias": round(bias, 4),
           "dev": f"{args.since}..{args.until}, {args.per_weekday} per weekday, seed {args.seed}"
                  + (f", less the {args.leave_out_per_weekday} a weekday of seed 0" if args.leave_out_per_weekday else "")}
    PACKAGED_CALIBRATION.write_text(json.dumps(doc, indent=1) + "\n")
    print(json.dumps(doc, indent=1))


if __name__ == "__main__":
    main()
