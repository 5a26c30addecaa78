"""The Tip game page under AppTest: watch the tree, play with hints, walk the explorer, build, odd lists."""
import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from core.words import WordList

PAGE = str(Path(__file__).resolve().parent.parent / "pages" / "4_Tip_game.py")


def fresh(uploads: dict | None = None, mode: str = "", german: bool = False) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=180)
    if uploads:
        at.session_state["wordlab_uploads"] = uploads
    at.run()
    if german:
        at.radio(key="tipgame_source").set_value("German: 500 common words").run()
    if mode:
        at.radio(key="tipgame_mode").set_value(mode).run()
    return at


def pick_upload(at: AppTest, name: str) -> AppTest:
    at.radio(key="tipgame_source").set_value("Another list").run()
    return at.selectbox(key="tipgame_list").select(name).run()


def table_with(at: AppTest, columns: list[str]):
    """The first dataframe whose columns are exactly these."""
    return next(d.value for d in at.dataframe if list(d.value.columns) == columns)


WATCH = ["try", "tip", "answer", "words left"]
PLAYED = ["try", "tip", "answer"]


def no_trouble(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]


def test_page_opens_on_the_english_list_with_a_verified_tree_and_the_duplicates_note():
    at = fresh()
    no_trouble(at)
    assert at.radio(key="tipgame_source").value.startswith("English")
    text = " ".join(c.value for c in at.caption)
    assert "English common 500" in text
    assert "checked by replaying every word" in text and "lower bound" not in text  # the technical name: in How it works
    assert "as often as it is listed" in text
    assert "no strategy can average fewer than 6.152" in text  # the saved English tree's deep bound, not the 2-ply


def test_german_is_one_click_away():
    at = fresh(german=True)
    no_trouble(at)
    text = " ".join(c.value for c in at.caption)
    assert "German common 500" in text and "fewer than 6.098" in text  # the saved German tree's deep bound (2026-11-29)


def last_move(at: AppTest) -> AppTest:
    """Step the replay to its end with Next."""
    for _ in range(30):
        nxt = at.button(key="tipgame_next")
        if nxt.disabled:
            break
        nxt.click().run()
        no_trouble(at)
    return at


def test_watching_the_tree_find_a_german_word_with_umlauts():
    at = fresh(german=True)
    at.text_input(key="tipgame_watch_typed").input("natürlich").run()
    no_trouble(at)
    table = table_with(at, WATCH)
    assert len(table) == 1  # the replay opens on move 1
    last_move(at)
    table = table_with(at, WATCH)
    assert table["answer"].iloc[-1] == "is" and table["tip"].iloc[-1] == "natürlich"
    assert list(table["words left"])[-1] == 0
    assert any("natürlich" in s.value for s in at.success)


def test_a_typed_word_outside_the_list_is_explained():
    at = fresh()
    at.text_input(key="tipgame_watch_typed").input("zzzz").run()
    no_trouble(at)
    assert any("not in the list" in w.value for w in at.warning)


def test_replay_opens_on_move_one_with_its_sentence_and_next_adds_one_to_the_log():
    at = fresh()
    no_trouble(at)
    first = next(i.value for i in at.info if i.value.startswith("Tip 1,"))
    assert re.match(r'^Tip 1, "[^"]+": [\d,]+ words? ', first) and "The game says" in first
    assert any(m.value.startswith("**Move 1 of") for m in at.markdown)
    log = next(m.value for m in at.markdown if m.value.startswith("1. Tip 1,"))
    assert log.count("\n") == 0
    at.button(key="tipgame_next").click().run()
    no_trouble(at)
    assert any(i.value.startswith("Tip 2,") for i in at.info)
    log = next(m.value for m in at.markdown if m.value.startswith("1. Tip 1,"))
    assert log.count("\n") == 1 and "\n2. Tip 2," in log
    assert len(table_with(at, WATCH)) == 2
    at.button(key="tipgame_prev").click().run()
    assert len(table_with(at, WATCH)) == 1
    at.button(key="tipgame_play").click().run()  # plays to the end by itself
    no_trouble(at)
    assert table_with(at, WATCH)["answer"].iloc[-1] == "is"
    assert any("Found" in s.value for s in at.success)


