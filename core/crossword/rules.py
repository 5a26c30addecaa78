"""Crossword rules: what a fill holds in a slot, writing a word into a fill, and scoring a fill against the solution."""
from __future__ import annotations

from dataclasses import dataclass

from core.crossword.puzzle import BLOCK, Puzzle, PuzzleError


def read_slot(puzzle: Puzzle, fill: dict, name: str, empty: str = "_") -> str:
    """The letters a fill has in a slot ('_' for empty cells)."""
    return "".join(fill.get(cell, empty) or empty for cell in puzzle.slots[name].cells)


def write_slot(puzzle: Puzzle, fill: dict, name: str, word: str) -> dict:
    """A new fill with the word written into the slot (raises PuzzleError on a length mismatch)."""
    slot = puzzle.slots[name]
    if len(word) != slot.length:
        raise PuzzleError(f"{name} has {slot.length} cells but {word!r} has {len(word)} letters")
    out = dict(fill)
    out.update(zip(slot.cells, word.upper()))
    return out


def fill_letters(puzzle: Puzzle, fill: dict) -> list[str]:
    """The fill as row strings: '.' black, '-' empty."""
    return ["".join(BLOCK if (r, c) in puzzle.blocks else (fill.get((r, c)) or "-") for c in range(puzzle.cols))
            for r in range(puzzle.rows)]


@dataclass(frozen=True)
class FillScore:
    """How a fill compares with the solution."""

    cells: int
    filled: int
    correct_cells: int
    slots: int
    correct_slots: int

    @property
    def letter_accuracy(self) -> float:
        """Correct cells / white cells."""
        return self.correct_cells / self.cells if self.cells else 0.0

    @property
    def filled_accuracy(self) -> float:
        """Correct cells / filled cells."""
        return self.correct_cells / self.filled if self.filled else 0.0

    @property
    def fill_percentage(self) -> float:
        """Filled cells / white cells."""
        return self.filled / self.cells if self.cells else 0.0

    @property
    def word_accuracy(self) -> float:
        """Slots entirely right / slots."""
        return self.correct_slots / self.slots if self.slots else 0.0

    @property
    def perfect(self) -> bool:
        """Whether every cell is right."""
        return self.correct_cells == self.cells


def score_fill(puzzle: Puzzle, fill: dict) -> FillScore:
    """Compare a fill with the puzzle's solution (PuzzleError when the solution is unknown)."""
    if not puzzle.solution:
        raise PuzzleError("this puzzle has no solution to check against")
    cells = puzzle.white_cells
    right = {cell for cell in cells if fill.get(cell) and fill[cell] == puzzle.solution.get(cell)}
    filled = sum(1 for cell in cells if fill.get(cell))
    good_slots = sum(1 for s in puzzle.slots.values() if all(cell in right for cell in s.cells))
    return FillScore(len(cells), filled, len(right), len(puzzle.slots), good_slots)
