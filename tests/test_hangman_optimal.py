"""The exact optimum on words in the dictionary: hand-checked small cases, and it agrees with the solver's expectimax."""
import numpy as np
import pytest

from core.hangman.harness import play
from core.hangman.optimal import letter_splits, optimal_wins
from core.hangman.rules import new_game
from core.hangman.solvers import CandidatesSolver

THREE = ["cat", "bat", "hat", "mat", "rat", "sat", "cot", "cut", "hit", "hot", "sit", "set", "bet", "bit"]


@pytest.mark.parametrize("lives, wins", [(1, 1), (2, 2), (3, 3), (4, 4), (9, 4)])
def test_four_words_differing_in_one_letter_need_a_life_for_each_but_the_last(lives, wins):
    # after a, t (sure, free): each try of c, b, h, m finds one word; the last needs no try of its own
    assert optimal_wins(["cat", "bat", "hat", "mat"], lives)[0] == wins


@pytest.mark.parametrize("words, lives, wins", [([], 6, 0), (["cat"], 1, 1), (["cat"], 0, 0), (["ab", "ba"], 1, 2),
                                                (["aa", "ab"], 1, 2), (["ab", "cd"], 1, 1), (["ab", "cd"], 2, 2)])
def test_edge_cases_of_the_optimum(words, lives, wins):
    assert optimal_wins(words, lives)[0] == wins


def test_words_of_different_lengths_are_refused():
    with pytest.raises(ValueError, match="same length"):
        optimal_wins(["cat", "cart"])


def test_letter_splits_group_words_by_the_positions_revealed():
    splits = dict(letter_splits(["cat", "act", "tat"])["t"])
    assert splits == {0b100: 0b011, 0b101: 0b100}  # t last in cat and act; first and last in tat


@pytest.mark.parametrize("lives", [1, 2, 3, 6])
def test_the_optimum_equals_the_solvers_exact_expectimax_and_bounds_its_play(lives):
    solver = CandidatesSolver(lookahead=100, fallback="").fit(THREE)
    state = new_game(3, lives)
    idx = solver.index.candidates(state)
    chances = solver.win_chances(state, idx)
    best, _ = optimal_wins(THREE, lives)
    assert best == pytest.approx(np.max(chances) * len(THREE))
    played = sum(play(CandidatesSolver(fallback="").fit(THREE), w, lives).won for w in THREE)
    assert played <= best
