"""The deep lower bound (first levels solved exactly): never above the proven optimum, equal to it when every level is
expanded, at least the ply bound it replaces, and stored beside a saved tree without touching the tree."""
import json
import math
import random

import pytest

from core.tipgame.bounds import all_substrings_table, ply_bound
from core.tipgame.deep import DeepBound, DeepSettings, deep_list_bound
from core.tipgame.exact import optimum
from core.tipgame.table import rich_tip_table
from core.words import load_list

SMALL_LISTS = [
    ["haus", "maus", "laus", "aus", "hans", "saus"],
    ["ana", "anna", "nan", "an", "na", "a"],
    ["the", "then", "them", "hen", "he", "ten", "net"],
    ["haus", "haus", "maus", "aus"],  # a repeated word is drawn twice as often
    ["eine", "einen", "ein", "kein", "keine", "nie", "neu", "nun"],
]


def sample(name: str, size: int, seed: int) -> list[str]:
    """A seeded random sample of a built-in list."""
    return random.Random(seed).sample(list(load_list(name).words), size)


def deep_total(words: list[str], settings: DeepSettings, cutoff: float = float("inf")) -> int:
    """The deep bound's total tries for a list."""
    table = all_substrings_table(rich_tip_table(words))
    return DeepBound(table, settings).bound(table.all_words(), cutoff)


@pytest.mark.parametrize("words", SMALL_LISTS)
def test_expanding_every_level_gives_exactly_the_optimum_of_small_lists(words):
    assert deep_total(words, DeepSettings(exact_max=2, levels=99)) == optimum(words).total


@pytest.mark.parametrize("name, seed", [("German common 500", 0), ("English common 500", 1)])
def test_expanding_every_level_above_small_exact_sets_gives_the_optimum_of_a_sample(name, seed):
    words = sample(name, 30, seed)
    assert deep_total(words, DeepSettings(exact_max=8, levels=99)) == optimum(words).total


SETTINGS = [DeepSettings(12, 0, 1), DeepSettings(12, 1, 1), DeepSettings(20, 2, 1), DeepSettings(6, 1, 2),
            DeepSettings(30, 1, 1)]


@pytest.mark.parametrize("settings", SETTINGS, ids=str)
@pytest.mark.parametrize("name, seed", [("German common 500", 2), ("English common 500", 3)])
def test_the_deep_bound_is_never_above_the_optimum_of_a_sample(name, seed, settings):
    words = sample(name, 45, seed)
    assert deep_total(words, settings) <= optimum(words).total


@pytest.mark.parametrize("name, seed", [("German common 500", 4), ("English common 500", 5)])
def test_a_cutoff_only_stops_the_work_once_the_bound_reaches_it(name, seed):
    """Asked to reach a total below the optimum, the bound proves at least that total and never more than the optimum."""
    words = sample(name, 45, seed)
    best = optimum(words).total
    settings = DeepSettings(12, 1, 1)
    assert deep_total(words, settings, best - 5) >= min(best - 5, deep_total(words, settings))
    assert deep_total(words, settings, best - 5) <= best


@pytest.mark.parametrize("name, seed", [("German common 500", 6), ("English common 500", 7)])
def test_solving_groups_exactly_is_at_least_the_ply_bound_of_the_same_depth(name, seed):
    words = sample(name, 70, seed)
    table = all_substrings_table(rich_tip_table(words))
    two_ply = ply_bound(table, table.all_words(), 2)
    assert deep_total(words, DeepSettings(20, 1, 1)) >= two_ply


def best_first_total(words: list[str], settings: DeepSettings, deepenings: float = float("inf")) -> int:
    """The best-first bound's total tries for a list, stopped after a number of first tips deepened."""
    table = all_substrings_table(rich_tip_table(words))
    return DeepBound(table, settings).best_first(table.all_words(), stop=lambda done: done >= deepenings)


@pytest.mark.parametrize("words", SMALL_LISTS)
def test_best_first_deepening_of_every_level_gives_exactly_the_optimum_of_small_lists(words):
    assert best_first_total(words, DeepSettings(exact_max=2, levels=99)) == optimum(words).total


