"""A word-aware ending for the `best` fill: the non-words a square-by-square fill leaves swapped for candidates."""
from __future__ import annotations

import math

import numpy as np

from core.crossword.puzzle import Puzzle
from core.crossword.rules import read_slot

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
NON_WORD = 1e-4  # a slot reads a non-word when its belief in the word it reads is below this


def expected_cells(fill: dict, probs: dict, cells) -> float:
    """The expected number of right letters of the fill in these cells under per-cell letter probabilities."""
    return float(sum(probs[c][ALPHABET.index(fill[c])] for c in cells if c in probs and fill.get(c) in ALPHABET))


def slot_term(puzzle: Puzzle, fill: dict, name: str, beliefs: dict, floor: float) -> float:
    """log of the slot's belief in the word the fill reads there, at least log(floor) (a non-word gets the floor)."""
    return math.log(max(beliefs[name].get(read_slot(puzzle, fill, name), 0.0), floor))


def is_non_word(puzzle: Puzzle, fill: dict, name: str, beliefs: dict) -> bool:
    """Whether the slot reads a word its candidates do not hold (or hold at a belief below NON_WORD)."""
    return beliefs[name].get(read_slot(puzzle, fill, name), 0.0) < NON_WORD


def non_words(puzzle: Puzzle, fill: dict, beliefs: dict) -> list[str]:
    """The slots (with candidates) that read a non-word."""
    return [n for n in puzzle.slots if n in beliefs and is_non_word(puzzle, fill, n, beliefs)]


def _written(puzzle: Puzzle, fill: dict, name: str, word: str) -> dict:
    """A copy of the fill with the word in the slot."""
    out = dict(fill)
    out.update(zip(puzzle.slots[name].cells, word))
    return out


def _move(puzzle: Puzzle, fill: dict, name: str, word: str, ranked: dict, beliefs: dict) -> tuple[dict, set]:
    """(fill, slots written): the word in the slot and each crossing slot it turns into a non-word re-filled with
    that slot's likeliest candidate that keeps the letters written (left as it reads when none does)."""
    trial = _written(puzzle, fill, name, word)
    written = {name}
    for _, other, _ in puzzle.crossings(name):
        if other not in beliefs or read_slot(puzzle, trial, other) == read_slot(puzzle, fill, other):
            continue
        if not is_non_word(puzzle, trial, other, beliefs):
            continue
        fixed = {i: trial[c] for i, c in enumerate(puzzle.slots[other].cells)
                 if any(c in puzzle.slots[w].cells for w in written)}
        for cand in ranked[other]:
            if all(cand[i] == letter for i, letter in fixed.items()):
                trial = _written(puzzle, trial, other, cand)
                written.add(other)
                break
    return trial, written


def _gain(puzzle: Puzzle, old: dict, new: dict, written: set, probs: dict, beliefs: dict, weight: float,
          floor: float) -> float:
    """How much a change raises expected right letters + weight x the log beliefs of the slots it touches."""
    cells = {c for w in written for c in puzzle.slots[w].cells}
    touched = (set(written) | {o for w in written for _, o, _ in puzzle.crossings(w)}) & set(beliefs)
    return (expected_cells(new, probs, cells) - expected_cells(old, probs, cells)
            + weight * sum(slot_term(puzzle, new, t, beliefs, floor) - slot_term(puzzle, old, t, beliefs, floor)
                           for t in touched))


def repair_non_words(puzzle: Puzzle, fill: dict, probs: dict, beliefs: dict, weight: float, floor: float = 0.01,
                     top: int = 10, rounds: int = 3) -> dict:
    """The fill with non-words swapped for candidates where that pays.

    Each slot reading a non-word tries its `top` likeliest candidates (a crossing slot the swap turns into a
    non-word re-filled with its likeliest candidate that fits) and takes the swap that most raises expected right
    letters (under `probs`) + weight x the sum, over the slots the swap touches, of log(belief in the word read,
    at least `floor`); again until nothing changes or `rounds` run out. `beliefs` maps each slot to
    {word: belief}: its candidate words and how likely each is (sum at most 1).
    """
    ranked = {name: [w for w, _ in sorted(b.items(), key=lambda t: -t[1])[:top]] for name, b in beliefs.items()}
    for _ in range(rounds):
        moved = 0
        for name in puzzle.slots:
            if name not in beliefs or not is_non_word(puzzle, fill, name, beliefs):
                continue  # a word (perhaps since an earlier swap this round), or no candidates
            best, best_gain = None, 1e-9
            for word in ranked[name]:
                trial, written = _move(puzzle, fill, name, word, ranked, beliefs)
                gain = _gain(puzzle, fill, trial, written, probs, beliefs, weight, floor)
                if gain > best_gain:
                    best, best_gain = trial, gain
            if best is not None:
                fill, moved = best, moved + 1
        if not moved:
            break
    return fill


