"""A word-sequence check at the end of the `best` fill, measured offline on word_ending.py's dumps.

    python -m research.crossword.segment_ending /work/s13/dump12 --seg-weight 0.1 --only6

After the shipped ending, a slot that reads a non-word (its candidates do not hold it) tries one-letter changes
where its squares are unsure; a change is kept when expected right letters + seg_weight x the change in log
P(best split into words) under wordsegment's word and word-pair counts (for the slot, and for a crossing slot
without candidates), + word_weight x the change in the crossing slots' log beliefs, rises (Proverb's word-sequence
module, as a last step). Prints letters and words right by weekday, shipped against changed, for the 42 chosen-on
dev puzzles (`--only6`) or the 42 fresh ones (`--fresh6`).
"""
from __future__ import annotations

import argparse
import copy
import json
import math
import pickle
import time
from functools import lru_cache
from pathlib import Path

from core.crossword.ending import ALPHABET, is_non_word, slot_term
from core.crossword.puzzle import read_slot, score_fill
from core.crossword.solvers import BeliefSolver
from research.crossword.word_ending import _solver_state


@lru_cache(maxsize=None)
def _segmenter():
    """wordsegment's segmenter, loaded once."""
    import wordsegment

    if not wordsegment.UNIGRAMS:
        wordsegment.load()
    return wordsegment._segmenter


@lru_cache(maxsize=200_000)
def split_logprob(text: str) -> float:
    """Natural log of P(the text's best split into words) under wordsegment's word and word-pair counts."""
    seg = _segmenter()
    prev, total = "<s>", 0.0
    for w in seg.segment(text.lower()):
        total += math.log(seg.score(w, prev))
        prev = w
    return total


def segment_repair(puzzle, fill: dict, probs: dict, beliefs: dict, seg_weight: float, word_weight: float,
                   floor: float = 0.01, alt_min: float = 0.02, min_length: int = 4, rounds: int = 2) -> dict:
    """The fill with one-letter changes in non-word slots where the word-sequence score says so."""
    for _ in range(rounds):
        moved = 0
        for name, slot in puzzle.slots.items():
            if slot.length < min_length:
                continue
            if name in beliefs and not is_non_word(puzzle, fill, name, beliefs):
                continue
            best, best_gain = None, 1e-9
            old_text = read_slot(puzzle, fill, name)
            if "_" in old_text or not old_text.isalpha():
                continue
            for cell in slot.cells:
                if cell not in probs:
                    continue
                p = probs[cell]
                for k in range(26):
                    letter = ALPHABET[k]
                    if letter == fill[cell] or p[k] < alt_min:
                        continue
                    trial = dict(fill)
                    trial[cell] = letter
                    gain = float(p[k] - p[ALPHABET.index(fill[cell])])
                    gain += seg_weight * (split_logprob(read_slot(puzzle, trial, name)) - split_logprob(old_text))
                    for _, other, _ in puzzle.crossings(name):
                        if cell not in puzzle.slots[other].cells:
                            continue
                        # a crossing may only lose by the change (what it gains is the shipped ending's business)
                        if other in beliefs:
                            gain += min(0.0, word_weight * (slot_term(puzzle, trial, other, beliefs, floor)
                                                            - slot_term(puzzle, fill, other, beliefs, floor)))
                        else:
                            gain += min(0.0, seg_weight * (split_logprob(read_slot(puzzle, trial, other))
                                                           - split_logprob(read_slot(puzzle, fill, other))))
                    if gain > best_gain:
                        best, best_gain = trial, gain
            if best is not None:
                fill, moved = best, moved + 1
        if not moved:
            break
    return fill


def main() -> None:
    """Replay the shipped ending and the segment repair on every dump; by-weekday letters and words."""
    from core.crossword.data import archive_path, per_weekday_sample
    from core.crossword.stats import WEEKDAYS

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir")
    ap.add_argument("--seg-weight", type=float, action="append", required=True)
    ap.add_argument("--alt-min", type=float, default=0.02)
    ap.add_argument("--min-length", type=int, default=4)
    ap.add_argument("--verbose", action="store_true")
    group = ap.add_mutually_exclusive_group()
    group.add_argument("--only6", action="store_true", help="the 42 chosen-on dev puzzles (seed 0, 6 a weekday)")
    group.add_argument("--fresh6", action="store_true", help="the 42 fresh ones (12 a weekday without those)")
    args = ap.parse_args()
    six = {p.date for p in per_weekday_sample(archive_path(), "2011-01-01", "2012-12-31", 6, 0)[0]}
    rows: dict = {w: {} for w in args.seg_weight}
    changed = {w: [0, 0, 0] for w in args.seg_weight}
    slow = 0.0
    for f in sorted(Path(args.dir).glob("*.pkl")):
        d = pickle.load(open(f, "rb"))
        p = d["puzzle"]
        if (args.only6 and p.date not in six) or (args.fresh6 and p.date in six):
            continue
        solver = BeliefSolver.__new__(BeliefSolver)
        solver.__dict__.update(_solver_state(d, {}))
        slots = copy.deepcopy(d["slots"])
        r = solver._end_on_letters(p, slots, [], d["sources"], time.monotonic())
        beliefs = solver._word_beliefs(slots)
        for w in args.seg_weight:
            t0 = time.monotonic()
            after = segment_repair(p, r.fill, r.letter_probs, beliefs, w, solver.word_weight or 0.6,
                                   alt_min=args.alt_min, min_length=args.min_length)
            slow = max(slow, time.monotonic() - t0)
            for s in p.slots.values():
                a, b = read_slot(p, r.fill, s.name), read_slot(p, after, s.name)
                if a != b:
                    ra = sum(x == y for x, y in zip(a, s.answer))
                    rb = sum(x == y for x, y in zip(b, s.answer))
                    changed[w][0] += 1
                    changed[w][1] += rb > ra
                    changed[w][2] += rb < ra
                    if args.verbose:
                        print(f"  {w} {p.date} {s.name} {s.answer}: {a} -> {b} ({ra} -> {rb} right) | {s.clue}")
            sb, sa = score_fill(p, r.fill), score_fill(p, after)
            rows[w].setdefault(p.weekday, []).append((sb.letter_accuracy, sa.letter_accuracy, sb.word_accuracy,
                                                      sa.word_accuracy))
    for w in args.seg_weight:
        table = {day: [sum(x[k] for x in rows[w][day]) / len(rows[w][day]) for k in range(4)]
                 for day in WEEKDAYS if rows[w].get(day)}
        bal = [round(100 * sum(v[k] for v in table.values()) / len(table), 2) for k in range(4)]
        print(json.dumps({"seg_weight": w, "puzzles": sum(len(v) for v in rows[w].values()),
                          "letters": bal[:2], "words": bal[2:],
                          "by weekday": {d: [round(100 * v[0], 1), round(100 * v[1], 1)] for d, v in table.items()},
                          "slots changed / better / worse": changed[w], "slowest s": round(slow, 2)}), flush=True)


if __name__ == "__main__":
    main()
