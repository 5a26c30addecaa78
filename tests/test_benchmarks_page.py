"""The cross-game runner behind the Benchmarks page: runs, history reuse, the page end to end."""
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from core.benchmarks import HANGMAN, RunRequest, execute
from core.runner import Backend

ROOT = Path(__file__).resolve().parent.parent
PAGE = str(ROOT / "pages" / "6_Benchmarks.py")


def test_hangman_run_is_stored_and_an_identical_request_reloads_it():
    req = RunRequest("hangman", "frequency", "English common 500", HANGMAN.default_params, 40, 3)
    first = execute(HANGMAN, req, Backend("serial"))
    again = execute(HANGMAN, req, Backend("serial"))
    assert not first.reused and again.reused and again.run_id == first.run_id
    assert list(again.records["item"]) == list(first.records["item"])
    assert first.meta["summary"]["games"] == 40


def test_serial_and_local_runs_give_the_same_records():
    base = dict(game="hangman", solver="frequency", dataset="English common 500", params=HANGMAN.default_params, n_items=60)
    a = execute(HANGMAN, RunRequest(**base, seed=5), Backend("serial"), reuse=False)
    b = execute(HANGMAN, RunRequest(**base, seed=5), Backend("local", jobs=2, chunk_size=7), reuse=False)
    cols = ["item", "win", "misses", "guesses"]
    assert a.records[cols].equals(b.records[cols])


def test_benchmarks_page_runs_a_small_hangman_comparison():
    at = AppTest.from_file(PAGE, default_timeout=240).run()
    assert not at.exception
    at.multiselect(key="bench_solvers_hangman").set_value(["frequency"])
    at.selectbox(key="bench_dataset_hangman").set_value("English common 500")
    at.number_input(key="bench_items_hangman").set_value(30)
    at.selectbox(key="bench_backend").set_value("serial")
    at.button[0].click()  # the form's submit button
    at.run()
    assert not at.exception
    assert len(at.get("plotly_chart")) >= 2
    assert any("frequency" in str(df.value) for df in at.dataframe)


def test_wordle_runs_through_the_cross_game_runner_with_local_workers():
    from core.benchmarks import WORDLE

    req = RunRequest("wordle", "positional", "English 4-letter common (built-in)", WORDLE.default_params, 40, 1)
    serial = execute(WORDLE, req, Backend("serial"), reuse=False)
    local = execute(WORDLE, req, Backend("local", jobs=2, chunk_size=6), reuse=False)
    assert serial.records[["item", "guesses", "win"]].equals(local.records[["item", "guesses", "win"]])
    assert serial.meta["summary"]["games"] == 40 and serial.records["guesses"].min() >= 1


def test_a_new_run_replaces_the_runs_shown():
    at = AppTest.from_file(PAGE, default_timeout=240).run()
    at.multiselect(key="bench_solvers_hangman").set_value(["frequency"])
    at.selectbox(key="bench_dataset_hangman").set_value("English common 500")
    at.number_input(key="bench_items_hangman").set_value(20)
    at.selectbox(key="bench_backend").set_value("serial")
    at.number_input(key="bench_seed").set_value(101)
    at.button[0].click()
    at.run()
    first = at.multiselect(key="bench_show_hangman").value
    at.number_input(key="bench_seed").set_value(102)
    at.button[0].click()
    at.run()
    assert not at.exception
    shown = at.multiselect(key="bench_show_hangman").value
    assert shown == at.session_state["bench_selected"] and shown != first


@pytest.mark.parametrize("datasets, shown, applies", [
    ((), ["anything"], True),
    (("Wordle answers 2,315 / allowed 12,972",), ["Wordle answers 2,315 / allowed 12,972"], True),
    (("Wordle answers 2,315 / allowed 12,972",), ["English 4-letter common (built-in)"], False),
    (("Trexquant hangman 227k",), ["Trexquant hangman 227k", "/srv/.cache/uploads/ab12.txt"], False),
])
def test_a_published_figure_is_drawn_only_over_its_own_data(datasets, shown, applies):
    from core.benchmarks import Reference

    assert Reference("x", 1.0, "m", datasets).applies_to(shown) == applies
