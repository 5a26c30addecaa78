"""The Absurdle host: its choice on small lists (ties included) and solvers against it."""
import pytest

from core.wordle.adversary import (
    HostChoice,
    host_choice,
    host_pick,
    play_host,
    replay_against_host,
)
from core.wordle.harness import make_setup
from core.wordle.rules import feedback, pattern_of
from core.wordle.solvers import SOLVERS

G, Y, B = 2, 1, 0


def code(*cols):
    return pattern_of(cols)


@pytest.mark.parametrize("sizes, length, expected, why", [
    ({code(B, B, B): 3, code(G, B, B): 1}, 3, code(B, B, B), "the biggest group wins"),
    ({code(G, B, B): 2, code(B, Y, B): 2}, 3, code(B, Y, B), "equal sizes: fewer greens"),
    ({code(Y, Y, B): 2, code(Y, B, B): 2}, 3, code(Y, B, B), "equal sizes and greens: fewer yellows"),
    ({code(B, Y, B): 2, code(Y, B, B): 2}, 3, code(Y, B, B), "same colours: the lower code"),
    ({code(G, G, G): 1, code(B, B, B): 1}, 3, code(B, B, B), "all green only when nothing else is left"),
    ({code(G, G, G): 1}, 3, code(G, G, G), "a single answer guessed: solved"),
    ({code(G, G, B): 1, code(Y, Y, Y): 1}, 3, code(Y, Y, Y), "one green beats three yellows in revealing more"),
])
def test_host_pick_keeps_the_biggest_group_and_breaks_ties_by_revealing_least(sizes, length, expected, why):
    assert host_pick(sizes, length) == expected, why


@pytest.mark.parametrize("answers, guess, feedback_colours, kept", [
    (["abc", "abd", "xyz"], "abe", (G, G, B), ("abc", "abd")),  # {abc, abd} share GGB: 2 beats 1
    (["abc", "xyz"], "abc", (B, B, B), ("xyz",)),  # a tie of ones: grey reveals least, the guess is not solved
    (["abc"], "abc", (G, G, G), ("abc",)),  # the last answer guessed
    (["bca", "cab", "abc"], "abc", (Y, Y, Y), ("bca", "cab")),  # both YYY: kept together
    (["aab", "abb"], "bba", (Y, B, Y), ("aab",)),  # aab -> YBY, abb -> YGY: tie of ones, fewer greens kept
])
def test_host_choice_on_small_lists(answers, guess, feedback_colours, kept):
    choice = host_choice(answers, guess)
    assert isinstance(choice, HostChoice)
    fb, got, sizes = choice
    assert fb == pattern_of(feedback_colours)
    assert got == kept
    assert sum(sizes.values()) == len(answers)
    assert next(iter(sizes)) == fb
    assert all(feedback(a, guess) == fb for a in got)


def test_host_choice_by_index_matches_by_word():
    setup = make_setup(["crane", "crate", "trace", "brine", "slate", "plate"], ["crane", "crate", "trace", "brine",
                                                                                   "slate", "plate", "store"])
    by_word = host_choice(list(setup.answers), "store", setup)
    by_index = host_choice(range(len(setup.answers)), "store", setup)
    assert by_word.feedback == by_index.feedback
    assert by_word.kept == tuple(setup.answers[i] for i in by_index.kept)
    assert by_word.group_sizes == by_index.group_sizes


def test_host_choice_refuses_an_empty_list_and_mixed_lengths():
    with pytest.raises(ValueError, match="keeps no answer"):
        host_choice([], "abc")
    with pytest.raises(ValueError, match="differ in length"):
        host_choice(["abcd"], "abc")


@pytest.fixture(scope="module")
def small_setup():
    words = ["crane", "crate", "trace", "brine", "slate", "plate", "grate", "shore", "store", "stone", "phone",
             "shine", "whine", "about", "other", "their"]
    return make_setup(words, words + ["aesir", "cloth", "dumpy"])


@pytest.mark.parametrize("name", SOLVERS.names())
def test_every_solver_beats_the_host_and_the_game_replays(small_setup, name):
    game = play_host(SOLVERS.create(name).fit(small_setup), small_setup)
    assert game.won and game.n_guesses <= 8
    assert game.kept[-1] == 1
    sizes, won = replay_against_host(game.guesses, small_setup)
    assert won and sizes == game.kept
