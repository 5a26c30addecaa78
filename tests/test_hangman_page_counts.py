"""Every count of fitting words the Hangman page shows for one board names its set and agrees with the others.

A replay once showed "E: 83 of the 157 words that still fit" (the list's words before the move), "Words of the list
that still fit the board: 74" (after it) and "226 of the 2,631 words that still fit" (after it, with everyday words the
list lacks) side by side. Here each figure is checked against counts made in the test from the list and the board.
"""
import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from core.hangman.draw import commonest_words, list_language
from core.hangman.rules import BLANK, State
from core.hangman.solvers import BestParams
from core.words import load_list

PAGE = str(Path(__file__).resolve().parent.parent / "pages" / "2_Hangman.py")
NUMBER = r"(\d[\d,]*|no)"
WITH_OTHERS = r"(?: \((\d[\d,]*) with other everyday \w+ words\))?"
STILL_FIT = re.compile(NUMBER + r" words? of the list" + WITH_OTHERS + r" still fits?\b")
FITTED_BEFORE = re.compile(NUMBER + r" words? of the list" + WITH_OTHERS + r" (?:that )?fitted before this guess")
OF_THESE = re.compile(r"of these (\d[\d,]*)\b")
UNNAMED = re.compile(r"\d[\d,]* words that still fit")  # a count that does not say which words it counts


def fits(word: str, state: State) -> bool:
    """The word has the board's letters in place, no guessed letter in a blank, and none of the missed letters."""
    return len(word) == state.length and all(
        (c not in state.guessed) if m == BLANK else (c == m) for c, m in zip(word, state.mask))


def expected_counts(words: tuple[str, ...], world: str, state: State) -> tuple[int, int]:
    """(words of the list fitting the board, with the everyday words a person may think of that the list lacks)."""
    listed = sum(1 for w in words if fits(w, state))
    if world != "person":
        return listed, listed
    letters = "".join(sorted({c for w in words for c in w}))
    have = set(words)
    everyday = {w for w in commonest_words(list_language(letters), BestParams.load().person_everyday, letters)
                if w not in have}
    return listed, listed + sum(1 for w in everyday if fits(w, state))


def number(text: str) -> int:
    return 0 if text == "no" else int(text.replace(",", ""))


def said_counts(match: re.Match) -> tuple[int, int]:
    """(the list's count, the count with other everyday words; the list's again when none are named)."""
    listed = number(match.group(1))
    return listed, number(match.group(2)) if match.group(2) else listed


def page_texts(at) -> list[str]:
    """Every sentence and figure of the page's main area (the move log included)."""
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption] + [i.value for i in at.info]
    parts += [s.value for s in at.success] + [e.value for e in at.error]
    return parts + [f"{m.label}: {m.value}" for m in at.metric]


@pytest.mark.parametrize("dictionary, world, secret", [
    ("English web2 235k", "person", "dog"),  # the page's defaults, the word a class types first
    ("English web2 235k", "person", "garden"),
    ("English common 500", "person", "house"),  # a small list: most everyday words are not in it
    ("English common 500", "list", "water"),  # the list's words alone
    ("English web2 235k", "mixed", "garden"),
])
def test_every_count_of_fitting_words_on_one_board_names_the_same_set_and_the_same_number(dictionary, world, secret):
    words = load_list(dictionary).words
    at = AppTest.from_file(PAGE, default_timeout=300)
    at.session_state["hangman_list"] = dictionary
    at.session_state["hangman_world"] = world
    at.run()
    at.text_input(key="hangman_secret_input").input(secret).run()
    assert not at.exception
    moves, _ = at.session_state["hangman_replay"]
    seen_others = False
    for pos, move in enumerate(moves, 1):
        if pos > 1:
            at.button(key="hangman_next").click().run()
        assert not at.exception
        texts = page_texts(at)
        joined = "\n".join(texts)
        assert not UNNAMED.findall(joined), f"move {pos}: a count that does not name its words: {joined}"
        after = expected_counts(words, world, move.after)
        [metric] = [m for m in at.metric if m.label == "Words of the list that still fit the board"]
        assert number(metric.value) == after[0], f"move {pos}"
        still = [said_counts(m) for m in STILL_FIT.finditer(joined)]
        if not move.after.over:
            assert still or "No word of the list fits" in joined, f"move {pos}: no sentence counts this board: {joined}"
        assert all(c == after for c in still), f"move {pos}: {still} said, {after} counted; {joined}"
        for sentence in (t for t in texts if STILL_FIT.search(t)):
            assert all(number(n) == after[1] for n in OF_THESE.findall(sentence)), sentence
        log = [t for t in texts if t.startswith("1. **")]
        assert len(log) == 1 and len(log[0].split("\n")) == pos
        for i, line in enumerate(log[0].split("\n")):  # each move's sentence counts the board it was chosen on
            before = expected_counts(words, world, moves[i].before)
            said = [said_counts(m) for m in FITTED_BEFORE.finditer(line)]
            assert said == ([] if before[0] == 0 else [before]), f"move {i + 1}: {line}"
        seen_others = seen_others or after[1] > after[0]
    assert seen_others == (world == "person")  # a person's word counts everyday words the list lacks, no other world
