"""Crosswords: pick a puzzle, watch a solver fill it, inspect candidates, and compare solvers."""
from __future__ import annotations

import os
import time
from pathlib import Path

import pandas as pd
import streamlit as st

from core.crossword import charts
from core.crossword.bench import BENCH as CROSSWORD_BENCH
from core.crossword.bench import bench_params
from core.crossword.data import TEST_SINCE, TRAIN_UNTIL, archive_path, demo_puzzles
from core.crossword.explain import move_log, slot_title
from core.crossword.pipeline import (candidate_table, clue_neighbourhood, linked_evidence, make_solver,
                                     sourced_candidates)
from core.crossword.puzzle import Puzzle, PuzzleError, read_slot, score_fill
from core.crossword.readers import iter_archive, puzzle_from_record, read_puzzle_file, unscorable_reason
from core.crossword.solvers import SOLVERS
from core.stats import whole_percent
from ui.bench_panel import benchmark_panel
from ui.crossword.coach import coach_panel
from ui.crossword.lookup import lookup_panel
from ui.crossword.loading import archive_preparation, preparing_panel, wordnet_preparation
from ui.crossword.theme import theme_words_panel
from ui.progress import streamlit_progress

st.set_page_config(page_title="Crosswords", layout="wide")
st.title("Crosswords")
st.caption("A solver reads every clue, proposes answers, and fills the grid so that crossing words agree. "
           "Pick a puzzle, press **Solve**, then step through its moves: each one says which words changed and why.")

TRAIN_LIMIT = int(os.environ.get("WORDLAB_CW_TRAIN_LIMIT") or 0)  # learn from only the last N archive puzzles
ARCHIVE = archive_path()
KEPT_RESULTS = 12  # solves remembered per session, one per (puzzle, database, solver)
BY_LETTER_NOTE = ("**best** ends by writing the likeliest letter in each square, square by square. That gets the "
                  "most letters correct on average; then a row that spells none of its clue's candidates is swapped "
                  "for one that fits its crossings, or has one unsure letter changed so that it reads as common words, "
                  "where that pays. Where the solver is unsure, a row of squares "
                  "may not spell a real word even so.")


@st.cache_data(show_spinner=False)
def archive_records(path: str, since: str, until: str) -> list[dict]:
    """Archive records between two dates."""
    return list(iter_archive(Path(path), since, until))


@st.cache_data(show_spinner=False)
def archive_statistics(path: str) -> dict:
    """Dataset statistics of the whole archive (counts only)."""
    from core.crossword.stats import dataset_stats

    stats = dataset_stats(list(iter_archive(Path(path))))
    stats["answers"] = dict(stats["answers"])
    return stats


def result_key(puzzle: Puzzle, db: str, solver: str) -> tuple:
    """What a solve depends on: the puzzle (by its content), the clue database, the solver and the training limit."""
    content = hash((puzzle.size, tuple(sorted(puzzle.blocks)), tuple((s.name, s.clue) for s in puzzle.slots.values())))
    return (puzzle.source, puzzle.date, puzzle.title, content, db, solver, TRAIN_LIMIT)


def remember(key: tuple, entry: dict) -> None:
    """Store a solve under its key, dropping the oldest beyond KEPT_RESULTS."""
    results = st.session_state["cw_results"]
    results.pop(key, None)
    results[key] = entry
    while len(results) > KEPT_RESULTS:
        results.pop(next(iter(results)))


st.session_state.setdefault("cw_results", {})
WATCH, COACH, LOOKUP = "Watch a solver", "Solve it yourself, with a coach", "Look up a clue"
MODES = (WATCH, COACH, LOOKUP)
DICTIONARY_SOURCE = "Dictionary definitions (WordNet)"

# ---- clue database: each prepared on its own thread; the page opens on what is ready ----
ARCHIVE_SOURCE = "NYT archive (train ≤ 2010-12-31)"
preparations = {ARCHIVE_SOURCE: archive_preparation(str(ARCHIVE), TRAIN_LIMIT)} if ARCHIVE else {}
preparations[DICTIONARY_SOURCE] = wordnet_preparation()
sources = list(preparations)
if "cw_db" not in st.session_state:  # the strongest database ready now, else the strongest
    st.session_state["cw_db"] = next((s for s in sources if preparations[s].ready), sources[0])
