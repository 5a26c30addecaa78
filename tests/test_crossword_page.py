"""AppTest: the Crosswords page with demo puzzles and (when the shared data is present) an archive puzzle."""
from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from core.crossword.explain import chance_text
from core.crossword.data import archive_path, demo_puzzles
from core.crossword.clues.guessers import fits
from core.crossword.rules import fill_letters
from core.crossword.readers import puzzle_to_ipuz
from core.crossword.solvers import SOLVERS
from core.crossword.fill.threshold import ThresholdSolver
PAGE = str(Path(__file__).resolve().parent.parent / "pages" / "5_Crosswords.py")


READY_WAIT = 900  # seconds a clue database may take to prepare on a busy machine (the page shows a bar meanwhile)


def prepared(at: AppTest, db: str) -> AppTest:
    """The page on clue database `db` once it is ready, rerun while it is prepared (each run shows its bar)."""
    at.sidebar.radio(key="cw_db").set_value(db).run()
    deadline = time.monotonic() + READY_WAIT
    while not any("clue-answer pairs" in c.value for c in at.sidebar.caption):
        assert not at.exception, at.exception
        assert any(bar.text.startswith("Preparing the ") for bar in at.progress), "a database is prepared without a bar"
        assert time.monotonic() < deadline, f"{db} not ready after {READY_WAIT} s: {[b.text for b in at.progress]}"
        time.sleep(1.0)
        at.run()
    return at


@pytest.fixture(scope="module")
def shared_app():
    """One page instance for the module (models load once), fitted on the last 150 archive puzzles."""
    old = os.environ.get("WORDLAB_CW_TRAIN_LIMIT")
    os.environ["WORDLAB_CW_TRAIN_LIMIT"] = "150"
    at = AppTest.from_file(PAGE, default_timeout=300)  # a run never waits on a database (a busy machine: slow imports)
    at.run()
    for db in at.sidebar.radio(key="cw_db").options:
        prepared(at, db)
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
    assert any("Letters right" in m.label for m in at.metric)


def move_log_entries(at: AppTest) -> list[str]:
    """The move log's entries as the page shows them (newest first)."""
    return [m.value for m in at.markdown if m.value.startswith("**") and ". " in m.value[:8] and "  \n" in m.value]


def test_the_replay_opens_at_move_one_with_its_sentence_and_next_adds_one_to_the_log(app_factory):
    at = app_factory()
    at.sidebar.selectbox(key="cw_solver").set_value("best")
    at.sidebar.button(key="cw_solve").click().run()
    assert any(m.value.startswith("**Move 1 of ") for m in at.markdown)
    log = move_log_entries(at)
    assert len(log) == 1 and log[0].startswith("**1. ") and "-Across " in log[0], log
    assert at.button(key="cw_prev").disabled
    at.button(key="cw_next").click().run()
    assert not at.exception, at.exception
    assert any(m.value.startswith("**Move 2 of ") for m in at.markdown)
    log = move_log_entries(at)
    assert len(log) == 2 and log[0].startswith("**2. ") and log[1].startswith("**1. ")
    at.button(key="cw_prev").click().run()
    assert len(move_log_entries(at)) == 1
    at.button(key="cw_last").click().run()
    n = int(next(m.value for m in at.markdown if m.value.startswith("**Move ")).split(" of ")[1].split("*")[0])
    assert len(move_log_entries(at)) == n and at.button(key="cw_next").disabled


def test_show_the_solution_switch_draws_the_solution_grid(app_factory):
    at = app_factory()
    at.sidebar.button(key="cw_solve").click().run()
    assert any("Red outline" in c.value for c in at.caption), "the legend explains the red outline"
    at.toggle(key="cw_show_solution").set_value(True).run()
    assert not at.exception, at.exception
    assert any(c.value == "The puzzle's own solution." for c in at.caption)
    at.toggle(key="cw_show_solution").set_value(False).run()


def test_the_page_speaks_plain_words_outside_how_it_works(app_factory):
    at = app_factory()
    at.sidebar.button(key="cw_solve").click().run()
    outside = [e.value for e in [*at.title, *at.caption, *at.markdown, *at.sidebar.caption]
               if isinstance(e.value, str)]
    inside = {m.value for ex in at.expander for m in ex.markdown} | {c.value for ex in at.expander for c in ex.caption}
    shown = " ".join(v for v in outside if v not in inside).lower()
    for term in ("belief propagation", "pca", "sweep", "calibrat", "tf-idf", "word2vec", " ink", "pencil"):
        assert term not in shown, term


