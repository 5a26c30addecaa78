"""The saved optimal tree for the original Wordle lists, verified by replaying every answer."""
import time

import pytest

from core.wordle.bench import play_answers
from core.wordle.harness import make_setup
from core.wordle.solvers import BestSolver, saved_tree, saved_tree_path
from core.wordle.tree import build_tree, tree_summary
from core.words import WordListError, load_list


def original_setup(hard: bool = False):
    """The original answers and allowed lists (skips when the shared data is absent)."""
    try:
        answers, allowed = load_list("Wordle answers 2,315"), load_list("Wordle allowed 12,972")
    except WordListError:
        pytest.skip("the shared Wordle lists are not available")
    return make_setup(answers.words, allowed.words, hard=hard)


def test_saved_normal_tree_replays_to_the_published_optimum():
    setup = original_setup()
    start = time.perf_counter()
    tree = saved_tree(setup)
    assert tree is not None, f"missing {saved_tree_path(setup).name}"
    print(f"loaded in {time.perf_counter() - start:.3f} s")
    summary = tree_summary(tree, setup)
    assert summary == {"first_guess": "salet", "total": 7920, "mean": pytest.approx(3.4212, abs=1e-4), "max": 5,
                       "failures": 0}


def test_saved_normal_tree_plays_through_the_harness():
    setup = original_setup()
    solver = BestSolver().fit(setup)
    assert solver.loaded
    records = play_answers(solver, setup)
    assert records["guesses"].sum() == 7920 and records["win"].all()


def test_saved_hard_tree_meets_the_target_and_obeys_hard_mode():
    setup = original_setup(hard=True)
    tree = saved_tree(setup)
    if tree is None:
        pytest.skip("no saved hard-mode tree")
    records = play_answers(BestSolver(tree=tree).fit(setup), setup)  # play() raises on any hard-mode violation
    assert records["win"].all() and records["guesses"].mean() <= 3.52
    assert records["guesses"].sum() == 8122  # the published hard-mode optimum


@pytest.mark.slow
def test_normal_tree_built_from_scratch_reaches_7920():
    setup = original_setup()
    tree = build_tree(setup)
    assert tree_summary(tree, setup)["total"] == 7920


def test_saved_harsh_tree_replays_under_the_harsh_rule():
    try:
        answers, allowed = load_list("Wordle answers 2,315"), load_list("Wordle allowed 12,972")
    except WordListError:
        pytest.skip("the shared Wordle lists are not available")
    setup = make_setup(answers.words, allowed.words, rule="harsh")
    tree = saved_tree(setup)
    assert tree is not None
    summary = tree_summary(tree, setup)
    assert summary["failures"] == 0 and summary["mean"] <= 3.43


@pytest.mark.slow
def test_hard_tree_built_from_scratch_meets_the_target():
    setup = original_setup(hard=True)
    summary = tree_summary(build_tree(setup), setup)
    assert summary["failures"] == 0 and summary["mean"] <= 3.52


@pytest.mark.parametrize("hard, figures", [
    (False, {"first_guess": "slate", "total": 8586, "max": 6, "failures": 0}),
    (True, {"first_guess": "teals", "total": 8799, "max": 6, "failures": 0}),
])
def test_saved_tree_for_the_builtin_lists_loads_without_shared_data_and_replays(hard, figures):
    from core.words import builtin_list

    setup = make_setup(builtin_list("English 5-letter answers").words, builtin_list("English 5-letter guesses").words,
                       hard=hard)
    tree = saved_tree(setup)
    assert tree is not None, f"missing {saved_tree_path(setup).name}"
    summary = tree_summary(tree, setup)
    assert {k: summary[k] for k in figures} == figures


@pytest.mark.parametrize("name, figures", [
    ("English 4-letter common", {"first_guess": "tale", "total": 6024, "max": 6, "failures": 0}),
    ("English 6-letter common", {"first_guess": "salter", "total": 9325, "max": 5, "failures": 0}),
])
def test_saved_trees_for_the_builtin_4_and_6_letter_lists_replay(name, figures):
    from core.words import builtin_list

    words = builtin_list(name).words
    setup = make_setup(words, words)
    tree = saved_tree(setup)
    assert tree is not None, f"missing {saved_tree_path(setup).name}"
    summary = tree_summary(tree, setup)
    assert {k: summary[k] for k in figures} == figures
