"""Several `best` settings on the same dev puzzles in one process: the models load once, each clue is asked once.

    python -m research.crossword.sweep --weekdays Thu,Fri,Sat,Sun --out-dir sweep-runs \\
        --variant base= --variant floor03=letter_floor=0.3 --variant sp1=spread=1.0,min_fallback=0.1

Each `--variant LABEL=NAME=VALUE,NAME=VALUE` (an empty list: the defaults) writes measure.py's rows to
OUT_DIR/LABEL.jsonl, for `research.crossword.summarise`. The clue candidates of a puzzle are computed once for
every variant that shares the guesser's settings (`neighbours`, `linked_weight`, `see_own`, `guesser`) and given
to the solve, which then fills exactly as it would have asked them itself; a row's seconds are the ask's seconds
plus the solve's, so they compare with measure.py's (`cpu_seconds`: the same in this process's CPU time, which
other jobs on the machine do not inflate).
"""
from __future__ import annotations

import argparse
import ast
import json
import sys
import time
from pathlib import Path

from core.crossword.data import archive_path, per_weekday_sample, weekday_rounds
from core.crossword.preparation import archive_models, packaged_models
from core.crossword.harness import make_solver
from core.crossword.rules import score_fill
from core.crossword.fill.state import slot_evidence
from research.crossword.measure import chosen_weekdays, protocol_arguments

ASK_KEYS = ("neighbours", "linked_weight", "see_own", "guesser")


def parse_variant(text: str) -> tuple[str, dict]:
    """(label, settings) from "LABEL=NAME=VALUE,NAME=VALUE" (values are Python literals; "LABEL=" is the defaults)."""
    label, _, rest = text.partition("=")
    if not label:
        raise ValueError(f"a variant needs a label: {text!r}")
    settings = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        name, eq, value = part.partition("=")
        if not eq:
            raise ValueError(f"expected NAME=VALUE in {text!r}, got {part!r}")
        settings[name.strip()] = ast.literal_eval(value.strip())
    return label, settings


def done_dates(path: Path) -> set[str]:
    """The puzzle dates a variant's rows file already holds (none when there is no file)."""
    if not path.exists():
        return set()
    return {json.loads(line)["date"] for line in path.read_text().splitlines() if line.strip()}


def main(argv: list[str] | None = None) -> None:
    """Solve the sample once per variant, writing rows per variant as they finish."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    protocol_arguments(ap)
    ap.add_argument("--weekdays", default="")
    ap.add_argument("--variant", action="append", default=[])
    ap.add_argument("--out-dir", required=True)
    ap.add_argument("--leave-out", type=int, default=0,
                    help="drop the puzzles of the same seed's N-a-weekday sample (e.g. --per-weekday 12 --leave-out 6: "
                         "six fresh dev puzzles a weekday to confirm a setting chosen on the first six)")
    args = ap.parse_args(argv)
    variants = dict(parse_variant(v) for v in args.variant) or {"base": {}}
    days = chosen_weekdays(args.weekdays)
    path = archive_path()
    if path is None:
        sys.exit("no archive: set WORDLAB_DATA")
    models = archive_models(path, until=args.train_until) if args.clues == "archive" else packaged_models()
    puzzles, _ = per_weekday_sample(path, args.since, args.until, args.per_weekday, args.seed)
    seen = {p.date for p in per_weekday_sample(path, args.since, args.until, args.leave_out, args.seed)[0]} \
        if args.leave_out else set()
    puzzles = weekday_rounds([p for p in puzzles if p.weekday in days and p.date not in seen])
    solvers = {label: make_solver("best", models, **s) for label, s in variants.items()}
    out_dir = Path(args.out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    done = {label: done_dates(out_dir / f"{label}.jsonl") for label in variants}  # a restarted sweep goes on
    files = {label: open(out_dir / f"{label}.jsonl", "a") for label in variants}
    for i, p in enumerate(puzzles):
        asked: dict = {}
        for label, solver in solvers.items():
            if p.date in done[label]:
                continue
            key = tuple(repr(variants[label].get(k)) for k in ASK_KEYS)
            if key not in asked:
                t0, c0 = time.monotonic(), time.process_time()
                cands, _ = slot_evidence(p, solver.guesser, linked_weight=solver.settings.linked_weight,
                                          see_own=solver.settings.see_own)
                asked[key] = (cands, time.monotonic() - t0, time.process_time() - c0)
            cands, ask_seconds, ask_cpu = asked[key]
            t0, c0 = time.monotonic(), time.process_time()
            result = solver.solve(p, candidates={k: dict(v) for k, v in cands.items()} or None)
            sc = score_fill(p, result.fill)
            row = {"date": p.date, "weekday": p.weekday, "size": p.size, "letter_accuracy": sc.letter_accuracy,
                   "word_accuracy": sc.word_accuracy, "fill_percentage": sc.fill_percentage,
                   "filled_accuracy": sc.filled_accuracy, "perfect": sc.perfect,
                   "seconds": ask_seconds + time.monotonic() - t0,
                   "cpu_seconds": ask_cpu + time.process_time() - c0, "cells": sc.cells, "variant": label}
            files[label].write(json.dumps(row) + "\n")
            files[label].flush()
            print(f"{i + 1}/{len(puzzles)} {p.date} {p.weekday[:3]} {label}: letters {sc.letter_accuracy:.1%} "
                  f"{row['seconds']:.1f}s", flush=True)
    for fh in files.values():
        fh.close()


if __name__ == "__main__":
    main()
