"""Hints in the play-yourself mode: each hint's sentence on hand-made lists, and on the page (AppTest) each hint
button's sentence checked against the list's numbers, and the grade naming the moves that used one."""
import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from core.hangman.hints import count_hint, fitting_words, letter_hint, solver_hint, worth_trying
from core.hangman.rules import consistent, state_from_mask
from core.hangman.solvers import SOLVERS, Setup
from core.words import load_list
from ui.hangman.world import WORLD_KEY

PAGE = str(Path(__file__).resolve().parent.parent / "pages" / "2_Hangman.py")
SMALL = "English common 500"
A_LE = ["apple", "ample", "angle", "ankle", "table", "title"]


@pytest.mark.parametrize("mask, misses, expected", [
    ("a__le", "", "4 words of the list still fit the board."),
    ("a__le", "nm", "Only one word of the list still fits the board: you can work it out from the letters shown."),
    ("a__le", "npm", "No word of the list fits the board any more: the word must be one the list lacks."),
])
def test_the_count_hint_says_how_many_words_fit(mask, misses, expected):
    assert count_hint(A_LE, state_from_mask(mask, misses)) == expected


@pytest.mark.parametrize("mask, misses, expected", [
    # apple, ample, angle, ankle: p and n are each in 2; the tie goes to the first in the alphabet and is said
    # (the hint once said "more than any other letter" beside a tie)
    ("a__le", "", "Try N: it is in 2 of the 4 words that still fit, as many as P (no letter you have not tried is in "
                  "more)."),
    ("a__le", "g", "Try P: it is in 2 of the 3 words that still fit, more than any other letter you have not tried."),
    ("_____", "", "Try E: every word that still fits has an E, so it cannot miss."),
    # nothing fits: the letter in the most of the list's 5-letter words that is still open
    ("a__le", "npm", "No word of the list fits any more; of its 6 words of 5 letters, 2 have a T, more than have any "
                     "other letter you have not tried."),
])
def test_the_letter_hint_names_a_letter_and_never_a_word(mask, misses, expected):
    state = state_from_mask(mask, misses)
    text = letter_hint(A_LE, state)
    assert text == expected
    assert not any(w.upper() in text.upper() for w in A_LE)


def test_the_letter_hint_counts_are_the_lists():
    state = state_from_mask("_e___")
    words = ["hello", "jelly", "belly", "berry", "ferry", "merry"]
    letter, having, pool = worth_trying(words, state)
    assert pool == len(fitting_words(words, state)) == 6
    assert having == sum(letter in w for w in words) == max(sum(c in w for w in words) for c in "hjlbrfmyo")


def test_the_solver_hint_never_names_the_only_word_left():
    solver = SOLVERS.create("candidates").fit(A_LE)
    state = state_from_mask("a__le", "nm")  # only apple fits
    letter, text = solver_hint(solver, state)
    assert letter == "p" and text.startswith("The solver would guess P: 1 word of the list still fits, and it contains a P")
    assert "apple" not in text.lower()


# ---------------------------------------------------------------- on the page


@pytest.fixture
def playing():
    at = AppTest.from_file(PAGE, default_timeout=180)
    at.session_state["hangman_list"] = SMALL
    at.session_state["hangman_mode"] = "You play"
    at.run()
    assert not at.exception
    return at


def infos(at) -> list[str]:
    return [i.value for i in at.info]


def guess(at, letter):
    at.selectbox(key="hangman_play_letter").set_value(letter).run()
    at.button(key="hangman_play_guess").click().run()


def test_the_count_hint_on_the_page_reads_the_lists_numbers(playing):
    words = load_list(SMALL).words
    secret = playing.session_state["hangman_play_secret"]
    guess(playing, secret[0])
    playing.button(key="hangman_hints_count").click().run()
    state = playing.session_state["hangman_play_state"]
    n = sum(consistent(w, state) for w in set(words))
    said = [t for t in infos(playing) if "still fit" in t or "fits the board" in t]
    assert said and (said[0].startswith(f"{n:,} words") if n > 1 else "Only one word" in said[0])


def test_the_letter_hint_on_the_page_names_an_open_letter_in_the_most_fitting_words(playing):
    words = load_list(SMALL).words
    playing.button(key="hangman_hints_letter").click().run()
    state = playing.session_state["hangman_play_state"]
    said = [t for t in infos(playing) if t.startswith("Try ")]
    letter = said[0][4].lower()
    fitting = [w for w in set(words) if consistent(w, state)]
    having = sum(letter in w for w in fitting)
    assert letter not in state.guessed and having == max(sum(c in w for w in fitting) for c in "abcdefghijklmnopqrstuvwxyz")
    assert re.search(rf"in {having:,} of the {len(fitting):,} words|every word that still fits", said[0])
    # the page's sentence is the one the list and the board alone give: it cannot name the secret (a substring test
    # failed when the drawn secret was ANY, a word of the sentence's own wording)
    assert said[0] == letter_hint(words, state)


def test_the_solver_hint_on_the_page_is_the_solvers_choice(playing):
    playing.button(key="hangman_hints_solver").click().run()
    state = playing.session_state["hangman_play_state"]
    said = [t for t in infos(playing) if t.startswith("The solver would guess ")]
    world = playing.session_state[WORLD_KEY]  # the page plays for the world picked in its sidebar
    expected = SOLVERS.create("best").fit(Setup(tuple(load_list(SMALL).words), world)).choose(state)
    assert said and said[0].startswith(f"The solver would guess {expected.upper()}:")


def test_the_grade_says_which_moves_used_a_hint(playing):
    secret = playing.session_state["hangman_play_secret"]
    playing.button(key="hangman_hints_count").click().run()  # move 1
    guess(playing, secret[0])
    guess(playing, next(c for c in "zqxjkvwy" if c not in secret))  # move 2: no hint
    playing.button(key="hangman_hints_solver").click().run()  # move 3
    playing.button(key="hangman_hints_letter").click().run()
    assert len([t for t in infos(playing) if t.startswith(("Try ", "The solver would", "Every letter"))]) == 2
    guess(playing, playing.session_state["hangman_play_letter"])
    playing.button(key="hangman_play_grade").click().run()
    assert not playing.exception
    note = [m.value for m in playing.markdown if m.value.startswith("**Hints.**")]
    assert note == ["**Hints.** You used hints on move 1 (how many words still fit) and move 3 "
                    "(the solver's move and a letter worth trying)."]


def test_a_game_without_hints_says_so_in_the_grade(playing):
    secret = playing.session_state["hangman_play_secret"]
    guess(playing, secret[0])
    playing.button(key="hangman_play_grade").click().run()
    assert [m.value for m in playing.markdown if m.value.startswith("**Hints.**")] == [
        "**Hints.** You used no hint in this game."]
