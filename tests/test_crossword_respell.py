"""The `best` fill's last check: a slot still reading a non-word changes one unsure letter to read as common words."""
from __future__ import annotations

import numpy as np
import pytest

from core.crossword.fill.ending import respell_non_words, split_logprob
from core.crossword.rules import read_slot, write_slot
from core.crossword.readers import puzzle_from_record
from core.crossword.fill.state import ALPHABET
# 1A GOALS across the top; 5A OX, 6A AT below; 1D GO, 2D OX, 3D LA, 4D ST down (3D crosses 1A at (0, 3))
PUZZLE = puzzle_from_record({
    "title": "goals", "date": "2000-01-03", "dow": "Monday", "grid": ["GOALS", "OX.AT"],
    "clues": {"across": [[1, "Aims"], [5, "Beast of burden"], [6, "Located"]],
              "down": [[1, "Leave"], [2, "Yoked animal"], [3, "Los Angeles, briefly"], [4, "Street, briefly"]]},
    "answers": {"across": ["GOALS", "OX", "AT"], "down": ["GO", "OX", "LA", "ST"]}})
SPLIT = (0, 3)  # the square 1A and 3D share


def fill_with(**words: str) -> dict:
    """The answer fill with some slots overwritten."""
    fill = dict(PUZZLE.solution)
    for name, word in words.items():
        fill = write_slot(PUZZLE, fill, name, word)
    return fill


def probs_of(fill: dict, split: dict) -> dict:
    """Cell -> 26 probabilities: 0.9 on the fill's letter, and as given on the shared square."""
    out = {}
    for cell, letter in fill.items():
        row = np.full(26, 0.1 / 25)
        row[ALPHABET.index(letter)] = 0.9
        if cell == SPLIT:
            row = np.full(26, 1e-4)
            for ch, p in split.items():
                row[ALPHABET.index(ch)] = p
        out[cell] = row / row.sum()
    return out


GOARS = fill_with(**{"1A": "GOARS"})  # 3D then reads RA
UNSURE = {"R": 0.5, "L": 0.45}


@pytest.mark.parametrize("fill, split, beliefs, weight, reads", [
    # the long slot reads no candidate and the square is unsure: GOALS splits into a common word, GOARS does not
    (GOARS, UNSURE, {}, 0.1, {"1A": "GOALS", "3D": "LA"}),
    # weight 0 is the letters ending: an expected right letter is never given up
    (GOARS, UNSURE, {}, 0.0, {"1A": "GOARS"}),
    # a crossing slot sure of its word (RA, 99%) is not broken for the split
    (GOARS, UNSURE, {"3D": {"RA": 0.99, "LA": 0.001}}, 0.1, {"1A": "GOARS", "3D": "RA"}),
    # a crossing slot that would gain is no reason either way: the change is the long slot's
    (GOARS, UNSURE, {"3D": {"LA": 0.9}}, 0.1, {"1A": "GOALS"}),
    # a slot reading one of its own candidates is left alone, however oddly it splits
    (GOARS, UNSURE, {"1A": {"GOARS": 0.2, "GOALS": 0.1}}, 0.1, {"1A": "GOARS"}),
    # a sure square (L below the 2% bar) is not a place to change a letter
    (GOARS, {"R": 0.995, "L": 0.001}, {}, 0.1, {"1A": "GOARS"}),
    # slots shorter than four squares are never respelled (RA stays: only the long slot may move)
    (fill_with(**{"1A": "GOALS", "3D": "LX"}), {"L": 0.9}, {}, 5.0, {"3D": "LX"}),
])
def test_a_non_word_changes_one_unsure_letter_only_where_it_pays(fill, split, beliefs, weight, reads):
    out = respell_non_words(PUZZLE, fill, probs_of(fill, split), beliefs, weight, word_weight=0.6)
    assert {name: read_slot(PUZZLE, out, name) for name in reads} == reads
    assert set(out) == set(fill) and sum(out[c] != fill[c] for c in fill) <= 2  # one letter a round at most


@pytest.mark.parametrize("better, worse", [
    ("GOALS", "GOARS"), ("BUYUP", "BEYUP"), ("UNSHACKLE", "ULSEARKLE"), ("RUNLET", "RULLET"),
    ("ANDITISGOOD", "ANDITISNYRD"), ("CORSET", "MORVTE"),
])
def test_common_words_split_likelier_than_near_misses(better, worse):
    memo: dict = {}
    assert split_logprob(better, memo) > split_logprob(worse, memo)
    assert set(memo) == {better, worse}  # memoised per call site, never at module level


def test_a_grid_without_non_words_is_returned_as_it_is():
    fill = dict(PUZZLE.solution)
    beliefs = {name: {slot.answer: 0.9} for name, slot in PUZZLE.slots.items()}
    assert respell_non_words(PUZZLE, fill, probs_of(fill, UNSURE), beliefs, 0.1, 0.6) == fill
