"""The shortest forced win against the Absurdle host (research): shortest by brute force, replayed through the rules."""
import pytest

from core.wordle.adversary import host_choice, replay_against_host
from core.wordle.harness import make_setup
from research.wordle.forced_win import shortest_forced_win


@pytest.fixture(scope="module")
def small_setup():
    words = ["crane", "crate", "trace", "brine", "slate", "plate", "grate", "shore", "store", "stone", "phone",
             "shine", "whine", "about", "other", "their"]
    return make_setup(words, words + ["aesir", "cloth", "dumpy"])


def brute_force_shortest(setup, limit):
    """The length of the shortest winning sequence, by trying every sequence of guesses (small lists only)."""
    frontier = [tuple(setup.answers)]
    for n in range(1, limit + 1):
        nxt = []
        for kept in frontier:
            for g in setup.guesses:
                choice = host_choice(kept, g, rule=setup.rule)
                if choice.feedback == setup.solved:
                    return n
                if len(choice.kept) < len(kept):
                    nxt.append(choice.kept)
        frontier = list(dict.fromkeys(nxt))
    return None


def test_the_forced_win_is_the_shortest_and_replays_through_the_rules(small_setup):
    win = shortest_forced_win(small_setup, width=None)
    assert win is not None
    sizes, won = replay_against_host(win.guesses, small_setup)
    assert won and sizes == win.kept and sizes[-1] == 1
    assert len(win.guesses) == brute_force_shortest(small_setup, 6)


def test_a_single_answer_is_won_in_one_guess():
    setup = make_setup(["crane"], ["crane", "slate"])
    win = shortest_forced_win(setup)
    assert win.guesses == ("crane",)


@pytest.mark.slow
def test_the_original_lists_are_won_in_four_against_the_host_and_no_fewer():
    from core.words import load_list, shared_data_dir

    if shared_data_dir() is None:
        pytest.skip("needs ../shared/data")
    setup = make_setup(load_list("Wordle answers 2,315").words, load_list("Wordle allowed 12,972").words)
    win = shortest_forced_win(setup)
    assert len(win.guesses) == 4 and "no win in 3: after any first guess" in win.proof
    sizes, won = replay_against_host(win.guesses, setup)
    assert won and sizes[-1] == 1