def test_candidates_say_which_source_proposed_them(app_factory):
    at = app_factory()
    at.selectbox(key="cw_slot").set_value("1A").run()
    table = next(d.value for d in at.table if "Proposed by" in d.value.columns)
    assert len(table) and table["Proposed by"].str.len().min() > 0


def test_a_long_clue_is_shown_whole(app_factory):
    at = app_factory()
    demo = next(iter(demo_puzzles().values()))
    doc = puzzle_to_ipuz(demo)
    long_clue = "A very long clue " + "that goes on and on " * 8 + "until the end"
    doc["clues"]["Across"][0][1] = long_clue
    at.radio(key="cw_kind").set_value("Upload .puz / .ipuz").run()
    at.file_uploader(key="cw_upload").set_value(("long.ipuz", json.dumps(doc).encode(), "application/json")).run()
    assert not at.exception, at.exception
    assert any(long_clue in m.value for m in at.markdown)
    at.file_uploader(key="cw_upload").set_value(None)


def test_a_malformed_puz_upload_gets_our_message(app_factory):
    at = app_factory()
    at.radio(key="cw_kind").set_value("Upload .puz / .ipuz").run()
    at.file_uploader(key="cw_upload").set_value(("bad.puz", b"ACROSS&DOWN\x00 not really", "application/octet-stream")).run()
    assert not at.exception, at.exception
    errors = [e.value for e in at.error]
    assert errors and "is not a puzzle we can read" in errors[0] and "read?" not in errors[0], errors
    at.file_uploader(key="cw_upload").set_value(None)


def test_every_solver_fills_and_scores_a_demo_puzzle(app_factory):
    at = app_factory()
    for name in SOLVERS.names():
        at.sidebar.selectbox(key="cw_solver").set_value(name)
        at.sidebar.button(key="cw_solve").click().run()
        assert not at.exception, at.exception
        assert any(c.value.startswith(f"Solved by **{SOLVERS.plain_name(name)}**") for c in at.caption), name
        if not at.button(key="cw_last").disabled:  # the replay opens at move 1: the score of the finished fill
            at.button(key="cw_last").click().run()
        metrics = {m.label: float(m.value.rstrip("%")) for m in at.metric}
        assert metrics["Grid filled"] > 0.0 and 0.0 <= metrics["Letters right"] <= 100.0, (name, metrics)


def test_wordnet_database_works_without_archive(app_factory):
    at = app_factory()
    assert "Dictionary definitions (WordNet)" in at.sidebar.radio(key="cw_db").options
    prepared(at, "Dictionary definitions (WordNet)")
    at.sidebar.button(key="cw_solve").click().run()
    assert not at.exception, at.exception
    assert any(c.value.startswith("Solved by **") and "on the **Dictionary definitions (WordNet)** clue database" in c.value
               for c in at.caption)


@pytest.fixture(scope="module")
def packaged_fills():
    """Each demo puzzle and the fill `best` gives it with packaged knowledge only (no archive)."""
    from core.crossword.data import demo_puzzles
    from core.crossword.harness import make_solver
    from core.crossword.preparation import packaged_models

    solver = make_solver("best", packaged_models())
    return {name: (puzzle, solver.solve(puzzle).fill) for name, puzzle in demo_puzzles().items()}


# the words a teacher's demo shows first without the archive: once NAT for JET (no packaged source knew AMISH or
# JAMES, so IRISH and NARES wrote the crossings), HEART missing from its clue's candidates; then SIT for "Took a seat"
# (no source proposed a past tense), so 6-Across read IMISH
@pytest.mark.parametrize("demo, slot, word", [
    ("demo-5x5-heart", "1A", "HEART"), ("demo-5x5-jet", "1A", "JET"), ("demo-5x5-jet", "1D", "JAMES"),
    ("demo-5x5-jet", "2D", "ELISE"), ("demo-5x5-jet", "5D", "DHS"), ("demo-5x5-jet", "4D", "SAT"),
    ("demo-5x5-jet", "6A", "AMISH")])
def test_the_demos_first_words_read_right_without_the_archive(packaged_fills, demo, slot, word):
    from core.crossword.rules import read_slot

    puzzle, fill = packaged_fills[demo]
    assert read_slot(puzzle, fill, slot) == word


