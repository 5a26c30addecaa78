"""Measure crossword solvers on the date-split protocol: a seeded sample of N puzzles per weekday, by weekday.

Dev:  python -m research.crossword.measure --train-until 2010-12-31 --since 2011-01-01 --until 2012-12-31 --per-weekday 3
Test: python -m research.crossword.measure --train-until 2012-12-31 --since 2013-01-01 --until 2013-12-31 --per-weekday 14
Add `--weekdays Thu,Fri,Sat,Sun` to solve only those weekdays of the same sample.
Add `--clues packaged` to solve without the archive's clues (WordNet and packaged knowledge only).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from core.crossword.data import archive_path, per_weekday_sample, weekday_rounds
from core.crossword.preparation import archive_models, packaged_models
from core.crossword.harness import make_solver, score_row, summarise


def protocol_arguments(ap: argparse.ArgumentParser) -> None:
    """The date-split protocol's options (dev defaults), shared by the research tools that sample puzzles."""
    ap.add_argument("--train-until", default="2010-12-31")
    ap.add_argument("--since", default="2011-01-01")
    ap.add_argument("--until", default="2012-12-31")
    ap.add_argument("--per-weekday", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--clues", choices=("archive", "packaged"), default="archive")


def chosen_weekdays(text: str) -> tuple[str, ...]:
    """The weekdays named in a comma list of names or prefixes ("Thu,Fri,sat"); every weekday when empty."""
    from core.crossword.stats import WEEKDAYS

    out = []
    for part in (p.strip().lower() for p in text.split(",") if p.strip()):
        found = [d for d in WEEKDAYS if len(part) >= 2 and d.lower().startswith(part)]
        if len(found) != 1:
            raise ValueError(f"unknown weekday {part!r}: use names or prefixes such as Mon, Tue, Sat")
        out.append(found[0])
    return tuple(d for d in WEEKDAYS if d in out) or WEEKDAYS


def main(argv: list[str] | None = None) -> dict:
    """Run the measurement and print a summary by weekday; rows go to --out as JSON lines as they finish."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    protocol_arguments(ap)
    ap.add_argument("--solver", default="best")
    ap.add_argument("--set", action="append", default=[], help="solver setting NAME=VALUE (a Python literal)")
    ap.add_argument("--out", default="", help="JSON lines file for per-puzzle rows")
    ap.add_argument("--slots", default="", help="JSON lines file for per-slot rows (clue, answer, the fill's word)")
    ap.add_argument("--weekdays", default="", help="only these weekdays of the sample, e.g. Thu,Fri,Sat,Sun")
    args = ap.parse_args(argv)
    try:
        days = chosen_weekdays(args.weekdays)
    except ValueError as e:
        sys.exit(str(e))
    import ast

    path = archive_path()
    if path is None:
        sys.exit("no archive: set WORDLAB_DATA")
    t0 = time.monotonic()
    models = (archive_models(path, until=args.train_until) if args.clues == "archive" else packaged_models())
    model_seconds = time.monotonic() - t0
    puzzles, skipped = per_weekday_sample(path, args.since, args.until, args.per_weekday, args.seed)
    puzzles = weekday_rounds([p for p in puzzles if p.weekday in days])  # one of each weekday at a time: a run cut short stays balanced
    settings = {k: ast.literal_eval(v) for k, v in (s.split("=", 1) for s in args.set)}
    solver = make_solver(args.solver, models, **settings)
    rows = []
    out = open(args.out, "a") if args.out else None
    slot_out = open(args.slots, "a") if args.slots else None
    for i, p in enumerate(puzzles):
        row = score_row(p, solver, slot_rows=slot_out is not None)
        for slot_row in row.pop("slots", ()):
            slot_out.write(json.dumps(slot_row) + "\n")
        rows.append(row)
        print(f"{i + 1}/{len(puzzles)} {p.date} {p.weekday[:3]} letters {row['letter_accuracy']:.1%} "
              f"words {row['word_accuracy']:.1%} {row['seconds']:.1f}s", flush=True)
        if out:
            out.write(json.dumps(row) + "\n")
            out.flush()
    summary = summarise(rows)
    summary.pop("per_puzzle")
    summary.update({"args": vars(args), "model_seconds": round(model_seconds, 1), "skipped": len(skipped)})
    print(json.dumps(summary, indent=1))
    return summary


if __name__ == "__main__":
    main()
