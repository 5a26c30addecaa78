"""The home page's replays: one plain sentence per move, computed from the game's own numbers."""
import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from core.crossword.explain import replay_sentence as crossword_sentence
from core.crossword.explain import slot_name
from core.hangman.explain import replay as hangman_replay
from core.hangman.explain import replay_sentence as hangman_sentence
from core.tipgame.explain import replay as tipgame_replay
from core.wordle.explain import replay as wordle_replay
from core.wordle.explain import replay_sentence as wordle_sentence


@pytest.mark.parametrize("word,mask,guessed,fits", [
    ("garden", "_a___n", "an", True),
    ("garden", "_a___n", "ane", False),  # holds a missed letter
    ("banana", "_a_a_a", "a", True),
    ("bandit", "_a_a__", "a", False),  # the revealed a's must be there
    ("panama", "_a___a", "a", False),  # a blank cannot hold a guessed letter
    ("garde", "_a___n", "an", False),  # wrong length
])
def test_the_replay_counts_a_word_as_fitting_by_the_rules_own_test(word, mask, guessed, fits):
    from core.hangman.rules import State, consistent

    assert consistent(word, State(mask, tuple(guessed))) is fits


@pytest.mark.parametrize("args,sentence", [
    (("e", 1310, 1204, True, "__E", 6), "E: 1,204 of the 1,310 words that still fit contain an E, so a hit is very likely. "
                                         "It is in the word: _ _ E."),
    (("g", 3, 1, False, "_ARDEN", 1), "G: 1 of the 3 words that still fit contains a G, a fair chance of a hit. "
                                      "It is not in the word: 1 life left."),
    (("q", 1, 0, False, "_", 5), "Q: 0 of the 1 word that still fits contain a Q, a long shot, but the best one left. "
                                 "It is not in the word: 5 lives left."),
    (("g", 0, 0, True, "G", 6), "G: no word in the list fits any more, so it guesses the commonest letter left in the "
                                "list. It is in the word: G."),
])
def test_hangman_sentences(args, sentence):
    assert hangman_sentence(*args) == sentence


@pytest.mark.parametrize("args,sentence", [
    (("tares", 200, 61.2, 2315, 163, False), "TARES leaves at most 200 and on average 61 of the 2,315 possible answers, "
                                             "whatever the colours. The colours leave 163 answers."),
    (("lonie", 3, 1.4, 163, 1, False), "LONIE leaves at most 3 and on average 1 of the 163 possible answers, whatever "
                                       "the colours. The colours leave 1 answer."),
    (("phone", 1, 1.0, 1, 1, True), "PHONE: it is the only answer left, and the colours come back all green."),
    (("phone", 1, 1.0, 2, 1, True), "PHONE leaves at most 1 and on average 1 of the 2 possible answers, whatever the "
                                    "colours. The colours come back all green: solved."),
])
def test_wordle_sentences(args, sentence):
    assert wordle_sentence(*args) == sentence


@pytest.mark.parametrize("changed,filled,right,sentence", [
    ([("1A", "Organ that pumps blood", "HEART", True)], 5, 5,
     'Step 2: it writes 1 answer: 1-Across "Organ that pumps blood": HEART (right); 5 of 25 squares are filled, 5 of '
     'them right.'),
    ([], 0, 0, "Step 2: no answer is sure enough to write yet; 0 of 25 squares are filled, 0 of them right."),
    ([], 9, None, "Step 2: it keeps every answer and only grows more sure of its letters; 9 of 25 squares are filled."),
    ([(f"{i}D", f"Clue {i}", "ABCDE", False) for i in range(1, 7)], 25, 3,
     'Step 2: it writes 6 answers: 1-Down "Clue 1": ABCDE (wrong); 2-Down "Clue 2": ABCDE (wrong); 3-Down "Clue 3": '
     'ABCDE (wrong) and 3 more; 25 of 25 squares are filled, 3 of them right.'),
])
def test_crossword_sentences_name_each_clue_they_answer(changed, filled, right, sentence):
    assert crossword_sentence(2, changed, filled, 25, right) == sentence


def test_slot_names_read_as_people_say_them():
    assert (slot_name("1A"), slot_name("12D"), slot_name("X")) == ("1-Across", "12-Down", "X")


WORDS = ["garden", "warden", "harden", "golden", "barley", "listen", "silent", "tinsel", "enlist", "master"]


def test_hangman_replay_counts_the_words_that_still_fit():
    replay = hangman_replay(WORDS, "garden")
    assert replay.outcome.startswith("Won: GARDEN")
    first = replay.frames[0].sentence
    letter = first[0].lower()
    assert first.startswith(f"{letter.upper()}: {sum(letter in w for w in WORDS)} of the 10 words that still fit")
    assert replay.frames[-1].board[0] == "G A R D E N"


def test_wordle_replay_reaches_the_answer_and_counts_what_is_left():
    answers = ["crane", "crate", "trace", "react", "caret", "slate", "plate", "phone", "shone", "stone"]
    replay = wordle_replay(answers, "phone")
    assert replay.outcome == "Solved: PHONE in 2 guesses."
    # SLATE splits the ten answers into groups of one: it leaves at most 1 whatever the colours
    assert replay.frames[0].sentence == ("SLATE leaves at most 1 and on average 1 of the 10 possible answers, whatever "
                                         "the colours. The colours leave 1 answer.")
    assert replay.frames[1].sentence == "PHONE: it is the only answer left, and the colours come back all green."
    assert replay.frames[-1].board[-1] == "PHONE 🟩🟩🟩🟩🟩"


