"""Does re-reading the static model's nearest past clues with all-MiniLM-L6-v2 rank dev answers higher?

    python -m research.crossword.rerank_recall --per-weekday 2 --weekdays Fri,Sat --depths 0,10,30

For each slot of the dev sample (trained to 2010-12-31, puzzles of 2011-2012), the meaning source alone
(`RereadingMeaningGuesser.candidates`, no crossing letters) is asked at each re-reading depth; the answer's rank among its
candidates by confidence and by best cosine (the hybrid's two meaning columns) is counted: top 1, top 10, found.
No calibration is needed, so a depth costs only its transformer reads (stored, so depths share them).
"""
from __future__ import annotations

import argparse
import json
import time
from collections import defaultdict

from core.crossword.knowledge.table import normalise_clue
from core.crossword.data import archive_path, per_weekday_sample
from core.crossword.preparation import archive_models
from research.crossword.measure import chosen_weekdays
from research.crossword.rerank import RereadingMeaningGuesser


def rank_of(answer: str, scores: dict) -> int | None:
    """The answer's 1-based rank by score (None when absent)."""
    if answer not in scores:
        return None
    return 1 + sum(s > scores[answer] for s in scores.values())


def main(argv: list[str] | None = None) -> dict:
    """Count each depth's top-1 / top-10 / found by weekday and print them as JSON."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--train-until", default="2010-12-31")
    ap.add_argument("--since", default="2011-01-01")
    ap.add_argument("--until", default="2012-12-31")
    ap.add_argument("--per-weekday", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--weekdays", default="Fri,Sat")
    ap.add_argument("--depths", default="0,10,30")
    args = ap.parse_args(argv)
    path = archive_path()
    models = archive_models(path, until=args.train_until, dev_size=0)
    puzzles, _ = per_weekday_sample(path, args.since, args.until, args.per_weekday, args.seed)
    days = chosen_weekdays(args.weekdays)
    depths = [int(d) for d in args.depths.split(",")]
    counts: dict = defaultdict(lambda: defaultdict(int))
    seconds: dict = defaultdict(float)
    for p in [p for p in puzzles if p.weekday in days]:
        for slot in p.slots.values():
            if not slot.answer or not slot.clue:
                continue
            clue, length = normalise_clue(slot.clue), len(slot.answer)
            for d in depths:
                guesser = RereadingMeaningGuesser(models, rerank=d)
                t = time.process_time()
                best: dict = {}
                conf = guesser.candidates(clue, length, best=best)
                seconds[d] += time.process_time() - t
                for key, scores in (("confidence", conf), ("best cosine", best)):
                    r = rank_of(slot.answer, scores)
                    c = counts[(p.weekday, d, key)]
                    c["slots"] += 1
                    c["top1"] += r == 1
                    c["top10"] += r is not None and r <= 10
                    c["found"] += r is not None
        out = {f"{day} depth {d} by {key}": dict(c) for (day, d, key), c in sorted(counts.items())}
        out["cpu seconds by depth"] = {d: round(s, 1) for d, s in seconds.items()}
        print(p.date, p.weekday, json.dumps(out, indent=1), flush=True)  # the counts so far: a run cut short reports
    return out


if __name__ == "__main__":
    main()
