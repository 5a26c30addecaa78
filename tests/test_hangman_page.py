"""AppTest drives every mode of the Hangman page on a small built-in list."""
import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

PAGE = str(Path(__file__).resolve().parent.parent / "pages" / "2_Hangman.py")
SMALL = "English common 500"


@pytest.fixture
def app():
    at = AppTest.from_file(PAGE, default_timeout=180)
    at.session_state["hangman_list"] = SMALL
    at.run()
    assert not at.exception
    return at


def errors(at):
    return [e.value for e in at.error]


def test_watch_mode_steps_and_plays_to_the_end(app):
    app.text_input(key="hangman_secret_input").input("about").run()
    assert not app.exception and not errors(app)
    app.button(key="hangman_next").click().run()
    state = app.session_state["hangman_watch_state"]
    assert len(state.guessed) == 1
    assert any("Dictionary words still matching" in m.label for m in app.metric)
    assert len(app.get("plotly_chart")) >= 2  # the drawing and the live letter chart
    app.button(key="hangman_finish").click().run()
    assert app.session_state["hangman_watch_state"].over
    assert app.success or app.error


def test_watch_mode_overlays_a_second_strategy(app):
    app.text_input(key="hangman_secret_input").input("house").run()
    app.selectbox(key="hangman_compare").set_value("frequency").run()
    assert not app.exception and not errors(app)


def test_watch_mode_refuses_a_secret_outside_the_alphabet(app):
    app.text_input(key="hangman_secret_input").input("ab1").run()
    assert any("alphabet" in e for e in errors(app))
    assert not app.exception


def test_watch_mode_draws_a_word_from_the_list(app):
    app.button(key="hangman_draw").click().run()
    assert app.session_state["hangman_secret_input"]
    assert not app.exception


def test_you_host_solves_a_word_from_honest_answers(app):
    app.radio(key="hangman_mode").set_value("You host").run()
    secret = "house"
    for _ in range(12):
        asks = [m.value for m in app.markdown if "in your word?" in m.value and m.value.startswith("### Is")]
        if not asks:
            break
        letter = re.search(r"\*\*(\w)\*\*", asks[0]).group(1).lower()
        where = [i + 1 for i, c in enumerate(secret) if c == letter]
        state = app.session_state["hangman_host_state"]
        if where:
            app.multiselect(key=f"hangman_host_where_{len(state.guessed)}").set_value(where).run()
            app.button(key="hangman_host_yes").click().run()
        else:
            app.button(key="hangman_host_no").click().run()
        assert not app.exception
    assert app.session_state["hangman_host_state"].over


def test_you_host_explains_a_contradiction(app):
    app.radio(key="hangman_mode").set_value("You host").run()
    state = app.session_state["hangman_host_state"]
    app.multiselect(key=f"hangman_host_where_{len(state.guessed)}").set_value([1]).run()
    app.button(key="hangman_host_yes").click().run()
    before = app.session_state["hangman_host_state"]
    # claim the next letter sits where the first one already shows
    app.multiselect(key=f"hangman_host_where_{len(before.guessed)}").set_value([1]).run()
    app.button(key="hangman_host_yes").click().run()
    assert any("contradicts" in e and "already shows" in e for e in errors(app))
    assert app.session_state["hangman_host_state"] == before
    app.button(key="hangman_host_undo").click().run()
    assert app.session_state["hangman_host_state"].guessed == ()
    assert not app.exception


def test_you_host_asks_for_positions_before_yes(app):
    app.radio(key="hangman_mode").set_value("You host").run()
    app.button(key="hangman_host_yes").click().run()
    assert any("Pick at least one position" in w.value for w in app.warning)


def test_you_play_guesses_and_shows_a_hint(app):
    app.radio(key="hangman_mode").set_value("You play").run()
    secret = app.session_state["hangman_play_secret"]
    app.selectbox(key="hangman_play_letter").set_value(secret[0]).run()
    app.button(key="hangman_play_guess").click().run()
    state = app.session_state["hangman_play_state"]
    assert state.mask[0] == secret[0]
    app.toggle(key="hangman_play_hint").set_value(True).run()
    assert len(app.get("plotly_chart")) >= 2 and not app.exception


