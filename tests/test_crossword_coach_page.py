"""AppTest: the Crosswords page's clue look-up and coach on the dictionary clue database (a demo puzzle)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from core.crossword.explain import chance_verdict
from tests.test_crossword_page import prepared

PAGE = str(Path(__file__).resolve().parent.parent / "pages" / "5_Crosswords.py")
DICTIONARY = "Dictionary definitions (WordNet)"


@pytest.fixture(scope="module")
def shared_app():
    """One page instance for the module on the dictionary clue database (its models load once)."""
    at = AppTest.from_file(PAGE, default_timeout=600)
    at.session_state["cw_db"] = DICTIONARY
    at.run()
    assert not at.exception, at.exception
    return prepared(at, DICTIONARY)  # the database is prepared on a background thread: rerun until it is ready


@pytest.fixture
def lookup_app(shared_app):
    """The page in its look-up mode."""
    at = shared_app
    at.radio(key="cw_mode").set_value("Look up a clue").run()
    assert not at.exception, at.exception
    return at


def find(at: AppTest, clue: str, pattern: str) -> AppTest:
    """Type a clue and a pattern and press the look-up's button."""
    at.text_input(key="cw_lookup_clue").set_value(clue)
    at.text_input(key="cw_lookup_pattern").set_value(pattern)
    next(b for b in at.button if b.label == "Find answers").click().run()
    assert not at.exception, at.exception
    return at


def test_the_lookup_answers_a_clue_and_pattern_in_one_step(lookup_app):
    at = find(lookup_app, "Opera solo", "A??A")
    assert at.success[0].value.startswith("Best answer: **ARIA**")
    rows = at.table[0].value
    assert list(rows.columns) == ["Answer", "Chance it is right", "Proposed by"]
    assert all(len(a) == 4 and a[0] == "A" and a[3] == "A" for a in rows["Answer"])


# 2026-11-29: the column read PARIS 70.5%, LILLE 27.6%, VICHY 22.9% (and "Best answer: CAT, 0.9% likely" above it)
@pytest.mark.parametrize("clue, pattern", [("Capital of France", "5"), ("Opera solo", "4"), ("Frozen water", "3"),
                                           ("Feline pet", "3"), ("", "QU??K")])
def test_the_lookups_chances_add_up_to_100_percent_at_most_and_the_headline_agrees(lookup_app, clue, pattern):
    at = find(lookup_app, clue, pattern)
    rows = at.table[0].value
    shown = [0.0 if c == "under 0.1%" else float(c.rstrip("%")) for c in rows["Chance it is right"]]
    assert sum(shown) <= 100.0 + 0.05 * len(shown), shown  # each figure rounded to a tenth
    headline = at.success[0].value
    assert f"**{rows['Answer'][0]}**" in headline and rows["Chance it is right"][0] in headline, (headline, rows)
    words = chance_verdict(shown[0] / 100) if "equally likely" not in headline else "equally likely"
    assert words in headline, (headline, shown[0])
    total = next(c.value for c in at.caption if "Together these" in c.value)
    held = re.search(r"hold (\S+%) of the chance; the other (\S+%)", total)
    assert held and float(held[1].rstrip("%")) + float(held[2].rstrip("%")) == pytest.approx(100.0, abs=0.11), total


def test_the_lookup_by_pattern_alone_lists_common_words(lookup_app):
    at = find(lookup_app, "", "QU??K")
    assert "QUICK" in list(at.table[0].value["Answer"])
    assert set(at.table[0].value["Proposed by"]) == {"common word that fits"}


@pytest.mark.parametrize("pattern, says", [
    ("A1?", "only the letters A to Z"), ("0", "1 to 25 letters"), ("30", "1 to 25 letters"),
    ("QXQXQ", "No answer fits QXQXQ"),
])
def test_the_lookup_says_why_it_has_no_answer(lookup_app, pattern, says):
    at = find(lookup_app, "Opera solo", pattern)
    assert says in at.warning[0].value


