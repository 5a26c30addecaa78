"""The Benchmarks page offers Hangman's "where the word comes from" through the game's benchmark description."""
from pathlib import Path

from streamlit.testing.v1 import AppTest

from core.bench.history import load_run
from core.hangman.bench import BENCH
from core.hangman.solvers import WORLD_NAMES, WORLDS

PAGE = str(Path(__file__).resolve().parent.parent / "pages" / "6_Benchmarks.py")


def test_the_hangman_benchmark_describes_the_world_choice_with_the_mix_as_its_default():
    [choice] = BENCH.choices
    assert choice.key == "world" and choice.options == tuple(WORLDS) and dict(BENCH.default_params)["world"] == "mixed"
    assert "which letters they guess" in choice.changes


def test_the_benchmarks_page_runs_hangman_for_the_world_picked():
    at = AppTest.from_file(PAGE, default_timeout=300)
    at.run()
    picker = at.selectbox(key="bench_world_hangman")
    assert picker.value == "mixed" and picker.options == [WORLD_NAMES[w] for w in WORLDS]  # shown in words
    assert any("which letters they guess" in c.value for c in at.caption)
    picker.set_value("list")
    at.multiselect(key="bench_solvers_hangman").set_value(["best"])
    at.selectbox(key="bench_dataset_hangman").set_value("English common 500")
    at.number_input(key="bench_items_hangman").set_value(10)
    at.selectbox(key="bench_backend").set_value("serial")
    at.button(key="FormSubmitter:bench_form_hangman-Run benchmark").click().run()
    assert not at.exception
    [run_id] = at.session_state["bench_show_hangman"]
    run = load_run(run_id)
    assert dict(run.meta["key"]["params"])["world"] == "list" and run.meta["info"]["world"] == "list"
    assert run.meta["label"].endswith(f"where the word comes from: {WORLD_NAMES['list']}")  # in words, as picked
