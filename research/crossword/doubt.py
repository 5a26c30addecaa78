"""How often the letters the crossings are "sure" of are wrong when `best` asks an unsure slot again, by weekday.

    python -m research.crossword.doubt --per-weekday 3 [--days Friday,Saturday] [--set NAME=VALUE] [--out rows.jsonl]
    python -m research.crossword.doubt --slot-rows slots.jsonl   (no solving: where a measured run's wrong letters are)

One row per second ask of the solver as configured: the pattern, how many of its letters are wrong, how sure the
crossings were of each, whether the answer fits the pattern and its rank among the answers the guesser returned;
with `--oracle` also the rank when the wrong letters are left out (what a doubting ask could reach at best).
`--slot-rows` reads the per-slot rows of `research.crossword.measure --slots` and counts each weekday's wrong letters
by where the slot's answer came from: the clue's own candidates, only a second ask, only a phrase, or nothing.
"""
from __future__ import annotations

import argparse
import ast
import json
import sys
import time
from collections import defaultdict

import numpy as np

from core.crossword.data import archive_path, per_weekday_sample, weekday_rounds
from core.crossword.clues.guessers import fits
from core.crossword.preparation import archive_models
from core.crossword.harness import make_solver
from core.crossword.rules import read_slot
from core.crossword.stats import WEEKDAYS
from research.crossword.measure import protocol_arguments


def instrument(solver, rows: list, answers: dict, oracle: bool) -> None:
    """Wrap the solver's guesser and sure pattern so each second ask appends a row (answers: clue -> answer)."""
    guess, sure = solver.guesser.guess, solver._sure_pattern
    last: dict = {}

    def sure_pattern(var):
        msg = np.exp(var.incoming - var.incoming.max(axis=1, keepdims=True))
        msg /= msg.sum(axis=1, keepdims=True)
        last["support"] = [float(m.max()) for m in msg]
        return sure(var)

    def traced(clue, pattern, k=20):
        t0 = time.monotonic()
        out = guess(clue, pattern, k)
        seconds = time.monotonic() - t0
        answer = answers.get(clue, "")
        ranked = [a for a, _ in out]
        wrong = [i for i, (p, a) in enumerate(zip(pattern, answer)) if p != "_" and p != a]
        row = {"clue": clue, "answer": answer, "pattern": pattern, "sure": sum(p != "_" for p in pattern),
               "wrong": len(wrong), "support": [round(s, 3) for i, s in enumerate(last.get("support", ()))
                                                  if pattern[i] != "_"],
               "wrong_support": [round(last["support"][i], 3) for i in wrong] if "support" in last else [],
               "rank": ranked.index(answer) + 1 if answer in ranked else 0, "seconds": round(seconds, 3),
               "top": [(a, round(c, 4)) for a, c in out[:3]],
               "answer_conf": round(dict(out).get(answer, 0.0), 4),
               "share": round(out[0][1] / sum(c for _, c in out), 3) if out else 0.0}
        if oracle and wrong:
            fixed = "".join("_" if i in wrong else p for i, p in enumerate(pattern))
            if fixed.count("_") < len(fixed):
                again = [a for a, _ in guess(clue, fixed, k)]
                row["oracle_rank"] = again.index(answer) + 1 if answer in again else 0
        rows.append(row)
        return out

    solver.guesser.guess, solver._sure_pattern = traced, sure_pattern


ORIGINS = ("clue", "asked again", "phrase", "nothing")


def answer_origin(tags: list) -> str:
    """Where a slot's answer came from, by its source tags: the clue's candidates, only a second ask, only a phrase, nothing."""
    tags = set(tags)
    if tags - {"phrase", "asked again"}:
        return "clue"
    return "asked again" if "asked again" in tags else "phrase" if tags else "nothing"


def wrong_letters_by_origin(rows: list) -> dict:
    """Weekday -> {origin: wrong letters} over per-slot rows (`right` of `length` letters, answer `sources`)."""
    out: dict = {}
    for r in rows:
        wrong = r["length"] - r["right"]
        day = out.setdefault(r["weekday"], dict.fromkeys(ORIGINS, 0))
        day[answer_origin(r.get("sources", []))] += wrong
    return out


def origin_table(counts: dict) -> str:
    """A markdown table of wrong letters by weekday and answer origin, with each origin's share."""
    lines = ["| weekday | wrong letters | " + " | ".join(f"answer from {o}" for o in ORIGINS) + " |",
             "|---|---|" + "---|" * len(ORIGINS)]
    for day in [d for d in WEEKDAYS if d in counts] + sorted(set(counts) - set(WEEKDAYS)):
        total = sum(counts[day].values())
        cells = [f"{counts[day][o]} ({counts[day][o] / total:.0%})" if total else "0" for o in ORIGINS]
        lines.append(f"| {day} | {total} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """Solve the sample, tracing every second ask; print shares by weekday; rows to --out."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    protocol_arguments(ap)
    ap.add_argument("--days", default="", help="comma-separated weekdays (default all)")
    ap.add_argument("--set", action="append", default=[])
    ap.add_argument("--oracle", action="store_true")
    ap.add_argument("--out", default="")
    ap.add_argument("--slot-rows", default="", help="per-slot rows of a measured run: print where its wrong letters are")
    args = ap.parse_args(argv)
    if args.slot_rows:
        with open(args.slot_rows) as f:
            print(origin_table(wrong_letters_by_origin([json.loads(line) for line in f if line.strip()])))
        return
    path = archive_path()
    if path is None:
        sys.exit("no archive: set WORDLAB_DATA")
    models = archive_models(path, until=args.train_until)
    puzzles, _ = per_weekday_sample(path, args.since, args.until, args.per_weekday, args.seed)
    days = set(args.days.split(",")) if args.days else None
    puzzles = [p for p in weekday_rounds(puzzles) if days is None or p.weekday in days]
    settings = {k: ast.literal_eval(v) for k, v in (s.split("=", 1) for s in args.set)}
    out = open(args.out, "a") if args.out else None
    stats: dict = defaultdict(lambda: defaultdict(float))
    for p in puzzles:
        solver = make_solver("best", models, **settings)
        rows: list = []
        instrument(solver, rows, {s.clue: s.answer for s in p.slots.values()}, args.oracle)
        result = solver.solve(p)
        final = {s.clue: read_slot(p, result.fill, s.name) for s in p.slots.values()}
        d = stats[p.weekday]
        for r in rows:
            r["final"] = final.get(r["clue"], "")
            d["asks"] += 1
            d["ended right"] += r["final"] == r["answer"]
            d["found, ended wrong"] += r["rank"] > 0 and r["final"] != r["answer"]
            d["with wrong letter"] += r["wrong"] > 0
            d["answer found"] += r["rank"] > 0
            d["oracle found"] += r.get("oracle_rank", 0) > 0
            d["seconds"] += r["seconds"]
            if out:
                out.write(json.dumps({"date": p.date, "weekday": p.weekday, **r}) + "\n")
        print(p.date, p.weekday, len(rows), "asks", flush=True)
    for day, d in stats.items():
        n = max(d["asks"], 1)
        print(f"{day:10s} asks {d['asks']:.0f}  wrong letter {d['with wrong letter'] / n:.0%}  answer in top k "
              f"{d['answer found'] / n:.0%}  found once wrong letters left out {d['oracle found']:.0f}  "
              f"seconds an ask {d['seconds'] / n:.2f}  ended right {d['ended right']:.0f}  found but ended wrong "
              f"{d['found, ended wrong']:.0f}")


if __name__ == "__main__":
    main()