db = st.sidebar.radio("Clue database", sources, key="cw_db")
preparing_panel(preparations)
if not ARCHIVE:
    st.info("The archive of past New York Times crosswords is not on this machine, so the solvers learn from an "
            "English dictionary's definitions instead. You can also upload a crossword file (.puz or .ipuz) below.")
    with st.expander("How to add the archive"):
        st.markdown("The archive (13,778 puzzles) is read from `crosswords/nyt.jsonl.gz` in the shared data folder "
                    "beside the app, or in the folder the `WORDLAB_DATA` setting names (an environment variable: a "
                    "named value given to the program when it starts). The dictionary is WordNet 3.0, installed "
                    "with the app; its definitions, called glosses, serve as clues.")
preparation = preparations[db]
models = theme_words_panel(preparation.models)  # None while it is being prepared; with the person's own words
if models is not None:
    st.sidebar.caption(f"{models.table.n_pairs:,} clue-answer pairs, {len(models.table.answers):,} answers")
elif preparation.error:
    st.error(f"The {db} clue database could not be prepared ({preparation.error}). Pick the other database, "
             "or reload the page to try again.")
    (archive_preparation if db == ARCHIVE_SOURCE else wordnet_preparation).clear()  # the next visit tries again
else:
    st.sidebar.caption("Being prepared (see the bar): Solve and the candidate lists open when it is ready.")
if ARCHIVE and db != ARCHIVE_SOURCE:
    if preparations[ARCHIVE_SOURCE].ready:
        st.sidebar.success("The NYT archive database is ready: it fills far more letters than the dictionary.")
        st.sidebar.button("Use the NYT archive", key="cw_use_archive",
                          on_click=lambda: st.session_state.update(cw_db=ARCHIVE_SOURCE))
    elif not preparations[ARCHIVE_SOURCE].error:
        st.sidebar.caption("The NYT archive database, which fills far more letters, is being prepared: it will be "
                           "offered here when it is ready.")
mode = st.radio("What would you like to do?", MODES, horizontal=True, key="cw_mode")
if mode == LOOKUP:
    if models is None:
        st.info("The look-up opens when the clue database is ready: see the bar above.")
    else:
        lookup_panel(models, db)
    st.stop()

# ---- pick a puzzle ----
kinds = ["Demo"] + (["Archive (test years 2011-2013)"] if ARCHIVE else []) + ["Upload .puz / .ipuz"]
kind = st.radio("Puzzle", kinds, horizontal=True, key="cw_kind")
puzzle = None
if kind == "Demo":
    demos = demo_puzzles()
    name = st.selectbox("Demo puzzle", list(demos), key="cw_demo")
    puzzle = demos.get(name)
elif kind.startswith("Archive"):
    records = archive_records(str(ARCHIVE), TEST_SINCE, "")
    day = st.selectbox("Weekday", ["any", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
                                   "Sunday"], key="cw_day")
    dates = [r["date"] for r in records if day == "any" or r.get("dow") == day]
    date = st.selectbox("Date", dates, key="cw_date")
    rec = next((r for r in records if r["date"] == date), None)
    try:
        puzzle = puzzle_from_record(rec) if rec else None
    except PuzzleError as err:
        st.error(f"This archive record cannot be read: {err}")
else:
    up = st.file_uploader("Puzzle file", type=["puz", "ipuz", "json"], key="cw_upload")
    if up is not None:
        try:
            puzzle = read_puzzle_file(up.getvalue(), up.name)
        except PuzzleError as err:
            st.error(str(err))

if puzzle is None:
    st.stop()
if mode == COACH:
    if models is None:
        st.info("The coach opens when the clue database is ready: see the bar above.")
    else:
        coach_panel(models, puzzle, db, db.startswith("NYT"))
    st.stop()
unscorable = unscorable_reason(puzzle)
if unscorable:
    st.info(unscorable)
elif puzzle.gimmick:
    st.warning(f"Gimmick puzzle ({puzzle.gimmick}): scores against the grid may be misleading.")

solver_name = st.sidebar.selectbox("Solver", SOLVERS.names(), index=SOLVERS.names().index("best"), key="cw_solver",
                                   help="  \n".join(f"**{n}**: {SOLVERS.describe(n)}." for n in SOLVERS.names()))