@pytest.mark.parametrize("demo", ["demo-5x5-heart", "demo-5x5-jet"])
def test_the_demos_are_filled_whole_without_the_archive(packaged_fills, demo):
    puzzle, fill = packaged_fills[demo]
    wrong = sorted(cell for cell, letter in puzzle.solution.items() if fill.get(cell) != letter)
    assert not wrong, wrong


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
    at.toggle(key="cw_bench_open").set_value(True).run()
    at.multiselect(key="cw_bench_solvers_crossword").set_value(["threshold"])
    at.number_input(key="cw_bench_items_crossword").set_value(1)
    at.selectbox(key="cw_bench_backend").set_value("serial")
    at.button(key="FormSubmitter:cw_bench_form_crossword-Run benchmark").click().run()
    assert not at.exception, at.exception
    assert not at.error, [e.value for e in at.error]
    from core.bench.history import load_run

    [run] = [load_run(r) for r in at.multiselect(key="cw_bench_show_crossword").value]
    assert run.meta["solver"] == "threshold" and len(run.records) == 1  # the shared panel's stored run
    assert dict(run.meta["key"]["params"])["train_limit"] == "150"  # learned as the page did
    assert any("Letters right" in df.value.columns for df in at.dataframe)
    at.toggle(key="cw_bench_open").set_value(False).run()


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
    ("radio", "cw_db", "Dictionary definitions (WordNet)"),  # another clue database
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
    text = next(m.value for m in at.markdown if "Letters shown" in m.value)
    return text.split("`")[1]


# a slot whose letters change between the solve's steps (motor city's 10A no longer does: since the meaning source
# the solver has DEARIES from its first step)
@pytest.mark.parametrize("demo, solver, slot", [
    ("demo-5x5-heart", "best", "1D"),
])
def test_candidate_filter_uses_the_fill_at_the_step_shown(app_factory, demo, solver, slot):
    at = app_factory()
    at.selectbox(key="cw_demo").set_value(demo)
    at.sidebar.selectbox(key="cw_solver").set_value(solver)
    at.sidebar.button(key="cw_solve").click().run()
    at.selectbox(key="cw_slot").set_value(slot)
    at.checkbox(key="cw_pattern").check().run()
    at.button(key="cw_last").click().run()
    final = fill_shown(at)
    seen = []
    for step in range(1, 12):  # an earlier step whose letters differ from the last one's
        at.session_state["cw_step_at"] = {k: step for k in at.session_state["cw_step_at"]}
        at.run()
        assert not at.exception, at.exception
        pattern = fill_shown(at)
        seen.append(pattern)
        if pattern != final and pattern.strip("_"):
            break
    assert pattern != final and pattern.strip("_"), f"{slot} should change between steps ({seen} / {final})"
    tables = [d.value for d in at.table if "Proposed by" in d.value.columns]
    if tables:
        assert all(fits(answer, pattern) for answer in tables[0]["Answer"])
    else:
        assert any(f"No candidate fits `{pattern}`" in w.value for w in at.warning)
    assert not any("No source proposes" in w.value for w in at.warning)
    at.checkbox(key="cw_pattern").uncheck().run()


@pytest.mark.parametrize("step", [1, 2])
def test_the_candidates_at_a_move_are_the_words_the_solver_weighed_there(app_factory, step):
    """Move 1 once wrote HEART for "Organ that pumps blood" while the panel listed only the clue's own candidates
    (SHOES, AORTA...): the panel now lists the words the move chose from, with what the clue alone gave each."""
    at = app_factory()
    at.selectbox(key="cw_demo").set_value("demo-5x5-heart")
    at.sidebar.selectbox(key="cw_solver").set_value("best")
    at.sidebar.button(key="cw_solve").click().run()
    at.session_state["cw_step_at"] = {k: step for k in at.session_state["cw_step_at"]}
    at.selectbox(key="cw_slot").set_value("1A").run()
    assert not at.exception, at.exception
    table = next(d.value for d in at.table if "Proposed by" in d.value.columns)
    assert list(table.columns) == ["Answer", f"Chance at move {step}", "From the clue alone", "Proposed by"]
    result = next(iter(at.session_state["cw_results"].values()))["result"]
    weighed = result.states[step - 1].beliefs["1A"][:10]
    assert list(table["Answer"]) == [w for w, _ in weighed]  # the words the move chose its letters from
    assert list(table[f"Chance at move {step}"]) == [chance_text(c) for _, c in weighed]
    assert any(f"at move {step}" in c.value for c in at.caption)
    reads = fill_shown(at)  # a word of the list, or a sentence says why the letters spell none of them
    assert reads in set(table["Answer"]) or any(f"1-Across reads {reads}:" in i.value for i in at.info)


