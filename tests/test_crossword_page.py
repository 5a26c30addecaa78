"""AppTest: the Crosswords page with demo puzzles and (when the shared data is present) an archive puzzle."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from core.crossword.data import archive_path, demo_puzzles
from core.crossword.guessers import fits
from core.crossword.puzzle import fill_letters
from core.crossword.readers import puzzle_to_ipuz

PAGE = str(Path(__file__).resolve().parent.parent / "pages" / "5_Crosswords.py")


@pytest.fixture(scope="module")
def shared_app():
    """One page instance for the module (models load once), fitted on the last 150 archive puzzles."""
    old = os.environ.get("WORDLAB_CW_TRAIN_LIMIT")
    os.environ["WORDLAB_CW_TRAIN_LIMIT"] = "150"
    at = AppTest.from_file(PAGE, default_timeout=300)
    at.run()
    yield at
    if old is None:
        os.environ.pop("WORDLAB_CW_TRAIN_LIMIT", None)
    else:
        os.environ["WORDLAB_CW_TRAIN_LIMIT"] = old


@pytest.fixture
def app_factory(shared_app):
    """Returns the shared page reset to the demo puzzle and the first clue database."""
    def make() -> AppTest:
        at = shared_app
        assert not at.exception, at.exception
        at.radio(key="cw_kind").set_value("Demo")
        at.sidebar.radio(key="cw_db").set_value(at.sidebar.radio(key="cw_db").options[0])
        at.run()
        at.selectbox(key="cw_demo").set_value(at.selectbox(key="cw_demo").options[0]).run()
        assert not at.exception, at.exception
        return at
    return make


def test_demo_puzzle_solves_and_steps_through_states(app_factory):
    at = app_factory()
    assert at.radio(key="cw_kind").value == "Demo"
    at.sidebar.selectbox(key="cw_solver").set_value("best")
    at.sidebar.button(key="cw_solve").click().run()
    assert not at.exception, at.exception
    assert at.slider(key="cw_step").value >= 1
    at.slider(key="cw_step").set_value(1).run()
    assert not at.exception
    assert any("Letters right" in m.label for m in at.metric)


def test_every_solver_runs_on_a_demo_puzzle(app_factory):
    at = app_factory()
    for name in ("threshold", "cell-confidence"):
        at.sidebar.selectbox(key="cw_solver").set_value(name)
        at.sidebar.button(key="cw_solve").click().run()
        assert not at.exception, at.exception


def test_wordnet_database_works_without_archive(app_factory):
    at = app_factory()
    if "WordNet 3.0 glosses" not in at.sidebar.radio(key="cw_db").options:
        pytest.skip("WordNet not offered")
    at.sidebar.radio(key="cw_db").set_value("WordNet 3.0 glosses").run()
    assert not at.exception, at.exception
    at.sidebar.button(key="cw_solve").click().run()
    assert not at.exception, at.exception


@pytest.mark.skipif(archive_path() is None, reason="shared NYT archive not present")
def test_archive_puzzle_solves(app_factory):
    at = app_factory()
    at.radio(key="cw_kind").set_value("Archive (test years 2011-2013)").run()
    assert not at.exception, at.exception
    at.sidebar.button(key="cw_solve").click().run()
    assert not at.exception, at.exception
    assert any("Letters right" in m.label for m in at.metric)


@pytest.mark.skipif(archive_path() is None, reason="shared NYT archive not present")
def test_reliability_plot_and_benchmark_panel(app_factory):
    at = app_factory()
    at.number_input(key="cw_cal_n").set_value(1)
    at.button(key="cw_cal_run").click().run()
    assert not at.exception, at.exception
    at.multiselect(key="cw_bench_solvers").set_value(["threshold"])
    at.number_input(key="cw_bench_n").set_value(1)
    at.button(key="cw_bench_run").click().run()
    assert not at.exception, at.exception
    assert len(at.dataframe) >= 2


def unsolved_upload(name: str) -> bytes:
    """The first demo puzzle as a .puz with a locked (scrambled) solution, or as an .ipuz without a solution."""
    demo = next(iter(demo_puzzles().values()))
    if name.endswith(".ipuz"):
        doc = puzzle_to_ipuz(demo)
        del doc["solution"]
        return json.dumps(doc).encode()
    import puz

    p = puz.Puzzle()
    p.width, p.height, p.title = demo.cols, demo.rows, demo.title
    p.solution = "".join(fill_letters(demo, demo.solution))
    p.fill = "".join("." if ch == "." else "-" for ch in p.solution)
    p.clues = [s.clue for s in sorted(demo.slots.values(), key=lambda s: (s.number, s.direction))]
    p.lock_solution(1234)
    return p.tobytes()


@pytest.mark.parametrize("name, says", [
    ("locked.puz", "has a locked (scrambled) solution, so the fill cannot be checked"),
    ("unsolved.ipuz", "has no solution, so the fill cannot be scored"),
])
def test_puzzles_without_a_usable_solution_are_solved_but_never_scored(app_factory, name, says):
    at = app_factory()
    at.radio(key="cw_kind").set_value("Upload .puz / .ipuz").run()
    at.file_uploader(key="cw_upload").set_value((name, unsolved_upload(name), "application/octet-stream")).run()
    assert not at.exception, at.exception
    assert any(says in box.value for box in at.info), [box.value for box in at.info]
    assert not any("Gimmick" in box.value for box in at.warning)
    at.sidebar.button(key="cw_solve").click().run()
    assert not at.exception, at.exception
    assert any("Solved by" in c.value for c in at.caption)
    assert not any(m.label in ("Letters right", "Words right") for m in at.metric)
    at.file_uploader(key="cw_upload").set_value(None)


def scored(at: AppTest) -> bool:
    """Whether the page shows a score."""
    return any(m.label == "Letters right" for m in at.metric)


@pytest.mark.parametrize("widget, key, value", [
    ("radio", "cw_db", "WordNet 3.0 glosses"),  # another clue database
    ("selectbox", "cw_solver", "threshold"),  # another solver
])
def test_a_changed_setting_never_shows_another_settings_result(app_factory, widget, key, value):
    at = app_factory()
    at.session_state["cw_results"] = {}
    at.sidebar.selectbox(key="cw_solver").set_value("best")
    at.sidebar.button(key="cw_solve").click().run()
    assert scored(at)
    before = getattr(at.sidebar, widget)(key=key).value
    getattr(at.sidebar, widget)(key=key).set_value(value).run()
    assert not at.exception, at.exception
    assert not scored(at), f"the score of best is still shown after switching {key} from {before} to {value}"
    assert any(c.value.startswith("No solve yet") for c in at.caption)
    getattr(at.sidebar, widget)(key=key).set_value(before).run()
    assert scored(at), "going back to the first setting shows its solve again"
    db = at.sidebar.radio(key="cw_db").value
    assert any(c.value.startswith(f"Solved by **best** on the **{db}**") for c in at.caption)


def fill_shown(at: AppTest) -> str:
    """The slot's letters the page says the grid shows."""
    text = next(m.value for m in at.markdown if "Fill shown" in m.value)
    return text.split("`")[1]


