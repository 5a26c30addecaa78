"""The crossword harness: solve one puzzle and score it; means over puzzles; a guesser's top-1/5/20 accuracy."""
from __future__ import annotations

import time

import numpy as np

from core.crossword.knowledge.models import ClueModels
from core.crossword.puzzle import Puzzle
from core.crossword.rules import read_slot, score_fill
from core.crossword.solvers import SOLVERS
from core.crossword.stats import WEEKDAYS
from core.progress import no_progress


def score_row(puzzle: Puzzle, solver, slot_rows: bool = False) -> dict:
    """Solve one puzzle and score it: one row of the benchmark (date, weekday, accuracies, seconds).

    `slot_rows` adds "slots": one row per slot (clue, answer, the word the fill reads, its right letters).
    """
    t0 = time.monotonic()
    result = solver.solve(puzzle)
    sc = score_fill(puzzle, result.fill)
    row = {"date": puzzle.date, "weekday": puzzle.weekday, "size": puzzle.size,
           "letter_accuracy": sc.letter_accuracy, "word_accuracy": sc.word_accuracy,
           "fill_percentage": sc.fill_percentage, "filled_accuracy": sc.filled_accuracy, "perfect": sc.perfect,
           "seconds": time.monotonic() - t0, "cells": sc.cells}
    if slot_rows:
        row["slots"] = [slot_row(puzzle, result, s) for s in puzzle.slots.values() if s.answer]
    return row


def slot_row(puzzle: Puzzle, result, slot) -> dict:
    """One slot's outcome: date, name, clue, answer, the word the fill reads and how many of its letters are right."""
    word = read_slot(puzzle, result.fill, slot.name)
    return {"date": puzzle.date, "weekday": puzzle.weekday, "slot": slot.name, "clue": slot.clue,
            "answer": slot.answer, "fill": word, "right": sum(a == b for a, b in zip(word, slot.answer)),
            "length": slot.length, "sources": list(result.sources.get(slot.name, {}).get(slot.answer, ()))}


def evaluate(puzzles: list[Puzzle], solver, progress=no_progress) -> dict:
    """Solve and score each puzzle: totals, by weekday, and per puzzle rows."""
    rows = []
    for i, p in enumerate(puzzles):
        rows.append(score_row(p, solver))
        progress(i + 1, len(puzzles), f"{solver.name} {p.date}")
    return summarise(rows)


def summarise(rows: list[dict]) -> dict:
    """Mean metrics over per-puzzle rows (letter accuracy weighted per puzzle), with a by-weekday breakdown."""
    def mean(key, rs):
        return float(np.mean([r[key] for r in rs])) if rs else 0.0

    by_day = {}
    for day in WEEKDAYS:
        rs = [r for r in rows if r["weekday"] == day]
        if rs:
            by_day[day] = {"puzzles": len(rs), "letter_accuracy": mean("letter_accuracy", rs),
                           "word_accuracy": mean("word_accuracy", rs), "perfect_puzzles": sum(r["perfect"] for r in rs),
                           "seconds_per_puzzle": mean("seconds", rs)}
    balanced = float(np.mean([d["letter_accuracy"] for d in by_day.values()])) if by_day else 0.0
    return {"puzzles": len(rows), "letter_accuracy": mean("letter_accuracy", rows),
            "weekday_balanced_letter_accuracy": balanced,
            "word_accuracy": mean("word_accuracy", rows), "fill_percentage": mean("fill_percentage", rows),
            "filled_accuracy": mean("filled_accuracy", rows),
            "perfect_puzzles": sum(1 for r in rows if r["perfect"]),
            "seconds_per_puzzle": mean("seconds", rows), "by_weekday": by_day, "per_puzzle": rows}


def guesser_accuracy(guesser, puzzles: list[Puzzle], progress=no_progress) -> dict:
    """Top-1/5/20 accuracy of a guesser on every slot of the puzzles (no crossing letters given)."""
    hits, n = [0, 0, 0], 0
    for i, p in enumerate(puzzles):
        for s in p.slots.values():
            if not s.answer:
                continue
            ranked = [a for a, _ in guesser.guess(s.clue, "_" * s.length, 20)]
            n += 1
            for j, k in enumerate((1, 5, 20)):
                hits[j] += s.answer in ranked[:k]
        progress(i + 1, len(puzzles), f"{guesser.name} {p.date}")
    return {"guesser": guesser.name, "clues": n, "top1": hits[0] / n if n else 0.0,
            "top5": hits[1] / n if n else 0.0, "top20": hits[2] / n if n else 0.0}


def make_solver(name: str, models: ClueModels, **settings):
    """A solver from the registry bound to the models, with the settings the models carry for it (then `settings`)."""
    return SOLVERS.create(name, models=models, **{**models.info.get("solver_settings", {}).get(name, {}), **settings})
