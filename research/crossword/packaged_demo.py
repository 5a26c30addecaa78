"""The packaged solver on the demo puzzles, and the rank of chosen answers among its candidates before any crossing.

    python -m research.crossword.packaged_demo

Prints each demo's letters and words filled right by `best` on the packaged models (no archive), the rank of HEART
for "Organ that pumps blood" (and a few other definition clues), and the seconds to load the models.
"""
from __future__ import annotations

import argparse
import json
import time

from core.crossword.data import demo_puzzles
from core.crossword.clues.candidates import hybrid_guesser
from core.crossword.harness import make_solver
from core.crossword.preparation import packaged_models
from core.crossword.rules import score_fill

RANKED = (("Organ that pumps blood", "HEART"), ("Where a bear hibernates", "DEN"), ("Hot cocoa container", "MUG"),
          ("Small hill", "KNOLL"), ("Jet black", "EBONY"))


def answer_rank(guesser, clue: str, answer: str, k: int = 100) -> int | None:
    """The answer's rank among the guesser's k best candidates with no letter known (None when absent)."""
    ranked = [a for a, _ in guesser.guess(clue, "_" * len(answer), k)]
    return ranked.index(answer) + 1 if answer in ranked else None


def main(argv: list[str] | None = None) -> dict:
    """Solve the demos, rank the answers, print one JSON document."""
    argparse.ArgumentParser(description=__doc__).parse_args(argv)
    t0 = time.monotonic()
    models = packaged_models()
    out: dict = {"load_seconds": round(time.monotonic() - t0, 1), "demos": {}, "ranks": {}}
    solver = make_solver("best", models)
    for name, puzzle in demo_puzzles().items():
        t = time.monotonic()
        sc = score_fill(puzzle, solver.solve(puzzle).fill)
        out["demos"][name] = {"letters": round(100 * sc.letter_accuracy), "words": round(100 * sc.word_accuracy),
                              "seconds": round(time.monotonic() - t, 1)}
    guesser = hybrid_guesser(models)
    for clue, answer in RANKED:
        out["ranks"][f"{clue} -> {answer}"] = answer_rank(guesser, clue, answer)
    print(json.dumps(out, indent=1))
    return out


if __name__ == "__main__":
    main()
