"""The exact search for the letter with the best chance to win over weighted words (research.hangman.winsearch)."""
import random
from functools import lru_cache

import pytest

from core.hangman.expectimax import OutOfPositions
from research.hangman.winsearch import WinSearch


def brute_value(words: tuple[str, ...], weights: tuple[float, ...], lives: int) -> float:
    """The most weight any letter order wins, by trying every letter at every position (no cuts, no shortcuts)."""
    letters = sorted({c for w in words for c in w})

    @lru_cache(maxsize=None)
    def value(rows: frozenset, lives: int) -> float:
        if lives <= 0 or not rows:
            return 0.0
        if len(rows) == 1:
            return sum(weights[i] for i in rows)
        best = 0.0
        for c in letters:
            groups: dict[tuple, set] = {}
            for i in rows:
                groups.setdefault(tuple(k for k, ch in enumerate(words[i]) if ch == c), set()).add(i)
            if len(groups) < 2:
                continue
            won = sum(value(frozenset(g), lives if where else lives - 1) for where, g in groups.items())
            best = max(best, won)
        return best

    return value(frozenset(range(len(words))), lives)


def random_lists(seed: int) -> tuple[list[str], list[float]]:
    """A few three-letter words over a small alphabet, each with a weight from a spread of sizes."""
    rng = random.Random(seed)
    words = sorted({"".join(rng.choice("abcdeo") for _ in range(3)) for _ in range(rng.randint(4, 16))})
    return words, [rng.choice([2.0, 1.0, 0.5, 0.1, 0.01]) for _ in words]


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("lives", [1, 2, 3])
def test_the_search_wins_as_much_weight_as_trying_every_letter_order(seed, lives):
    words, weights = random_lists(seed)
    search = WinSearch(words, weights)
    assert search.value(search.everything, lives) == pytest.approx(brute_value(tuple(words), tuple(weights), lives))


def replay_won(search: WinSearch, secret: str, lives: int) -> bool:
    """Play the secret by the search's own best letters: True when it is found before the lives run out."""
    S = search.everything
    while True:
        _, letter = search.best(S, lives)
        if letter is None:
            return S == search.bits_of([secret])
        if letter not in secret:
            lives -= 1
            if lives <= 0:
                return False
        S = search.after(S, letter, secret)


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("lives", [1, 2, 3])
def test_playing_the_best_letters_wins_exactly_the_weight_the_search_promises(seed, lives):
    words, weights = random_lists(seed)
    search = WinSearch(words, weights)
    won = sum(w for word, w in zip(words, weights) if replay_won(search, word, lives))
    assert won == pytest.approx(search.value(search.everything, lives))


@pytest.mark.parametrize("words, lives", [
    (["cat", "cot", "cut"], 3),  # as many words as lives: a miss rules a word out, so all are won
    (["bat", "cat", "hat", "mat"], 4),
])
def test_no_more_words_than_lives_are_won_whole(words, lives):
    search = WinSearch(words, [1.0, 0.2, 0.05, 0.3][:len(words)])
    assert search.value(search.everything, lives) == pytest.approx(sum([1.0, 0.2, 0.05, 0.3][:len(words)]))
    assert search.value(search.everything, lives - 1) < search.mass(search.everything)


def test_the_heavy_word_is_chased_first_when_lives_are_short():
    # one life: only one of these words can be won, and the search goes for the heaviest (DOG, by D, O or G in place)
    words = ["dog", "cat", "hat", "bat"]
    search = WinSearch(words, [5.0, 1.0, 1.0, 1.0])
    value, letter = search.best(search.everything, 1)
    assert value == pytest.approx(5.0) and letter in ("d", "o", "g")


@pytest.mark.parametrize("secret, letter, left", [
    ("cat", "a", ["cat", "hat"]),  # a hit keeps the words with the letter in the same places
    ("cat", "o", ["cat", "hat"]),  # a miss keeps the words without it
    ("dog", "o", ["dog"]),
    ("dog", "z", ["cat", "dog", "hat"]),  # a letter no word has rules nothing out
])
def test_the_words_left_after_a_letter_are_those_answering_as_the_secret(secret, letter, left):
    search = WinSearch(["cat", "dog", "hat"], [1.0, 1.0, 1.0])
    assert search.after(search.everything, letter, secret) == search.bits_of(left)


def test_a_search_over_its_budget_stops_so_a_cheaper_rule_can_decide():
    words = ["bat", "cat", "hat", "mat", "pat", "rat", "sat", "vat"]  # eight words, two lives: many positions
    with pytest.raises(OutOfPositions):
        WinSearch(words, [1.0] * 8, budget=1).value((1 << 8) - 1, 2)


@pytest.mark.parametrize("words, weights, error", [
    (["cat", "dogs"], [1.0, 1.0], "same length"),
    (["cat", "dog"], [1.0], "one weight"),
    (["cat", "dog"], [1.0, -1.0], "one weight"),
])
def test_bad_words_or_weights_are_refused_with_a_reason(words, weights, error):
    with pytest.raises(ValueError, match=error):
        WinSearch(words, weights)
