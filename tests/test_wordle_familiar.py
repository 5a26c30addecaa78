"""What a person is told to try in Wordle: the familiar guess among equally good ones, never an offensive one, and the
best split's measure in plain words."""
from __future__ import annotations

import pytest

from core.wordle.explain import familiar_choice
from core.wordle.solvers import SOLVERS
from core.words import is_offensive

FREQ = {"fouth": 0.0, "talas": 0.0, "kilps": 0.0, "south": 1e-4, "tales": 5e-5, "clips": 2e-5, "dicks": 1e-5}


@pytest.mark.parametrize("name,choice,scores,higher,possible,shown", [
    ("an odd word tied with a familiar one gives way", "fouth", {"fouth": 5.0, "south": 5.0, "tales": 4.0}, True,
     frozenset(), "south"),
    ("a strictly better odd word stays", "talas", {"talas": 5.1, "tales": 5.0}, True, frozenset(), "talas"),
    ("lower is better works the same way", "kilps", {"kilps": 3.2, "clips": 3.2, "south": 3.0}, False, frozenset(),
     "clips"),
    ("a choice that may be the answer is not swapped for one that cannot", "talas", {"talas": 1.0, "south": 1.0}, True,
     frozenset({"talas"}), "talas"),
    ("an offensive choice gives way to the best guess fit to show", "dicks", {"dicks": 6.0, "tales": 5.0, "fouth": 5.0},
     True, frozenset(), "tales"),
    ("equal familiarity keeps the solver's choice", "talas", {"talas": 2.0, "kilps": 2.0}, True, frozenset(), "talas"),
])
def test_the_suggestion_shown_is_the_familiar_one_of_equal_guesses(name, choice, scores, higher, possible, shown):
    fit = lambda w: not is_offensive(w)  # noqa: E731
    assert familiar_choice(choice, scores, higher, FREQ, fit, possible) == shown, name


def test_the_best_split_measure_is_said_in_plain_words():
    label = SOLVERS.create("entropy").score_label
    assert "equal groups" not in label and "bits" not in label
