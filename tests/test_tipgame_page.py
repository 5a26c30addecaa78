"""The Tip game page under AppTest: watch the tree, play with hints, walk the explorer, build, odd lists."""
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from core.words import WordList

PAGE = str(Path(__file__).resolve().parent.parent / "pages" / "4_Tip_game.py")


def fresh(uploads: dict | None = None) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=180)
    if uploads:
        at.session_state["wordlab_uploads"] = uploads
    at.run()
    return at


def table_with(at: AppTest, columns: list[str]):
    """The first dataframe whose columns are exactly these."""
    return next(d.value for d in at.dataframe if list(d.value.columns) == columns)


WATCH = ["try", "tip", "answer", "words left"]
PLAYED = ["try", "tip", "answer"]


def no_trouble(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]


def test_page_loads_with_a_verified_tree_and_the_duplicates_note():
    at = fresh()
    no_trouble(at)
    text = " ".join(c.value for c in at.caption)
    assert "verified by replaying every word" in text and "lower bound" in text
    assert "twice as often" in text
    assert "lower bound 5.894" in text  # the saved German tree's 3-ply bound, not the live 2-ply 5.342


def test_watching_the_tree_find_a_german_word_with_umlauts():
    at = fresh()
    at.text_input(key="tipgame_watch_typed").input("natürlich").run()
    no_trouble(at)
    table = table_with(at, WATCH)
    assert table["answer"].iloc[-1] == "is" and table["tip"].iloc[-1] == "natürlich"
    assert list(table["words left"])[-1] == 0
    assert any("natürlich" in s.value for s in at.success)


def test_a_typed_word_outside_the_list_is_explained():
    at = fresh()
    at.text_input(key="tipgame_watch_typed").input("zzzz").run()
    no_trouble(at)
    assert any("not in the list" in w.value for w in at.warning)


def test_playing_yourself_with_the_hint_solves_the_game():
    at = fresh()
    at.toggle(key="tipgame_hint").set_value(True).run()
    for _ in range(25):
        if any("The tree needs" in s.value for s in at.success):
            break
        hint = next(i.value for i in at.info if "Suggestion" in i.value)
        tip = hint.split("**")[1]
        at.text_input(key="tipgame_tip").input(tip)
        at.button[[b.label for b in at.button].index("Send tip")].click().run()
        no_trouble(at)
    assert any("The tree needs" in s.value for s in at.success)
    table = table_with(at, PLAYED)
    assert table["answer"].iloc[-1] == "is"


def test_explorer_follows_an_answer_and_comes_back():
    at = fresh()
    top_tip = next(m.value for m in at.markdown if m.value.startswith("**Tip sent here:**"))
    follow = next(s for s in at.selectbox if s.label == "Follow an answer")
    choice = follow.options[1]
    follow.select(choice).run()
    no_trouble(at)
    tip = top_tip.split("`")[1]
    assert any(m.value == f"**Node:** `{tip}` {choice}" for m in at.markdown)  # the trail names the tip and the answer
    # a child sends a new tip: the same tip again would get the same answer from every word below it
    assert next(m.value for m in at.markdown if m.value.startswith("**Tip sent here:**")) != top_tip
    at.button(key="tipgame_up").click().run()
    assert any(m.value == "**Node:** the first tip" for m in at.markdown)
    assert len(at.get("plotly_chart")) >= 3


def test_building_a_tree_shows_progress_and_keeps_the_best():
    at = fresh()
    at.number_input(key="tipgame_budget").set_value(2)
    at.button(key="tipgame_build").click().run()
    no_trouble(at)
    assert any("Best tree: mean" in s.value for s in at.success)
    assert at.session_state["tipgame_built"]["mean"] <= 7.2


@pytest.mark.parametrize("words,message", [
    ((), "empty"),
    (("haus",), "single word"),
])
def test_odd_lists_get_a_clear_message(words, message):
    name = "odd (uploaded)"
    at = AppTest.from_file(PAGE, default_timeout=120)
    at.session_state["wordlab_uploads"] = {name: WordList(name=name, words=words)}
    at.run()
    at.selectbox(key="tipgame_list").select(name).run()
    no_trouble(at)
    msgs = [m.value for m in list(at.error) + list(at.warning)]
    assert any(message in m for m in msgs), msgs


def test_a_small_umlaut_list_works_end_to_end():
    name = "umlauts (uploaded)"
    words = ("über", "müde", "größe", "straße", "schön", "für", "fuß", "hören")
    at = AppTest.from_file(PAGE, default_timeout=120)
    at.session_state["wordlab_uploads"] = {name: WordList(name=name, words=words)}
    at.run()
    at.selectbox(key="tipgame_list").select(name).run()
    no_trouble(at)
    at.selectbox(key="tipgame_watch_word").select("größe").run()
    table = table_with(at, WATCH)
    assert table["tip"].iloc[-1] == "größe"


def test_a_finished_build_says_where_its_tree_is_kept():
    at = fresh()
    at.number_input(key="tipgame_budget").set_value(2)
    at.button(key="tipgame_build").click().run()
    no_trouble(at)
    assert at.session_state["tipgame_built"].get("saved")
    text = " ".join(s.value for s in at.success)
    assert "stopped early" not in text and ("saved on this machine" in text or "as good or better" in text)


def test_an_upload_is_in_the_list_box_at_once():
    at = fresh()
    at.file_uploader(key="tipgame_upload").upload("mine.txt", b"haus\nmaus\nlaus\n", "text/plain").run()
    no_trouble(at)
    assert "mine.txt (uploaded)" in at.selectbox(key="tipgame_list").options


def test_a_decomposed_unicode_word_is_found():
    at = fresh()
    at.text_input(key="tipgame_watch_typed").input("natu\u0308rlich").run()  # ü as u + combining diaeresis
    no_trouble(at)
    assert not at.warning or not any("not in the list" in w.value for w in at.warning)
    assert table_with(at, WATCH)["tip"].iloc[-1] == "natürlich"