def test_a_new_word_restarts_the_replay_at_move_one():
    at = fresh()
    at.button(key="tipgame_next").click().run()
    at.selectbox(key="tipgame_watch_word").select(at.selectbox(key="tipgame_watch_word").options[5]).run()
    no_trouble(at)
    assert len(table_with(at, WATCH)) == 1


def test_playing_yourself_with_the_hint_solves_the_game():
    at = fresh(mode="Play yourself")
    at.toggle(key="tipgame_hint").set_value(True).run()
    for _ in range(25):
        if any("Searched tree needs" in s.value for s in at.success):
            break
        hint = next(i.value for i in at.info if "Suggestion" in i.value)
        tip = hint.split("**")[1]
        at.text_input(key="tipgame_tip").input(tip)
        at.button[[b.label for b in at.button].index("Send tip")].click().run()
        no_trouble(at)
    assert any("Searched tree needs" in s.value for s in at.success)
    table = table_with(at, PLAYED)
    assert table["answer"].iloc[-1] == "is"
    assert any(m.value.startswith("1. Tip 1,") for m in at.markdown)  # every tip of yours explained


def test_explorer_follows_an_answer_and_comes_back():
    at = fresh(mode="Tree explorer")
    top_tip = next(m.value for m in at.markdown if m.value.startswith("**Tip sent here:**"))
    follow = next(s for s in at.selectbox if s.label == "Follow an answer")
    choice = follow.options[1]
    follow.select(choice).run()
    no_trouble(at)
    tip = top_tip.split("`")[1]
    assert any(m.value == f"**Where you are:** `{tip}` {choice}" for m in at.markdown)  # the trail names the tip and the answer
    # a child sends a new tip: the same tip again would get the same answer from every word below it
    assert next(m.value for m in at.markdown if m.value.startswith("**Tip sent here:**")) != top_tip
    at.button(key="tipgame_up").click().run()
    assert any(m.value == "**Where you are:** the first tip" for m in at.markdown)
    assert len(at.get("plotly_chart")) >= 3


def test_building_a_tree_shows_progress_and_keeps_the_best():
    at = fresh(mode="Build a tree")
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
    pick_upload(at, name)
    no_trouble(at)
    msgs = [m.value for m in list(at.error) + list(at.warning)]
    assert any(message in m for m in msgs), msgs


def test_a_small_umlaut_list_works_end_to_end():
    name = "umlauts (uploaded)"
    words = ("über", "müde", "größe", "straße", "schön", "für", "fuß", "hören")
    at = AppTest.from_file(PAGE, default_timeout=120)
    at.session_state["wordlab_uploads"] = {name: WordList(name=name, words=words)}
    at.run()
    pick_upload(at, name)
    no_trouble(at)
    at.selectbox(key="tipgame_watch_word").select("größe").run()
    table = table_with(last_move(at), WATCH)
    assert table["tip"].iloc[-1] == "größe"


def test_a_finished_build_says_where_its_tree_is_kept():
    from core.tipgame.store import best_saved_tree
    from core.words import load_list

    words = list(load_list("English common 500").words)
    before = best_saved_tree(words)[1]["mean"]  # the tree the other modes use before the build
    at = fresh(mode="Build a tree")
    at.number_input(key="tipgame_budget").set_value(2)
    at.button(key="tipgame_build").click().run()
    no_trouble(at)
    built = at.session_state["tipgame_built"]
    assert built.get("saved")
    text = " ".join(s.value for s in at.success)
    assert "stopped early" not in text
    if built["mean"] <= before + 1e-9:  # as good or better: it replaces the saved tree and says it is saved
        assert "it is now the tree the other modes use, saved on this machine for this list" in text
    else:
        assert f"The saved tree ({before:.4f}) is as good or better" in text


def test_an_upload_is_in_the_list_box_at_once():
    at = fresh()
    at.file_uploader(key="tipgame_upload").upload("mine.txt", b"haus\nmaus\nlaus\n", "text/plain").run()
    no_trouble(at)
    assert at.radio(key="tipgame_source").value == "Another list"
    assert at.selectbox(key="tipgame_list").value == "mine.txt (uploaded)"


