"""Hangman rules: reveals, misses, win/loss, contradictions, consistency, any alphabet."""
import pytest

from core.hangman.rules import (
    RuleError,
    State,
    consistent,
    contradiction,
    guess,
    new_game,
    positions,
    reveal,
    secret_problem,
    state_from_mask,
)


@pytest.mark.parametrize("secret, letter, expected", [
    ("apple", "p", (1, 2)),
    ("apple", "z", ()),
    ("banana", "a", (1, 3, 5)),
    ("straße", "ß", (4,)),
    ("a", "a", (0,)),
])
def test_positions_finds_every_occurrence(secret, letter, expected):
    assert positions(secret, letter) == expected


def test_a_hit_reveals_every_position_and_costs_nothing():
    s = guess(new_game(6), "banana", "a")
    assert s.mask == "_a_a_a" and s.wrong == 0 and s.hits == ("a",)


def test_a_miss_costs_a_life_and_reveals_nothing():
    s = guess(new_game(5), "apple", "z")
    assert s.mask == "_____" and s.misses == ("z",) and s.lives_left == 5


@pytest.mark.parametrize("max_wrong, misses, lost", [(6, 5, False), (6, 6, True), (1, 1, True), (25, 24, False)])
def test_the_game_is_lost_at_the_miss_budget(max_wrong, misses, lost):
    s = new_game(3, max_wrong)
    for c in "bcdfghjklmnpqrstvwxyzeiou"[:misses]:
        s = guess(s, "aaa", c)
    assert s.lost is lost and s.over is lost


def test_the_game_is_won_when_every_letter_is_revealed():
    s = new_game(3)
    for c in "zct":
        s = guess(s, "cat", c)
    assert not s.won
    s = guess(s, "cat", "a")
    assert s.won and s.over and s.wrong == 1


@pytest.mark.parametrize("max_wrong", [0, 26, -1])
def test_miss_budget_outside_1_to_25_is_refused(max_wrong):
    with pytest.raises(RuleError):
        new_game(5, max_wrong)


@pytest.mark.parametrize("state, letter, where, fragment", [
    (State("a__le", ("a", "l", "e")), "p", [0], "already shows"),
    (State("a__le", ("a", "l", "e")), "l", [1], "already guessed"),
    (State("_____", ()), "x", [7], "outside"),
    (State("_____", ()), "x", [1, 1], "twice"),
    (State("_____", ()), "xy", [1], "single letter"),
])
def test_contradictory_answers_are_explained(state, letter, where, fragment):
    reason = contradiction(state, letter, where)
    assert reason and fragment in reason
    with pytest.raises(RuleError):
        reveal(state, letter, where)


def test_a_consistent_answer_is_accepted():
    s = reveal(State("a__le", ("a", "l", "e")), "p", [1, 2])
    assert s.mask == "apple" and s.won


@pytest.mark.parametrize("word, mask, misses, ok", [
    ("apple", "a__le", "", True),
    ("ample", "a__le", "", True),
    ("apple", "a__le", "p", False),      # a known miss in a blank
    ("aisle", "a__le", "", True),
    ("alele", "a__le", "", False),       # a revealed letter cannot hide in a blank
    ("angle", "a__l_", "", True),        # 'e' was never guessed, so it may fill a blank
    ("angle", "a__l_", "e", False),      # ... unless it is a known miss
    ("apples", "a__le", "", False),      # wrong length
])
def test_consistent_checks_pattern_and_misses(word, mask, misses, ok):
    assert consistent(word, state_from_mask(mask, misses)) is ok


def test_state_from_mask_reads_spaced_masks_and_refuses_overlap():
    assert state_from_mask("a _ _ l e").mask == "a__le"
    with pytest.raises(RuleError):
        state_from_mask("a__le", "a")


@pytest.mark.parametrize("secret, alphabet, bad", [
    ("apple", "abcdefghijklmnopqrstuvwxyz", False),
    ("straße", "abcdefghijklmnopqrstuvwxyzß", False),
    ("straße", "abcdefghijklmnopqrstuvwxyz", True),
    ("ab1", "abcdefghijklmnopqrstuvwxyz", True),
    ("", "abc", True),
    ("a_b", "abc", True),
])
def test_secret_problem_flags_letters_outside_the_alphabet(secret, alphabet, bad):
    assert (secret_problem(secret, alphabet) is not None) is bad
