"""Summarise measure.py's JSON-lines rows by weekday, side by side, on the puzzles every run has finished.

    python -m research.crossword.summarise before=test-before.jsonl after=test-after.jsonl
"""
from __future__ import annotations

import json
import sys

from core.crossword.harness import summarise
from core.crossword.stats import WEEKDAYS


def load(path: str) -> list[dict]:
    """The rows of one run."""
    with open(path) as fh:
        return [json.loads(line) for line in fh if line.strip()]


def table(runs: dict[str, list[dict]]) -> str:
    """A markdown table by weekday over the dates every run has (letters %, words %, seconds a puzzle)."""
    common = set.intersection(*({r["date"] for r in rows} for rows in runs.values()))
    sums = {name: summarise([r for r in rows if r["date"] in common]) for name, rows in runs.items()}
    head = "| weekday | puzzles | " + " | ".join(f"{n} letters | {n} words | {n} s" for n in runs) + " |"
    lines = [head, "|" + "---|" * (2 + 3 * len(runs))]
    for day in WEEKDAYS:
        cells = []
        for s in sums.values():
            d = s["by_weekday"].get(day)
            cells += [f"{d['letter_accuracy']:.1%}", f"{d['word_accuracy']:.1%}", f"{d['seconds_per_puzzle']:.1f}"] \
                if d else ["", "", ""]
        n = next(iter(sums.values()))["by_weekday"].get(day, {}).get("puzzles", 0)
        lines.append(f"| {day} | {n} | " + " | ".join(cells) + " |")
    cells = []
    for s in sums.values():
        cells += [f"{s['weekday_balanced_letter_accuracy']:.1%} (all {s['letter_accuracy']:.1%})",
                  f"{s['word_accuracy']:.1%}", f"{s['seconds_per_puzzle']:.1f}"]
    lines.append(f"| weekday-balanced | {len(common)} | " + " | ".join(cells) + " |")
    perfect = ", ".join(f"{n}: {s['perfect_puzzles']}" for n, s in sums.items())
    return "\n".join(lines) + f"\n\nPerfect puzzles: {perfect}."


if __name__ == "__main__":
    print(table({a.split("=", 1)[0]: load(a.split("=", 1)[1]) for a in sys.argv[1:]}))
