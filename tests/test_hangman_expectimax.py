"""The exact best chance to win over a few weighted words: equal to a brute-force search, and better than greedy."""
import itertools

import pytest

from core.hangman.expectimax import OutOfPositions, WeightedExpectimax, letter_splits


def brute_force(words: list[str], weights: list[float], lives: int, guessed: frozenset = frozenset()) -> float:
    """The most weight won by any letter order, trying every unguessed letter (no pruning, no memo)."""
    if lives <= 0:
        return 0.0
    if len(words) <= 1:
        return sum(weights)
    best = 0.0
    for c in sorted({ch for w in words for ch in w} - guessed):
        groups: dict[tuple, list[int]] = {}
        for i, w in enumerate(words):
            groups.setdefault(tuple(k for k, ch in enumerate(w) if ch == c), []).append(i)
        total = 0.0
        for where, rows in groups.items():
            sub, sw = [words[i] for i in rows], [weights[i] for i in rows]
            total += brute_force(sub, sw, lives - (0 if where else 1), guessed | {c})
        best = max(best, total)
    return best


CASES = {
    "one shape": (["dog", "dot", "don", "log", "lot", "hog", "hot", "not"], [5, 1, 1, 1, 2, 1, 1, 4]),
    "repeated letters": (["noon", "moon", "mood", "door", "poor", "boom", "book", "look"], [1, 2, 3, 1, 1, 1, 2, 1]),
    "no shared letter": (["cat", "dog", "sun", "fir"], [1, 1, 1, 1]),
    "a zero weight": (["bat", "cat", "hat", "mat", "rat"], [0, 3, 1, 1, 0]),
}


@pytest.mark.parametrize("case, lives", list(itertools.product(CASES, [1, 2, 3, 6])))
def test_the_search_wins_exactly_what_a_brute_force_search_wins(case, lives):
    words, weights = CASES[case]
    search = WeightedExpectimax(words, weights)
    assert search.wins(search.everything, lives) == pytest.approx(brute_force(words, weights, lives))


@pytest.mark.parametrize("case", list(CASES))
def test_each_letters_value_is_a_chance_and_the_best_letter_reaches_the_best_value(case):
    words, weights = CASES[case]
    search = WeightedExpectimax(words, weights)
    letters = sorted({c for w in words for c in w})
    values = search.letter_values(search.everything, 2, letters)
    assert all(0.0 <= v <= 1.0 for v in values.values())
    assert max(values.values()) == pytest.approx(brute_force(words, weights, 2) / sum(weights))


def test_the_letter_in_the_most_words_is_not_always_the_letter_that_wins_most():
    # T is in every word but the heavy DOG, so a miss on it loses DOG with the last life; G hits DOG alone and wins
    # its weight at once
    words, weights = ["dot", "hot", "lot", "pot", "rot", "dog"], [1, 1, 1, 1, 1, 10]
    search = WeightedExpectimax(words, weights)
    values = search.letter_values(search.everything, 1, ["t", "d", "g"])
    assert values["g"] > values["t"] and values["g"] == pytest.approx(10 / 15)


def test_a_sure_miss_is_worth_playing_on_with_one_life_fewer():
    search = WeightedExpectimax(["cat", "bat"], [1, 1])
    assert search.letter_values(search.everything, 2, ["z"])["z"] == pytest.approx(0.5)
    assert search.letter_values(search.everything, 1, ["z"])["z"] == 0.0


def test_the_search_stops_at_its_budget():
    words = [a + b + c for a in "bcdfg" for b in "aeiou" for c in "lmnpr"]
    with pytest.raises(OutOfPositions):
        WeightedExpectimax(words, [1.0] * len(words), budget=5).wins((1 << len(words)) - 1, 6)


@pytest.mark.parametrize("words, weights", [(["cat", "dogs"], [1, 1]), (["cat"], [-1]), (["cat", "dog"], [1])])
def test_words_of_mixed_lengths_or_bad_weights_are_refused(words, weights):
    with pytest.raises(ValueError):
        WeightedExpectimax(words, weights)


def test_a_letters_split_covers_every_word_once():
    words = ["noon", "moon", "look"]
    for letter, split in letter_splits(words).items():
        bits = [b for _, b in split]
        assert sum(bits) == 0b111 and all(a & b == 0 for a, b in itertools.combinations(bits, 2)), letter