@pytest.mark.parametrize("slots, rows, box", [
    (10, 5, "content"), (22, 7, "content"), (30, 9, "content"),  # the demos and small puzzles: every clue shown
    (78, 15, 590 + 170), (140, 21, 794 + 170),  # a daily and a Sunday grid: a box as tall as the grid and its scores
])
def test_the_clue_list_shows_every_clue_of_a_small_puzzle_and_a_grid_tall_box_for_a_big_one(slots, rows, box):
    from types import SimpleNamespace

    from ui.crossword.watch import clue_box_height

    puzzle = SimpleNamespace(slots=dict.fromkeys(range(slots)), rows=rows)
    assert clue_box_height(puzzle) == box


def linked_upload() -> bytes:
    """The heart demo as an .ipuz whose first two across answers are one phrase: 'With 6-Across, ...' + 'See 1-Across'."""
    demo = demo_puzzles()["demo-5x5-heart"]
    doc = puzzle_to_ipuz(demo)
    across = doc["clues"]["Across"]
    for item in across:
        number = item[0] if isinstance(item, list) else item["number"]
        text = {1: "With 6-Across, a signal to proceed", 6: "See 1-Across"}.get(int(number))  # GREEN LIGHT
        if text and isinstance(item, list):
            item[1] = text
        elif text:
            item["clue"] = text
    return json.dumps(doc).encode()


def test_a_linked_slots_candidates_say_which_slot_they_were_joined_with(app_factory):
    at = app_factory()
    at.sidebar.radio(key="cw_db").set_value("Dictionary definitions (WordNet)")  # the same knowledge on every machine
    at.radio(key="cw_kind").set_value("Upload .puz / .ipuz").run()
    at.file_uploader(key="cw_upload").set_value(("linked.ipuz", linked_upload(), "application/octet-stream")).run()
    assert not at.exception, at.exception
    at.sidebar.button(key="cw_solve").click().run()
    assert not at.exception, at.exception
    at.selectbox(key="cw_slot").set_value("6A").run()
    assert not at.exception, at.exception
    tables = [d.value for d in at.table if "Proposed by" in d.value.columns]
    assert tables, [w.value for w in at.warning] + [m.value for m in at.markdown if "6-Across" in m.value]
    table = tables[0]
    row = table[table["Answer"] == "LIGHT"]
    assert len(row) and "joined with 1-Across" in row["Proposed by"].iloc[0], table
    assert not table["Proposed by"].str.contains("similar").any(), table  # the bare pointer's own noise is dropped
    at.selectbox(key="cw_slot").set_value("7A").run()  # a slot in no group names no other slot
    table = next(d.value for d in at.table if "Proposed by" in d.value.columns)
    assert not table["Proposed by"].str.contains("joined with").any(), table
    at.file_uploader(key="cw_upload").set_value(None)


@pytest.mark.skipif(archive_path() is None, reason="shared NYT archive not present")
def test_the_page_opens_at_once_while_the_archive_is_prepared_and_offers_it_when_ready(shared_app, monkeypatch):
    from core.crossword import preparation
    release, real = threading.Event(), preparation.archive_models

    def slow_archive(path, progress, **kw):
        progress(100, 1000, "reading every past clue")
        assert release.wait(READY_WAIT)
        return real(path, progress=progress, **{**kw, "limit": 150})  # the shared page's models, on disk already

    monkeypatch.setattr(preparation, "archive_models", lambda path, progress=None, **kw: slow_archive(path, progress, **kw))
    monkeypatch.setenv("WORDLAB_CW_TRAIN_LIMIT", "149")  # a database no other test has prepared
    at = AppTest.from_file(PAGE, default_timeout=300)
    at.run()
    assert not at.exception, at.exception
    assert at.sidebar.radio(key="cw_db").value == "Dictionary definitions (WordNet)"  # what is ready, at once
    bars = [b.text for b in at.progress]
    assert any(t.startswith("Preparing the NYT archive database: ") for t in bars), bars
    assert any("will be offered here when it is ready" in c.value for c in at.sidebar.caption)
    assert not at.sidebar.button(key="cw_solve").disabled  # the dictionary database solves meanwhile
    release.set()
    deadline = time.monotonic() + READY_WAIT
    while not any(b.key == "cw_use_archive" for b in at.sidebar.button):
        assert time.monotonic() < deadline and not at.exception, ([b.text for b in at.progress], at.exception)
        time.sleep(1.0)
        at.run()
    at.sidebar.button(key="cw_use_archive").click().run()
    assert at.sidebar.radio(key="cw_db").value.startswith("NYT archive")
    assert any("clue-answer pairs" in c.value for c in at.sidebar.caption) and not at.progress