@pytest.mark.parametrize("demo, solver, slot", [
    ("demo-5x5-heart", "best", "1D"),
    ("demo-7x7-motor-city", "cell-confidence", "10A"),
])
def test_candidate_filter_uses_the_fill_at_the_step_shown(app_factory, demo, solver, slot):
    at = app_factory()
    at.selectbox(key="cw_demo").set_value(demo)
    at.sidebar.selectbox(key="cw_solver").set_value(solver)
    at.sidebar.button(key="cw_solve").click().run()
    at.selectbox(key="cw_slot").set_value(slot)
    at.checkbox(key="cw_pattern").check().run()
    final = fill_shown(at)
    at.slider(key="cw_step").set_value(1).run()
    assert not at.exception, at.exception
    pattern = fill_shown(at)
    assert pattern != final and pattern.strip("_"), f"{slot} should change between steps ({pattern} / {final})"
    assert any(pattern in c.value for c in at.caption), "the page shows the pattern it filters by"
    tables = [d.value for d in at.dataframe if "guesser" in d.value.columns]
    if tables:
        assert all(fits(answer, pattern) for answer in tables[0]["answer"])
    else:
        assert any(f"No candidate fits `{pattern}`" in w.value for w in at.warning)
    assert not any("No guesser has a candidate" in w.value for w in at.warning)
    at.checkbox(key="cw_pattern").uncheck().run()