def split_logprob(text: str, memo: dict) -> float:
    """Natural log of P(the text's best split into words) under wordsegment's word and word-pair counts (memoised)."""
    if text not in memo:
        import wordsegment

        if not wordsegment.UNIGRAMS:
            wordsegment.load()
        seg, prev, total = wordsegment._segmenter, "<s>", 0.0
        for w in seg.segment(text.lower()):
            total += math.log(seg.score(w, prev))
            prev = w
        memo[text] = total
    return memo[text]


def _respelling_gain(puzzle: Puzzle, fill: dict, name: str, cell, letter: str, probs: dict, beliefs: dict,
                     split_weight: float, word_weight: float, floor: float, memo: dict) -> float:
    """What writing `letter` in `cell` of a non-word slot gains: expected right letters + split_weight x the rise of
    the slot's log P(split into words), less what the crossing slot loses (its log belief, or its split's)."""
    trial = dict(fill)
    trial[cell] = letter
    gain = float(probs[cell][ALPHABET.index(letter)] - probs[cell][ALPHABET.index(fill[cell])])
    gain += split_weight * (split_logprob(read_slot(puzzle, trial, name), memo)
                            - split_logprob(read_slot(puzzle, fill, name), memo))
    for _, other, _ in puzzle.crossings(name):
        if cell not in puzzle.slots[other].cells:
            continue
        if other in beliefs:  # a crossing may only lose here: what it would gain is the non-word swap's business
            gain += min(0.0, word_weight * (slot_term(puzzle, trial, other, beliefs, floor)
                                            - slot_term(puzzle, fill, other, beliefs, floor)))
        else:
            gain += min(0.0, split_weight * (split_logprob(read_slot(puzzle, trial, other), memo)
                                             - split_logprob(read_slot(puzzle, fill, other), memo)))
    return gain


def respell_non_words(puzzle: Puzzle, fill: dict, probs: dict, beliefs: dict, split_weight: float,
                      word_weight: float, floor: float = 0.01, unsure: float = 0.02, min_length: int = 4,
                      rounds: int = 2) -> dict:
    """The fill with one letter changed in slots that still read a non-word, where that makes the slot split better
    into common words (Proverb's word-sequence module as a last step).

    A slot of at least `min_length` squares that reads no candidate tries, in each square, every other letter at
    least `unsure` likely there, and takes the change that most raises expected right letters + split_weight x the
    log P(the slot's best split into words) without costing the crossing slot more (see `_respelling_gain`).
    """
    memo: dict = {}
    for _ in range(rounds):
        moved = 0
        for name, slot in puzzle.slots.items():
            text = read_slot(puzzle, fill, name)
            if slot.length < min_length or not text.isalpha() or (name in beliefs and
                                                                  not is_non_word(puzzle, fill, name, beliefs)):
                continue
            best, best_gain = None, 1e-9
            for cell in slot.cells:
                for k in (np.flatnonzero(probs[cell] >= unsure) if cell in probs else ()):
                    if ALPHABET[k] == fill[cell]:
                        continue
                    gain = _respelling_gain(puzzle, fill, name, cell, ALPHABET[k], probs, beliefs, split_weight,
                                            word_weight, floor, memo)
                    if gain > best_gain:
                        best, best_gain = (cell, ALPHABET[k]), gain
            if best is not None:
                fill, moved = {**fill, best[0]: best[1]}, moved + 1
        if not moved:
            break
    return fill


def changed_slots(puzzle: Puzzle, before: dict, after: dict) -> list[str]:
    """The slots whose letters differ between two fills."""
    return [n for n in puzzle.slots if read_slot(puzzle, before, n) != read_slot(puzzle, after, n)]


def ending_title(before: int, after: int, changed: int, respelled: int = 0) -> str:
    """The plain-words title of the ending's step: how many non-words were replaced, how many letters were changed
    to read as common words, and how many words changed."""
    fixed = max(before - after, 0)
    words = f"{changed} word{'' if changed == 1 else 's'} changed"
    left = f"{after} left" if after else "none left"
    letters = (f", {respelled} letter{'' if respelled == 1 else 's'} changed so a row reads as common words"
               if respelled else "")
    return (f"Ending: {fixed} non-word{'' if fixed == 1 else 's'} replaced by candidates that fit their crossings"
            f"{letters} ({words}, {left})")
