"""Caches that cannot lie: a fitted model's or a pattern matrix's key changes with every input it was built from."""
import numpy as np
import pytest

from core.hangman import fitting
from core.wordle.rules import pattern_matrix


def test_a_fitted_hangman_solver_is_keyed_by_the_shipped_files_it_reads(tmp_path, monkeypatch):
    (tmp_path / "best_params.json").write_text("{}")
    monkeypatch.setattr(fitting, "DATA_DIR", tmp_path)
    before = fitting.fit_key("best", "list-hash")
    (tmp_path / "best_params.json").write_text('{"changed": 1}')
    assert fitting.fit_key("best", "list-hash") != before
    assert fitting.fit_key("best", "other-list-hash") != fitting.fit_key("best", "list-hash")


@pytest.mark.parametrize("guesses, answers, rule", [
    (["cigar", "rebut"], ["cigar", "rebut"], "standard"),
    (["cigar", "rebut"], ["cigar", "sissy"], "standard"),
    (["cigar", "rebut"], ["cigar", "rebut"], "harsh"),
])
def test_a_cached_pattern_matrix_is_the_one_its_lists_and_rule_give(guesses, answers, rule):
    from core.wordle.rules import compute_pattern_matrix

    first = pattern_matrix(guesses, answers, rule)
    again = pattern_matrix(guesses, answers, rule)  # from the disk cache
    assert np.array_equal(first, again)
    assert np.array_equal(again, compute_pattern_matrix(guesses, answers, rule))
