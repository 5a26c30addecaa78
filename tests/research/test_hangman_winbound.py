"""The bound's games: each dev word is played by the exact order's own letters, lost when the search lacks it."""
import pytest

from research.hangman.winsearch import WinSearch
from research.hangman import winbound

WORDS = ["bat", "cat", "eat", "fat", "hat", "mat", "oat", "pat", "rat", "sat", "vat", "dog", "cab", "cow"]
WEIGHTS = [1.0, 2.0, 0.5, 0.1, 1.0, 0.3, 0.2, 0.05, 1.5, 0.7, 0.01, 3.0, 0.4, 0.9]


@pytest.mark.parametrize("lives", [1, 2, 3, 6])
def test_the_words_the_exact_order_wins_weigh_what_the_search_promises(lives):
    search = WinSearch(WORDS, WEIGHTS)
    won = sum(w for word, w in zip(WORDS, WEIGHTS) if winbound.played(search, word, lives)[0])
    assert won == pytest.approx(search.value(search.everything, lives))


@pytest.mark.parametrize("secret, lives, won", [
    ("dog", 1, True),  # the heaviest word, chased first with one life
    ("vat", 1, False),  # the lightest: lost when one miss ends the game
    ("zap", 6, False),  # a word lighter than those searched (not among them) counts as lost
])
def test_a_game_of_the_bound_is_won_only_when_the_order_finds_the_secret(secret, lives, won):
    assert winbound.played(WinSearch(WORDS, WEIGHTS), secret, lives)[0] is won
