"""Feedback rules, pattern matrices, hard mode and multigraph encoding."""
import numpy as np
import pytest

from core.wordle.rules import (
    GREEN,
    GREY,
    YELLOW,
    Encoding,
    all_green,
    colours,
    colours_of,
    compute_pattern_matrix,
    feedback,
    hard_mode_mask,
    hard_mode_violation,
    parse_encoding,
    pattern_of,
    symbol_array,
)

_, Y, G = GREY, YELLOW, GREEN
B = GREY

FEEDBACK_TABLE = [
    # answer, guess, standard, harsh
    ("happy", "puppy", (B, B, G, G, G), (Y, B, G, G, G)),
    ("abide", "speed", (B, B, Y, B, Y), (B, B, Y, Y, Y)),
    ("speed", "abide", (B, B, B, Y, Y), (B, B, B, Y, Y)),
    ("speed", "erase", (Y, B, B, Y, Y), (Y, B, B, Y, Y)),
    ("erase", "speed", (Y, B, Y, Y, B), (Y, B, Y, Y, B)),
    ("abbey", "babes", (Y, Y, G, G, B), (Y, Y, G, G, B)),
    ("robot", "otter", (Y, Y, B, B, Y), (Y, Y, Y, B, Y)),
    ("otter", "robot", (Y, Y, B, B, Y), (Y, Y, B, Y, Y)),
    ("llama", "hello", (B, B, Y, Y, B), (B, B, Y, Y, B)),
    ("hello", "llama", (Y, Y, B, B, B), (Y, Y, B, B, B)),
    ("creep", "eerie", (Y, Y, Y, B, B), (Y, Y, Y, B, Y)),
    ("eerie", "creep", (B, Y, Y, Y, B), (B, Y, Y, Y, B)),
    ("steel", "eeeee", (B, B, G, G, B), (Y, Y, G, G, Y)),
    ("aaaab", "baaaa", (Y, G, G, G, Y), (Y, G, G, G, Y)),
    ("crane", "crane", (G, G, G, G, G), (G, G, G, G, G)),
    ("ab", "ba", (Y, Y), (Y, Y)),
    ("straße", "straße", (G,) * 6, (G,) * 6),
    ("kätzchen", "chenkätz", (Y,) * 8, (Y,) * 8),
]


@pytest.mark.parametrize("answer,guess,standard,harsh", FEEDBACK_TABLE)
def test_repeated_letters_follow_each_rule(answer, guess, standard, harsh):
    assert colours(answer, guess, "standard") == standard
    assert colours(answer, guess, "harsh") == harsh


@pytest.mark.parametrize("rule", ["standard", "harsh"])
def test_matrix_matches_scalar_feedback_on_adversarial_words(rule):
    words = sorted({w for a, g, _, _ in FEEDBACK_TABLE for w in (a, g) if len(w) == 5} | {"aaaaa", "ababa", "babab"})
    mat = compute_pattern_matrix(words, words, rule)
    expect = np.array([[feedback(a, g, rule) for a in words] for g in words])
    assert (mat == expect).all()


@pytest.mark.parametrize("length", [2, 7, 12])
def test_matrix_handles_any_length_with_wide_codes(length):
    rng = np.random.default_rng(length)
    words = ["".join(rng.choice(list("abcé"), length)) for _ in range(30)]
    mat = compute_pattern_matrix(words, words, "standard")
    assert mat.max() <= all_green(length)
    assert all(mat[i, i] == all_green(length) for i in range(len(words)))
    assert all(mat[i, j] == feedback(words[j], words[i]) for i in range(0, 30, 7) for j in range(30))


def test_codes_round_trip():
    for cols in [(0, 1, 2, 2, 1), (2,) * 12, (0, 0)]:
        assert colours_of(pattern_of(cols), len(cols)) == cols