def test_a_list_uploaded_on_another_page_is_shown_at_once():
    at = fresh()
    at.session_state["wordlab_uploads"] = {"other.txt (uploaded)": WordList("other.txt (uploaded)", ("haus", "maus", "baum"))}
    at.session_state["wordlab_active_list"] = "other.txt (uploaded)"
    at.session_state["wordlab_upload_serial"] = 1  # what an upload on the Word lists page leaves behind
    at.run()
    no_trouble(at)
    assert at.radio(key="tipgame_source").value == "Another list"
    assert at.selectbox(key="tipgame_list").value == "other.txt (uploaded)"


def test_the_explorer_buttons_each_have_a_row_so_no_label_is_cut():
    at = fresh(mode="Tree explorer")
    follow = next(s for s in at.selectbox if s.label == "Follow an answer")
    follow.select(follow.options[1]).run()
    no_trouble(at)
    holding_up = [{b.key for b in column.button} for column in at.columns if "tipgame_up" in {b.key for b in column.button}]
    innermost = min(holding_up, key=len)  # side by side, each button had a half-width column of its own
    assert "tipgame_top" in innermost
    assert at.button(key="tipgame_top").label == "Back to the first tip"
    at.button(key="tipgame_top").click().run()
    assert any(m.value == "**Where you are:** the first tip" for m in at.markdown)


def test_every_solver_can_be_picked_and_watched_and_only_a_searching_one_builds():
    from core.tipgame.solvers import SOLVERS

    for name in SOLVERS.names():
        at = fresh()
        at.selectbox(key="tipgame_solver").set_value(name).run()
        no_trouble(at)
        assert any(f"**{SOLVERS.plain_name(name)}**" in c.value for c in at.caption)
        assert any(i.value.startswith("Tip 1,") for i in at.info)
        at.radio(key="tipgame_mode").set_value("Build a tree").run()
        searches = SOLVERS.shows(name, "search")
        assert (at.button(key="tipgame_build") is not None if searches else
                any("does not search" in i.value for i in at.info))


def test_an_upload_with_a_repeated_word_plays_it_twice_as_often_and_says_so():
    at = fresh()
    data = "\n".join(["haus", "maus", "laus", "haus", "baum", "raum"]).encode()
    at.file_uploader(key="tipgame_upload").upload("dup.txt", data, "text/plain").run()
    no_trouble(at)
    text = " ".join(c.value for c in at.caption)
    assert "1 word is listed more than once: haus (2 times)" in text
    report = " ".join(s.value for s in at.success)
    assert "5 words accepted from 6 lines" in report and "1 repeated line kept" in report and "dropped" not in report
    assert "all 6 entries (5 different words)" in text
    assert at.metric[0].value == "6"


def test_a_decomposed_unicode_word_is_found():
    at = fresh(german=True)
    at.text_input(key="tipgame_watch_typed").input("natu\u0308rlich").run()  # ü as u + combining diaeresis
    no_trouble(at)
    assert not [w.value for w in at.warning if "not in the list" in w.value]
    assert table_with(last_move(at), WATCH)["tip"].iloc[-1] == "natürlich"


def test_any_word_hides_another_word_and_restarts_the_replay():
    at = fresh()
    first = at.selectbox(key="tipgame_watch_word").value
    at.button(key="tipgame_next").click().run()
    for _ in range(5):  # a random pick may repeat the first word: a few presses find another
        at.button(key="tipgame_any").click().run()
        if at.selectbox(key="tipgame_watch_word").value != first:
            break
    no_trouble(at)
    assert at.selectbox(key="tipgame_watch_word").value != first
    assert len(table_with(at, WATCH)) == 1


