"""The vectorised `best` internals (speed work of 2026-11-21, ca20924) equal a plain per-window computation."""
import numpy as np
import pytest

from core.hangman.model import blocked, open_letters, padded_cells, window_matches
from core.hangman.rules import state_from_mask
from core.hangman.solvers import PARAMS_FILE, RANK_COLUMNS, BestSolver

WORDS = ["apple", "ample", "angle", "ankle", "table", "title", "hello", "jelly", "belly", "berry", "ferry", "merry",
         "maple", "mapped", "tables", "cable", "fable", "gable", "happy", "hippy", "nappy", "puppy", "yelp"]


def reference_order_posteriors(solver: BestSolver, state):
    """order_posteriors the slow way: every window looked up and filtered on its own, accumulated in window order."""
    p, a = solver.params, solver.alphabet
    bad = blocked(state, a)
    ok = open_letters(state, a)
    uni = np.where(ok, solver.ngrams.unigram, 0.0)
    uni = uni / uni.sum()
    blanks = state.blanks
    pos = {i: k for k, i in enumerate(blanks)}
    cells = padded_cells(state, a)
    mix_acc = np.tile(p.order_weights[0] * uni, (len(blanks), 1))
    mix_w = np.full(len(blanks), p.order_weights[0])
    per_order, lower = {}, [uni] * len(blanks)
    for order in range(2, p.max_order + 1):
        acc, wsum = np.zeros((len(blanks), a.size)), np.zeros(len(blanks))
        for s in range(len(cells) - order + 1):
            win = tuple(cells[s:s + order])
            offs = [j for j, c in enumerate(win) if c < 0]
            if not 1 <= len(offs) <= solver.max_blanks.get(order, 1) or len(offs) >= order:
                continue
            sub, cnt = window_matches(solver.ngrams.tables[order], win, a.wild, a.base)
            fine = ~bad[sub].any(axis=1)
            sub, cnt = sub[fine], cnt[fine]
            total = cnt.sum()
            if total <= 0:
                continue
            w = total / (total + p.confidence)
            for j, off in enumerate(offs):
                k = pos[s + off - 1]
                acc[k] += w * np.bincount(sub[:, j], weights=cnt, minlength=a.base)[:a.size] / total
                wsum[k] += w
        lam = p.order_weights[order - 1]
        mix_acc += lam * acc
        mix_w += lam * wsum
        lower = per_order[order] = [acc[k] / wsum[k] if wsum[k] > 0 else lower[k] for k in range(len(blanks))]
    return per_order, {i: mix_acc[k] / mix_w[k] for i, k in pos.items()}


@pytest.fixture(scope="module")
def solver():
    return BestSolver(ranker="").fit(WORDS)


@pytest.mark.parametrize("mask, misses", [("a__le", "t"), ("_____", ""), ("__pp_", "e"), ("_a__e", "sr"), ("m_p___", "o"), ("____", "z")])
def test_order_posteriors_match_the_per_window_computation(solver, mask, misses):
    state = state_from_mask(mask, misses)
    _, per_order, mix = solver.order_posteriors(state)
    want_per_order, want_mix = reference_order_posteriors(solver, state)
    for n, rows in want_per_order.items():
        assert np.allclose(per_order[n], np.array(rows), atol=1e-12)
    assert set(mix) == set(want_mix) and all(np.allclose(mix[i], want_mix[i], atol=1e-12) for i in mix)


def test_a_miss_reuses_the_windows_of_its_mask(solver):
    first = solver.window_material("a__le")
    assert solver.window_material("a__le") is first  # memoised by mask: the guessed letters do not enter
    solver.order_posteriors(state_from_mask("a__le", "t"))
    solver.order_posteriors(state_from_mask("a__le", "tz"))
    assert solver._windows.cache_info().hits >= 2


@pytest.mark.parametrize("mask, misses", [("a__le", "t"), ("_____", ""), ("__pp_", "e")])
def test_the_ranker_features_are_exactly_the_columns_the_shipped_ranker_reads(solver, mask, misses):
    from core.hangman.forest import FlatForest

    x = solver.rank_features(state_from_mask(mask, misses))
    assert x.shape == (solver.alphabet.size, RANK_COLUMNS) and np.isfinite(x).all()
    assert FlatForest.load(PARAMS_FILE.parent / "best_ranker.npz").width <= RANK_COLUMNS  # the trees read no column beyond
