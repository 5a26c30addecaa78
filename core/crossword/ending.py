"""Word-aware endings of the `best` fill: swap non-words the square-by-square ending leaves for candidates that fit."""
from __future__ import annotations

import math

from core.crossword.puzzle import Puzzle, read_slot

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def expected_cells(fill: dict, probs: dict, cells) -> float:
    """The expected number of right letters of the fill in these cells under per-cell letter probabilities."""
    return float(sum(probs[c][ALPHABET.index(fill[c])] for c in cells if c in probs and fill.get(c) in ALPHABET))


def slot_term(puzzle: Puzzle, fill: dict, name: str, beliefs: dict, floor: float) -> float:
    """The slot's belief in the word the fill reads there (floor 0: a non-word counts 0), or with a floor above 0
    its log, at least log(floor)."""
    b = beliefs[name].get(read_slot(puzzle, fill, name), 0.0)
    return b if floor <= 0 else math.log(max(b, floor))


def _written(puzzle: Puzzle, fill: dict, name: str, word: str) -> dict:
    """A copy of the fill with the word in the slot."""
    out = dict(fill)
    out.update(zip(puzzle.slots[name].cells, word))
    return out


def _move(puzzle: Puzzle, fill: dict, name: str, word: str, ranked: dict, beliefs: dict, non_word: float,
          depth: int) -> tuple[dict, set]:
    """The fill with the word in the slot and, `depth` deep, each crossing slot it turns into a non-word re-filled
    with that slot's likeliest candidate that keeps the new letters; (fill, slots written)."""
    trial = _written(puzzle, fill, name, word)
    written = {name}
    if depth <= 0:
        return trial, written
    for _, other, _ in puzzle.crossings(name):
        now = read_slot(puzzle, trial, other)
        if now == read_slot(puzzle, fill, other) or beliefs[other].get(now, 0.0) >= non_word:
            continue
        fixed = {i: trial[c] for i, c in enumerate(puzzle.slots[other].cells) if any(
            c in puzzle.slots[w].cells for w in written)}
        for cand in ranked[other]:
            if all(cand[i] == letter for i, letter in fixed.items()):
                trial = _written(puzzle, trial, other, cand)
                written.add(other)
                break
    return trial, written


def repair_non_words(puzzle: Puzzle, fill: dict, probs: dict, beliefs: dict, weight: float, floor: float = 1e-4,
                     top: int = 10, depth: int = 1, rounds: int = 3, every_slot: bool = False,
                     non_word: float = 1e-4) -> tuple[dict, list]:
    """(fill, slots re-filled): each slot reading a non-word (belief below `floor`) tries its `top` likeliest
    candidates, each crossing slot the swap breaks re-filled with its likeliest fitting candidate (`depth` 1), and
    takes the swap that most raises expected right letters + weight x the sum over the slots it touches of
    log(belief of the word read, at least floor); until nothing changes or `rounds` run out.

    `beliefs` maps each slot to {word: belief} (the slot's candidate words and how likely each is, sum <= 1).
    """
    ranked = {name: [w for w, _ in sorted(b.items(), key=lambda t: -t[1])[:top]] for name, b in beliefs.items()}
    changed: list = []
    for _ in range(rounds):
        moved = 0
        for name in puzzle.slots:
            if name not in beliefs:
                continue
            current = read_slot(puzzle, fill, name)
            if not every_slot and beliefs[name].get(current, 0.0) >= non_word:
                continue
            best, best_gain, best_written = None, 1e-9, set()
            for word in ranked[name]:
                if word == current:
                    continue
                trial, written = _move(puzzle, fill, name, word, ranked, beliefs, non_word, depth)
                cells = {c for w in written for c in puzzle.slots[w].cells}
                touched = set(written) | {o for w in written for _, o, _ in puzzle.crossings(w)}
                touched &= set(beliefs)
                gain = (expected_cells(trial, probs, cells) - expected_cells(fill, probs, cells)
                        + weight * sum(slot_term(puzzle, trial, t, beliefs, floor)
                                       - slot_term(puzzle, fill, t, beliefs, floor) for t in touched))
                if gain > best_gain:
                    best, best_gain, best_written = trial, gain, written
            if best is not None:
                fill, moved = best, moved + 1
                changed.extend(sorted(best_written))
        if not moved:
            break
    return fill, list(dict.fromkeys(changed))


def count_non_words(puzzle: Puzzle, fill: dict, beliefs: dict, floor: float = 1e-4) -> int:
    """How many slots read a word whose belief is below the floor (a non-word to the solver)."""
    return sum(beliefs[n].get(read_slot(puzzle, fill, n), 0.0) < floor for n in puzzle.slots if n in beliefs)
