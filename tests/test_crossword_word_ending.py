"""The `best` fill's word-aware ending: non-words swapped for candidates that fit, and BP's letter marginals."""
from __future__ import annotations

import numpy as np
import pytest

from core.crossword.fill.ending import changed_slots, ending_title, non_words, repair_non_words
from core.crossword.letters import letter_codes
from core.crossword.rules import read_slot, score_fill, write_slot
from core.crossword.readers import puzzle_from_record
from core.crossword.fill.state import ALPHABET
from core.crossword.solvers import SOLVERS
from core.crossword.fill.belief import SlotVar
from tests.test_crossword_core import TINY, tiny_models  # noqa: F401 (the fixture, shared)

# TINY: 1A COW, 4A ARE, 5A TENT across; 1D CAT, 2D ORE, 3D WEN down; 1D and 4A share the square (1, 0)
PUZZLE = puzzle_from_record(TINY)


def fill_of(**words: str) -> dict:
    """The answer fill with some slots overwritten (the later slot wins a shared square)."""
    fill = dict(PUZZLE.solution)
    for name, word in words.items():
        fill = write_slot(PUZZLE, fill, name, word)
    return fill


def flat_probs(fill: dict, sure: float = 0.9, shared: dict | None = None) -> dict:
    """Cell -> 26 probabilities: `sure` of the fill's letter, or as given for some cells {(cell): {letter: p}}."""
    out = {}
    for cell, letter in fill.items():
        row = np.full(26, (1 - sure) / 25)
        row[ALPHABET.index(letter)] = sure
        if shared and cell in shared:
            row = np.full(26, 1e-3)
            for ch, p in shared[cell].items():
                row[ALPHABET.index(ch)] = p
        out[cell] = row / row.sum()
    return out


ANSWER_BELIEFS = {"1A": {"COW": 0.9}, "4A": {"ARE": 0.8}, "5A": {"TENT": 0.9}, "1D": {"CAT": 0.9},
                  "2D": {"ORE": 0.9}, "3D": {"WEN": 0.9}}


@pytest.mark.parametrize("fill, beliefs, shared, weight, reads", [
    # the square (1, 0) split between X and A left two non-words (CXT, XRE): both crossing slots want A
    (fill_of(**{"1D": "CXT"}), ANSWER_BELIEFS, {(1, 0): {"X": 0.5, "A": 0.45}}, 0.6, {"1D": "CAT", "4A": "ARE"}),
    # weight 0 is the letters ending: it never gives up an expected right letter
    (fill_of(**{"1D": "CXT"}), ANSWER_BELIEFS, {(1, 0): {"X": 0.5, "A": 0.45}}, 0.0, {"1D": "CXT", "4A": "XRE"}),
    # a sure crossing word (XRE, 99%) is not broken to make a non-word's candidate fit
    (fill_of(**{"1D": "CXT"}), {**ANSWER_BELIEFS, "4A": {"XRE": 0.99}}, {(1, 0): {"X": 0.5, "A": 0.45}}, 0.6,
     {"1D": "CXT", "4A": "XRE"}),
    # a crossing slot the swap breaks is re-filled with its likeliest candidate that keeps the new letter
    (fill_of(**{"4A": "ERE"}), {"1D": {"CAT": 0.9}, "4A": {"ERE": 0.3, "ARM": 0.5}}, {(1, 0): {"E": 0.5, "A": 0.45}},
     0.6, {"1D": "CAT", "4A": "ARM"}),
    # a slot reading one of its candidates is left alone however unlikely the candidate
    (fill_of(**{"1D": "COT"}), {**ANSWER_BELIEFS, "1D": {"CAT": 0.9, "COT": 0.01}, "4A": {"ORE": 0.5, "ARE": 0.4}},
     {(1, 0): {"O": 0.5, "A": 0.45}}, 0.6, {"1D": "COT", "4A": "ORE"}),
    # a slot without candidates is never touched
    (fill_of(**{"1D": "CXT"}), {"1A": {"COW": 0.9}}, {(1, 0): {"X": 0.5, "A": 0.45}}, 0.6, {"1D": "CXT"}),
])
def test_non_words_are_swapped_only_when_the_crossings_gain(fill, beliefs, shared, weight, reads):
    probs = flat_probs(fill, shared=shared)
    out = repair_non_words(PUZZLE, fill, probs, beliefs, weight)
    assert {name: read_slot(PUZZLE, out, name) for name in reads} == reads
    assert set(out) == set(fill)  # every square still holds a letter


