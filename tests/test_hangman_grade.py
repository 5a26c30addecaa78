"""Grading a person's game: a hand-worked game, the skill formula's edges, and the win-chance cap."""
import pytest

from core.hangman.grade import GreedyPlayer, grade_game, move_summary, parse_guesses, skill_score, win_chance_after, words_left
from core.hangman.rules import RuleError

WORDS = ["cat", "bat", "hat", "mat", "dog", "cot", "cut"]


def test_a_hand_worked_game():
    # answer cat, 3 lives; letters a, o, c, t
    g = grade_game(WORDS, "cat", list("aoct"), 3)
    a, o, c, t = g.moves
    # A splits 7 words into cat/bat/hat/mat (4) and dog/cot/cut (3): average (16 + 9) / 7 left, worst 4
    assert (a.before, a.after, a.theirs_avg, a.theirs_worst) == (7, 4, pytest.approx(25 / 7), 4)
    assert (a.best_letter, a.skill) == ("a", 100)  # a and c tie; alphabetical
    # win chances: after a hit, b / c / h split the four words (3 lives): 1/4 + 3/4 * (1/3 + 2/3 * 1/2) = 3/4;
    # after a miss, c splits dog from cot/cut and o ends it: 1. On average 4/7 * 3/4 + 3/7 = 6/7
    assert a.theirs_win == pytest.approx(6 / 7) and a.result_win == pytest.approx(3 / 4)
    assert a.luck == pytest.approx(3 / 4 - 6 / 7)
    # O cannot be in any of cat/bat/hat/mat: nothing gained, a life lost
    assert (o.hit, o.before, o.after, o.skill, o.best_letter, o.best_avg) == (False, 4, 4, 0, "b", 2.5)
    # C singles out cat: as good on average as B, lucky to hit
    assert (c.skill, c.after, c.luck) == (100, 1, pytest.approx(0.5))
    assert (t.before, t.skill) == (1, 100)
    assert g.final.won and g.mean_skill() == pytest.approx(75)


@pytest.mark.parametrize("before, theirs, best, hit, skill", [
    (10, 10, 4, False, 0), (10, 4, 4, True, 100), (10, 7, 4, True, 50), (1, 1, 1, True, 100), (1, 1, 1, False, 0),
    (0, 0, 0, False, None), (10, 12, 4, False, 0),  # never below 0
])
def test_skill_formula_edges(before, theirs, best, hit, skill):
    assert skill_score(before, theirs, best, hit) == skill


def test_words_left_average_and_worst():
    assert words_left(["cat", "bat", "dog"], "a") == (pytest.approx(5 / 3), 2)
    assert words_left([], "a") == (0.0, 0)


def test_win_chances_are_not_worked_out_above_the_cap():
    g = grade_game(WORDS, "cat", ["a"], 3, win_cap=5)
    assert g.moves[0].theirs_win is None and g.moves[0].luck is None and g.moves[0].skill == 100


def test_an_answer_outside_the_list_leaves_nothing_to_grade():
    g = grade_game(WORDS, "zoz", ["z", "o"], 6)
    assert g.moves[0].after == 0 and g.moves[1].skill is None


def test_a_repeated_letter_is_refused():
    with pytest.raises(RuleError, match="twice"):
        grade_game(WORDS, "cat", ["a", "a"], 6)


def test_moves_after_the_end_are_ignored():
    assert len(grade_game(WORDS, "cat", list("catxyz"), 6).moves) == 3


def test_no_lives_no_win():
    assert GreedyPlayer().win(("cat", "bat"), 0, frozenset()) == 0.0
    assert win_chance_after(["cat", "bat"], 1, [], "c") == pytest.approx(0.5)  # bat: a miss with the last life
    assert win_chance_after(["cat", "bat"], 2, [], "c") == pytest.approx(1.0)
    assert win_chance_after(["cat", "bat"], 1, [], "q") == 0.0


@pytest.mark.parametrize("text, letters", [("e a r", ["e", "a", "r"]), ("e,A;r", ["e", "a", "r"]), ("ear", ["e", "a", "r"]), ("", [])])
def test_parse_guesses(text, letters):
    assert parse_guesses(text) == letters


def test_move_summaries_of_the_hand_worked_game():
    a, o, c, t = grade_game(WORDS, "cat", list("aoct"), 3).moves
    assert move_summary(a) == ("A: in the word, 4 of 7 words left. The best letter: it leaves 3.6 words on average, 4 at worst. "
                               "Skill 100. Unlucky: 11 points of win chance lost by the answer.")
    assert move_summary(o) == ("O: a miss, 4 of 4 words left. O leaves 4.0 words on average (4 at worst); B would leave 2.5 "
                               "(3 at worst). Skill 0. About as lucky as average.")
    assert move_summary(c).endswith("Skill 100. Lucky: 50 points of win chance gained by the answer.")
    assert move_summary(t) == "T: in the word, 1 of 1 word left. The word was known; any of its letters was right."


class FirstLetter:
    """A stand-in solver that always guesses the first open letter of a fixed order."""

    def __init__(self, order: str) -> None:
        self.order = order

    def choose(self, state):
        return next((c for c in self.order if c not in state.guessed), None)


def test_win_chances_under_a_solver_that_plays_on():
    # after A hits (cat bat hat mat, 3 lives), a solver guessing t, m, h, b, c in that order: t reveals nothing new;
    # m, h, b each a miss unless it is the word -> wins on mat, hat, bat (3 of 4); cat needs a 4th miss
    g = grade_game(WORDS, "cat", ["a"], 3, solver=FirstLetter("tmhbc"))
    assert g.moves[0].result_win == pytest.approx(3 / 4)
    # a solver that never guesses a useful letter loses every game with more than one word left
    g = grade_game(WORDS, "cat", ["a"], 3, solver=FirstLetter("xyz"))
    assert g.moves[0].result_win == 0.0
