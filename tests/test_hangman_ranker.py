"""The learned letter ranker: the flattened forest reproduces scikit-learn, and `best` can play with it."""
import numpy as np
import pytest

from core.hangman.forest import FlatForest
from core.hangman.harness import check_game, play
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
    solver = BestSolver(mixer={}).fit(WORDS)
    x = solver.rank_features(state_from_mask("a__le", "t"))
    assert x.shape[0] == solver.alphabet.size and np.isfinite(x).all()


@pytest.mark.skipif(not (PARAMS_FILE.parent / "best_ranker.npz").is_file(), reason="no shipped ranker")
def test_best_with_the_shipped_ranker_plays_honest_games():
    solver = BestSolver(mixer={}, ranker="best_ranker.npz").fit(WORDS)
    scores = solver.scores(state_from_mask("a__le", "t"))
    assert "t" not in scores and abs(sum(scores.values()) - 1) < 1e-9
    record = play(solver, "maple", 6, record_scores=True)
    assert check_game(record)
