"""The learned letter ranker: the flattened forest reproduces scikit-learn, and `best` can play with it."""
import numpy as np
import pytest

from core.hangman.forest import FlatForest
from core.hangman.harness import check_game, play
from research.hangman.rank import learning_rows
from core.hangman.rules import state_from_mask
from core.hangman.solvers import PARAMS_FILE, BestSolver

WORDS = ["apple", "ample", "angle", "ankle", "table", "title", "hello", "jelly", "belly", "berry", "ferry", "merry"]


def test_flat_forest_matches_sklearn_probabilities(tmp_path):
    from sklearn.ensemble import HistGradientBoostingClassifier

    rng = np.random.default_rng(0)
    x = rng.normal(size=(600, 5))
    y = (x[:, 0] + x[:, 1] * x[:, 2] > 0).astype(int)
    model = HistGradientBoostingClassifier(max_iter=30, max_depth=4, random_state=0).fit(x, y)
    forest = FlatForest.from_sklearn(model)
    forest.save(tmp_path / "f.npz")
    again = FlatForest.load(tmp_path / "f.npz")
    assert np.allclose(again.proba(x), model.predict_proba(x)[:, 1])


def test_rank_features_have_one_row_per_letter():
    solver = BestSolver().fit(WORDS)
    x = solver.rank_features(state_from_mask("a__le", "t"))
    assert x.shape[0] == solver.alphabet.size and np.isfinite(x).all()


@pytest.mark.skipif(not (PARAMS_FILE.parent / "best_ranker.npz").is_file(), reason="no shipped ranker")
def test_best_with_the_shipped_ranker_plays_honest_games():
    solver = BestSolver(ranker="best_ranker.npz").fit(WORDS)
    scores = solver.scores(state_from_mask("a__le", "t"))
    assert "t" not in scores and abs(sum(scores.values()) - 1) < 1e-9
    record = play(solver, "maple", 6, record_scores=True)
    assert check_game(record)


def test_a_blended_forest_scores_the_weighted_sum_of_its_parts():
    from sklearn.ensemble import HistGradientBoostingClassifier

    rng = np.random.default_rng(1)
    x = rng.normal(size=(400, 4))
    y = (x[:, 0] - x[:, 3] > 0).astype(int)
    a = FlatForest.from_sklearn(HistGradientBoostingClassifier(max_iter=10, max_depth=3, random_state=0).fit(x, y))
    b = FlatForest.from_sklearn(HistGradientBoostingClassifier(max_iter=20, max_depth=5, random_state=0).fit(x, 1 - y))
    both = FlatForest.blend([a, b], [0.25, 0.75])
    assert np.allclose(both.raw(x), 0.25 * a.raw(x) + 0.75 * b.raw(x))


@pytest.mark.parametrize("ranker", ["", "best_ranker.npz"])
def test_simulated_states_label_exactly_the_open_letters_in_the_secret(ranker):
    from research.hangman.rank import states_of

    if ranker and not (PARAMS_FILE.parent / ranker).is_file():
        pytest.skip("no shipped ranker")
    solver = BestSolver(ranker=ranker).fit(WORDS)
    x, y, g = states_of(solver, ["maple"])
    assert len(x) == len(y) == len(g) and x.shape[1] == solver.rank_features(state_from_mask("_____", "")).shape[1]
    first = g == 0  # the opening state: every letter is open, and 'maple' has 5 distinct letters
    assert first.sum() == solver.alphabet.size and y[first].sum() == len(set("maple") & set(solver.alphabet.letters))


@pytest.mark.parametrize("columns, width", [(0, 27), (27, 27), (5, 5)])
def test_rounds_saved_with_different_widths_learn_from_their_shared_columns(columns, width):
    wide, narrow = np.arange(82.0).reshape(2, 41), np.arange(27.0).reshape(1, 27) + 100
    x, y = learning_rows([wide, narrow], [np.array([0, 1]), np.array([1])], columns)
    assert x.shape == (3, width) and y.tolist() == [0, 1, 1]
    assert x[2, 0] == 100 and x[0, width - 1] == width - 1  # each round keeps its own leading columns
