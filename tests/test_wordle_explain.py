"""Plain-word move figures, the sentences built from them, and the Absurdle host's choice, on hand-worked lists."""
import numpy as np
import pytest

from core.wordle.adversary_view import host_choice, play_host
from core.wordle.explain import best_by_average, figures_of, move_sentence, number, top_guesses
from core.wordle.harness import State, make_setup
from core.wordle.rules import feedback
from core.wordle.solvers import SOLVERS

ANSWERS = ["cat", "bat", "hat", "cot", "dog"]
SETUP = make_setup(ANSWERS, ANSWERS + ["bch", "zzz", "zch", "aaa", "aaz"])


@pytest.mark.parametrize("guess, worst, mean, chance, groups", [
    ("cat", 2, 7 / 5, 1 / 5, 4),  # cat | bat hat | cot | dog
    ("bch", 2, 7 / 5, 0.0, 4),  # cat cot share -y-
    ("dog", 3, 11 / 5, 1 / 5, 3),  # cat bat hat all grey
    ("zzz", 5, 5.0, 0.0, 1),  # splits nothing
])
def test_figures_count_what_a_guess_leaves_at_worst_and_on_average(guess, worst, mean, chance, groups):
    f = figures_of(SETUP, State(), [guess])[0]
    assert (f.before, f.worst, f.groups) == (5, worst, groups)
    assert f.mean == pytest.approx(mean) and f.chance == pytest.approx(chance)


def test_best_by_average_prefers_a_possible_answer_among_equals():
    assert best_by_average(SETUP, State())[0].guess == "cat"  # cat, bat, hat, cot and bch all leave 1.4


def test_top_guesses_put_the_choice_first_and_drop_tied_non_answers():
    ranking = ["zzz", "aaa", "aaz", "bch", "zch", "cat"]  # zzz splits nothing; aaa and aaz split alike
    top = top_guesses(SETUP, State(), ranking, chosen="dog", k=6)
    words = [f.guess for f in top]
    assert words == ["dog", "aaa", "bch", "zch", "cat"]


def test_top_guesses_with_two_answers_left_lists_only_the_answers():
    state = State().then("cat", feedback("hat", "cat"))  # bat or hat
    top = top_guesses(SETUP, state, ["zzz", "aaa", "bch", "bat", "hat"], chosen="bat", k=6)
    assert [f.guess for f in top] == ["bat", "hat"]


@pytest.mark.parametrize("guess, history, expected", [
    ("cat", (), "CAT leaves at most 2 and on average 1.4 of the 5 possible answers, whatever the colours. "
                "It could itself be the answer (a 1 in 5 chance)."),
    ("zzz", (), "ZZZ leaves at most 5 and on average 5 of the 5 possible answers, whatever the colours."),
    ("dog", (("cat", feedback("dog", "cat")),), "DOG is the only answer left, so it wins."),
    ("bat", (("cat", feedback("hat", "cat")),),
     "BAT could be the answer (a 1 in 2 chance), and whatever the colours the answer is known after it."),
])
def test_move_sentences_use_the_same_numbers_as_the_table(guess, history, expected):
    f = figures_of(SETUP, State(history), [guess])[0]
    assert move_sentence(guess, f) == expected


@pytest.mark.parametrize("x, text", [(61.2, "61"), (2315, "2,315"), (1.4, "1.4"), (5.0, "5"), (9.96, "10.0")])
def test_numbers_read_as_words(x, text):
    assert number(x) == text


@pytest.mark.parametrize("candidates, guess, kept", [
    (ANSWERS, "cat", feedback("bat", "cat")),  # groups 1,2,1,1: keeps bat/hat
    (ANSWERS, "dog", 0),  # cat bat hat are all grey
    (["bat", "hat"], "hat", feedback("bat", "hat")),  # tie 1-1: fewer greens than all green
    (["bat", "hat"], "bch", feedback("hat", "bch")),  # tie: one coloured each; fewer greens (hat's --y)
    (["cat", "hat"], "zch", feedback("cat", "zch")),  # tie: one yellow each; the lower code (-y- = 3 < --y = 9)
    (["dog"], "dog", 26),  # one answer left and named: the host must say all green
])
def test_host_keeps_the_largest_group_with_the_stated_tie_rule(candidates, guess, kept):
    cands = np.array([SETUP.answers.index(w) for w in candidates])
    assert host_choice(SETUP, cands, guess) == kept


def test_a_solver_against_the_host_ends_by_naming_the_last_answer():
    solver = SOLVERS.create("entropy").fit(SETUP)
    state = play_host(solver.choose, SETUP)
    assert state.history[-1][1] == SETUP.solved
    before_last = SETUP.candidates(State(state.history[:-1]))
    assert len(before_last) == 1  # the host gave in only when one answer was left


def test_guess_figures_in_slices_equal_the_whole_table(monkeypatch):
    """Slicing the guesses (for speed) changes no figure."""
    import numpy as np

    import core.wordle.explain as explain
    from core.wordle.harness import State, make_setup

    words = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "heath", "dwarf"]
    setup = make_setup(words, words + ["salet", "crane", "trace"])
    pool, cands = np.arange(len(setup.guesses)), setup.candidates(State(()))
    whole = explain.figure_arrays(setup, cands, pool)
    monkeypatch.setattr(explain, "SLICE_CELLS", 20)  # one or two guesses a slice
    assert all(np.array_equal(a, b) for a, b in zip(whole, explain.figure_arrays(setup, cands, pool)))
