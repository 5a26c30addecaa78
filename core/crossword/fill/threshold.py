"""The threshold fills: `threshold` writes sure words first and never erases; `cell-confidence` may overwrite."""
from __future__ import annotations

import time

from core.crossword.clues.guessers import GUESSERS, fits
from core.crossword.fill.state import SolveResult, keep_best_state, log_lookup, slot_evidence, snapshot
from core.crossword.knowledge.models import ClueModels
from core.crossword.puzzle import Puzzle
from core.crossword.rules import read_slot
from core.progress import no_progress
from core.solver import PuzzleSolver


class DecayingThresholdSolver(PuzzleSolver):
    """The threshold solvers: one guesser's candidates, filled pass by pass as a threshold halves from start to stop.

    The guesser defaults to the calibrated hybrid: the thresholds compare probabilities. Raw TF-IDF
    confidences (0.5 exp(-distance) combined over neighbours) saturate near 1 for common answers, so with
    them the first pass at 0.75 already writes many wrong words and never-overwrite keeps them.
    """

    name = "decaying"

    def __init__(self, models: ClueModels, guesser: str = "hybrid", start: float = 0.75, stop: float = 0.05) -> None:
        self.guesser = GUESSERS.create(guesser, models=models)
        self.start, self.stop = start, stop

    def candidates(self, puzzle: Puzzle, progress, given: dict | None) -> tuple[dict, dict]:
        """(candidates, sources): the given candidates, or this solver's guesser's for every slot."""
        if given:
            return given, {name: {a: ("given",) for a in cs} for name, cs in given.items()}
        return slot_evidence(puzzle, self.guesser, progress)


class ThresholdSolver(DecayingThresholdSolver):
    """Fill a slot when its best compatible guess clears a threshold (0.75 halving to 0.05); never overwrite."""

    name = "threshold"

    def solve(self, puzzle: Puzzle, progress=no_progress, candidates: dict | None = None) -> SolveResult:
        """Fill the puzzle pass by pass, keeping a state after each pass."""
        t0 = time.monotonic()
        cands, sources = self.candidates(puzzle, progress, candidates)
        fill, conf, states = {}, {}, []
        th = self.start
        while th >= self.stop - 1e-9:
            for s in puzzle.slots.values():
                pattern = read_slot(puzzle, fill, s.name)
                if "_" not in pattern:
                    continue
                best = _best_fitting(cands[s.name], pattern)
                if best and best[1] >= th:
                    for cell, letter in zip(s.cells, best[0]):
                        if cell not in fill:
                            fill[cell], conf[cell] = letter, best[1]
            states.append(snapshot(f"write in words at least {th:.0%} likely", fill, conf))
            th /= 2
        return SolveResult(self.name, fill, conf, states, None, time.monotonic() - t0, sources)


def _best_fitting(cands: dict, pattern: str) -> tuple[str, float] | None:
    """The most confident candidate fitting the pattern."""
    best = None
    for a, c in cands.items():
        if (best is None or c > best[1]) and fits(a, pattern):
            best = (a, c)
    return best


class CellConfidenceSolver(DecayingThresholdSolver):
    """Per-cell confidence; a guess overwrites a slot when it beats the slot's average confidence."""

    name = "cell-confidence"

    def solve(self, puzzle: Puzzle, progress=no_progress, candidates: dict | None = None) -> SolveResult:
        """Pencil in guesses pass by pass, corroborating or overwriting cells."""
        t0 = time.monotonic()
        cands, sources = self.candidates(puzzle, progress, candidates)
        ranked = {k: sorted(v.items(), key=lambda t: -t[1]) for k, v in cands.items()}
        fill, conf, states = {}, {}, []
        th = self.start
        while th >= self.stop - 1e-9:
            for s in puzzle.slots.values():
                current = read_slot(puzzle, fill, s.name)
                avg = sum(conf.get(cell, 0.0) for cell in s.cells) / s.length
                for answer, c in ranked[s.name]:
                    if c < th:
                        break
                    if answer == current:
                        break  # already written: nothing new to corroborate
                    if c > avg:
                        for cell, letter in zip(s.cells, answer):
                            if fill.get(cell) == letter:
                                conf[cell] = 1 - (1 - conf[cell]) * (1 - c)
                            else:
                                fill[cell], conf[cell] = letter, c
                        break
            states.append(snapshot(f"write in (or overwrite with) words at least {th:.0%} likely", fill, conf))
            th /= 2
        result = SolveResult(self.name, fill, conf, states, None, time.monotonic() - t0, sources)
        return keep_best_state(puzzle, result, log_lookup(cands))