def test_tipgame_replay_narrates_every_tip_to_the_word():
    words = ["haus", "maus", "laus", "hans", "saus", "aus", "sah"]
    replay = tipgame_replay(words, "hans")
    assert replay.outcome.startswith("Found hans in")
    assert [f.sentence.split(",")[0] for f in replay.frames] == [f"Tip {i}" for i in range(1, len(replay.frames) + 1)]
    assert replay.frames[-1].board[-1] == '"hans": is'


def test_every_replay_speaks_plain_words():
    from tests.plain_words import terms_in

    answers = ["crane", "crate", "trace", "react", "caret", "slate", "plate", "phone", "shone", "stone"]
    replays = [hangman_replay(WORDS, "garden"), wordle_replay(answers, "phone"),
               tipgame_replay(["haus", "maus", "laus", "hans"], "hans")]
    text = "\n".join([r.setup for r in replays] + [r.outcome for r in replays] +
                     [f.sentence for r in replays for f in r.frames])
    assert terms_in(text) == []


def test_the_wordle_replay_reports_its_colourings_with_a_bar_that_ends_full():
    reports = []
    answers = ["phone", "crane", "shone", "stone", "prone", "grape", "abbey", "zesty", "quirk"]
    wordle_replay(answers, "phone", progress=lambda d, n, m="": reports.append((d, n)))
    assert reports and reports[-1][0] == reports[-1][1] and all(d <= n for d, n in reports)


# ---------------------------------------------------------------- the page: every replay, first and second visit

HOME = str(Path(__file__).resolve().parent.parent / "app.py")
GAMES = {"Hangman": "hangman", "Wordle": "wordle", "Tip game": "tipgame", "Crosswords": "crossword"}
FIRST_MOVES = {
    "Hangman": r"^[A-Z]: [\d,]+ of the [\d,]+ words? that still fits? contains? an? [A-Z], .+\. It is (in|not in) the word",
    "Wordle": r"^[A-Z]{5} leaves at most [\d,]+ and on average [\d,]+ of the [\d,]+ possible answers?, whatever the colours\.",
    "Tip game": r'^Tip 1, "[^"]+": [\d,]+ words? .+\. The game says ',
    "Crosswords": r'^Step 1: it writes \d+ answers?: 1-Across "Organ that pumps blood": [A-Z]{5} \((right|wrong)\)',
}


def log_items(at: AppTest) -> list[str]:
    """The move log's sentences."""
    log = next((m.value for m in at.markdown if m.value.startswith("1. ")), "")
    return [line for line in log.split("\n") if line]


def open_replay(game: str) -> AppTest:
    """A fresh visit to the home page showing a game's replay (the crossword's after its Watch button)."""
    at = AppTest.from_file(HOME, default_timeout=900).run()
    at.radio(key="home_game").set_value(game).run()
    if game == "Crosswords":
        at.button(key="home_crossword_start").click().run()
    return at


def step_through(at: AppTest, game: str) -> list[str]:
    """Press Next until the last move, checking each move's sentence joins the log; the log at the end."""
    key = GAMES[game]
    assert not at.exception, at.exception
    assert re.match(FIRST_MOVES[game], at.info[0].value), at.info[0].value
    step = 1
    while not at.button(key=f"home_next_{key}").disabled:
        at.button(key=f"home_next_{key}").click().run()
        step += 1
        assert not at.exception, (step, at.exception)
        items = log_items(at)
        assert len(items) == step and items[-1] == f"{step}. {at.info[0].value}", (step, items)
    assert at.success and at.success[0].value.startswith(("Won", "Solved", "Found", "Finished")), at.success
    assert at.button(key=f"home_prev_{key}").disabled is False
    return log_items(at)


@pytest.mark.parametrize("game", list(GAMES))
def test_every_home_replay_steps_to_its_end_on_a_first_and_a_second_visit(game):
    first = step_through(open_replay(game), game)  # the first visit computes the replay
    second = step_through(open_replay(game), game)  # the second is served from the cache: the same moves
    assert second == first and len(first) >= 2


# ---------------------------------------------------------------- the stored crossword replay


def test_the_stored_home_crossword_replay_is_what_the_solver_plays_now():
    from core.crossword.demo_replay import HOME_CROSSWORD, demo_replay, stored_replay

    stored = stored_replay(HOME_CROSSWORD)
    assert stored is not None, "no stored replay for the Home crossword: python -m research.crossword.home_replay"
    played = demo_replay(HOME_CROSSWORD)
    assert played == stored, ("the solver's moves on the Home crossword changed: store them again with "
                              "`python -m research.crossword.home_replay`")


def stored_copy(tmp_path, **changes):
    """A copy of the stored replay's document with some fields changed, written to a temporary file."""
    import json

    from core.crossword.demo_replay import STORED_CROSSWORD

    doc = {**json.loads(STORED_CROSSWORD.read_text(encoding="utf-8")), **changes}
    path = tmp_path / "replay.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


@pytest.mark.parametrize("changes,served", [
    ({}, True),
    ({"puzzle_hash": "0" * 16}, False),  # the puzzle file changed since the replay was stored
    ({"puzzle": "demo-5x5-jet"}, False),  # a replay of another puzzle
    ({"frames": "broken"}, False),
])
def test_a_stored_replay_serves_only_the_puzzle_file_it_was_played_on(tmp_path, changes, served):
    from core.crossword.demo_replay import HOME_CROSSWORD, stored_replay

    assert (stored_replay(HOME_CROSSWORD, stored_copy(tmp_path, **changes)) is not None) is served


def test_a_missing_or_unreadable_stored_replay_is_none(tmp_path):
    from core.crossword.demo_replay import HOME_CROSSWORD, stored_replay

    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    assert stored_replay(HOME_CROSSWORD, tmp_path / "none.json") is None
    assert stored_replay(HOME_CROSSWORD, tmp_path / "bad.json") is None
