"""The crossword puzzle model: grid, numbered slots ("1A", "5D") and crossings (the rules of a fill: rules.py)."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

Cell = tuple[int, int]
Fill = dict  # Cell -> letter (a partial fill; missing cells are empty)
BLOCK = "."


class PuzzleError(ValueError):
    """A puzzle file or record that cannot be used, with a message fit to show a person."""


@dataclass(frozen=True)
class Slot:
    """One entry of the grid: its name ("1A"), cells, clue and (when known) answer."""

    name: str
    number: int
    direction: str  # "A" or "D"
    cells: tuple[Cell, ...]
    clue: str = ""
    answer: str | None = None

    @property
    def length(self) -> int:
        """The number of cells."""
        return len(self.cells)


@dataclass(frozen=True)
class Puzzle:
    """A grid with its slots; `solution` holds one letter per white cell when known."""

    rows: int
    cols: int
    blocks: frozenset
    slots: dict  # name -> Slot, across first then down, by number
    solution: dict | None = None  # Cell -> letter
    rebus: dict = field(default_factory=dict)  # Cell -> full string
    title: str = ""
    date: str = ""
    weekday: str = ""
    source: str = ""
    gimmick: str = ""  # why the puzzle cannot be scored plainly ("" when it can)

    @cached_property
    def white_cells(self) -> tuple[Cell, ...]:
        """The white cells in reading order."""
        return tuple((r, c) for r in range(self.rows) for c in range(self.cols) if (r, c) not in self.blocks)

    @cached_property
    def cell_slots(self) -> dict:
        """Each white cell mapped to the names of the slots through it."""
        out: dict = {}
        for slot in self.slots.values():
            for cell in slot.cells:
                out.setdefault(cell, []).append(slot.name)
        return out

    @cached_property
    def numbers(self) -> dict:
        """Each numbered cell mapped to its number."""
        return {s.cells[0]: s.number for s in self.slots.values()}

    def crossings(self, name: str) -> list[tuple[int, str, int]]:
        """(position in this slot, crossing slot name, position in that slot) for each checked cell."""
        slot = self.slots[name]
        out = []
        for i, cell in enumerate(slot.cells):
            for other in self.cell_slots.get(cell, []):
                if other != name:
                    out.append((i, other, self.slots[other].cells.index(cell)))
        return out

    @property
    def has_solution(self) -> bool:
        """Whether the answers are known."""
        return bool(self.solution)

    @property
    def size(self) -> str:
        """'15x15' style size label."""
        return f"{self.rows}x{self.cols}"


def block_set(grid: list[str]) -> frozenset:
    """The black cells of a grid given as equal-length row strings with '.' for black."""
    return frozenset((r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == BLOCK)


def numbered_slots(rows: int, cols: int, blocks: frozenset) -> list[tuple[int, str, tuple[Cell, ...]]]:
    """(number, direction, cells) for every run of 2+ white cells, numbered in the standard way."""
    white = lambda r, c: 0 <= r < rows and 0 <= c < cols and (r, c) not in blocks  # noqa: E731
    out, number = [], 0
    for r in range(rows):
        for c in range(cols):
            if not white(r, c):
                continue
            starts_a = not white(r, c - 1) and white(r, c + 1)
            starts_d = not white(r - 1, c) and white(r + 1, c)
            if not (starts_a or starts_d):
                continue
            number += 1
            if starts_a:
                out.append((number, "A", tuple((r, k) for k in range(c, cols) if _run(white, r, c, k, True))))
            if starts_d:
                out.append((number, "D", tuple((k, c) for k in range(r, rows) if _run(white, r, c, k, False))))
    return out


def _run(white, r: int, c: int, k: int, across: bool) -> bool:
    """Whether every cell from the start up to k is white (the run continues to k)."""
    return all(white(r, j) for j in range(c, k + 1)) if across else all(white(j, c) for j in range(r, k + 1))


def build_puzzle(rows: int, cols: int, blocks: frozenset, clues: dict, answers: dict | None = None,
                 solution: dict | None = None, **meta) -> Puzzle:
    """A Puzzle from blocks and clues {"1A": text}; raises PuzzleError when clues match no slot."""
    if rows <= 0 or cols <= 0:
        raise PuzzleError(f"the grid is empty ({rows}x{cols})")
    runs = numbered_slots(rows, cols, blocks)
    if not runs:
        raise PuzzleError("the grid has no entries of two or more white cells")
    names = {f"{n}{d}" for n, d, _ in runs}
    stray = [k for k in clues if k not in names]
    if stray:
        raise PuzzleError(f"clue numbers that match no slot in the grid: {', '.join(sorted(stray, key=_slot_order))}")
    answers = answers or {}
    ordered = sorted(runs, key=lambda t: (t[1], t[0]))
    slots = {f"{n}{d}": Slot(f"{n}{d}", n, d, cells, clues.get(f"{n}{d}", ""), answers.get(f"{n}{d}"))
             for n, d, cells in ordered}
    return Puzzle(rows, cols, frozenset(blocks), slots, solution, **meta)


def _slot_order(name: str) -> tuple:
    """Sort key for slot names: across before down, then by number."""
    digits = "".join(ch for ch in name if ch.isdigit())
    return (name[-1:], int(digits) if digits else 0)
