"""Every sentence agrees with the figure beside it (2026-11-29): percentages that say all or none only when exact, one
story per Hangman board (a word the list lacks but the everyday words hold is said once, in those terms), and no count
of 0 beside a win."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from core.hangman.explain import belief_sentence
from core.hangman.rules import state_from_mask
from core.hangman.solvers import SOLVERS
from core.stats import percent_words
from core.words import catalogue
from tests.test_hangman_person import O_WORDS
from tests.test_plain_words import visible_texts

PAGE = str(Path(__file__).resolve().parent.parent / "pages" / "2_Hangman.py")


@pytest.mark.parametrize("share,text", [
    (1.0, "100%"), (0.0, "0%"), (0.42, "42%"), (0.99, "99%"), (0.01, "1%"),
    (0.9999907, "over 99%"),  # DOG among DOG and NOG: nearly all the chance, not all of it
    (0.996, "over 99%"), (0.004, "under 1%"), (0.0000001, "under 1%"),
])
def test_a_sentence_percent_says_all_or_none_only_when_exact(share, text):
    assert percent_words(share) == text


@pytest.fixture(scope="module")
def person():
    return SOLVERS.create("best", person_everyday=0).fit(O_WORDS).in_world("person")


@pytest.mark.parametrize("mask,misses", [
    ("_og", "hjlnt"),  # DOG and NOG: DOG weighs 99.999% of the two (the page said "100% of the chance among them")
    ("_og", ""), ("_o_", ""), ("_o_", "ctp"),
])
def test_the_likeliest_picks_share_in_the_sentence_is_the_share_the_solver_weighs(person, mask, misses):
    state = state_from_mask(mask, misses)
    word, share = person.commonest(state)
    sentence = belief_sentence(person, state)
    said = re.search(r"with (over 99%|under 1%|\d+%) of the chance among them", sentence)
    assert said and said.group(1) == percent_words(share), sentence
    assert said.group(1) != "100%" or share == 1.0, sentence


def host_texts(at: AppTest) -> str:
    return "\n".join(visible_texts(at._tree))


def asked_letter(at: AppTest) -> str | None:
    for m in at.markdown:
        found = re.match(r"### Is \*\*(\w)\*\* in your word\?", m.value)
        if found:
            return found.group(1).lower()
    return None


def host_boards(list_name: str, secret: str) -> list[tuple[str, str, list]]:
    """Host the page's solver on a secret, answering truthfully: (mask, every visible text, metrics) after each answer."""
    at = AppTest.from_file(PAGE, default_timeout=600)
    at.session_state["hangman_list"] = list_name
    at.session_state["hangman_mode"] = "You host"
    at.session_state["hangman_host_length"] = len(secret)
    at.run()
    boards = []
    for _ in range(40):
        assert not at.exception, [e.value for e in at.exception]
        state = at.session_state["hangman_host_state"]
        boards.append((state.mask, host_texts(at), [(m.label, m.value) for m in at.metric]))
        letter = asked_letter(at)
        if state.over or letter is None:
            break
        where = [i + 1 for i, c in enumerate(secret) if c == letter]
        if where:
            at.multiselect(key=f"hangman_host_where_{len(state.guessed)}").set_value(where)
            at.button(key="hangman_host_yes").click().run()
        else:
            at.button(key="hangman_host_no").click().run()
    return boards


STORY_CASES = [("English common 500", "rabbit")]  # an everyday word the small list lacks
if "Trexquant hangman 227k" in catalogue():
    STORY_CASES.append(("Trexquant hangman 227k", "friend"))  # the board: _RIEN_ on the development data


@pytest.mark.parametrize("list_name,secret", STORY_CASES)
def test_one_story_per_board_for_a_word_the_list_lacks(list_name, secret):
    boards = host_boards(list_name, secret)
    assert boards[-1][0] == secret, "the solver should find an everyday word"
    for mask, text, metrics in boards:
        likely = re.search(r"very likely|probably", text)
        assert not (likely and "the word is new to the solver" in text), (mask, text)
        assert not (likely and "That is fine for a rare word" in text), (mask, text)
    mask, text, metrics = boards[-1]
    assert "I found your word" in text
    assert ("Words of the list that still fit the board", "0") not in metrics, metrics
    assert f"{secret.upper()} is not in the list" in text


