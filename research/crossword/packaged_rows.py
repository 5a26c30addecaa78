"""The packaged guesser's candidate rows, stored once, so calibration features can be compared in seconds.

    python -m research.crossword.packaged_rows dump --since 2009-01-01 --until 2010-12-31 --per-weekday 4 --seed 1 \\
        --exclude --out fit.pkl
    python -m research.crossword.packaged_rows dump --since 2011-01-01 --until 2012-12-31 --per-weekday 6 --seed 0 \\
        --weekdays Monday,Tuesday --out dev.pkl
    python -m research.crossword.packaged_rows compare --fit fit.pkl --dev dev.pkl

`dump` writes one row a slot: weekday, clue, answer, the clue kind and the guesser's candidates with their feature
matrix (no crossing letters; `--exclude` leaves each slot's own pair out, as the calibration does). `compare` fits
the logistic calibration on the fit rows with each variant of the extra columns (research.crossword.calibration_columns)
and prints, on the dev rows, the top 1 / 10 / 100 recall of the merged guesser, of each source alone (ranked by its
own column) and by clue kind.
"""
from __future__ import annotations

import argparse
import json
import pickle
import sys
from collections import defaultdict

import numpy as np


def dump(args) -> None:
    """Write the candidate rows of a sample's slots."""
    from core.crossword.clues.candidates import hybrid_guesser
    from core.crossword.clues.cluetypes import clue_kind
    from core.crossword.data import archive_path, per_weekday_sample
    from core.crossword.preparation import wordnet_models
    from core.crossword.knowledge.table import normalise_clue

    path = archive_path()
    if path is None:
        sys.exit("no archive: set WORDLAB_DATA")
    guesser = hybrid_guesser(wordnet_models(calibrated=False))
    puzzles, _ = per_weekday_sample(path, args.since, args.until, args.per_weekday, args.seed)
    skip: set = set()
    if args.leave_out_per_weekday:
        skip |= {p.date for p in per_weekday_sample(path, args.since, args.until, args.leave_out_per_weekday, 0)[0]}
    for other in args.skip:
        with open(other, "rb") as fh:
            skip |= {r["date"] for r in pickle.load(fh)["rows"]}
    puzzles = [p for p in puzzles if p.date not in skip]
    if args.weekdays:
        puzzles = [p for p in puzzles if p.weekday in args.weekdays.split(",")]
    rows = []
    for i, p in enumerate(puzzles):
        for s in p.slots.values():
            if not s.answer:
                continue
            answers, feats = guesser.features(s.clue, s.length, exclude=s.answer if args.exclude else None)
            rows.append({"date": p.date, "weekday": p.weekday, "clue": s.clue, "answer": s.answer,
                         "kind": clue_kind(normalise_clue(s.clue)), "answers": answers,
                         "feats": feats})
        print(f"{i + 1}/{len(puzzles)} {p.date} {p.weekday}", flush=True)
    with open(args.out, "wb") as fh:
        pickle.dump({"features": list(guesser.feature_names), "rows": rows}, fh)


def ranks_by(rows, scores) -> list[int]:
    """The answer's rank (1 first) in each row by the given per-row scores, ties broken alphabetically as the recall
    tool does; 0 when the answer is not among the candidates or its score is not above 0."""
    out = []
    for r, s in zip(rows, scores):
        if r["answer"] not in r["answers"]:
            out.append(0)
            continue
        j = r["answers"].index(r["answer"])
        if s[j] <= 0:
            out.append(0)
            continue
        ties = sum(1 for i, a in enumerate(r["answers"]) if s[i] == s[j] and a < r["answer"])
        out.append(int((s > s[j]).sum()) + ties + 1)
    return out


def recall(ranks, ks=(1, 10, 100)) -> dict:
    """{topK: share of rows whose rank is 1..K}."""
    n = max(len(ranks), 1)
    return {f"top{k}": round(sum(0 < x <= k for x in ranks) / n, 4) for k in ks}


def compare(args) -> dict:
    """Fit each variant on the fit rows and print the dev recall tables."""
    from research.crossword.calibration_columns import EXTRA_VARIANTS, extra_columns
    from sklearn.linear_model import LogisticRegression

    fit: dict = {"rows": []}
    for part in args.fit.split(","):
        with open(part, "rb") as fh:
            found = pickle.load(fh)
        fit = {"features": found["features"], "rows": fit["rows"] + found["rows"]}
    with open(args.dev, "rb") as fh:
        dev = pickle.load(fh)
    names = fit["features"]
    out: dict = {"slots": len(dev["rows"]), "per source": {}, "variants": {}}
    for j, name in enumerate(names):
        ranks = ranks_by(dev["rows"], [r["feats"][:, j] for r in dev["rows"]])
        out["per source"][name] = recall(ranks)
    variants = args.variants.split(",") if args.variants else list(EXTRA_VARIANTS)
    for variant in variants:
        def matrix(rows):
            return [np.hstack([r["feats"], extra_columns(r["answers"], r["feats"], names, EXTRA_VARIANTS[variant])])
                    for r in rows]
        x = np.vstack(matrix(fit["rows"]))
        y = np.concatenate([np.array([a == r["answer"] for a in r["answers"]], bool) for r in fit["rows"]])
        lr = LogisticRegression(C=1.0, max_iter=10_000, tol=1e-8).fit(x, y)
        scores = [1 / (1 + np.exp(-(m @ lr.coef_[0] + lr.intercept_[0]))) for m in matrix(dev["rows"])]
        ranks = ranks_by(dev["rows"], scores)
        kinds = defaultdict(list)
        for r, k in zip(dev["rows"], ranks):
            kinds[r["kind"]].append(k)
        out["variants"][variant] = {"all": recall(ranks),
                                    "by kind": {k: {"slots": len(v), **recall(v)} for k, v in sorted(kinds.items())}}
        print(variant, json.dumps(out["variants"][variant]["all"]), flush=True)
    if args.out:
        with open(args.out, "w") as fh:
            json.dump(out, fh, indent=1)
    return out


def main(argv: list[str] | None = None) -> None:
    """Dump candidate rows or compare calibration variants."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    d = sub.add_parser("dump")
    d.add_argument("--since", default="2011-01-01")
    d.add_argument("--until", default="2012-12-31")
    d.add_argument("--per-weekday", type=int, default=6)
    d.add_argument("--seed", type=int, default=0)
    d.add_argument("--weekdays", default="")
    d.add_argument("--exclude", action="store_true", help="leave each slot's own pair out (as the calibration does)")
    d.add_argument("--leave-out-per-weekday", type=int, default=0,
                   help="leave out the measurement sample's puzzles (seed 0, this many a weekday)")
    d.add_argument("--skip", action="append", default=[], help="a dump whose puzzles are left out")
    d.add_argument("--out", required=True)
    c = sub.add_parser("compare")
    c.add_argument("--fit", required=True, help="dumps to fit on, comma separated")
    c.add_argument("--dev", required=True)
    c.add_argument("--variants", default="")
    c.add_argument("--out", default="")
    args = ap.parse_args(argv)
    dump(args) if args.command == "dump" else compare(args)


if __name__ == "__main__":
    main()