@pytest.fixture
def coach_app(shared_app):
    """The page's coach on the heart demo, a fresh game (no letters, no hints)."""
    at = shared_app
    at.session_state["cw_coach_games"] = {}
    at.radio(key="cw_mode").set_value("Solve it yourself, with a coach").run()
    at.radio(key="cw_kind").set_value("Demo").run()
    at.selectbox(key="cw_demo").set_value("demo-5x5-heart").run()
    assert not at.exception, at.exception
    return at


def write(at: AppTest, slot: str, word: str) -> None:
    """Choose a clue and type a word into its answer box."""
    at.selectbox(key="cw_coach_slot").set_value(slot).run()
    at.text_input(key=f"cw_coach_word_{slot}").input(word).run()
    assert not at.exception, at.exception


def hint(at: AppTest, kind: str) -> str:
    """Press a hint button and return the hint's sentence."""
    at.button(key=f"cw_coach_{kind}").click().run()
    assert not at.exception, at.exception
    return at.info[0].value


def hints_used(at: AppTest) -> str:
    return next(c.value for c in at.caption if "hint" in c.value.lower() and "used" in c.value)


def test_the_nudge_names_a_clue_without_its_answer(coach_app):
    said = hint(coach_app, "nudge")
    assert said.startswith("Try ") and "% sure of its answer, because" in said
    for word in ("HEART", "EMBER", "ABUSE", "RESIN", "TREND"):
        assert word not in said.upper()
    assert hints_used(coach_app) == "1 hint used: 1 nudge."


def test_the_letter_hint_gives_a_square_of_the_chosen_clue(coach_app):
    coach_app.selectbox(key="cw_coach_slot").set_value("6A").run()
    said = hint(coach_app, "letter")
    assert said.startswith("The solver's likeliest letter for square ") and "of 6-Across is " in said
    square = int(said.split("square ")[1].split(" ")[0])
    assert f"is {'EMBER'[square - 1]}," in said


def test_the_answer_hint_follows_the_persons_crossing_letters(coach_app):
    coach_app.selectbox(key="cw_coach_slot").set_value("1D").run()
    assert hint(coach_app, "answer").startswith("The solver's answer for 1-Down is HEART")
    write(coach_app, "1A", "S")  # 1-Down must now begin with S
    coach_app.selectbox(key="cw_coach_slot").set_value("1D").run()
    said = hint(coach_app, "answer")
    assert said.startswith("The solver's answer for 1-Down is S")
    assert hints_used(coach_app) == "2 hints used: 2 answers."


def test_check_my_letters_names_the_doubted_and_the_wrong_squares(coach_app):
    write(coach_app, "1A", "HEART")
    write(coach_app, "6A", "AMBER")  # square 1 should be E (2-Down, EMBER)
    assert next(m.value for m in coach_app.markdown if m.value.startswith("Your letters")) == "Your letters: `AMBER`"
    said = hint(coach_app, "check")
    assert "The solver doubts 1 of your 10 letters: square 1 of 6-Across: your A, it would say E" in said
    assert "The puzzle's solution says 1 is wrong: square 1 of 6-Across." in said


def test_a_word_too_long_for_the_clue_is_refused_with_a_sentence(coach_app):
    write(coach_app, "1A", "HEARTS")
    assert "1-Across has 5 squares" in coach_app.warning[0].value
    assert next(m.value for m in coach_app.markdown if m.value.startswith("Your letters")) == "Your letters: `?????`"


def test_the_finish_shows_the_hints_beside_the_solvers_own_solve(coach_app):
    for slot, word in (("1A", "HEART"), ("6A", "EMBER"), ("7A", "ABUSE"), ("8A", "RESIN"), ("9A", "TREND")):
        write(coach_app, slot, word)
    hint(coach_app, "nudge")
    said = hint(coach_app, "check")
    assert said == "The solver doubts none of your 25 letters. The puzzle's solution agrees with all of them."
    coach_app.button(key="cw_coach_finish").click().run()
    assert not coach_app.exception, coach_app.exception
    shown = [m.value for m in coach_app.markdown]
    assert "**Yours**: 25 of 25 letters right" in shown
    assert "**2 hints used: 1 nudge, 1 check.**" in shown
    assert any(m.startswith("**The solver's, on its own**: ") and "of 25 letters right" in m for m in shown)
