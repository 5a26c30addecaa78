"""Which fill to end on: the grid after local search (words) or each cell's likeliest letter (expected letters).

    python -m research.crossword.ending --train-until 2010-12-31 --since 2011-01-01 --until 2012-12-31 --per-weekday 3
"""
from __future__ import annotations

import argparse
import json

from core.crossword.data import archive_path, per_weekday_sample, weekday_rounds
from core.crossword.pipeline import archive_models, make_solver
from core.crossword.puzzle import score_fill


def main() -> None:
    """Letters right of the final fill and of the last fill before the tidy-up passes, by weekday."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--train-until", default="2010-12-31")
    ap.add_argument("--since", default="2011-01-01")
    ap.add_argument("--until", default="2012-12-31")
    ap.add_argument("--per-weekday", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    path = archive_path()
    models = archive_models(path, until=args.train_until)
    solver = make_solver("best", models)
    puzzles = weekday_rounds(per_weekday_sample(path, args.since, args.until, args.per_weekday, args.seed)[0])
    for p in puzzles:
        r = solver.solve(p)
        letters = [s for s in r.states if not s.label.startswith(("Tidy-up", "Final"))][-1]
        print(json.dumps({"date": p.date, "weekday": p.weekday, "final": score_fill(p, r.fill).letter_accuracy,
                          "likeliest_letters": score_fill(p, letters.fill).letter_accuracy}), flush=True)


if __name__ == "__main__":
    main()
