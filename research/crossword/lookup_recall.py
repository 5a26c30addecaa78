"""Recall of the clue look-up on dev puzzles: the share of slots whose answer is in the look-up's top 1, 5 and 20
for its clue and length, with no letters given and with half of them given (seeded squares).

    nice -n 10 python -m research.crossword.lookup_recall --clues packaged --puzzles 20 --seed 0 [--out rows.json]
    nice -n 10 python -m research.crossword.lookup_recall --clues archive --puzzles 20 --seed 0

Dev puzzles are 2011-2012; the archive models learn from puzzles up to 2010-12-31 (as the Crosswords page).
The look-up is core.crossword.lookup.look_up, exactly what the page and its command line answer with.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time

from core.crossword.lookup import look_up
from core.crossword.puzzle import Puzzle

TOPS = (1, 5, 20)


def half_given(answer: str, rng: random.Random) -> str:
    """A pattern showing half of the answer's letters (rounded down) at seeded squares, '_' elsewhere."""
    shown = set(rng.sample(range(len(answer)), len(answer) // 2))
    return "".join(ch if i in shown else "_" for i, ch in enumerate(answer))


def slot_rows(models, puzzles: list[Puzzle], seed: int = 0, progress=lambda i, n: None) -> list[dict]:
    """One row a slot: its answer's rank in the look-up's top 20 with no letters and with half given (0: absent),
    and the look-up's seconds."""
    rng = random.Random(seed)
    rows = []
    for i, p in enumerate(puzzles):
        for s in p.slots.values():
            if not s.answer or not s.answer.isalpha() or not s.answer.isascii():
                continue
            row = {"date": p.date, "slot": s.name, "clue": s.clue, "answer": s.answer}
            for label, pattern in (("none", "_" * s.length), ("half", half_given(s.answer, rng))):
                t0 = time.monotonic()
                ranked = [a.answer for a in look_up(models, s.clue, pattern, max(TOPS))]
                row[f"seconds_{label}"] = time.monotonic() - t0
                row[f"rank_{label}"] = ranked.index(s.answer) + 1 if s.answer in ranked else 0
            rows.append(row)
        progress(i + 1, len(puzzles))
    return rows


def recall(rows: list[dict]) -> dict:
    """Share of slots whose answer is within the top k, for each k, with no letters and with half given."""
    out: dict = {"slots": len(rows)}
    for label in ("none", "half"):
        ranks = [r[f"rank_{label}"] for r in rows]
        for k in TOPS:
            out[f"top{k}_{label}"] = sum(0 < x <= k for x in ranks) / len(ranks) if ranks else 0.0
        seconds = sorted(r[f"seconds_{label}"] for r in rows)
        out[f"median_seconds_{label}"] = seconds[len(seconds) // 2] if seconds else 0.0
        out[f"max_seconds_{label}"] = seconds[-1] if seconds else 0.0
    return out


def dev_puzzles(n: int, seed: int) -> list[Puzzle]:
    """A seeded sample of n scorable archive puzzles from 2011-2012."""
    from core.crossword.data import archive_path, test_sample

    return test_sample(archive_path(), since="2011-01-01", until="2012-12-31", limit=n, seed=seed)[0]


def main(argv: list[str] | None = None) -> int:
    """Measure and print one JSON object (recall with and without letters, look-up seconds)."""
    from core.crossword.data import TRAIN_UNTIL, archive_path
    from core.crossword.preparation import archive_models, wordnet_models

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clues", choices=("archive", "packaged"), required=True)
    parser.add_argument("--puzzles", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="", help="write the per-slot rows here (JSON)")
    args = parser.parse_args(argv)
    if archive_path() is None:
        print("the dev puzzles come from the archive, which is not on this machine", file=sys.stderr)
        return 2
    t0 = time.monotonic()
    models = wordnet_models() if args.clues == "packaged" else archive_models(archive_path(), until=TRAIN_UNTIL)
    loaded = time.monotonic() - t0
    puzzles = dev_puzzles(args.puzzles, args.seed)
    rows = slot_rows(models, puzzles, args.seed,
                     lambda i, n: print(f"{i}/{n} puzzles", file=sys.stderr, flush=True))
    if args.out:
        with open(args.out, "w", encoding="utf-8") as fh:
            json.dump(rows, fh)
    print(json.dumps({"clues": args.clues, "puzzles": len(puzzles), "seed": args.seed,
                      "models_seconds": round(loaded, 1), **recall(rows)}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
