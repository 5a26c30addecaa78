"""Memory of the archive's clue models once loaded as the Crosswords page loads them, stage by stage.

    python -m research.crossword.loaded_memory --train-until 2010-12-31 --meaning static [--clues archive-only]

Loads (or first builds) the models with every index the first solve builds (warm), asks one clue, then solves one
puzzle after the training dates, and prints one JSON line: resident memory after each stage (MB), the largest this
process held (VmHWM), and the bytes of the search indexes by answer length. Added 2026-11-29.
"""
from __future__ import annotations

import argparse
import inspect
import json
import sys


def memory_mb() -> dict:
    """This process's resident memory now, its anonymous and file-backed parts, and its peak (MB, from /proc)."""
    fields = {}
    with open("/proc/self/status") as fh:
        for line in fh:
            name, _, value = line.partition(":")
            if name in ("VmRSS", "VmHWM", "RssAnon", "RssFile"):
                fields[name] = round(int(value.split()[0]) / 1024)
    return fields


def index_mb(models) -> dict:
    """MB of each search index by answer length that the models have built."""
    out = {}
    for name in ("meaning_by_length", "vecs_by_length"):
        if name in models.__dict__:
            out[name] = round(sum(m.nbytes for m in models.__dict__[name].values()) / 2**20)
    if models.clue_vecs is not None:
        out["clue_vecs"] = round(models.clue_vecs.nbytes / 2**20)
    return out


def main(argv: list[str] | None = None) -> dict:
    """Load, ask, solve; print and return the JSON record."""
    from core.crossword.data import archive_path, test_sample
    from core.crossword.harness import make_solver, score_row
    from core.crossword import preparation

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--train-until", default="2010-12-31")
    ap.add_argument("--meaning", choices=("static", "full"), default="static")
    ap.add_argument("--clues", choices=("archive", "archive-only"), default="archive")
    ap.add_argument("--solve", type=int, default=1, help="puzzles to solve after loading")
    args = ap.parse_args(argv)
    path = archive_path()
    extra = {}
    if "books" in inspect.signature(preparation.archive_models).parameters:  # code before the option: archive only
        extra["books"] = args.clues != "archive-only"
    record = {"train_until": args.train_until, "meaning": args.meaning, "clues": args.clues, "stages": {}}
    record["stages"]["start"] = memory_mb()
    models = preparation.archive_models(path, until=args.train_until, warm=True, meaning_source=args.meaning, **extra)
    record["stages"]["loaded and warmed"] = memory_mb()
    from core.crossword.clues.candidates import hybrid_guesser

    record["first ask"] = sorted(hybrid_guesser(models).candidates("Capital of France", 5).items(),
                                 key=lambda t: -t[1])[:3]
    record["stages"]["one clue asked"] = memory_mb()
    since = f"{int(args.train_until[:4]) + 1}-01-01"
    puzzles = test_sample(path, since=since, until=f"{int(args.train_until[:4]) + 2}-12-31", limit=args.solve,
                          seed=0)[0]
    for p in puzzles:
        record.setdefault("letters", []).append(round(score_row(p, make_solver("best", models))["letter_accuracy"], 4))
    record["stages"]["solved"] = memory_mb()
    record["indexes_mb"] = index_mb(models)
    print(json.dumps(record), flush=True)
    return record


if __name__ == "__main__":
    main(sys.argv[1:])
