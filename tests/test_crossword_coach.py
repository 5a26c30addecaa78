"""The crossword coach's core: a person's letters as crossings, and each hint's sentence on the tiny puzzle.

The tiny puzzle:  C O W .      1A COW   1D CAT ("Feline pet"; a decoy clue gives CUB too)
                  A R E .      4A ARE   2D ORE
                  T E N T      5A TENT  3D WEN
"""
from __future__ import annotations

import pytest

from core.crossword import coach
from core.crossword.knowledge.table import clue_table, normalise_clue, puzzle_pairs
from core.crossword.knowledge.models import fit_models
from core.crossword.readers import puzzle_from_record
from tests.test_crossword_core import TINY


@pytest.fixture(scope="module")
def tiny():
    """(models, puzzle, candidates): models on the tiny puzzle's clues plus decoys, its candidates asked once."""
    puzzle = puzzle_from_record(TINY)
    pairs = puzzle_pairs([puzzle]) * 3 + [(normalise_clue("Feline pet"), "CUB"), (normalise_clue("Region"), "AREA")]
    models = fit_models(clue_table(pairs), use_cache=False, word2vec=False, extra_words=False)
    return models, puzzle, coach.slot_candidates(models, puzzle)


def beliefs(tiny, letters: dict) -> coach.Beliefs:
    models, puzzle, cands = tiny
    return coach.solver_beliefs(models, puzzle, cands, letters)


def rest(tiny, letters: dict) -> dict:
    models, puzzle, cands = tiny
    return coach.rest_of_grid_beliefs(models, puzzle, cands, letters)


def test_without_letters_the_answer_hint_gives_the_solvers_word_and_its_chance(tiny):
    _, puzzle, _ = tiny
    hint = coach.answer_hint(puzzle, beliefs(tiny, {}), "1D")
    assert hint.kind == "answer" and "1-Down is CAT" in hint.sentence and "% sure" in hint.sentence


def test_a_persons_across_words_are_crossings_that_change_a_down_answer(tiny):
    _, puzzle, _ = tiny
    letters = coach.write_word(puzzle, {}, "4A", "URE")
    letters = coach.write_word(puzzle, letters, "5A", "BENT")  # 1-Down now reads C, U, B from the crossings
    assert "1-Down is CUB" in coach.answer_hint(puzzle, beliefs(tiny, letters), "1D").sentence
    assert "1-Down is CAT" in coach.answer_hint(puzzle, beliefs(tiny, {}), "1D").sentence


def test_the_nudge_names_the_surest_open_slot_and_why_but_never_its_answer(tiny):
    _, puzzle, _ = tiny
    b = beliefs(tiny, {})
    hint = coach.nudge(puzzle, b, {}, archive=False)
    word, chance = coach.best_word(b, hint.slot)
    assert hint.slot in puzzle.slots and word and word not in hint.sentence.upper()
    assert f"{chance:.0%} sure" in hint.sentence and "because" in hint.sentence
    assert chance == max(coach.best_word(b, n)[1] for n in puzzle.slots)


def test_the_nudge_skips_slots_the_person_has_filled(tiny):
    _, puzzle, _ = tiny
    letters = {}
    for name, slot in puzzle.slots.items():
        letters = coach.write_word(puzzle, letters, name, slot.answer)
        if name == "4A":
            break
    hint = coach.nudge(puzzle, beliefs(tiny, letters), letters, archive=False)
    assert hint.slot in coach.open_slots(puzzle, letters)
    full = {cell: puzzle.solution[cell] for cell in puzzle.white_cells}
    assert coach.nudge(puzzle, beliefs(tiny, full), full, archive=False).sentence.startswith("Every square has a letter")


def test_the_letter_hint_picks_an_empty_square_of_the_chosen_slot(tiny):
    _, puzzle, _ = tiny
    letters = {(2, 0): "T"}
    hint = coach.letter_hint(puzzle, beliefs(tiny, letters), letters, "5A")
    assert hint.cell in puzzle.slots["5A"].cells and hint.cell != (2, 0)
    square = puzzle.slots["5A"].cells.index(hint.cell) + 1
    assert f"square {square} of 5-Across is {puzzle.solution[hint.cell]}," in hint.sentence
    full = coach.write_word(puzzle, {}, "5A", "TENT")
    assert "Every square of 5-Across" in coach.letter_hint(puzzle, beliefs(tiny, full), full, "5A").sentence


def test_the_check_doubts_a_letter_the_crossings_deny_and_names_the_really_wrong_ones(tiny):
    _, puzzle, _ = tiny
    letters = coach.write_word(puzzle, {}, "1A", "COW")
    letters = coach.write_word(puzzle, letters, "4A", "URE")  # U where 1-Down's CAT and 4-Across's ARE want A
    around = rest(tiny, letters)
    found = coach.doubts(around, letters)
    assert [(d.cell, d.theirs, d.solvers) for d in found] == [((1, 0), "U", "A")] and found[0].wrong_chance > 0.5
    assert coach.really_wrong(puzzle, letters) == [(1, 0)]
    said = coach.check_hint(puzzle, around, letters).sentence
    assert "doubts 1 of your 6 letters" in said and "square 1 of 4-Across: your U, it would say A" in said
    assert "solution says 1 is wrong: square 1 of 4-Across." in said


def test_the_check_of_right_letters_doubts_none(tiny):
    _, puzzle, _ = tiny
    letters = coach.write_word(puzzle, {}, "5A", "TENT")
    said = coach.check_hint(puzzle, rest(tiny, letters), letters).sentence
    assert said == "The solver doubts none of your 4 letters. The puzzle's solution agrees with all of them."


@pytest.mark.parametrize("typed, says", [
    ("COWS", "1-Across has 3 squares"),
    ("C0W", "not 0"),
    ("C-W", "not -"),
])
def test_a_word_that_cannot_be_written_says_why(tiny, typed, says):
    _, puzzle, _ = tiny
    with pytest.raises(ValueError) as err:
        coach.write_word(puzzle, {(0, 0): "X"}, "1A", typed)
    assert says in str(err.value)


def test_question_marks_empty_squares_and_short_words_write_from_the_start(tiny):
    _, puzzle, _ = tiny
    letters = coach.write_word(puzzle, {(0, 0): "X", (0, 2): "Y"}, "1A", "c?")
    assert letters == {(0, 0): "C", (0, 2): "Y"}
    assert coach.slot_pattern(puzzle, letters, "1A") == "C?Y"


@pytest.mark.parametrize("used, sentence", [
    ([], "No hints used."),
    (["nudge"], "1 hint used: 1 nudge."),
    (["check", "letter", "nudge", "letter"], "4 hints used: 1 nudge, 2 letters, 1 check."),
])
def test_hints_are_counted_by_kind(used, sentence):
    assert coach.hints_sentence(used) == sentence


def test_the_finish_compares_the_persons_letters_with_the_solvers(tiny):
    _, puzzle, _ = tiny
    letters = coach.write_word(puzzle, {}, "5A", "TENT")
    solver = {cell: puzzle.solution[cell] for cell in puzzle.white_cells}
    assert coach.finish_summary(puzzle, letters, solver) == {"squares": 10, "yours_filled": 4, "solver_filled": 10,
                                                             "yours_right": 4, "solver_right": 10}
