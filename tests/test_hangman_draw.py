"""'Draw a word' draws everyday words by default."""
import random

import pytest

from core.hangman.draw import common_words, dictionary_words, draw_word, list_language


def test_common_words_keep_everyday_words_and_drop_rare_ones():
    words = ["house", "water", "aalii", "abaff", "zyzzyva", "mouse"]
    assert common_words(words) == ("house", "water", "mouse")


def test_a_dictionary_drops_names_and_web_tokens_however_frequent():
    words = ["house", "aaron", "www", "lol", "fling"]
    assert common_words(words, dictionary=dictionary_words("en")) == ("house", "fling")
    assert dictionary_words("de") is None


def test_a_german_list_is_judged_by_german_frequencies():
    assert list_language("abcdefghijklmnopqrstuvwxyzäöü") == "de" and list_language("abc") == "en"
    assert "haus" in common_words(["haus", "xylophonzz"], "de")


@pytest.mark.parametrize("any_word, common, expected_pool", [
    (False, ("house",), {"house"}), (True, ("house",), {"house", "aalii"}), (False, (), {"house", "aalii"}),
])
def test_draw_word_uses_the_common_pool_unless_asked(any_word, common, expected_pool):
    rng = random.Random(0)
    drawn = {draw_word(["house", "aalii"], common, any_word, rng) for _ in range(50)}
    assert drawn == expected_pool


@pytest.mark.parametrize("word", ["bitch", "whore", "slut", "piss"])
def test_draw_a_word_never_offers_an_obscenity_however_common(word):
    assert common_words(["house", word]) == ("house",)


@pytest.mark.parametrize("word", ["retarded", "cock", "pussy", "homo"])
def test_draw_a_word_never_offers_a_slur_or_vulgar_word_the_obscenity_list_misses(word):
    assert common_words(["house", word]) == ("house",)


@pytest.mark.parametrize("word", ["bastard", "crap", "negro", "turd", "dick"])
def test_the_english_dictionary_of_draws_leaves_out_words_wordnet_marks_offensive(word):
    assert common_words(["house", word], dictionary=dictionary_words("en")) == ("house",)


def test_the_draw_keeps_no_list_of_its_own_beside_core_s_obscenity_list():
    import core.hangman.draw as draw

    assert not hasattr(draw, "NOT_DRAWN")


@pytest.mark.parametrize("word, lang", [("house", "en"), ("the", "en"), ("haus", "de")])
def test_frequent_words_match_wordfreq_s_zipf_frequency(word, lang):
    from wordfreq import zipf_frequency

    from core.hangman.draw import frequent_words

    assert (word in frequent_words(lang)) == (zipf_frequency(word, lang) >= 3.0)
    assert "aalii" not in frequent_words("en")


def test_everyday_words_are_kept_on_disk_per_list_and_match_a_fresh_pick(monkeypatch):
    import core.hangman.draw as draw
    from core.words import make_list

    wl = make_list("t", ["house", "aalii", "water", "aaron", "bitch", "mouse"])
    first = draw.everyday_words(wl.words, wl.hash, wl.alphabet)
    assert first == common_words(wl.words, dictionary=dictionary_words("en")) == ("house", "water", "mouse")
    monkeypatch.setattr(draw, "common_words", lambda *a, **k: pytest.fail("picked again instead of read from disk"))
    assert draw.everyday_words(wl.words, wl.hash, wl.alphabet) == first
