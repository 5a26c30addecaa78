"""The `best` solver's letter ending, its second asks, and one honest progress bar over fitting."""
from __future__ import annotations

import numpy as np
import pytest

from core.crossword.knowledge.table import clue_table, normalise_clue, puzzle_pairs
from core.crossword.knowledge.models import fit_models
from core.progress import share_progress
from core.crossword.rules import score_fill
from core.crossword.readers import puzzle_from_record
from core.crossword.fill.state import (ALPHABET, FillState, SolveResult, expected_letters, keep_best_letters,
                                       slot_evidence)
from core.crossword.solvers import SOLVERS
from tests.test_crossword_core import TINY, tiny_models  # noqa: F401 (the fixture, shared)


def probs_for(letters: dict) -> dict:
    """Cell -> 26 probabilities, each cell sure to `p` of the letter given as (letter, p)."""
    out = {}
    for cell, (letter, p) in letters.items():
        row = np.full(26, (1 - p) / 25)
        row[ALPHABET.index(letter)] = p
        out[cell] = row
    return out


@pytest.mark.parametrize("fill, expected", [
    ({(0, 0): "A", (0, 1): "B"}, 0.9 + 0.6),
    ({(0, 0): "A", (0, 1): "C"}, 0.9 + 0.4 / 25),
    ({(0, 0): "A"}, 0.9),  # an empty square adds nothing
    ({(0, 0): "A", (5, 5): "Z"}, 0.9),  # a square without probabilities adds nothing
    ({(0, 0): "?", (0, 1): "B"}, 0.6),  # neither does a non-letter
])
def test_expected_letters_sums_each_written_letters_chance(fill, expected):
    probs = probs_for({(0, 0): ("A", 0.9), (0, 1): ("B", 0.6)})
    assert expected_letters(fill, probs) == pytest.approx(expected)


@pytest.mark.parametrize("steps, kept_step", [
    ([{(0, 0): "A", (0, 1): "C"}, {(0, 0): "A", (0, 1): "B"}], None),  # the last is the likeliest: no note
    ([{(0, 0): "A", (0, 1): "B"}, {(0, 0): "Q", (0, 1): "B"}], 1),  # a later step lost letters: step 1 kept
    ([{(0, 0): "A", (0, 1): "B"}, {(0, 0): "A", (0, 1): "B"}], None),  # ties keep the last
])
def test_the_letter_ending_keeps_the_step_whose_letters_are_likeliest(steps, kept_step):
    probs = probs_for({(0, 0): ("A", 0.9), (0, 1): ("B", 0.6)})
    result = SolveResult("best", dict(steps[-1]), {}, [FillState(f"s{i}", f, {}) for i, f in enumerate(steps)])
    kept = keep_best_letters(result, probs)
    if kept_step is None:
        assert kept.kept_note == "" and kept.fill == steps[-1] and len(kept.states) == len(steps)
    else:
        assert kept.fill == steps[kept_step - 1] and f"Kept step {kept_step}" in kept.kept_note
        assert kept.states[-1].label == f"Final: step {kept_step} kept"


def test_best_ends_on_each_squares_likeliest_letter(tiny_models):
    p = puzzle_from_record(TINY)
    result = SOLVERS.create("best", models=tiny_models).solve(p)
    assert result.by_letter
    assert not any(s.label.startswith("Tidy-up") for s in result.states)
    assert score_fill(p, result.fill).perfect
    assert all(result.fill[c] == ALPHABET[int(np.argmax(result.letter_probs[c]))] for c in p.white_cells)


def test_the_words_ending_is_no_setting_of_the_shipped_solver(tiny_models):
    with pytest.raises(TypeError, match="ending"):
        SOLVERS.create("best", models=tiny_models, ending="words")


@pytest.mark.parametrize("rounds", [1, 2, 3])
def test_asking_again_never_counts_an_answer_twice(tiny_models, rounds):
    p = puzzle_from_record(TINY)
    solver = SOLVERS.create("best", models=tiny_models, requery_below=1.0, requery_rounds=rounds)
    first = slot_evidence(p, solver.guesser)[0]
    name = next(iter(first))
    calls = []
    guess = solver.guesser.guess
    solver.guesser.guess = lambda clue, pattern, k=20: calls.append((clue, pattern)) or guess(clue, pattern, k)
    result = solver.solve(p, candidates=dict(first, **{name: {}}))
    asked = {s.label.split(" (round")[0] for s in result.states if "asked again" in s.label}
    assert 1 <= len(asked) <= rounds
    assert calls and len(calls) == len(set(calls))  # a slot is asked again only with letters it was not asked with
    assert score_fill(p, result.fill).perfect


@pytest.mark.parametrize("shares, reports, start", [
    ({"a": 1.0, "b": 3.0}, [("a", 0, 1), ("a", 1, 1), ("b", 1, 3), ("b", 3, 3)], 0),
    ({"a": 1.0, "b": 0.0, "c": 1.0}, [("a", 1, 2), ("a", 2, 2), ("b", 5, 5), ("c", 1, 1)], 0),  # empty stage
    ({"a": 2.0, "b": 2.0}, [("a", 0, 4), ("a", 4, 4), ("b", 9, 4), ("b", 4, 4)], 250),  # overshoot capped
])
def test_one_bar_over_stages_only_moves_forward_and_ends_full(shares, reports, start):
    seen = []
    stage = share_progress(lambda d, t, m="": seen.append((d, t)), shares, start)
    for name, done, total in reports:
        stage(name)(done, total, "x")
    values = [d for d, _ in seen]
    assert all(t == 1000 for _, t in seen)
    assert values == sorted(values) and values[0] >= start and values[-1] == 1000


def test_fitting_reports_one_forward_bar_to_the_end(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDLAB_CACHE", str(tmp_path))
    p = puzzle_from_record(TINY)
    table = clue_table(puzzle_pairs([p]) * 3 + [(normalise_clue("Feline pet"), "CUB")])
    for _ in range(2):  # fitted, then loaded from the cache
        seen = []
        fit_models(table, lambda d, t, m="": seen.append((d, t, m)), word2vec=True, extra_words=False)
        values = [d for d, _, _ in seen]
        assert values == sorted(values) and values[-1] == 1000 and all(t == 1000 for _, t, _ in seen)
        assert all(m for _, _, m in seen)  # every report says what is happening


@pytest.mark.parametrize("see_own, asks_pointer", [(False, False), (True, True)])
def test_a_bare_see_clue_is_not_asked_again_unless_its_own_words_are_kept(tiny_models, see_own, asks_pointer):
    record = dict(TINY, clues={"across": [[1, "Dairy animal"], [4, "See 1-Down"], [5, "Camping shelter"]],
                               "down": TINY["clues"]["down"]})
    p = puzzle_from_record(record)
    solver = SOLVERS.create("best", models=tiny_models, requery_below=1.0, see_own=see_own)
    calls = []
    guess = solver.guesser.guess
    solver.guesser.guess = lambda clue, pattern, k=20: calls.append(clue) or guess(clue, pattern, k)
    solver.solve(p)
    assert ("See 1-Down" in calls) is asks_pointer
    assert calls  # the other unsure slots are still asked again
