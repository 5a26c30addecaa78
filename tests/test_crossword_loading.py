"""Clue databases prepared in the background: an honest time left, and the models or the reason they failed."""
import threading

import pytest

from core.progress import Reading, TimeLeft
from ui.crossword import loading
from ui.crossword.loading import Preparation, time_left_words


@pytest.mark.parametrize("reading, elapsed, words", [
    (Reading(None, False), 5.0, "estimating the time left"),
    (Reading(None, True), 200.0, "taking longer than estimated, 3 min so far"),
    (Reading(None, True), 42.0, "taking longer than estimated, 42 s so far"),
    (Reading(TimeLeft(50.0, 10.0), False), 20.0, "about 40–60 s left"),
    (Reading(TimeLeft(42.0, 0.4), False), 20.0, "about 42 s left"),
    (Reading(TimeLeft(420.0, 60.0), False), 20.0, "about 6–8 min left"),
    (Reading(TimeLeft(100.0, 100.0), False), 20.0, "up to 3 min left"),
    (Reading(TimeLeft(420.0, 60.0), True), 600.0, "taking longer than estimated: at the pace so far, about 6–8 min left"),
])
def test_time_left_in_words(reading, elapsed, words):
    assert time_left_words(reading, elapsed) == words


def test_a_slow_preparation_says_it_is_late_then_gives_the_time_its_own_pace_measures(monkeypatch):
    """The archive's first preparation on a loaded machine: a quick first fifth, then a stage ten times slower than
    its share of the bar said. The bar once counted down its first figure and then said "nearly there" for minutes."""
    now = {"t": 0.0}
    monkeypatch.setattr(loading.time, "monotonic", lambda: now["t"])
    release = threading.Event()
    prep = Preparation("a test database", lambda progress: release.wait(30) and "models")
    texts = {}
    for t in range(1, 400):
        now["t"] = float(t)
        fraction = 0.02 * t if t <= 10 else 0.2 + 0.002 * (t - 10)  # done at 410 s
        prep.report(round(1000 * fraction), 1000, "weighing the clue sources")
        texts[t] = prep.status()[1].split(" · ", 1)[1]
    release.set()
    prep.thread.join(30)
    assert texts[10] == "about 32–48 s left"  # the quick start's figure
    # its pace says later: a new range from the work done so far at once (2026-11-29: "taking longer than estimated,
    # 40 s so far" with no figure until the first promise had passed)
    assert texts[40].startswith("taking longer than estimated: at the pace so far, about "), texts[40]
    assert texts[200] == "taking longer than estimated: at the pace so far, about 2–4 min left"  # 210 s are left
    assert not any("nearly there" in text for text in texts.values())


def test_a_preparation_reports_its_progress_then_holds_its_models():
    release = threading.Event()

    def build(progress):
        progress(250, 1000, "reading clues")
        release.wait(30)
        return "models"

    prep = Preparation("a test database", build)
    while prep.status()[0] < 0.25:
        prep.thread.join(0.01)
    fraction, text = prep.status()
    assert fraction == 0.25 and not prep.ready
    assert text.startswith("Preparing a test database: reading clues · ")
    release.set()
    prep.thread.join(30)
    assert prep.ready and prep.models == "models" and not prep.error


@pytest.mark.parametrize("build, says", [(lambda p: 1 / 0, "ZeroDivisionError: division by zero"),
                                         (lambda p: None, "nothing was built")])
def test_a_failed_preparation_says_why_and_is_never_ready(build, says):
    prep = Preparation("a broken database", build)
    prep.thread.join(30)
    assert not prep.ready and prep.error == says


@pytest.mark.parametrize("declared, from_puzzles", [({}, False), ({"from_puzzles": True}, True)])
def test_a_database_declares_whether_it_learned_from_past_puzzles(declared, from_puzzles):
    """The page once read this from the database's label (a name starting "NYT"): a label is words for a person."""
    prep = Preparation("NYT-looking label that says nothing", lambda progress: "models", **declared)
    prep.thread.join(30)
    assert prep.from_puzzles is from_puzzles


def test_the_crossword_ui_reads_no_database_kind_from_its_label():
    import ast
    from pathlib import Path

    ui = Path(__file__).resolve().parent.parent / "ui" / "crossword"
    branches = [f"{path.name}:{node.lineno}" for path in sorted(ui.glob("*.py"))
                for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "startswith" and "NYT" in ast.unparse(node)]
    assert branches == []