st.sidebar.caption(f"**{solver_name}** {SOLVERS.describe(solver_name)}.")
key = result_key(puzzle, db, solver_name)
if st.sidebar.button("Solve", type="primary", key="cw_solve", disabled=models is None):
    report, finish = streamlit_progress(f"Solving with {solver_name}…")
    try:
        result = make_solver(solver_name, models).solve(puzzle, report)
    finally:
        finish()
    remember(key, {"solver": solver_name, "db": db, "result": result})
    st.session_state["cw_step_at"] = {key: 1}  # a new solve replays from its first move
    st.session_state["cw_playing"] = False


def step_of(key: tuple, n: int) -> int:
    """The step shown for a solve (1..n), the first by default."""
    return min(max(st.session_state.setdefault("cw_step_at", {}).get(key, 1), 1), n)


def go_to(key: tuple, step: int, playing: bool = False) -> None:
    """Show a step of a solve (a button callback)."""
    st.session_state.setdefault("cw_step_at", {})[key] = step
    st.session_state["cw_playing"] = playing


stored = st.session_state["cw_results"].get(key)
result = stored["result"] if stored else None
shown: dict = {}  # the fill on screen (at the step shown)
archive_db = db.startswith("NYT")
states = (result.states or []) if result is not None else []
n = max(1, len(states))
step = step_of(key, n)
if result is not None:  # the replay controls, full width so no label is cut at 1024 px
    b1, b2, b3, b4, b5 = st.columns([1, 1, 1, 1, 2.5], vertical_alignment="center")
    b1.button("◀ Back", key="cw_prev", disabled=step <= 1, on_click=go_to, args=(key, step - 1), width="stretch")
    b2.button("Next ▶", key="cw_next", disabled=step >= n, on_click=go_to, args=(key, step + 1), width="stretch")
    b3.button("▶ Play", key="cw_play", disabled=step >= n, on_click=go_to, args=(key, step, True), width="stretch")
    b4.button("Last", key="cw_last", disabled=step >= n, on_click=go_to, args=(key, n), width="stretch")
    b5.markdown(f"**Move {step} of {n}**: {states[step - 1].label if states else result.solver}")
left, right = st.columns([3, 2])
with right:
    st.subheader(puzzle.title or "Puzzle")
    with st.container(height=360, key="cw_clues"):  # whole clues, wrapped: a long clue is never cut
        for direction, heading in (("A", "Across"), ("D", "Down")):
            st.markdown(f"**{heading}**")
            st.markdown("\n".join(f"- **{s.number}** {s.clue} ({s.length})" for s in puzzle.slots.values()
                                   if s.direction == direction))

with left:
    if result is None:
        st.plotly_chart(charts.fill_heatmap(puzzle, {}, {}, title="Empty grid: press Solve"), width="stretch")
        st.caption(f"No solve yet with **{solver_name}** on the **{db}** clue database: press Solve.")
    else:
        state = states[step - 1] if states else None
        before = states[step - 2].fill if step > 1 else {}
        shown = state.fill if state else result.fill
        conf = state.confidence if state else result.confidence
        changed = [c for c in shown if shown.get(c) != before.get(c)]
        show_solution = puzzle.has_solution and st.toggle("Show the solution", key="cw_show_solution")
        grid = puzzle.solution if show_solution else shown
        st.plotly_chart(charts.fill_heatmap(puzzle, grid, {c: 1.0 for c in grid} if show_solution else conf,
                                            show_errors=not show_solution, changed=() if show_solution else changed,
                                            title="The solution" if show_solution else "",
                                            scale=not show_solution), width="stretch")
        st.caption("The puzzle's own solution." if show_solution else charts.heatmap_legend(puzzle.has_solution))
        if puzzle.has_solution:
            sc = score_fill(puzzle, shown)
            c1, c2, c3 = st.columns(3)
            c1.metric("Letters right", whole_percent(sc.letter_accuracy))  # "100.0%" is cut at 1024 px
            c2.metric("Words right", whole_percent(sc.word_accuracy))
            c3.metric("Grid filled", f"{sc.fill_percentage:.0%}")
        st.caption(f"Solved by **{stored['solver']}** on the **{stored['db']}** clue database "
                   f"in {result.seconds:.1f} seconds.")
        if result.kept_note and step == n:
            st.info(result.kept_note)
        if result.by_letter:
            st.caption(BY_LETTER_NOTE)
        st.markdown("**Move log** (newest first)")
        log = move_log(puzzle, states[:step], result.sources, archive_db)
        with st.container(height=260, key="cw_log"):
            for i, (label, sentences) in reversed(list(enumerate(log, start=1))):
                st.markdown(f"**{i}. {label}**  \n" + "  \n".join(sentences))

