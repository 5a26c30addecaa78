"""The candidates panel shows the words the solver weighed at the step on screen, so a move never writes a word the
panel leaves out: on a tiny archive, a slot whose clue was never seen is filled from its crossing letters."""
from __future__ import annotations

import pytest

from core.crossword.explain import reading_note
from core.crossword.clues.candidates import sourced_candidates, weighed_candidates
from core.crossword.readers import puzzle_from_record
from core.crossword.rules import read_slot
from core.crossword.fill.state import FIRST_LOOK
from core.crossword.solvers import SOLVERS
from tests.test_crossword_core import TINY, tiny_models  # noqa: F401 (the fixture, shared)

# 3-Down asks "Dairy animal", whose answers in the archive are COW and YAK: its own candidates put COW first, while
# its crossings (COW, ARE, TENT) spell WEN, as "Organ that pumps blood" put SHOES first and its crossings spelt HEART
UNSEEN = {**TINY, "clues": {"across": TINY["clues"]["across"],
                            "down": [[1, "Feline pet"], [2, "Mined rock"], [3, "Dairy animal"]]}}


@pytest.fixture(scope="module")
def solved(tiny_models):
    puzzle = puzzle_from_record(UNSEEN)
    return puzzle, SOLVERS.create("best", models=tiny_models).solve(puzzle)


def test_every_step_keeps_the_words_the_solver_weighed_for_every_slot(solved):
    puzzle, result = solved
    assert result.states[0].label == FIRST_LOOK
    for state in result.states:
        assert set(state.beliefs) == set(puzzle.slots)
        for name, words in state.beliefs.items():
            chances = [c for _, c in words]
            assert chances == sorted(chances, reverse=True) and 0 < sum(chances) <= 1 + 1e-9


@pytest.mark.parametrize("step", ["first", "last"])
def test_the_panel_lists_the_word_a_move_writes_even_when_its_clue_alone_does_not(tiny_models, solved, step):
    puzzle, result = solved
    state = result.states[0 if step == "first" else -1]
    slot = puzzle.slots["3D"]
    written = read_slot(puzzle, state.fill, "3D")
    assert written == "WEN"
    own = [r["answer"] for r in sourced_candidates(tiny_models, slot.clue, "___", 10)]
    assert own[0] == "COW"  # the clue alone puts COW first: the panel once showed only this list beside WEN
    rows = weighed_candidates(tiny_models, slot.clue, "___", state.beliefs["3D"], 10)
    assert [(r["answer"], r["chance"]) for r in rows] == list(state.beliefs["3D"][:10])
    assert rows[0]["answer"] == "WEN" and rows[0]["chance"] > 0.5
    assert rows[0]["clue chance"] < rows[0]["chance"] / 2
    assert reading_note("3D", written, rows).startswith("3-Down reads WEN because its crossing letters back it")


@pytest.mark.parametrize("pattern, expected", [("W__", ["WEN"]), ("Q__", [])])
def test_the_panel_keeps_only_the_weighed_words_that_fit_the_letters_asked_for(tiny_models, solved, pattern, expected):
    puzzle, result = solved
    rows = weighed_candidates(tiny_models, puzzle.slots["3D"].clue, pattern, result.states[-1].beliefs["3D"], 10)
    assert [r["answer"] for r in rows][:1] == expected
    assert all(r["answer"].startswith(pattern[0]) for r in rows)


@pytest.mark.parametrize("word, chance, clue_chance, says", [
    ("HEART", 0.99, 0.002, "1-Across reads HEART because its crossing letters back it: its clue alone gives HEART "
                           "0.2%, and with the crossing letters the solver gives it 99.0%."),
    ("HEART", 0.99, 0.9, ""),  # its clue already gave it: the table says it all
    ("HEART", 0.3, 0.01, ""),  # the solver is not sure of it: no claim
    ("HE_RT", 0.99, 0.002, ""),  # not every square written yet
    ("AAARE", 0.99, 0.002, "1-Across reads AAARE: each square shows its likeliest letter, counting both words "
                           "through it, and here the letters spell none of the words listed."),
])
def test_the_panel_says_why_the_grid_reads_a_word_its_clue_did_not_give(word, chance, clue_chance, says):
    rows = [{"answer": "HEART", "chance": chance, "clue chance": clue_chance}]
    assert reading_note("1A", word, rows) == says
