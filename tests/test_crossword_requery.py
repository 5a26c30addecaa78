"""The `best` solver's second ask: which letters it calls sure, which it doubts, and how its answers are weighed."""
from __future__ import annotations

import math

import numpy as np
import pytest

from core.crossword.readers import puzzle_from_record
from core.crossword.solvers import ALPHABET, SOLVERS, SlotVar
from tests.test_crossword_core import TINY, tiny_models  # noqa: F401 (the fixture, shared)


def slot_with(messages: list) -> SlotVar:
    """A slot whose crossings send each position's (letter, probability) or None (no crossing there)."""
    length = len(messages)
    incoming = np.zeros((length, 26))
    partners = []
    for i, m in enumerate(messages):
        if m is None:
            partners.append(None)
            continue
        letter, p = m
        row = np.full(26, (1 - p) / 25)
        row[ALPHABET.index(letter)] = p
        incoming[i] = np.log(row)
        partners.append(("X", i))
    return SlotVar("1A", np.array(["A" * length], dtype=object), np.zeros((1, length), np.uint8), np.zeros(1),
                   incoming, partners)


@pytest.mark.parametrize("messages, cell, pattern", [
    ([("C", 0.8), ("A", 0.75), ("T", 0.5)], 0.7, "CA_"),
    ([("C", 0.8), ("A", 0.75), ("T", 0.5)], 0.78, "C__"),  # a higher bar keeps only the surest letter
    ([None, ("A", 0.95), ("T", 0.9)], 0.7, "_AT"),  # no crossing: never sure, whatever the messages say
    ([("C", 0.3), ("A", 0.3), ("T", 0.3)], 0.7, "___"),
])
def test_the_sure_pattern_holds_only_letters_the_crossings_are_sure_of(tiny_models, messages, cell, pattern):
    solver = SOLVERS.create("best", models=tiny_models, requery_cell=cell)
    assert solver._sure_pattern(slot_with(messages)) == pattern
