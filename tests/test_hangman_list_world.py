"""A word drawn evenly from the list: the bitset rollout plays the candidates rule exactly, and with few fitting words
`best` picks the letter that wins most (checked against a brute-force search on small hand-made lists)."""
import dataclasses
import itertools

import numpy as np
import pytest

from core.hangman.harness import check_game, play
from core.hangman.rules import new_game, state_from_mask
from core.hangman.solvers import SOLVERS, CandidatesSolver, Setup, subset_bits
from tests.test_hangman_expectimax import brute_force

# lists where the letter in the most words (the candidates rule, played out greedily) is not the letter that wins most
GREEDY_LOSES = {
    "t beats u": (["dug", "fit", "jug", "lot", "nun", "rot", "sun", "tug"], 2, "t"),
    "u beats t": (["cup", "hat", "hug", "jot", "oat", "rug", "run", "tot"], 2, "u"),
    "u beats t, nine words": (["cot", "eat", "fat", "fun", "kit", "mug", "oat", "sun", "tot"], 2, "u"),
}
LISTS = {
    "one shape": ["dog", "dot", "don", "log", "lot", "hog", "hot", "not"],
    "repeated letters": ["noon", "moon", "mood", "door", "poor", "boom", "book", "look"],
    "no shared letter": ["cat", "dog", "sun", "fir"],
    **{name: words for name, (words, _, _) in GREEDY_LOSES.items()},
}


def list_best(words: list[str], exact: int):
    """`best` fitted on the words, playing for a word drawn evenly from them, exact with at most `exact` fitting words."""
    solver = SOLVERS.create("best").fit(Setup(tuple(words), "list"))
    solver.params = dataclasses.replace(solver.params, list_exact=exact)
    return solver


def weighted_rollout(solver: CandidatesSolver, state, letters: list[int]) -> np.ndarray:
    """The rollout's numpy form, every candidate weighing 1 (the reference the bitset rollout must equal)."""
    idx = solver.index.candidates(state)
    return solver.rollout_chances(state, idx, solver.index.presence(state, idx), letters, np.ones(len(idx)))


@pytest.mark.parametrize("name, lives, depth", list(itertools.product(LISTS, [1, 2, 3, 6], [1, 2])))
def test_the_bitset_rollout_wins_what_the_candidates_rule_played_out_wins(name, lives, depth):
    solver = CandidatesSolver(fallback="", rollout_letters=26, rollout_depth=depth).fit(LISTS[name])
    state = new_game(len(LISTS[name][0]), lives)
    idx = solver.index.candidates(state)
    letters = list(range(solver.alphabet.size))
    even = solver.rollout_chances(state, idx, solver.index.presence(state, idx), letters)
    assert even == pytest.approx(weighted_rollout(solver, state, letters))


def test_a_later_board_reuses_the_rollout_built_for_an_earlier_one_and_scores_the_same():
    words = LISTS["one shape"]
    solver = CandidatesSolver(fallback="").fit(words)
    first = new_game(3, 6)
    solver.scores(first)
    built = solver.__dict__["_greedy"][2]
    later = state_from_mask("_o_", "a", 6)
    reused = solver.scores(later)
    assert solver.__dict__["_greedy"][2] is built  # the later board's words are among the first board's
    fresh = CandidatesSolver(fallback="").fit(words).scores(later)
    assert reused == pytest.approx(fresh)


@pytest.mark.parametrize("rows, idx, bits", [
    ([2, 5, 7, 9], [5, 9], 0b1010),
    ([2, 5, 7, 9], [2, 5, 7, 9], 0b1111),
    ([2, 5, 7, 9], [], 0),
    ([2, 5, 7, 9], [5, 6], None),  # 6 is not among the rows
    ([2, 5, 7, 9], [9, 10], None),  # past the last row
    ([2, 5], [2, 5, 7], None),  # more rows than there are
])
def test_subset_bits_marks_the_rows_or_says_they_are_not_all_there(rows, idx, bits):
    assert subset_bits(np.array(rows), np.array(idx, dtype=int)) == bits


