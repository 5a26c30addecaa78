"""Which fill to end on: the grid of words after local search, each cell's likeliest letter, or a mix of the two.

    python -m research.crossword.ending --train-until 2010-12-31 --since 2011-01-01 --until 2012-12-31 --per-weekday 3

One solve per puzzle with the "words" ending (research.crossword.word_fill); from it, the letters right of: the words fill ("words"), the
likeliest letter of every cell after the last round of crossing letters ("letters"), and mixes that keep the
words fill's letter unless the likeliest letter is more likely by at least a margin ("margin 0.1", ...).
Rows go to stdout as JSON lines; `--out` also writes them to a file.
"""
from __future__ import annotations

import argparse
import ast
import json

from core.crossword.data import archive_path, per_weekday_sample, weekday_rounds
from core.crossword.preparation import archive_models
from core.crossword.rules import score_fill
from core.crossword.fill.state import ALPHABET
from research.crossword.word_fill import WordEndingSolver

MARGINS = (0.05, 0.1, 0.2, 0.3, 0.5)


def mixed_fill(words: dict, letters: dict, probs: dict, margin: float) -> dict:
    """The words fill, with each cell's likeliest letter where that letter is more likely by more than `margin`."""
    out = dict(words)
    for cell, letter in letters.items():
        current = words.get(cell)
        p = probs.get(cell)
        if p is None or current is None or current == letter:
            continue
        if p[ALPHABET.index(letter)] - p[ALPHABET.index(current)] > margin:
            out[cell] = letter
    return out


def main() -> None:
    """Letters right of each ending, per puzzle, as JSON lines."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--train-until", default="2010-12-31")
    ap.add_argument("--since", default="2011-01-01")
    ap.add_argument("--until", default="2012-12-31")
    ap.add_argument("--per-weekday", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--set", action="append", default=[], help="solver setting NAME=VALUE (a Python literal)")
    ap.add_argument("--out", default="")
    args = ap.parse_args()
    settings = {k: ast.literal_eval(v) for k, v in (s.split("=", 1) for s in args.set)}
    path = archive_path()
    models = archive_models(path, until=args.train_until)
    solver = WordEndingSolver(models, **{**models.info.get("solver_settings", {}).get("best", {}), **settings})
    puzzles = weekday_rounds(per_weekday_sample(path, args.since, args.until, args.per_weekday, args.seed)[0])
    out = open(args.out, "a") if args.out else None
    for p in puzzles:
        r = solver.solve(p)
        letters = [s for s in r.states if not s.label.startswith(("Tidy-up", "Final"))][-1].fill
        row = {"date": p.date, "weekday": p.weekday, "seconds": r.seconds,
               "words": score_fill(p, r.fill).letter_accuracy, "letters": score_fill(p, letters).letter_accuracy}
        for m in MARGINS:
            row[f"margin {m}"] = score_fill(p, mixed_fill(r.fill, letters, r.letter_probs, m)).letter_accuracy
        print(json.dumps(row), flush=True)
        if out:
            out.write(json.dumps(row) + "\n")
            out.flush()


if __name__ == "__main__":
    main()
