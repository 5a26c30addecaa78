"""The tip game's answers follow the course game's precedence exactly."""
import pytest

from core.tipgame.rules import (
    BEGINS, BOTH, CONTAINS, ENDS, IS, NO, TipState, answer, answer_code, answer_name, consistent, remaining, split_words,
)

CASES = [
    # (word, tip, expected, why)
    ("haus", "haus", IS, "tip equal to the word ends the game"),
    ("anna", "a", BOTH, "tip both prefix and suffix"),
    ("anna", "an", BEGINS, "prefix only"),
    ("anna", "na", ENDS, "suffix only"),
    ("anna", "nn", CONTAINS, "inside only"),
    ("banane", "an", CONTAINS, "inside twice, neither end"),
    ("ananas", "an", BEGINS, "inside and at the start: begins with wins"),
    ("banana", "na", ENDS, "inside and at the end: ends with wins"),
    ("anana", "ana", BOTH, "overlapping prefix and suffix"),
    ("ab", "abc", NO, "tip longer than the word"),
    ("ab", "aab", NO, "tip longer than the word, sharing its end"),
    ("die", "diese", NO, "the word is a prefix of the tip"),
    ("diese", "die", BEGINS, "a word tip that is a prefix of another word"),
    ("für", "ü", CONTAINS, "non-ASCII letter inside"),
    ("straße", "ße", ENDS, "ß at the end"),
    ("über", "ü", BEGINS, "umlaut at the start"),
    ("a", "a", IS, "one-letter word guessed"),
    ("aa", "a", BOTH, "two-letter word, one-letter tip both ends"),
    ("xyz", "q", NO, "letter not in the word"),
    ("Haus", "h", NO, "case sensitive: the lists are lower case"),
]


@pytest.mark.parametrize("word,tip,expected,why", CASES, ids=[c[3] for c in CASES])
def test_answer_precedence(word, tip, expected, why):
    assert answer(word, tip) == expected, why


def test_empty_tip_is_rejected():
    with pytest.raises(ValueError):
        answer("haus", "")


def test_answer_names_round_trip():
    for code in (NO, CONTAINS, ENDS, BEGINS, BOTH, IS):
        assert answer_code(answer_name(code)) == code
    with pytest.raises(ValueError):
        answer_code("maybe")


def test_state_filters_remaining_words():
    words = ["die", "diese", "sie", "haus"]
    state = TipState().after("ie", ENDS)
    assert remaining(words, state) == ["die", "sie"]
    assert consistent("die", state) and not consistent("haus", state)
    assert not state.solved and state.after("die", IS).solved


def test_split_keeps_duplicates():
    groups = split_words(["die", "die", "das"], "di")
    assert groups == {BEGINS: ["die", "die"], NO: ["das"]}