@pytest.mark.parametrize("name", list(GREEDY_LOSES))
def test_with_few_fitting_words_the_list_world_picks_the_letter_that_wins_most(name):
    words, lives, winner = GREEDY_LOSES[name]
    state = new_game(3, lives)
    best_value = brute_force(words, [1.0] * len(words), lives)
    exact = list_best(words, exact=100)
    assert exact.choose(state) == winner
    greedy = list_best(words, exact=0).choose(state)  # the candidates rule alone chooses another, worse letter
    assert greedy != winner
    chances = exact.list_exact_chances(state)
    code = exact.alphabet.letters.index
    assert chances[code(winner)] == pytest.approx(best_value / len(words), abs=1e-5)
    assert chances[code(greedy)] < chances[code(winner)] - 0.05


@pytest.mark.parametrize("name, lives", list(itertools.product(LISTS, [1, 2, 3, 6])))
def test_the_exact_letters_chance_is_the_best_any_order_wins(name, lives):
    words = LISTS[name]
    solver = list_best(words, exact=100)
    state = new_game(len(words[0]), lives)
    chances = solver.list_exact_chances(state)
    assert chances.max() == pytest.approx(brute_force(words, [1.0] * len(words), lives) / len(words), abs=1e-5)


def test_beyond_its_position_budget_the_list_world_falls_back_to_the_rollout():
    words = [a + b + c for a in "bcdfg" for b in "aeiou" for c in "lmnpr"]
    solver = list_best(words, exact=1000)
    solver.params = dataclasses.replace(solver.params, list_exact_positions=5)
    state = new_game(3, 6)
    assert solver.list_exact_chances(state) is None
    rollout = list_best(words, exact=0)
    assert solver.scores(state) == pytest.approx(rollout.scores(state))


@pytest.mark.parametrize("secret", ["dug", "nun", "tot", "hat"])
def test_games_in_the_list_world_replay_through_the_rules(secret):
    words = sorted({w for ws, _, _ in GREEDY_LOSES.values() for w in ws})
    record = play(list_best(words, exact=100), secret, 6)
    assert check_game(record) and record.won


@pytest.mark.parametrize("name, lives", list(itertools.product(LISTS, [1, 2, 3])))
def test_played_on_every_word_of_the_list_the_exact_search_wins_the_most_any_order_wins(name, lives):
    words = LISTS[name]
    exact, rollout = list_best(words, exact=100), list_best(words, exact=0)
    won = {solver: sum(play(solver, w, lives).won for w in words) for solver in (exact, rollout)}
    assert won[exact] == round(brute_force(words, [1.0] * len(words), lives))
    assert won[exact] >= won[rollout]


def board_letters(solver, words: list[str], lives: int) -> list[tuple]:
    """Every board of one solver's games on each word in turn, with the letter it chose there."""
    out = []
    for secret in words:
        record = play(solver, secret, lives)
        out += [(step.before, step.letter) for step in record.steps]
    return out


@pytest.mark.parametrize("name, lives", list(itertools.product(LISTS, [1, 2, 3, 6])))
def test_searches_kept_across_games_choose_the_letters_a_fresh_search_chooses(name, lives):
    words = LISTS[name]
    kept = list_best(words, exact=100)
    for state, letter in board_letters(kept, words, lives):
        fresh = list_best(words, exact=100)  # nothing kept: every board searched from scratch
        assert fresh.choose(state) == letter, (state, letter)
        assert fresh.list_exact_chances(state) == pytest.approx(kept.list_exact_chances(state))


@pytest.mark.parametrize("name", list(LISTS))
def test_every_later_board_of_every_game_is_searched_on_the_first_boards_search(name):
    words = LISTS[name]
    solver = list_best(words, exact=100)
    board_letters(solver, words, 3)
    shelf = solver.exact_shelf().shelf
    assert len(shelf) == 1 and set(next(iter(shelf))) == set(words)


@pytest.mark.parametrize("first, second", [
    (LISTS["one shape"], ["dig", "dim", "din", "fig", "fin", "pig", "pin", "tin"]),  # other words of the same shape
    (LISTS["one shape"], LISTS["one shape"][:5]),  # some of the same words: still a list of its own
    (LISTS["u beats t"], LISTS["t beats u"]),  # where the best first letter differs
])
def test_a_solver_fitted_on_another_list_keeps_no_search_of_the_first_list(first, second):
    solver = list_best(first, exact=100)
    board_letters(solver, first, 2)
    old = solver.exact_shelf()
    solver.fit(Setup(tuple(second), "list"))  # the world is part of the setup: a plain list plays the default
    state = new_game(3, 2)
    assert solver.choose(state) == list_best(second, exact=100).choose(state)
    assert solver.exact_shelf() is not old
    assert all(set(words) <= set(second) for words in solver.exact_shelf().shelf)