if models is None:  # what follows needs the clue database
    st.info("The candidate lists and the solver open when the clue database is ready (see the bar above).")
    st.stop()

# ---- a slot's candidates ----
st.subheader("Candidates for a slot")
slot_name = st.selectbox("Slot", list(puzzle.slots), format_func=lambda n: f"{slot_title(n)}: {puzzle.slots[n].clue}",
                         key="cw_slot")
slot = puzzle.slots[slot_name]
blank = "_" * slot.length
pattern = read_slot(puzzle, shown, slot_name)  # the letters at the step shown
use_pattern = st.checkbox("Only answers that fit the letters shown", value=False, key="cw_pattern")
st.write(f"**{slot_title(slot_name)}** ({slot.length} letters): {slot.clue}  \nLetters shown: `{pattern}`")
filtering = use_pattern and pattern != blank
solved_sources = result.sources.get(slot_name, {}) if result is not None else {}
cands = sourced_candidates(models, slot.clue, pattern if filtering else blank, 10, solved_sources,
                           linked_evidence(models, puzzle, slot_name))
if cands:
    # a table, not a data grid: a long "Proposed by" wraps onto a second line instead of being cut off at 1024 px
    st.table(pd.DataFrame([{"Answer": r["answer"], "Chance it is right": f"{r['chance']:.1%}",
                            "Proposed by": r["proposed by"]} for r in cands]), hide_index=True)
elif filtering:
    st.warning(f"No candidate fits `{pattern}`.")
else:
    st.warning("No source proposes an answer for this clue.")

# ---- how it works ----
with st.spinner("Asking each source of answers for its own list…"):  # a first look can take long: said on screen
    others = candidate_table(models, slot.clue, pattern if filtering else blank, 8)
    hood = clue_neighbourhood(models, slot.clue)
with st.expander("How it works"):
    st.markdown(
        "- **Clue sources.** Each clue is looked up in the clue database: the same clue, clues with the same words "
        "(TF-IDF: words weighted by how rare they are), clues of similar meaning (Word2Vec: words as vectors "
        "learned from which words appear together), clues that say the same thing in other words (a *sentence "
        "embedding*: each word piece has a list of numbers, learned once from a small language model, "
        "all-MiniLM-L6-v2, and a clue's list is the sum of its pieces', so that clues meaning alike get close "
        "lists; 'Opera solo' lands near 'Operatic song'), and the dictionary's "
        "definitions, synonyms and relatives "
        "(WordNet). A small model weighs these sources into one chance per answer; it is *calibrated*, meaning "
        "its 30% answers are right about 30% of the time. A blank ('Mona ___') is also completed from phrases "
        "the past clues hold ('Mona Lisa painter').\n"
        "- **Linked slots.** A clue such as 'With 6-Across, a signal to proceed' asks for one phrase split over "
        "two slots: the solver asks for the whole phrase (GREEN LIGHT) at both slots' length and gives each slot "
        "its part, which the candidate list marks 'joined with 6-Across'. A bare 'See 1-Across' says nothing "
        "of its own answer, so the solver does not look it up.\n"
        "- **best** runs *belief propagation*: every slot tells each crossing slot which letters its candidates "
        "put in the shared cell, and the slots update, round after round (*sweeps*), until they agree. Then it "
        "adds phrases of common words that fit the crossing letters, asks unsure clues again with the letters "
        "it is sure of, and ends on each square's likeliest letter. Ending square by square gets the most letters "
        "correct on average (the idea of Proverb, a crossword solver from 1999), but it may leave non-words where "
        "the solver is unsure; ending on whole words instead (swapping words that fit badly, a *local search*) "
        "got fewer letters correct on practice puzzles from 2011-2012.\n"
        "- **threshold** and **cell-confidence** are simpler: they write the surest words first and lower the "
        "bar each pass; the first never erases, the second overwrites a word when a surer one comes.")
    if others:
        st.caption("Each guesser's own top answers for this slot (confidence between 0 and 1).")
        st.dataframe(pd.DataFrame(others), hide_index=True, width="stretch")
    if hood is not None:
        st.caption("PCA (principal component analysis) squeezes the clue vectors onto two axes that keep most of "
                   "their spread: nearby points are clues of similar meaning. Hover a point for its clue and answer.")
        st.plotly_chart(charts.pca_scatter(hood[0], hood[1], hood[2], slot_name), width="stretch")
    if ARCHIVE and archive_db:
        st.markdown("**Calibration check (reliability plot)**: leave-one-out on dev puzzles from the last training "
                    "year; each slot's own clue-answer pair is removed before its candidates are scored.")
        n_dev = st.number_input("Dev puzzles", 1, 30, 3, key="cw_cal_n")
        if st.button("Check calibration", key="cw_cal_run"):
            from core.crossword.data import model_dev_sample
            from core.crossword.guessers import HybridGuesser, calibration_data

            with st.spinner("Scoring candidates…"):
                dev = model_dev_sample(ARCHIVE, TRAIN_UNTIL, int(n_dev), seed=7)
                hybrid = HybridGuesser(models)
                x, y = calibration_data(hybrid, dev)
                st.session_state["cw_cal"] = (hybrid.probabilities(x).tolist(), y.tolist())
        if st.session_state.get("cw_cal"):
            conf_, hits = st.session_state["cw_cal"]
            st.plotly_chart(charts.reliability_plot(conf_, hits), width="stretch")

