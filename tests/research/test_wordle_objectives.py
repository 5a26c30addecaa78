"""`best` trees for other objectives: most games won within k, and a frequency-weighted average."""
import pytest

from core.wordle.harness import make_setup, play
from research.wordle.objective_search import Objective, WeightedSearch, build_objective_tree, frequency_weights, tree_scores
from core.wordle.solvers import BestSolver
from core.wordle.tree import build_tree, guess_counts, tree_summary

ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "heath", "dwarf",
           "model", "karma", "stink", "grade", "quiet", "bench", "abate", "feign", "major", "death", "fresh", "crust",
           "stool", "colon", "abase", "marry", "react", "batty", "pride", "floss", "helix", "croak", "staff", "paper"]
GUESSES = ANSWERS + ["salet", "crane", "trace", "adieu", "roate", "lints", "pudgy", "whomp"]


@pytest.fixture(scope="module")
def setup():
    return make_setup(ANSWERS, GUESSES, weights=frequency_weights(ANSWERS))


def test_uniform_mean_objective_matches_the_default_search(setup):
    plain = make_setup(ANSWERS, GUESSES)
    default = tree_summary(build_tree(plain), plain)
    ours = tree_scores(build_objective_tree(plain, Objective()), plain, 3)
    assert ours["mean"] == pytest.approx(default["mean"], abs=1 / len(ANSWERS) + 1e-9)


def test_within_k_tree_wins_at_least_as_many_games_within_k_as_the_mean_tree(setup):
    for k in (2, 3):
        mean_tree = build_objective_tree(setup, Objective())
        k_tree = build_objective_tree(setup, Objective(within=k))
        assert tree_scores(k_tree, setup, k)["won_within"] >= tree_scores(mean_tree, setup, k)["won_within"]


def test_weighted_tree_is_no_worse_on_the_weighted_mean(setup):
    uniform = tree_scores(build_objective_tree(setup, Objective()), setup, 3)
    weighted = tree_scores(build_objective_tree(setup, Objective(weighted=True)), setup, 3)
    assert weighted["weighted_mean"] <= uniform["weighted_mean"] + 1e-9


def test_objective_trees_solve_every_answer_when_replayed(setup):
    for objective in (Objective(), Objective(within=2), Objective(weighted=True)):
        counts = guess_counts(build_objective_tree(setup, objective), setup)
        assert max(counts.values()) <= 6, objective


@pytest.mark.parametrize("weights, first", [((1.0, 9.0), "bb"), ((9.0, 1.0), "aa")])
def test_two_answers_guess_the_likelier_first(weights, first):
    s = make_setup(["aa", "bb"], ["aa", "bb"], weights=weights)
    assert build_objective_tree(s, Objective(weighted=True))["guess"] == first


def test_cost_charges_the_penalty_only_beyond_k(setup):
    search = WeightedSearch(setup, Objective(within=3))
    assert search.cost(0, 3) == pytest.approx(3.0)
    assert search.cost(0, 4) == pytest.approx(4.0 + 1000.0)


def test_best_solver_plays_an_objective_tree_through_the_harness(setup):
    solver = BestSolver(tree=build_objective_tree(setup, Objective(within=3))).fit(setup)
    assert all(play(solver, setup, a).solved for a in ANSWERS[:10])


def test_hard_mode_objective_trees_are_refused_plainly():
    with pytest.raises(ValueError, match="normal mode"):
        build_objective_tree(make_setup(ANSWERS, GUESSES, hard=True), Objective(within=3))


def test_a_rare_answer_lost_beyond_six_costs_as_much_as_a_common_one():
    s = make_setup(ANSWERS, GUESSES, weights=[1e-6] + [1.0] * (len(ANSWERS) - 1))
    search = WeightedSearch(s, Objective(weighted=True))
    assert search.cost(0, 7) - search.cost(0, 6) >= 1000.0


def test_objective_search_reports_progress_that_only_grows_to_the_total(setup):
    seen = []
    build_objective_tree(setup, Objective(within=3), progress=lambda d, t, m: seen.append((d, t)))
    done = [d for d, _ in seen]
    assert done == sorted(done) and seen[-1][0] == seen[-1][1] and len(seen) > 6
