"""The exact best chance to win over a few weighted words: equal to a brute-force search, and better than greedy."""
import itertools

import pytest

from core.hangman.expectimax import OutOfPositions, SearchShelf, WeightedExpectimax, letter_splits


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


@pytest.mark.parametrize("case, lives", list(itertools.product(CASES, [1, 2, 3, 6])))
def test_the_whole_word_count_search_wins_what_the_weighted_search_wins_with_every_weight_two(case, lives):
    words = CASES[case][0]
    even = WeightedExpectimax(words, [1.0] * len(words))  # counts whole words (count_won)
    doubled = WeightedExpectimax(words, [2.0] * len(words))  # the general weighted search
    assert even.even and not doubled.even
    assert 2 * even.wins(even.everything, lives) == pytest.approx(doubled.wins(doubled.everything, lives))
    assert even.wins(even.everything, lives) == brute_force(words, [1.0] * len(words), lives)


@pytest.mark.parametrize("boards, kept, searches", [
    ([["dog", "dot", "log"], ["dog", "dot"]], 2, 1),  # the second board's words are all in the first search
    ([["dog", "dot"], ["dog", "dot", "log"]], 2, 2),  # LOG is in no kept search: a new one
    ([["dog", "dot"], ["cat", "bat"], ["fin", "fig"]], 2, 3),  # three built, at most two kept
    ([["dog", "dot"], ["cat", "bat"], ["fin", "fig"], ["dog"]], 2, 4),  # DOG's search was dropped: a new one
])
def test_the_shelf_reuses_a_search_holding_every_word_and_keeps_a_bounded_number(boards, kept, searches):
    shelf = SearchShelf(budget=1000, keep=kept)
    built = set()
    for words in boards:
        search, S = shelf.search_for(words)
        built.add(id(search))
        assert sorted(search.words[i] for i in range(len(search.words)) if S >> i & 1) == sorted(words)
    assert len(built) == searches and len(shelf.shelf) <= kept


def test_the_shelf_drops_the_least_recently_used_search():
    shelf = SearchShelf(budget=1000, keep=2)
    dog, _ = shelf.search_for(["dog", "dot"])
    shelf.search_for(["cat", "bat"])
    assert shelf.search_for(["dog"])[0] is dog  # DOG's search used again: CAT's is now the older one
    shelf.search_for(["fin", "fig"])
    assert shelf.search_for(["dot"])[0] is dog and ("cat", "bat") not in shelf.shelf