# ---- dataset statistics ----
if ARCHIVE:
    with st.expander("Dataset statistics (NYT archive)"):
        # counting the whole archive takes about half a minute the first time: only when asked
        if st.toggle("Count the whole archive", key="cw_stats_open",
                     help="Reads every puzzle of the archive: about half a minute the first time, then at once."):
            with st.spinner("Counting every puzzle of the archive (about half a minute the first time)…"):
                stats = archive_statistics(str(ARCHIVE))
            c1, c2 = st.columns(2)
            c1.plotly_chart(charts.bar(stats["by_year"].keys(), stats["by_year"].values(), "Puzzles by year"),
                            width="stretch")
            c2.plotly_chart(charts.bar(stats["by_weekday"].keys(), stats["by_weekday"].values(), "Puzzles by weekday"),
                            width="stretch")
            top = sorted(stats["answers"].items(), key=lambda t: -t[1])[:20]
            c1.plotly_chart(charts.bar([a for a, _ in top], [n for _, n in top], "Most common answers"), width="stretch")
            c2.plotly_chart(charts.zipf_plot(list(stats["answers"].values())), width="stretch")
            c1.plotly_chart(charts.bar(stats["lengths"].keys(), stats["lengths"].values(), "Answer lengths"),
                            width="stretch")
            if c2.button("Repeat rate of test pairs in training", key="cw_repeat"):
                from core.crossword.stats import repeat_rate

                rate = repeat_rate(models.table, archive_records(str(ARCHIVE), TEST_SINCE, ""))
                c2.write(f"Of {rate['test_clues']:,} test clues (2011-2013), {rate['pair_seen']:.1%} had the exact "
                         f"clue-answer pair in training and {rate['answer_seen']:.1%} had an answer seen in training.")

# ---- benchmark panel (the shared one; its own "Advanced" panel cannot sit inside an expander) ----
st.subheader("Benchmark: compare solvers on many puzzles")
if not ARCHIVE:
    st.info("The benchmark needs the NYT archive (see above).")
elif st.toggle("Show the benchmark", key="cw_bench_open"):
    st.caption("Each solver fills a random sample of puzzles from 2011-2013 that the clue models never saw; "
               "the runs are kept and shown on the Benchmarks page too.")
    benchmark_panel(CROSSWORD_BENCH, "cw_bench_", params=bench_params(TRAIN_LIMIT), data_label="Test puzzles",
                    note="learned up to 2010-12-31" + (f" (last {TRAIN_LIMIT} puzzles)" if TRAIN_LIMIT else ""))
    st.caption("Command line: `python -m core.bench crossword --per-weekday 3 --seed 0 --solver all`")

# ---- play: one move every second until the last ----
if result is not None and st.session_state.get("cw_playing"):
    n = max(1, len(result.states or []))
    step = step_of(key, n)
    if step < n:
        time.sleep(1.0)
        go_to(key, step + 1, playing=step + 1 < n)
        st.rerun()
    st.session_state["cw_playing"] = False
