"""The `best` solver's settings chosen on dev (similar clues asked), and the research tools that measure them by weekday."""
import json

import pytest

from core.crossword.clues.guessers import NEIGHBOURS
from core.crossword.readers import puzzle_from_record
from core.crossword.solvers import SOLVERS
from core.crossword.stats import WEEKDAYS
from research.crossword.measure import chosen_weekdays
from research.crossword.sweep import done_dates, parse_variant
from tests.test_crossword_core import TINY, tiny_models  # noqa: F401 (the fixture, shared)


def test_best_asks_as_many_similar_clues_as_the_guesser_was_calibrated_with(tiny_models):
    # dev 2011-2012, Thursday-Sunday, 6 a weekday: 60 similar clues fill 2.7 points more letters than 150
    solver = SOLVERS.create("best", models=tiny_models)
    assert NEIGHBOURS == 60
    assert solver.guesser.tfidf.neighbours == NEIGHBOURS
    assert SOLVERS.create("best", models=tiny_models, neighbours=150).guesser.tfidf.neighbours == 150


def test_best_with_the_new_default_still_fills_the_tiny_puzzle(tiny_models):
    p = puzzle_from_record(TINY)
    result = SOLVERS.create("best", models=tiny_models).solve(p)
    assert set(result.fill) == {c for s in p.slots.values() for c in s.cells}


@pytest.mark.parametrize("text, days", [
    ("", WEEKDAYS),
    ("Thu,Fri,Sat,Sun", ("Thursday", "Friday", "Saturday", "Sunday")),
    ("sat, mon", ("Monday", "Saturday")),  # any case and order: the week's order back
    ("Saturday,sa", ("Saturday",)),  # named twice: once
    ("tu", ("Tuesday",)),
    (" , ", WEEKDAYS),  # nothing named: every weekday
])
def test_weekdays_are_read_from_names_or_prefixes(text, days):
    assert chosen_weekdays(text) == days


@pytest.mark.parametrize("text", ["s", "t", "Funday", "Mon,Frday", "1"])
def test_an_ambiguous_or_unknown_weekday_is_refused_with_its_name(text):
    with pytest.raises(ValueError, match="unknown weekday"):
        chosen_weekdays(text)


@pytest.mark.parametrize("text, label, settings", [
    ("base=", "base", {}),
    ("nb60=neighbours=60", "nb60", {"neighbours": 60}),
    ("mix=letter_floor=0.3, phrase_weight=None", "mix", {"letter_floor": 0.3, "phrase_weight": None}),
])
def test_a_sweep_variant_reads_its_label_and_settings(text, label, settings):
    assert parse_variant(text) == (label, settings)


@pytest.mark.parametrize("text", ["=spread=1", "x=spread", "x=spread=oops"])
def test_a_malformed_sweep_variant_is_refused(text):
    with pytest.raises((ValueError, SyntaxError)):
        parse_variant(text)


def test_a_restarted_sweep_skips_the_puzzles_it_has(tmp_path):
    path = tmp_path / "v.jsonl"
    assert done_dates(path) == set()
    path.write_text(json.dumps({"date": "2011-01-01"}) + "\n\n" + json.dumps({"date": "2012-05-05"}) + "\n")
    assert done_dates(path) == {"2011-01-01", "2012-05-05"}
