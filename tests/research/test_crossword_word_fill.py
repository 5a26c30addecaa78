"""The research "words" ending still solves the tiny puzzle and records its tidy-up passes."""
from __future__ import annotations

from core.crossword.rules import score_fill
from core.crossword.readers import puzzle_from_record
from research.crossword.word_fill import WordEndingSolver
from tests.test_crossword_core import TINY, tiny_models  # noqa: F401 (the fixture, shared)


def test_the_words_ending_fills_the_tiny_puzzle_with_words_after_a_tidy_up(tiny_models):
    p = puzzle_from_record(TINY)
    result = WordEndingSolver(tiny_models).solve(p)
    assert not result.by_letter
    assert any(s.label.startswith("Tidy-up") for s in result.states)
    assert score_fill(p, result.fill).perfect


def test_no_search_pass_means_no_tidy_up(tiny_models):
    result = WordEndingSolver(tiny_models, search_passes=0).solve(puzzle_from_record(TINY))
    assert not any(s.label.startswith("Tidy-up") for s in result.states)
