"""The `best` solver's second ask: which letters it calls sure, and how its answers are weighed."""
from __future__ import annotations

import math

import numpy as np
import pytest

from core.crossword.readers import puzzle_from_record
from core.crossword.fill.state import ALPHABET
from core.crossword.solvers import SOLVERS
from core.crossword.fill.belief import SlotVar
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


def uniform_slots(solver, p) -> dict:
    """The tiny puzzle's slot variables with no crossing messages yet (every letter equally likely)."""
    return solver._variables(p, {})


def sure_of(var: SlotVar, letters: str) -> None:
    """Set the slot's crossing messages sure (0.8) of each letter given ('_' leaves a position uniform)."""
    for i, ch in enumerate(letters):
        if ch != "_":
            row = np.full(26, 0.2 / 25)
            row[ALPHABET.index(ch)] = 0.8
            var.incoming[i] = np.log(row)


@pytest.mark.parametrize("crossings_say, asked", [
    ("CRT", [("Feline pet", "CRT")]),  # the unsure slot is asked with the letters its crossings are sure of
    ("C_T", [("Feline pet", "C_T")]),
    ("___", []),  # no sure letter: asking again would repeat the first ask
])
def test_an_unsure_slot_is_asked_again_with_its_sure_letters(tiny_models, crossings_say, asked):
    p = puzzle_from_record(TINY)
    solver = SOLVERS.create("best", models=tiny_models, requery_below=1.0)
    slots = uniform_slots(solver, p)
    sure_of(slots["1D"], crossings_say)
    calls = []
    solver.guesser.guess = lambda clue, pattern, k=20: calls.append((clue, pattern)) or []
    solver._requery(p, slots, {}, {})
    assert calls == asked


def test_a_second_answer_gains_weight_is_tagged_and_is_not_asked_for_twice(tiny_models):
    p = puzzle_from_record(TINY)
    solver = SOLVERS.create("best", models=tiny_models, requery_below=1.0)
    slots = uniform_slots(solver, p)
    sure_of(slots["1D"], "CRT")
    solver.guesser.guess = lambda clue, pattern, k=20: [("CAT", 0.5), ("CUT", 0.2)] if clue == "Feline pet" else []
    before = dict(zip(slots["1D"].words.tolist(), slots["1D"].logq))
    sources, asked = {}, {}
    assert solver._requery(p, slots, sources, asked) == 2
    after = dict(zip(slots["1D"].words.tolist(), slots["1D"].logq))
    assert after["CAT"] > before.get("CAT", -math.inf) and "CUT" in after
    assert sources["1D"]["CAT"] == ("asked again",) and asked["1D"] == ("CRT", {"CAT", "CUT"})
    assert solver._requery(p, slots, sources, asked) == 0  # the same sure letters: not asked again