def test_the_words_left_name_a_repeated_word_as_often_as_it_counts():
    at = fresh()
    data = "\n".join(["house", "mouse", "house", "garden", "water", "stone", "light", "river"]).encode()
    at.file_uploader(key="tipgame_upload").upload("dups.txt", data, "text/plain").run()
    at.selectbox(key="tipgame_watch_word").select("house").run()
    no_trouble(at)
    left = next((m for el in at.markdown if (m := re.fullmatch(r"(\d+) words are left: (.+)", el.value))), None)
    assert left, [el.value for el in at.markdown]
    assert "house (2 times)" in left.group(2)
    named = sum(int(m.group(1)) if (m := re.search(r"\((\d+) times\)", part)) else 1 for part in left.group(2).split(", "))
    assert named == int(left.group(1))


def test_the_page_takes_the_saved_tree_s_bounds_and_computes_them_only_for_a_list_without_one(monkeypatch):
    import streamlit as st

    import core.tipgame.bounds

    st.cache_data.clear()  # bounds cached by an earlier test would hide the computation
    calls = []
    real = core.tipgame.bounds.list_lower_bound
    monkeypatch.setattr(core.tipgame.bounds, "list_lower_bound", lambda *a, **k: calls.append(1) or real(*a, **k))
    at = fresh(mode="Tree explorer")
    no_trouble(at)
    assert not calls and "fewer than 6.152" in " ".join(c.value for c in at.caption)
    # a lower bound shown rounded is rounded down: 6.152 reads 6.15, as in the gap sentence
    assert [m.value for m in at.metric if m.label == "Least possible"] == ["6.15"]
    at.file_uploader(key="tipgame_upload").upload("bound.txt", b"haus\nmaus\nlaus\nbaum\n", "text/plain").run()
    no_trouble(at)
    assert calls and any(m.label == "Least possible" for m in at.metric)


def test_the_tree_s_solver_is_built_once_per_tree_not_on_every_rerun(monkeypatch):
    import streamlit as st

    from core.tipgame.solvers import TreeSolver

    st.cache_resource.clear()
    calls = []
    real = TreeSolver.fit
    monkeypatch.setattr(TreeSolver, "fit", lambda self, *a, **k: calls.append(1) or real(self, *a, **k))
    at = fresh()
    at.button(key="tipgame_next").click().run()
    at.button(key="tipgame_next").click().run()
    no_trouble(at)
    assert len(calls) == 1


GAP = re.compile(r"^No strategy can average fewer than (\d\.\d\d) tries on this list; this tree takes (\d\.\d\d), "
                 r"at most (\d+\.\d)% more than the best possible\.$")


@pytest.mark.parametrize("mode", ["Tree explorer", "Benchmark"])
def test_the_explorer_and_the_benchmark_say_how_far_the_tree_can_be_from_the_best_possible(mode):
    at = fresh(mode=mode)
    no_trouble(at)
    said = [m.value for m in at.markdown if GAP.match(m.value)]
    assert len(said) == 1, [m.value for m in at.markdown]
    low, mean, more = map(float, GAP.match(said[0]).groups())
    assert (low, mean) == (6.15, 6.98)  # the shipped English tree (6.978) and its saved deep bound (6.152), rounded down
    assert more >= (6.978 / 6.152 - 1) * 100  # "at most" holds for the unrounded figures
    assert any("too many to try every strategy" in c.value for c in at.caption)  # no exact search on 500 words
    assert not [b for b in at.button if b.key == "tipgame_exact"]


def test_a_small_upload_gets_its_best_possible_average_from_the_button():
    at = fresh(mode="Tree explorer")
    at.file_uploader(key="tipgame_upload").upload("small.txt", b"haus\nmaus\nlaus\nbaum\nbaumhaus\nhans\n",
                                                  "text/plain").run()
    no_trouble(at)
    assert any(m.value.startswith("No strategy can average fewer than") for m in at.markdown)
    at.button(key="tipgame_exact").click().run()
    no_trouble(at)
    best = [m.value for m in at.markdown if m.value.startswith("The best possible strategy averages")]
    assert len(best) == 1, [m.value for m in at.markdown]
    from core.tipgame.exact import optimum

    assert f"averages {optimum(['haus', 'maus', 'laus', 'baum', 'baumhaus', 'hans']).mean:.2f} tries" in best[0]
    assert any("The exact search tried every strategy in" in c.value for c in at.caption)
