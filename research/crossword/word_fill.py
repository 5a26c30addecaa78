"""The "words" ending measured against the shipped one: after belief propagation, swap badly fitting words for
candidates (a local search) and end on the grid of words that scores best.

The shipped `best` ends on each square's likeliest letter, which scored higher on dev (research/crossword/README.md);
this ending stays here so `research.crossword.ending` can keep comparing the two.
"""
from __future__ import annotations

from dataclasses import replace

import time

import numpy as np

from core.crossword.knowledge.models import ClueModels
from core.crossword.puzzle import Puzzle
from core.crossword.rules import read_slot
from core.crossword.fill.state import ALPHABET, SolveResult, snapshot as _snapshot, keep_best_state
from core.crossword.fill.belief import FillSettings, BeliefSolver, SlotVar
from core.progress import no_progress


class WordEndingSolver(BeliefSolver):
    """`best`'s belief propagation, ending on a grid of words found by local search."""

    def __init__(self, models: ClueModels, search_passes: int = 3, **settings) -> None:
        super().__init__(models, replace(FillSettings(), **settings))
        self.search_passes = search_passes

    def solve(self, puzzle: Puzzle, progress=no_progress, candidates: dict | None = None) -> SolveResult:
        """Belief propagation then local search; a state after each search pass."""
        t0 = time.monotonic()
        slots, states, sources = self.beliefs(puzzle, progress, candidates, extra_steps=self.search_passes)
        fill, conf, probs = self._marginals(puzzle, slots)
        lookup = {name: dict(zip(var.words, var.logq)) for name, var in slots.items()}
        for p in range(self.search_passes):
            fill, moved = local_search(puzzle, slots, fill, lookup)
            conf = {cell: float(probs[cell][ALPHABET.index(fill[cell])]) for cell in fill}
            states.append(_snapshot(f"Tidy-up {p + 1}: {moved} word{'' if moved == 1 else 's'} swapped for "
                                    "better-fitting ones", fill, conf))
            if not moved:
                break
        progress(1, 1, "solved")
        result = SolveResult(self.name, fill, conf, states, probs, time.monotonic() - t0, sources)
        floor = min((float(v.logq.min()) for v in slots.values() if len(v.logq)), default=-30.0) - 8.0
        return keep_best_state(puzzle, result, lookup, floor)


def local_search(puzzle: Puzzle, slots: dict[str, SlotVar], fill: dict, lookup: dict) -> tuple[dict, int]:
    """(fill, slots re-filled): slots whose letters are not a likely word take their best candidate when the grid's
    score rises; `lookup` maps each slot to {candidate: log prior}."""
    floor = {name: (float(var.logq.min()) if len(var.logq) else -30.0) - 8.0 for name, var in slots.items()}

    def slot_score(name: str, grid: dict) -> float:
        return lookup[name].get(read_slot(puzzle, grid, name), floor[name])

    moved = 0
    for name in sorted(puzzle.slots, key=lambda n: slot_score(n, fill) - floor[n]):
        var = slots[name]
        if not len(var.words):
            continue
        s = puzzle.slots[name]
        current = read_slot(puzzle, fill, name)
        lm = var.incoming[np.arange(s.length)[None, :], var.codes]
        top = np.argsort(-(var.logq + lm.sum(axis=1)))[:8]
        affected = [name] + [o for _, o, _ in puzzle.crossings(name)]
        base = sum(slot_score(a, fill) for a in affected)
        best, best_gain = None, 1e-9
        for k in top:
            word = var.words[k]
            if word == current:
                continue
            trial = dict(fill)
            trial.update(zip(s.cells, word))
            gain = sum(slot_score(a, trial) for a in affected) - base
            if gain > best_gain:
                best, best_gain = trial, gain
        if best is not None:
            fill, moved = best, moved + 1
    return fill, moved
