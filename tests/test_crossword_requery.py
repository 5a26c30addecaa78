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


@pytest.mark.parametrize("guesses, crossings_say, follow, least, asked", [
    ({"CAT": 0.9, "CUB": 0.1}, "CRT", 0.5, 0.0, [("Exist", "A__")]),  # 4A says R where CAT has A: asked with A in
    ({"CAT": 0.9, "CUB": 0.1}, "CAT", 0.5, 0.0, []),  # every crossing agrees: nobody asked
    ({"CAT": 0.3, "COT": 0.3, "CUT": 0.4}, "CRA", 0.5, 0.0, []),  # the best holds under half the ask: not followed
    ({"CAT": 0.9, "CUB": 0.1}, "ORA", 0.5, 0.0,
     [("Dairy animal", "C__"), ("Exist", "A__"), ("Camping shelter", "T___")]),  # each contradicted crossing once
    ({"CAT": 0.005}, "CRT", 0.5, 0.01, []),  # a lone answer holds all of its ask but is not confident: not followed
    ({"CAT": 0.05}, "CRT", 0.5, 0.01, [("Exist", "A__")]),
    ({"CAT": 0.9, "CUB": 0.1}, "CRT", None, 0.0, []),  # off
])
def test_a_confident_second_answer_asks_the_crossings_it_contradicts(tiny_models, guesses, crossings_say, follow,
                                                                     least, asked):
    p = puzzle_from_record(TINY)
    solver = SOLVERS.create("best", models=tiny_models, requery_follow=follow, requery_follow_min=least)
    slots = uniform_slots(solver, p)
    sure_of(slots["1D"], crossings_say)
    calls = []
    solver.guesser.guess = lambda clue, pattern, k=20: calls.append((clue, pattern)) or [(pattern.replace("_", "E"), 0.5)]
    if follow is not None:
        solver._follow(p, slots, slots["1D"], guesses, {}, {})
    else:  # the whole second ask, every slot unsure: only 1D has sure letters, so only it is asked
        solver.requery_below = 1.0
        solver._requery(p, slots, {}, {})
        assert calls == [("Feline pet", crossings_say)]
        calls = calls[1:]
    assert sorted(calls) == sorted(asked)


def test_a_followed_crossing_gains_the_answers_it_is_given_and_says_so(tiny_models):
    p = puzzle_from_record(TINY)
    solver = SOLVERS.create("best", models=tiny_models, requery_follow=0.5)
    slots = uniform_slots(solver, p)
    sure_of(slots["1D"], "CRT")
    solver.guesser.guess = lambda clue, pattern, k=20: [("ARE", 0.5), ("AXE", 0.2)]
    before = dict(zip(slots["4A"].words.tolist(), slots["4A"].logq))
    sources, asked = {}, {}
    proposed = solver._follow(p, slots, slots["1D"], {"CAT": 0.9, "CUB": 0.1}, sources, asked)
    after = dict(zip(slots["4A"].words.tolist(), slots["4A"].logq))
    assert proposed == 2 and asked["4A"][0] == "A__" and asked["4A"][1] == {"ARE", "AXE"}
    assert after["ARE"] > before.get("ARE", -math.inf) and "AXE" in after
    assert sources["4A"]["ARE"] == ("asked again",)
    assert solver._follow(p, slots, slots["1D"], {"CAT": 0.9, "CUB": 0.1}, sources, asked) == 0  # not asked twice


def test_a_bare_see_clue_is_never_followed(tiny_models):
    record = dict(TINY, clues={"across": [[1, "Dairy animal"], [4, "See 1-Down"], [5, "Camping shelter"]],
                               "down": TINY["clues"]["down"]})
    p = puzzle_from_record(record)
    solver = SOLVERS.create("best", models=tiny_models, requery_follow=0.5)
    slots = uniform_slots(solver, p)
    sure_of(slots["1D"], "CRT")
    calls = []
    solver.guesser.guess = lambda clue, pattern, k=20: calls.append(clue) or []
    solver._follow(p, slots, slots["1D"], {"CAT": 0.9}, {}, {})
    assert calls == []
