"""AppTest drives of the Wordle page: the assistant (with impossible feedback and undo), the watcher, the benchmark."""
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

PAGE = str(Path(__file__).resolve().parent.parent / "pages" / "3_Wordle.py")


@pytest.fixture()
def app() -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=240)
    at.run()
    assert not at.exception, at.exception
    return at


def play_row(at: AppTest, word: str, clicks: list[int]) -> None:
    """Type a word, click each tile the given number of times, and add the row."""
    at.text_input(key="wordle_guess").input(word)
    at.run()
    for i, n in enumerate(clicks):
        for _ in range(n):
            at.button(key=f"wordle_tile_{i}").click()
            at.run()
    at.button(key="wordle_add").click()
    at.run()
    assert not at.exception, at.exception


def answers_left(at: AppTest) -> int:
    return int(at.metric[0].value.replace(",", ""))


def test_assistant_narrows_answers_and_suggests(app):
    start = answers_left(app)
    play_row(app, "crane", [0, 1, 2, 0, 0])  # grey, yellow, green, grey, grey
    assert app.session_state["wordle_history"] == [("crane", 1 * 3 + 2 * 9)]
    left = answers_left(app)
    assert 0 < left < start
    assert any("Next:" in m.value for m in app.markdown)
    assert len(app.get("plotly_chart")) >= 2  # the information bars and the letter-by-position heatmap


def test_impossible_feedback_gets_a_message_and_undo_restores(app):
    play_row(app, "crane", [2, 2, 2, 2, 1])  # four greens and a yellow: no answer can fit
    assert any("No answer fits" in e.value for e in app.error)
    app.button(key="wordle_undo").click().run()
    assert app.session_state["wordle_history"] == []
    assert not app.error


def test_word_of_the_wrong_length_is_refused_plainly(app):
    play_row(app, "cran", [])
    assert any("Type a word of 5" in w.value for w in app.warning)
    assert app.session_state["wordle_history"] == []


def test_watch_the_solver_explains_each_guess(app):
    app.text_input(key="wordle_watch_answer").input("crane")
    app.button(key="wordle_watch_play").click().run()
    assert not app.exception, app.exception
    assert any("CRANE" in m.value for m in app.markdown)
    app.slider(key="wordle_watch_step").set_value(1).run()
    assert any("expected bits" in i.value for i in app.info)
    app.button(key="wordle_watch_play").click().run()  # the same game again opens at its last step, not at step 1
    record = app.session_state["wordle_watch_record"][2]
    assert app.slider(key="wordle_watch_step").value == record.guesses


def test_an_upload_in_the_sidebar_is_offered_at_once(app):
    app.file_uploader(key="wordle_upload").upload("mine.txt", b"crane\nslate\nsloth\n", "text/plain").run()
    assert not app.exception
    assert "mine.txt (uploaded)" in app.selectbox(key="wordle_answers").options


def test_benchmark_panel_compares_solvers(app):
    app.multiselect(key="wordle_bench_solvers").set_value(["positional", "entropy", "best"])
    app.number_input(key="wordle_bench_games").set_value(20)
    app.button(key="wordle_bench_run").click().run()
    assert not app.exception, app.exception
    table = app.dataframe[-1].value
    assert list(table["solver"]) == ["positional", "entropy", "best"]
    assert (table["games"] == 20).all()
    assert table["mean_guesses"].iloc[2] <= table["mean_guesses"].iloc[0]
    assert any("best tree replayed" in c.value for c in app.caption)
    assert len(app.get("download_button")) == 1


def test_uploaded_mixed_length_multigraph_list_asks_for_a_length_and_plays():
    from core.words import WordList

    words = ("kw'ats'", "hats'", "kw'am", "ts'am", "hom", "kw'oo", "lax", "abcd", "bcda")
    at = AppTest.from_file(PAGE, default_timeout=240)
    at.session_state["wordlab_uploads"] = {"gitksan (uploaded)": WordList("gitksan (uploaded)", words)}
    at.run()
    at.selectbox(key="wordle_answers").set_value("gitksan (uploaded)")
    at.selectbox(key="wordle_allowed").set_value("gitksan (uploaded)")
    at.text_area(key="wordle_mapping").input("kw' Q\nts' T")
    at.run()
    assert not at.exception, at.exception
    assert at.selectbox(key="wordle_length").value == 3
    assert "7 answers" in at.caption[0].value
    play_row(at, "kw'am", [2, 0, 0])
    assert answers_left(at) == 1  # only kw'oo: kw'ats' has an a
    assert not at.error


def test_answers_missing_from_the_allowed_list_are_added_with_a_note():
    from core.words import WordList

    at = AppTest.from_file(PAGE, default_timeout=240)
    at.session_state["wordlab_uploads"] = {
        "ans (uploaded)": WordList("ans (uploaded)", ("cigar", "rebut", "sissy")),
        "ok (uploaded)": WordList("ok (uploaded)", ("cigar", "salet")),
    }
    at.run()
    at.selectbox(key="wordle_answers").set_value("ans (uploaded)")
    at.selectbox(key="wordle_allowed").set_value("ok (uploaded)")
    at.run()
    assert any("were missing from the allowed list" in i.value for i in at.info)


def test_best_suggestion_follows_the_saved_tree_and_survives_leaving_it(app):
    app.radio(key="wordle_assist_solver").set_value("best").run()
    assert not app.exception, app.exception
    first = next(m.value for m in app.markdown if "Next:" in m.value)
    play_row(app, "crane", [0, 1, 2, 0, 0])  # a first guess the tree would not make
    assert any("Next:" in m.value for m in app.markdown)
    assert next(m.value for m in app.markdown if "Next:" in m.value) != first


def test_hard_mode_refuses_feedback_for_a_guess_the_game_would_refuse(app):
    app.toggle(key="wordle_hard").set_value(True).run()
    play_row(app, "crane", [2, 0, 0, 0, 0])  # C green
    assert len(app.session_state["wordle_history"]) == 1
    play_row(app, "sloth", [0, 0, 0, 0, 0])  # drops the green C: the real game refuses it in hard mode
    assert len(app.session_state["wordle_history"]) == 1
    assert any("Hard mode: the game refuses" in w.value for w in app.warning)
