"""AppTest: the Crosswords page with demo puzzles and (when the shared data is present) an archive puzzle."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from core.crossword.data import archive_path

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