@pytest.mark.parametrize("name, seed", [("German common 500", 10), ("English common 500", 11)])
def test_best_first_bound_only_rises_with_more_tips_deepened_and_stays_below_the_optimum(name, seed):
    words = sample(name, 45, seed)
    best = optimum(words).total
    settings = DeepSettings(exact_max=8, levels=99)
    totals = [best_first_total(words, settings, k) for k in (0, 1, 3, 10, 30)]
    assert totals == sorted(totals) and totals[-1] <= best
    assert best_first_total(words, settings) == best  # deepened to the end, every level: the optimum itself
    assert totals[0] < best  # stopped at once, it is only the quick count


@pytest.mark.parametrize("settings", SETTINGS, ids=str)
def test_the_best_first_bound_is_never_above_the_optimum_of_a_sample(settings):
    words = sample("German common 500", 45, 12)
    assert best_first_total(words, settings) <= optimum(words).total


@pytest.mark.parametrize("argv, deepened, expected", [
    (["--minutes", "3", "--levels", "4"], 17, ["--levels", "4", "--deepenings", "17"]),
    (["--levels", "4", "--minutes=2.5"], 9, ["--levels", "4", "--deepenings", "9"]),
    (["--levels", "4", "--deepenings", "5"], 5, ["--levels", "4", "--deepenings", "5"]),
    (["--levels", "4"], 120, ["--levels", "4"]),
])
def test_a_stored_command_names_the_tips_deepened_instead_of_the_minutes_it_ran(argv, deepened, expected):
    from research.tipgame.deep_bound import reproducible

    assert reproducible(argv, deepened) == expected


def test_the_list_bound_is_a_mean_a_word():
    words = sample("German common 500", 25, 8)
    assert deep_list_bound(rich_tip_table(words), DeepSettings(30, 0, 1)) == optimum(words).mean


@pytest.mark.parametrize("bad", [(1, 1, 1), (12, -1, 1), (12, 1, 0)])
def test_settings_that_cannot_bound_are_refused(bad):
    with pytest.raises(ValueError):
        DeepSettings(*bad)


def test_the_command_adds_the_deep_bound_to_a_saved_tree_and_keeps_the_rest(tmp_path, capsys):
    from core.tipgame.bounds import saved_bounds
    from core.tipgame.tree import load_file
    from research.tipgame.build import main as build
    from research.tipgame.deep_bound import main as deep_command

    words = sample("German common 500", 30, 9)
    listed, other = tmp_path / "small.txt", tmp_path / "other.txt"
    listed.write_text("\n".join(words) + "\n", encoding="utf-8")
    other.write_text("\n".join(words[:-1]) + "\n", encoding="utf-8")
    assert build(["--words", str(listed), "--time-budget", "0", "--out", str(tmp_path)]) == 0
    path = next(tmp_path.glob("*.json"))
    root_before, _, meta_before = load_file(path)
    assert deep_command(["--words", str(listed), "--exact-max", "40", "--levels", "0", "--write", str(path)]) == 0
    printed = json.loads(capsys.readouterr().out.splitlines()[-2])
    root, saved_words, meta = load_file(path)
    assert printed["deep"] == math.floor(optimum(words).mean * 10**4) / 10**4 == meta["lower_bound"]["deep"]
    kept = {k: v for k, v in meta_before["lower_bound"].items() if k != "best"}
    assert {k: v for k, v in meta["lower_bound"].items() if k not in ("best", "deep")} == kept
    assert saved_bounds(meta["lower_bound"])["best"] == meta["lower_bound"]["best"] == printed["deep"]
    assert meta["deep_bound_by"] == (f"python -m research.tipgame.deep_bound --words {listed} --exact-max 40 "
                                     f"--levels 0 --write {path}")
    assert root == root_before and saved_words == words and meta["built_by"] == meta_before["built_by"]
    with pytest.raises(ValueError):
        deep_command(["--words", str(other), "--exact-max", "40", "--write", str(path)])