def test_the_answer_fill_is_a_fixed_point():
    fill = dict(PUZZLE.solution)
    assert repair_non_words(PUZZLE, fill, flat_probs(fill), ANSWER_BELIEFS, 5.0) == fill
    assert non_words(PUZZLE, fill, ANSWER_BELIEFS) == []


def test_non_words_and_changed_slots_name_the_slots():
    fill = fill_of(**{"1D": "CXT"})
    assert non_words(PUZZLE, fill, ANSWER_BELIEFS) == ["4A", "1D"]
    assert changed_slots(PUZZLE, PUZZLE.solution, fill) == ["4A", "1D"]


@pytest.mark.parametrize("before, after, changed, title", [
    (3, 0, 5, "Ending: 3 non-words replaced by candidates that fit their crossings (5 words changed, none left)"),
    (1, 0, 1, "Ending: 1 non-word replaced by candidates that fit their crossings (1 word changed, none left)"),
    (4, 2, 3, "Ending: 2 non-words replaced by candidates that fit their crossings (3 words changed, 2 left)"),
    (2, 3, 2, "Ending: 0 non-words replaced by candidates that fit their crossings (2 words changed, 3 left)"),
])
def test_the_ending_step_says_in_plain_words_what_changed(before, after, changed, title):
    assert ending_title(before, after, changed) == title


@pytest.mark.parametrize("respelled, says", [
    (1, "Ending: 1 non-word replaced by candidates that fit their crossings, 1 letter changed so a row reads as "
        "common words (2 words changed, none left)"),
    (3, "Ending: 1 non-word replaced by candidates that fit their crossings, 3 letters changed so a row reads as "
        "common words (2 words changed, none left)"),
    (0, "Ending: 1 non-word replaced by candidates that fit their crossings (2 words changed, none left)"),
])
def test_the_ending_step_counts_the_letters_changed_to_read_as_words(respelled, says):
    assert ending_title(1, 0, 2, respelled) == says


def slot_var(words: list, logq: list, incoming: np.ndarray) -> SlotVar:
    """A two-letter slot crossed at both squares."""
    return SlotVar("1A", np.array(words, dtype=object), letter_codes(words, 2), np.log(np.array(logq)), incoming,
                   [("1D", 0), ("2D", 0)])


def test_a_squares_view_from_a_slot_leaves_out_the_crossing_slots_message_there(tiny_models):
    solver = SOLVERS.create("best", models=tiny_models, letter_floor=0.0)
    incoming = np.zeros((2, 26))
    incoming[0] = np.log(np.full(26, 1e-3))
    incoming[0, ALPHABET.index("A")] = 0.0  # the crossing slot at the first square is sure of A
    view = solver._slot_cavity_probs(slot_var(["AB", "CD"], [0.5, 0.5], incoming), 2)
    assert view[0, ALPHABET.index("A")] == pytest.approx(0.5)  # its own message is not counted again
    assert view[1, ALPHABET.index("B")] > 0.99  # the other square's message is


def test_a_slot_without_candidates_has_no_view():
    from core.crossword.fill.belief import BeliefSolver, FillSettings
    solver = BeliefSolver.__new__(BeliefSolver)
    solver.settings = FillSettings(letter_floor=0.2)
    empty = SlotVar("1A", np.array([], dtype=object), np.zeros((0, 3), np.uint8), np.zeros(0), np.zeros((3, 26)),
                    [None] * 3)
    assert np.allclose(solver._slot_cavity_probs(empty, 3), 1 / 26)


@pytest.mark.parametrize("word_weight", [None, 0.6])
def test_best_still_solves_the_tiny_puzzle_with_or_without_the_word_ending(tiny_models, word_weight):
    result = SOLVERS.create("best", models=tiny_models, word_weight=word_weight).solve(PUZZLE)
    assert score_fill(PUZZLE, result.fill).perfect and result.by_letter
    assert not any(s.label.startswith("Ending:") for s in result.states)  # nothing to swap in a perfect fill


@pytest.mark.parametrize("packaged, weight", [
    (False, 0.6),  # archive models: the shipped swap
    (True, None),  # packaged models (WordNet): no swap, it lost on the packaged dev sample
])
def test_the_packaged_models_end_without_the_non_word_swap(tiny_models, packaged, weight):
    from core.crossword.knowledge.models import with_info
    from core.crossword.preparation import WORDNET_BEST
    from core.crossword.harness import make_solver

    extra = {"solver_settings": {"best": WORDNET_BEST}} if packaged else {}
    models = with_info(tiny_models, dict(tiny_models.info, **extra))
    assert make_solver("best", models).settings.word_weight == weight
