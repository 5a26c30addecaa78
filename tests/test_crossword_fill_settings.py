"""The `best` fill takes one frozen settings value: no keyword list to grow, no setting changed behind its back."""
from __future__ import annotations

import dataclasses
import inspect

import pytest

from core.crossword.fill.belief import BeliefSolver, FillSettings
from core.crossword.solvers import SOLVERS


def test_the_best_fill_takes_one_settings_value_not_a_keyword_list():
    assert list(inspect.signature(BeliefSolver.__init__).parameters) == ["self", "models", "settings"]


def test_the_fill_settings_cannot_be_changed_once_made():
    with pytest.raises(dataclasses.FrozenInstanceError):
        FillSettings().letter_floor = 0.5


@pytest.mark.parametrize("never_set", ["damping", "phrase_min_length", "phrases_per_slot", "phrase_iterations",
                                       "state_every", "requery_k", "requery_iterations", "word_floor", "word_top"])
def test_a_knob_no_caller_sets_is_a_fixed_part_of_the_fill_not_a_setting(never_set):
    assert never_set not in {f.name for f in dataclasses.fields(FillSettings)}


@pytest.mark.parametrize("changes, field, value", [
    ({"letter_floor": 0.3}, "letter_floor", 0.3),  # the packaged models' weekday setting
    ({"word_weight": None}, "word_weight", None),  # the coach's fill ends on letters
    ({}, "spread", FillSettings().spread),  # nothing asked: the product's default
])
def test_the_registry_turns_keywords_into_the_settings_value(monkeypatch, changes, field, value):
    made = {}
    monkeypatch.setattr(BeliefSolver, "__init__", lambda self, models, settings=None: made.update(settings=settings))
    SOLVERS.create("best", models=None, **changes)
    assert getattr(made["settings"], field) == value


def test_a_keyword_the_settings_lack_is_refused():
    with pytest.raises(TypeError):
        SOLVERS.create("best", models=None, damping=0.5)