def test_benchmark_panel_runs_and_caps_n_at_the_list(app):
    app.radio(key="hangman_mode").set_value("Benchmark").run()
    app.multiselect(key="hangman_bench_strategies").set_value(["frequency", "ngram-backoff"]).run()
    app.number_input(key="hangman_bench_games").set_value(5000).run()
    assert any("Only" in w.value for w in app.warning)
    app.number_input(key="hangman_bench_games").set_value(30).run()
    app.button(key="hangman_bench_run").click().run()
    assert not app.exception
    table = app.dataframe[0].value
    assert list(table["strategy"]) == ["frequency", "ngram-backoff"]
    assert len(app.get("plotly_chart")) >= 2


def test_benchmark_on_another_list_minus_the_dictionary(app):
    app.radio(key="hangman_mode").set_value("Benchmark").run()
    app.radio(key="hangman_bench_how").set_value("Another list, minus this one").run()
    app.selectbox(key="hangman_bench_other").set_value("English 4-letter common").run()
    app.multiselect(key="hangman_bench_strategies").set_value(["frequency"]).run()
    app.number_input(key="hangman_bench_games").set_value(20).run()
    app.button(key="hangman_bench_run").click().run()
    assert not app.exception and app.dataframe


def test_auto_play_advances_one_step_per_tick(app):
    app.text_input(key="hangman_secret_input").input("house").run()
    app.toggle(key="hangman_auto").set_value(True).run()
    assert not app.exception
    assert len(app.session_state["hangman_watch_state"].guessed) == 1


def test_an_empty_secret_asks_for_a_word_and_a_budget_change_restarts(app):
    assert any("Type a secret word" in i.value for i in app.info)
    app.text_input(key="hangman_secret_input").input("mouse").run()
    app.button(key="hangman_next").click().run()
    app.slider(key="hangman_max_wrong").set_value(3).run()
    state = app.session_state["hangman_watch_state"]
    assert state.max_wrong == 3 and state.guessed == ()


def test_a_repeated_benchmark_comes_back_from_the_session_cache(app):
    app.radio(key="hangman_mode").set_value("Benchmark").run()
    app.multiselect(key="hangman_bench_strategies").set_value(["frequency"]).run()
    app.number_input(key="hangman_bench_games").set_value(20).run()
    app.button(key="hangman_bench_run").click().run()
    first = app.dataframe[0].value
    app.button(key="hangman_bench_run").click().run()  # the same run again: cached, no replay of old widgets
    assert not app.exception and not errors(app)
    assert app.dataframe[0].value.equals(first)
    assert len(app.session_state["hangman_bench_cache"]) == 1


def test_a_secret_with_a_letter_the_dictionary_lacks_is_still_played_out(app):
    app.session_state["hangman_list"] = "English 4-letter common"
    app.slider(key="hangman_max_wrong").set_value(25).run()
    app.text_input(key="hangman_secret_input").input("jazz").run()
    app.button(key="hangman_finish").click().run()
    state = app.session_state["hangman_watch_state"]
    assert state.over, state  # never stuck with letters left to guess
    assert app.button(key="hangman_next").disabled and app.button(key="hangman_finish").disabled
    assert not app.exception


def test_a_decomposed_unicode_secret_is_normalised(app):
    app.session_state["hangman_list"] = "German common 500"
    app.text_input(key="hangman_secret_input").input("u\u0308ber").run()  # ü as u + combining diaeresis (macOS paste)
    assert not errors(app) and not app.exception
    app.button(key="hangman_next").click().run()
    assert app.session_state["hangman_watch_state"].length == 4


def test_you_play_restarts_when_the_miss_budget_changes(app):
    app.radio(key="hangman_mode").set_value("You play").run()
    app.slider(key="hangman_max_wrong").set_value(3).run()
    assert app.session_state["hangman_play_state"].max_wrong == 3


def test_an_upload_on_this_page_becomes_the_dictionary():
    at = AppTest.from_file(PAGE, default_timeout=180)
    at.run()
    at.file_uploader(key="hangman_upload").upload("mine.txt", b"house\nmouse\nlouse\n", "text/plain").run()
    assert at.selectbox(key="hangman_list").value == "mine.txt (uploaded)"
    assert not at.exception
