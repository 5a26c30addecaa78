"""Grading a Wordle game, pinned on hand-worked games over a five-answer list.

Answers cat bat hat cot dog. Best play needs 10 guesses in all (2.0 each): no guess tells all five apart, so a
possible answer splitting them into four groups (cat: cat | bat hat | cot | dog) costs 5 + 3 + 1 + 1 = 10.
"""
import math

import pytest

from core.wordle.grade import GradeError, grade_game, luck_of, parse_colours, parse_moves
from core.wordle.rules import feedback
from core.wordle.tree import build_tree

ANSWERS = ["cat", "bat", "hat", "cot", "dog"]


@pytest.fixture(scope="module")
def setup():
    from core.wordle.harness import make_setup

    return make_setup(ANSWERS, ANSWERS + ["bch", "zzz"])


def moves(*words):
    return [(w, None) for w in words]


@pytest.mark.parametrize("game, skills, lucks, after, basis", [
    # zzz narrows nothing (3.0 expected guesses against 2.0); cat is best play; hat wins
    (("zzz", "cat", "hat"), [66.7, 100.0, 100.0], [0.0, -30.0, 0.0], [5, 2, 1], ["search"] * 3),
    # bch splits as well as cat on average but cannot win at once: 11 guesses in all against 10
    (("bch", "hat"), [90.9, 100.0], [20.0, None], [1, 1], ["search"] * 2),
    # dog first: 5 + solve(cat bat hat) 5 = 10 + the lone answers... cat bat hat need 2+... see below
    (("cat", "bat", "hat"), [100.0, 100.0, 100.0], [-30.0, 0.0, None], [2, 1, 1], ["search"] * 3),
])
def test_hand_worked_games_get_their_skill_and_luck(setup, game, skills, lucks, after, basis):
    grades = grade_game(setup, moves(*game), answer="hat")
    assert [g.skill for g in grades] == skills
    assert [g.luck for g in grades] == lucks
    assert [g.after for g in grades] == after
    assert [g.basis for g in grades] == basis


def test_the_one_step_skill_is_used_when_too_many_answers_are_left_to_search(setup):
    grades = grade_game(setup, moves("zzz", "bch", "cat"), answer="cot", search_up_to=0)
    assert [g.basis for g in grades][:2] == ["one step", "one step"]
    assert grades[0].skill == 0.0  # zzz: ln(5/5) / ln(5/1.4)
    assert grades[1].skill == 100.0  # bch leaves 1.4 on average, like the best (cat)
    assert grades[1].best.guess == "cat" and grades[1].best.mean == pytest.approx(1.4)
    assert grades[2].before == 2 and grades[2].after == 1  # cat or cot; cot named after cat's colours


def test_one_step_skill_formula_between_best_and_nothing(setup):
    grades = grade_game(setup, moves("dog", "cat"), answer="bat", search_up_to=0)
    expected = 100 * math.log(5 / 2.2) / math.log(5 / 1.4)
    assert grades[0].skill == pytest.approx(expected, abs=0.05)


def test_the_saved_tree_supplies_expected_guesses_where_the_game_follows_it(setup):
    tree = build_tree(setup)
    first = tree["guess"]
    grades = grade_game(setup, moves(first), answer="dog", tree=tree)
    assert grades[0].basis == "saved tree"
    assert grades[0].best_guesses == pytest.approx(2.0) and grades[0].skill == 100.0
    off = grade_game(setup, moves("zzz"), answer="dog", tree=tree)[0]
    assert off.basis == "saved tree" and off.your_guesses == pytest.approx(3.0) and off.skill == pytest.approx(66.7)


def test_colours_alone_grade_a_game_without_the_answer(setup):
    with_answer = grade_game(setup, moves("cat", "hat"), answer="hat")
    typed = parse_moves("cat -gg\nhat ggg", 3)
    assert [g.skill for g in grade_game(setup, typed)] == [g.skill for g in with_answer]


@pytest.mark.parametrize("text, answer, message", [
    ("cat\nqqq", "hat", "not in the allowed list"),
    ("cat", "zzz", "is not one of the 5 answers"),
    ("cat", None, "give its colours"),
    ("cat ggg\nbat", None, "already solved"),
    ("cat ggy", None, "no answer in the list fits"),
    ("cat -gg", "dog", "other colours than the ones typed"),
])
def test_games_that_cannot_have_happened_get_a_plain_message(setup, text, answer, message):
    with pytest.raises(GradeError, match=message):
        grade_game(setup, parse_moves(text, 3), answer=answer)


@pytest.mark.parametrize("text, length, code", [
    ("gy-", 3, 2 + 1 * 3), ("G Y .", 3, 2 + 3), ("🟩🟨⬜", 3, 5), ("--g", 3, 18),
])
def test_colours_are_read_in_several_notations(text, length, code):
    assert parse_colours(text, length) == code


@pytest.mark.parametrize("text, message", [
    ("", "at least one guess"), ("ca", "has 2 letters"), ("cat gg", "have 2 marks"), ("cat gqg", "not a colour"),
    ("cat ggg extra", "expected a word"),
])
def test_bad_lines_are_refused_with_their_line(text, message):
    with pytest.raises(GradeError, match=message):
        parse_moves(text, 3)


@pytest.mark.parametrize("sizes, mine, luck", [([1, 2, 1, 1], 2, -30.0), ([1, 2, 1, 1], 1, 20.0), ([5], 5, 0.0),
                                               ([1], 1, None), ([1, 9], 1, 45.0), ([1, 9], 9, -5.0)])
def test_luck_is_points_around_an_average_draw(sizes, mine, luck):
    assert luck_of(sizes, mine) == luck


def test_hard_mode_refuses_a_guess_the_game_refuses():
    from core.wordle.harness import make_setup

    hard = make_setup(ANSWERS, ANSWERS + ["bch", "zzz"], hard=True)
    with pytest.raises(GradeError, match="hard mode refuses"):
        grade_game(hard, moves("cat", "zzz"), answer="hat")
    assert feedback("hat", "cat") != 0


def test_a_supplied_best_guess_lookup_is_used_in_place_of_the_scan(setup):
    from core.wordle.explain import best_by_average

    asked = []

    def best_at(state):
        asked.append(state.turn)
        return best_by_average(setup, state)[0]

    plain = grade_game(setup, moves("zzz", "cat", "hat"), answer="hat")
    looked_up = grade_game(setup, moves("zzz", "cat", "hat"), answer="hat", best_at=best_at)
    assert asked == [0, 1, 2] and looked_up == plain
