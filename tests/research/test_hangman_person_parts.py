"""The person study's dev parts stay apart from its test words, and its ceiling counts what perfect play wins."""
import pytest
from wordfreq import zipf_frequency

from research.hangman import person


@pytest.fixture(scope="module")
def parts():
    return {part: person.everyday_words(part) for part in ("test", "dev", "three")}


def test_the_dev_three_letter_words_are_three_letters_apart_from_the_test_words_and_the_everyday_words(parts):
    three = parts["three"]
    assert len(three) == len(set(three)) > 200
    assert all(len(w) == 3 and w.isascii() and w.isalpha() and w.islower() for w in three)
    assert not set(three) & set(parts["test"])
    assert not set(three) & set(person.EVERYDAY_WORDS)


def test_the_dev_three_letter_words_hold_the_dev_words_of_three_letters_and_nothing_rarer_than_the_rule(parts):
    three = set(parts["three"])
    nouns = {w for w in person.everyday_words("nouns") if len(w) == 3}
    assert nouns <= three
    assert {w for w in parts["dev"] if len(w) == 3} - set(person.EVERYDAY_WORDS) <= three
    assert all(zipf_frequency(w, "en") >= person.THREE_ZIPF for w in three - nouns)


@pytest.mark.parametrize("words, lives, most_won", [
    (["bat", "cat", "eat", "fat", "hat", "mat", "oat", "pat", "rat", "sat", "vat"], 6, 6),  # one word a letter
    (["bat", "cat", "eat", "fat", "hat", "mat", "oat", "pat", "rat", "sat", "vat"], 2, 2),
    (["dog", "cat", "sun"], 1, 1),  # no letter is in two of them, and the first miss loses
    (["dog", "cat", "sun"], 2, 2),
    (["cab", "cat", "cow"], 1, 1),  # C hits all three, then any letter loses what it misses
    (["cab", "cat", "cow"], 2, 3),  # C, then A: COW alone is left after the miss, CAB or CAT after the hit
    ([], 6, 0),  # no word of the length
])
def test_the_ceiling_is_the_most_words_any_order_wins(monkeypatch, words, lives, most_won):
    monkeypatch.setattr(person, "everyday_words", lambda part: words + ["four"])
    got = person.ceiling("three", 3, lives)
    assert got["words"] == len(words) and got["most_won"] == most_won


@pytest.mark.parametrize("part, lengths, dictionary", [
    # the dev parts added on 2026-11-29: the test's kind, apart from the test words (German: in another language)
    ("short", {3, 4}, person.DICTIONARY),  # short everyday English words of every kind, ranks 1,001-3,000
    ("german-common", None, person.GERMAN_DICTIONARY),  # German's commonest listed words, played with German
])
def test_the_short_and_german_common_dev_parts_stay_apart_from_the_test_and_are_played_with_their_language(
        parts, part, lengths, dictionary):
    from core.words import load_list

    words = person.everyday_words(part)
    assert len(words) == len(set(words)) > 300
    assert person.part_dictionary(part) == dictionary and part not in person.TEST_PARTS
    if dictionary == person.DICTIONARY:
        assert not set(words) & (set(parts["test"]) | set(person.EVERYDAY_WORDS)) and {len(w) for w in words} == lengths
    else:  # German words with German frequencies: a spelling shared with an English test word (FALL, HAT) is German
        assert set(words) <= set(load_list(dictionary).words)