@pytest.mark.parametrize("answer,letters,move,advice", [
    # U was the hint's letter worth trying at move 5 (in the most of the 7 words still fitting) and was graded Skill 0
    ("just", "eoaiustj", 5, "the hint's letter worth trying"),
    ("means", "earsmn", 2, "the hint's letter worth trying"),  # A after E: Skill 58 beside the hint that advised it
])
def test_a_move_the_hint_advised_is_never_graded_down(answer, letters, move, advice):
    from core.hangman.grade import grade_game, move_summary
    from core.words import load_list

    graded = grade_game(load_list("English common 500").words, answer, list(letters), 6)
    m = graded.moves[move - 1]
    assert (m.advised, m.skill) == (advice, 100)
    assert f"was {advice}, so it counts as a best move" in move_summary(m)


def test_the_solvers_own_move_is_never_graded_down():
    from core.hangman.grade import grade_game
    from core.hangman.rules import new_game

    words = ["cat", "bat", "hat", "mat", "dog", "cot", "cut"]
    advisor = lambda state: "o" if state == new_game(3, 6) else None  # noqa: E731  (a solver that opens with O)
    plain = grade_game(words, "cat", ["o"], 6).moves[0]
    advised = grade_game(words, "cat", ["o"], 6, advisor=advisor).moves[0]
    assert plain.skill < 100 and not plain.advised
    assert (advised.skill, advised.advised) == (100, "the solver's move")


@pytest.mark.parametrize("mine,other,says_too_few", [
    ((0.05, 0.30), (0.66, 0.93), False),  # the ranges: apart, so the chart's rule says they differ
    ((0.05, 0.30), (0.25, 0.50), True),  # overlapping: they may not really differ
    ((0.05, 0.30), (0.30, 0.55), True),  # touching counts as overlapping, as on the chart
])
def test_the_benchmark_warning_follows_the_charts_overlap_rule(mine, other, says_too_few):
    from core.bench.run import small_sample_note

    runs = {"best (aaaaaa)": {"games": 20, "ci_low": mine[0], "ci_high": mine[1]},
            "frequency (bbbbbb)": {"games": 20, "ci_low": other[0], "ci_high": other[1]}}
    note = small_sample_note("best (aaaaaa)", runs["best (aaaaaa)"], "games", runs)
    assert note.startswith("best (aaaaaa): only 20 games, so its win rate could be anywhere from 5% to 30%")
    assert ("too few to say which solver is better" in note) is says_too_few, note
    assert ("frequency (bbbbbb)" in note) is says_too_few, note


@pytest.mark.parametrize("facts,says,never", [
    # _RIEN_ on the development data: no list word fits, the everyday FRIEND does; the move once said only "No word in
    # the list fits any more; letter patterns ... make D the best bet" beside "FRIEND ... very likely"
    (dict(letter="d", fitting=0, containing=0, chance=0.99, others=1, language="English", weighted=True),
     "D: no word of the list (1 with other everyday English words) fitted before this guess; the solver weighs those "
     "everyday words by how common they are (it puts the chance of a hit at 99%).", "letter patterns"),
    (dict(letter="d", fitting=0, containing=0, chance=0.4, pattern="iend"), "No word in the list fits any more",
     "everyday"),  # no everyday word either: the letter patterns speak
])
def test_a_move_on_a_word_the_list_lacks_tells_the_everyday_words_story(facts, says, never):
    from core.hangman.explain import MoveFacts, move_sentence

    sentence = move_sentence(MoveFacts(**facts))
    assert sentence.startswith(says) and never not in sentence, sentence


@pytest.mark.parametrize("list_name,secret", STORY_CASES)
def test_one_story_per_board_when_watching_a_word_the_list_lacks(list_name, secret):
    at = AppTest.from_file(PAGE, default_timeout=600)
    at.session_state["hangman_list"] = list_name
    at.run()
    at.text_input(key="hangman_secret_input").input(secret).run()
    moves, _ = at.session_state["hangman_replay"]
    for pos in range(1, len(moves) + 1):
        if pos > 1:
            at.button(key="hangman_next").click().run()
        assert not at.exception, [e.value for e in at.exception]
        text = host_texts(at)
        if re.search(r"very likely|probably", text):
            assert "No word in the list fits any more" not in text, (pos, text)
            assert "the word is new to the solver" not in text, (pos, text)