def test_unknown_rule_and_length_mismatch_are_refused():
    with pytest.raises(ValueError):
        feedback("happy", "puppy", "lenient")
    with pytest.raises(ValueError):
        feedback("happy", "pup")


HARD_TABLE = [
    # history, guess, allowed?
    ([("crane", "crane", "trace")], "trace", True),
    ([("crane", "crane", "trace")], "track", False),  # e was revealed (yellow) and is not reused
    ([("salet", "salet", "sales")], "sxxxx", False),
    ([("salet", "salet", "sales")], "salsa", False),  # e revealed green at position 4 must stay
    ([("salet", "salet", "sales")], "sales", True),
    ([("speed", "speed", "erase")], "esexx", True),  # two e's revealed, two kept (positions free)
    ([("speed", "speed", "erase")], "sexxx", False),
]


@pytest.mark.parametrize("history,guess,ok", [(h, g, ok) for h, g, ok in HARD_TABLE])
def test_hard_mode_keeps_greens_in_place_and_reuses_revealed_letters(history, guess, ok):
    hist = [(g, feedback(answer, g)) for g, _, answer in history]
    assert (hard_mode_violation(guess, hist) is None) == ok


def test_hard_mode_mask_agrees_with_violation_check():
    words = ["crane", "trace", "track", "eerie", "react", "caret", "cater", "xxxxx", "recta"]
    symbols = "".join(sorted(set("".join(words))))
    arr = symbol_array(words, symbols)
    counts = np.zeros((len(words), len(symbols)), dtype=np.int8)
    for i, w in enumerate(words):
        for c in w:
            counts[i, symbols.index(c)] += 1
    for guess in ["crane", "eerie", "react"]:
        for answer in words:
            p = feedback(answer, guess)
            mask = hard_mode_mask(arr, counts, symbol_array([guess], symbols)[0], p)
            assert list(mask) == [hard_mode_violation(w, [(guess, p)]) is None for w in words]


def test_multigraphs_encode_longest_match_first_and_decode_back():
    enc = parse_encoding("kw' Q\nkw K\nts' T\nhl")
    assert enc.encode("kw'ats'") == "QaT"
    assert enc.encode("kwakw'") == "KaQ"
    assert enc.decode(enc.encode("hlkw'ets'")) == "hlkw'ets'"
    assert len(enc.encode("hlaaa")) == 4
    assert enc.units(enc.encode("kw'a")) == ["kw'", "a"]


@pytest.mark.parametrize("text", ["a X", "kw QQ", "kw Q\nts Q", "kw Q\nkw R", "kw Q R"])
def test_bad_multigraph_mappings_are_refused_plainly(text):
    with pytest.raises(ValueError):
        parse_encoding(text)


def test_symbols_that_clash_with_plain_letters_are_reported():
    from core.wordle.rules import symbol_clashes

    assert symbol_clashes(parse_encoding("sh s\nch C"), ["shop", "cash"]) == ["s"]
    assert symbol_clashes(parse_encoding("sh\nch"), ["shop", "cash"]) == []


def test_empty_encoding_is_identity():
    assert Encoding().encode("hello") == "hello" == Encoding().decode("hello")


def test_the_feedback_matrix_reports_progress_chunk_by_chunk_and_setup_reuses_it():
    from core.wordle.harness import make_setup
    from core.wordle.rules import compute_pattern_matrix

    words = ["crane", "slate", "trace", "adieu", "pudgy", "whomp", "cigar"]
    seen = []
    mat = compute_pattern_matrix(words, words[:3], chunk=2, progress=lambda d, t, m: seen.append((d, t)))
    assert seen == [(2, 7), (4, 7), (6, 7), (7, 7)]
    setup = make_setup(words[:3], words)
    reports = []
    prepared = setup.prepare(lambda d, t, m: reports.append((d, t)))
    assert prepared is setup.matrix and reports[-1] == (1, 1)
    assert (setup.matrix == compute_pattern_matrix(setup.guesses, setup.answers)).all()
