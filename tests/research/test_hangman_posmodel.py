"""The position-wise letter model: its inputs encode the mask, it trains, saves without pickle, and `best` reads it."""
import numpy as np
import pytest

from research.hangman.posmodel import PosModel, encode, simulated_states, train, training_rows
from core.hangman.rules import BLANK, state_from_mask

WORDS = ["apple", "ample", "angle", "ankle", "table", "title", "hello", "jelly", "belly", "berry", "ferry", "merry"]
LETTERS = "abefghijklmnoprty"


@pytest.mark.parametrize("mask, missed, blanks", [("a__le", "t", 2), ("_____", "", 5), ("he__o", "", 2), ("b", "", 0)])
def test_encode_gives_one_row_per_blank(mask, missed, blanks):
    x = encode(mask, missed, LETTERS, 2)
    a = len(LETTERS)
    assert x.shape == (blanks, 4 * (a + 2) + 2 * a + 4)
    if blanks:
        assert (x[:, : 4 * (a + 2)].sum(axis=1) == 4).all()  # one symbol per context cell
        assert (x[:, 4 * (a + 2): 4 * (a + 2) + a].sum(axis=1) == len(missed)).all()


def test_encode_sees_the_neighbours_of_a_blank():
    a = len(LETTERS)
    x = encode("a_p", "", LETTERS, 1)  # the blank's left neighbour is 'a', its right neighbour is 'p'
    assert x[0, LETTERS.index("a")] == 1 and x[0, (a + 2) + LETTERS.index("p")] == 1


def test_simulated_states_hide_at_least_one_letter_and_miss_only_absent_letters():
    for secret, mask, missed in simulated_states(WORDS, LETTERS, 5, seed=0):
        assert BLANK in mask and len(mask) == len(secret)
        assert all(m == s or m == BLANK for m, s in zip(mask, secret))
        assert not set(missed) & set(secret)
    x, y = training_rows(simulated_states(WORDS, LETTERS, 2, seed=1), LETTERS, 2)
    assert len(x) == len(y) and y.max() < len(LETTERS)


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory):
    model = train(WORDS * 20, LETTERS, radius=2, hidden=(16,), per_word=2, epochs=2, log=lambda m: None)
    path = tmp_path_factory.mktemp("pos") / "pos.npz"
    model.save(path)
    return path


def test_saved_model_loads_without_pickle_and_gives_presence_of_open_letters(tiny_model):
    model = PosModel.load(tiny_model)
    state = state_from_mask("a__le", "t")
    p = model.presence(state)
    assert p.shape == (len(LETTERS),) and ((p >= 0) & (p <= 1 + 1e-6)).all()
    for c in "alet":
        assert p[LETTERS.index(c)] == 0  # guessed letters cannot fill a blank
    assert np.allclose(model.blank_probs(state).sum(axis=1), 1)
