"""How often each source tag marks a slot's top-10 hybrid candidates, and how often those are right (dev).

Run: `WORDLAB_CACHE=... python -m research.crossword.meaning_tag [--packaged] [rows.jsonl]`. Trained to
2010-12-31 (or the packaged models), two puzzles of each weekday from 2011-2012 (seed 0): dev only. The candidate
list's floors (core.crossword.clues.guessers.SOURCE_FLOORS) were chosen from the tables it prints: for each
similarity column, the lowest floor whose candidates are right at least 20% of the time.
"""
from __future__ import annotations

import json
import sys
from collections import Counter

import numpy as np

from core.crossword.data import archive_path, per_weekday_sample
from core.crossword.clues.guessers import HybridGuesser
from core.crossword.preparation import archive_models, packaged_models
from core.crossword.clues.candidates import hybrid_guesser

FLOORS = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)
COLUMNS = {"tfidf best cosine": 3, "word2vec best cosine": 5, "answer-document cosine": 7, "meaning best cosine": 22}


def candidate_rows(hybrid: HybridGuesser, puzzles: list, k: int = 10) -> list[dict]:
    """One row per slot and top-k candidate (no pattern): its tags, meaning cosine and whether it is the answer."""
    rows = []
    for p in puzzles:
        for s in p.slots.values():
            if not s.answer:
                continue
            answers, feats = hybrid.features(s.clue, s.length)
            if not answers:
                continue
            conf, tags = hybrid.candidates_with_sources(s.clue, s.length)  # the tags the page shows
            for rank, a in enumerate(sorted(conf, key=lambda a: (-conf[a], a))[:k]):
                row = feats[answers.index(a)] if a in answers else np.zeros(feats.shape[1])
                rows.append({"weekday": p.weekday, "clue": s.clue, "answer": s.answer, "candidate": a,
                             "rank": rank, "tags": list(tags.get(a, ())),
                             **{n: float(row[c]) if c < len(row) else 0.0 for n, c in COLUMNS.items()}})
    return rows


def summary_lines(rows: list[dict]) -> list[str]:
    """Each tag's share of the rows and its share right; the meaning source's rows above each cosine floor."""
    right = [r["candidate"] == r["answer"] for r in rows]
    seen, good = Counter(), Counter()
    for r, ok in zip(rows, right):
        for t in r["tags"]:
            seen[t] += 1
            good[t] += ok
    lines = [f"{len(rows)} rows, {np.mean(right):.1%} right"]
    lines += [f"{t:16s} {n / len(rows):6.1%} of rows, {good[t] / n:6.1%} right" for t, n in seen.most_common()]
    ok = np.array(right)
    for name in COLUMNS:
        values = np.array([r[name] for r in rows])
        for f in FLOORS:
            above = values > f
            if above.any():
                lines.append(f"{name} > {f}: {above.mean():6.1%} of rows, {ok[above].mean():6.1%} right")
    return lines


def main(argv: list[str] | None = None) -> None:
    """Measure on the dev sample; rows to the optional JSON lines file, the summary to stdout."""
    argv = sys.argv[1:] if argv is None else argv
    packaged = "--packaged" in argv
    argv = [a for a in argv if a != "--packaged"]
    path = archive_path()
    if path is None:
        sys.exit("no archive: set WORDLAB_DATA")
    models = packaged_models() if packaged else archive_models(path, until="2010-12-31")
    hybrid = hybrid_guesser(models)
    puzzles, _ = per_weekday_sample(path, "2011-01-01", "2012-12-31", 2, 0)
    rows = candidate_rows(hybrid, puzzles)
    if argv:
        with open(argv[0], "w") as out:
            out.writelines(json.dumps(r) + "\n" for r in rows)
    print("\n".join(summary_lines(rows)))


if __name__ == "__main__":
    main()
