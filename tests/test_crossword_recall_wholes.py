"""Whole entries in the phrase lexicon: WordNet answers the common words lack, proposed to fit the crossing letters."""
import math

import numpy as np
import pytest

from core.crossword.phrases import (WHOLE_RANK, best_phrases, best_wholes, lexicon_from_ranked, with_wholes,
                                    wordnet_entries)

WORDS = ["THE", "A", "DROP", "CLOTH", "DISH", "HOT", "COCOA", "CAT", "MAN", "RUN", "AWAY"]
ENTRIES = ["DROPCLOTH", "HGWELLS", "CRUDITES", "MANXCAT", "CAT", "ICE-CREAM", "TOO", "ÉCLAIRS", "lowercase",
           "ABCDEFGHIJKLMNOPQRSTUVWXYZ"]


def letter_evidence(pattern: str) -> np.ndarray:
    """Log letter evidence: sure of each known letter, flat where '_'."""
    out = np.full((len(pattern), 26), math.log(1 / 26))
    for i, ch in enumerate(pattern):
        if ch != "_":
            out[i] = math.log(0.01 / 25)
            out[i, ord(ch) - 65] = math.log(0.99)
    return out


def lexicon():
    """A small lexicon with the test entries as wholes (CAT known)."""
    return with_wholes(lexicon_from_ranked(WORDS), ENTRIES, known={"CAT", "THE"})


@pytest.mark.parametrize("entry, kept", [
    ("HGWELLS", True),  # a name the common words lack
    ("CRUDITES", True),
    ("CAT", False),  # known already (and shorter than 4)
    ("TOO", False),  # too short: slots under four letters never ask for phrases
    ("ICE-CREAM", False),  # only letters: entries are given as grid answers
    ("ÉCLAIRS", False),  # not ASCII
    ("lowercase", False),  # grid answers are upper case
    ("ABCDEFGHIJKLMNOPQRSTUVWXYZ", False),  # longer than any grid
])
def test_wholes_keep_only_unknown_grid_answers(entry, kept):
    words = {w for ws, _ in lexicon().wholes.values() for w in ws}
    assert (entry in words) is kept


@pytest.mark.parametrize("pattern, expected", [
    ("H_W_L_S", "HGWELLS"),
    ("C_U_I_E_", "CRUDITES"),
    ("MAN_C_T", "MANXCAT"),
])
def test_whole_entries_fit_the_crossing_letters(pattern, expected):
    out = best_wholes(lexicon(), letter_evidence(pattern), k=1)
    assert out == [(expected, lexicon().whole_logp)]


def test_whole_entries_join_the_phrases_after_them_and_are_not_repeated():
    lex = lexicon()
    phrases = best_phrases(lex, letter_evidence("D_O_C_O_H"), k=4)
    words = [w for w, _ in phrases]
    assert words[0] == "DROPCLOTH"  # the two-word phrase of common parts, found first
    assert words.count("DROPCLOTH") == 1  # the whole entry of the same letters is not proposed twice
    assert len(phrases) <= 4 + 1  # k phrases and at most k // 4 (at least one) whole entries


def test_no_whole_entry_of_another_length_and_none_without_wholes():
    assert best_wholes(lexicon(), letter_evidence("____"), k=3) == []  # no entry of four letters
    assert best_wholes(lexicon_from_ranked(WORDS), letter_evidence("H_W_L_S"), k=3) == []


def test_a_whole_entry_weighs_as_two_words_of_rank_1000():
    lex = lexicon()
    norm = sum(1.0 / (r + 50) for r in range(60_000))
    assert lex.whole_logp == pytest.approx(2 * math.log(1.0 / (WHOLE_RANK + 50) / norm))
    assert lex.words == lexicon_from_ranked(WORDS).words  # the common-word parts are unchanged


def test_wordnet_entries_read_lemmas_as_answers(tmp_path):
    (tmp_path / "index.noun").write_text("  1 licence line\ndrop_cloth n 1 0\nh._g._wells n 1 0\n", encoding="utf-8")
    (tmp_path / "index.adj").write_text("mothy a 1 0\n", encoding="utf-8")
    assert sorted(wordnet_entries(tmp_path)) == ["DROPCLOTH", "HGWELLS", "MOTHY"]
    assert wordnet_entries(None) == []  # no WordNet: no whole entries
