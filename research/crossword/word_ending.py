"""Word-aware endings measured offline: solve each dev puzzle once, keep the solver's last beliefs, replay endings.

    python -m research.crossword.word_ending dump DIR --train-until 2010-12-31 --since 2011-01-01 --until 2012-12-31 --per-weekday 6
    python -m research.crossword.word_ending replay DIR --set word_weight=0.5 ...
    python -m research.crossword.word_ending replay DIR --set split_weight=0.2 --only 6   (or --leave-out 6: fresh)

`dump` solves every puzzle with `best` (the letters ending) and pickles, per puzzle, the puzzle, the slots' last
candidate words, log priors and crossing messages (what the ending sees), the sources and the shipped fill.
`replay` runs an ending on each dump without solving again and prints the letters and words right by weekday,
beside the shipped fill's, and how many slots changed (and how many of those got better / worse).
"""
from __future__ import annotations

import argparse
import ast
import copy
import json
import pickle
import time
from pathlib import Path

from core.crossword.data import archive_path, per_weekday_sample, weekday_rounds
from core.crossword.preparation import archive_models
from core.crossword.harness import make_solver
from core.crossword.rules import read_slot, score_fill
from core.crossword.fill.belief import BeliefSolver
def dump(args: argparse.Namespace) -> None:
    """Solve each sampled puzzle once and pickle what the ending sees."""
    out = Path(args.dir)
    out.mkdir(parents=True, exist_ok=True)
    path = archive_path()
    models = archive_models(path, until=args.train_until)
    settings = {k: ast.literal_eval(v) for k, v in (s.split("=", 1) for s in args.set)}
    solver = make_solver("best", models, **settings)
    kept: dict = {}

    def capture(puzzle, slots, states, sources, t0):
        kept["slots"] = copy.deepcopy(slots)
        return BeliefSolver._end_on_letters(solver, puzzle, slots, states, sources, t0)

    solver._end_on_letters = capture
    puzzles = weekday_rounds(per_weekday_sample(path, args.since, args.until, args.per_weekday, args.seed)[0])
    small = {p.date for p in per_weekday_sample(path, args.since, args.until, 3, args.seed)[0]}  # the 3-a-weekday dev
    for i, p in enumerate(puzzles):
        t0 = time.monotonic()
        r = solver.solve(p)
        seconds = time.monotonic() - t0
        with open(out / f"{p.date}.pkl", "wb") as fh:
            pickle.dump({"puzzle": p, "slots": kept.pop("slots"), "sources": r.sources, "fill": r.fill,
                         "seconds": seconds, "settings": settings,
                         "dev3": p.date in small}, fh)
        print(f"{i + 1}/{len(puzzles)} {p.date} {p.weekday[:3]} {score_fill(p, r.fill).letter_accuracy:.1%} "
              f"{seconds:.1f}s", flush=True)


def replay_one(solver: BeliefSolver, d: dict):
    """(shipped fill, replayed fill, seconds of the ending) for one dump."""
    t0 = time.monotonic()
    r = solver._end_on_letters(d["puzzle"], copy.deepcopy(d["slots"]), [], d["sources"], t0)
    return d["fill"], r.fill, time.monotonic() - t0, r


def replay(args: argparse.Namespace) -> dict:
    """Replay an ending on every dump; by-weekday letters / words right against the shipped fill."""
    from core.crossword.stats import WEEKDAYS

    settings = {k: ast.literal_eval(v) for k, v in (s.split("=", 1) for s in args.set)}
    files = sorted(Path(args.dir).glob("*.pkl"))
    chosen = set()
    if args.only or args.leave_out:
        chosen = {p.date for p in per_weekday_sample(archive_path(), args.since, args.until,
                                                     args.only or args.leave_out, args.seed)[0]}
    by_day: dict = {}
    changed = better = worse = 0
    slow = 0.0
    for f in files:
        d = pickle.load(open(f, "rb"))
        p = d["puzzle"]
        if (args.dev3 and not d.get("dev3")) or (args.only and p.date not in chosen) or (args.leave_out and
                                                                                        p.date in chosen):
            continue
        solver = BeliefSolver.__new__(BeliefSolver)
        solver.__dict__.update(_solver_state(d, settings))
        before, after, secs, _ = replay_one(solver, d)
        slow = max(slow, secs)
        for s in p.slots.values():
            a, b = read_slot(p, before, s.name), read_slot(p, after, s.name)
            if a != b:
                changed += 1
                ra = sum(x == y for x, y in zip(a, s.answer))
                rb = sum(x == y for x, y in zip(b, s.answer))
                better += rb > ra
                worse += rb < ra
        sb, sa = score_fill(p, before), score_fill(p, after)
        by_day.setdefault(p.weekday, []).append((sb.letter_accuracy, sa.letter_accuracy, sb.word_accuracy,
                                                 sa.word_accuracy))
        if args.verbose:
            print(p.date, p.weekday[:3], f"{sb.letter_accuracy:.1%} -> {sa.letter_accuracy:.1%}", flush=True)
    table = {}
    for day in WEEKDAYS:
        rows = by_day.get(day, [])
        if rows:
            table[day] = [sum(r[k] for r in rows) / len(rows) for k in range(4)]
    balanced = [sum(v[k] for v in table.values()) / len(table) for k in range(4)]
    out = {"settings": settings, "puzzles": sum(len(v) for v in by_day.values()),
           "balanced letters": [round(balanced[0] * 100, 2), round(balanced[1] * 100, 2)],
           "balanced words": [round(balanced[2] * 100, 2), round(balanced[3] * 100, 2)],
           "by weekday letters": {d: [round(v[0] * 100, 1), round(v[1] * 100, 1)] for d, v in table.items()},
           "slots changed": changed, "better": better, "worse": worse, "slowest ending s": round(slow, 2)}
    print(json.dumps(out), flush=True)
    return out


def _solver_state(d: dict, settings: dict) -> dict:
    """A BeliefSolver's attributes for replaying an ending (no models needed): the defaults, then `settings`."""
    from dataclasses import fields, replace

    from core.crossword.fill.belief import FillSettings

    known = {f.name for f in fields(FillSettings)}
    chosen = {k: v for k, v in {**d.get("settings", {}), **settings}.items() if k in known}
    return {"name": "best", "settings": replace(FillSettings(), **chosen)}


def main() -> None:
    """dump or replay."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", choices=("dump", "replay"))
    ap.add_argument("dir")
    ap.add_argument("--train-until", default="2010-12-31")
    ap.add_argument("--since", default="2011-01-01")
    ap.add_argument("--until", default="2012-12-31")
    ap.add_argument("--per-weekday", type=int, default=6)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--set", action="append", default=[], help="solver setting NAME=VALUE (a Python literal)")
    ap.add_argument("--dev3", action="store_true", help="replay only the 3-a-weekday dev puzzles (seed's first three)")
    ap.add_argument("--only", type=int, default=0, help="replay only the puzzles of the seed's N-a-weekday sample")
    ap.add_argument("--leave-out", type=int, default=0,
                    help="replay only the puzzles not in the seed's N-a-weekday sample (the fresh ones)")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    (dump if args.command == "dump" else replay)(args)


if __name__ == "__main__":
    main()