@pytest.mark.skipif(archive_path() is None, reason="shared NYT archive not present")
def test_the_archive_being_prepared_locks_solve_but_shows_the_puzzle(shared_app, monkeypatch):
    from core.crossword import preparation
    release = threading.Event()
    monkeypatch.setattr(preparation, "archive_models", lambda *a, **kw: release.wait(READY_WAIT) and None)
    monkeypatch.setenv("WORDLAB_CW_TRAIN_LIMIT", "148")
    at = AppTest.from_file(PAGE, default_timeout=300)
    at.session_state["cw_db"] = "NYT archive (train ≤ 2010-12-31)"
    at.run()
    try:
        assert not at.exception, at.exception
        assert at.sidebar.button(key="cw_solve").disabled
        assert any("Empty grid" in str(c.proto) for c in at.get("plotly_chart")), "the puzzle is shown meanwhile"
        assert any("open when the clue database is ready" in i.value for i in at.info)
        assert any(b.text.startswith("Preparing the NYT archive database") for b in at.progress)
    finally:
        release.set()


def test_a_theme_word_list_joins_the_dictionary_databases_candidates(app_factory):
    at = app_factory()
    at.sidebar.radio(key="cw_db").set_value("Dictionary definitions (WordNet)").run()
    at.file_uploader(key="cw_theme_upload").upload("zoo.txt", b"okapi\nzebra\n", "text/plain").run()
    assert not at.exception, at.exception
    puzzle = demo_puzzles()[at.selectbox(key="cw_demo").value]
    slot = next(n for n, s in puzzle.slots.items() if s.length == 5)
    at.selectbox(key="cw_slot").set_value(slot).run()
    table = next(d.value for d in at.table if "Proposed by" in d.value.columns)
    mine = table[table["Answer"].isin(["OKAPI", "ZEBRA"])]
    assert len(mine) == 2 and all("your word list" in p for p in mine["Proposed by"]), table
    at.file_uploader(key="cw_theme_upload").set_value(None).run()  # the list removed: proposed no more
    table = next(d.value for d in at.table if "Proposed by" in d.value.columns)
    assert not any("your word list" in p for p in table["Proposed by"])


EXTRA_HELP = "the threshold solver stopped after its first two passes"


class TwoPasses(ThresholdSolver):
    """A crossword solver no page knows: the threshold solver's first two passes."""

    name = "two-passes"


@pytest.fixture
def extra_crossword_solver():
    SOLVERS.register("two-passes", plain_name="two passes", plain_help=EXTRA_HELP)(
        lambda models, **kw: TwoPasses(models, start=0.75, stop=0.375, **kw))
    yield "two-passes"
    SOLVERS.unregister("two-passes")


def test_an_extra_crossword_solver_is_on_the_picker_explained_and_solves(app_factory, extra_crossword_solver):
    at = app_factory()
    picker = at.sidebar.selectbox(key="cw_solver")
    assert "two passes" in picker.options and f"**two passes**: {EXTRA_HELP}" in picker.help
    picker.set_value(extra_crossword_solver)
    at.sidebar.button(key="cw_solve").click().run()
    assert not at.exception, at.exception
    assert any(c.value == f"**two passes** {EXTRA_HELP}." for c in at.sidebar.caption)
    assert any(c.value.startswith("Solved by **two passes**") for c in at.caption), [c.value for c in at.caption]
    assert any(f"  - **two passes**: {EXTRA_HELP}.\n" in m.value for m in at.markdown)  # How it works lists it
    at.sidebar.selectbox(key="cw_solver").set_value("best").run()
    assert not at.exception, at.exception


def test_an_extra_crossword_solver_is_offered_on_the_benchmarks_page_and_the_command_line(extra_crossword_solver,
                                                                                           capsys):
    from core.bench.cli import main as bench_cli

    at = AppTest.from_file(str(Path(PAGE).parent / "6_Benchmarks.py"), default_timeout=240).run()
    at.selectbox(key="bench_game").set_value("crossword").run()
    assert not at.exception, at.exception
    assert "two passes" in at.multiselect(key="bench_solvers_crossword").options  # by its plain name
    with pytest.raises(SystemExit):
        bench_cli(["crossword", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert f"two-passes ({EXTRA_HELP})" in text  # no technical help and no docstring: its plain help explains it
