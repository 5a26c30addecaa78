"""Watch a solver: pick it and press Solve, then step through its moves on the grid, each said in words."""
from __future__ import annotations

import time
from pathlib import Path

import streamlit as st

from core.crossword import charts
from core.crossword.explain import move_log
from core.crossword.knowledge.models import ClueModels
from core.crossword.harness import make_solver
from core.crossword.puzzle import Puzzle
from core.crossword.rules import score_fill
from core.crossword.readers import unscorable_reason
from core.crossword.solvers import SOLVERS, FillState, SolveResult
from core.stats import whole_percent
from ui.crossword.archive import bench_section, statistics_panel
from ui.crossword.database import ClueDatabase
from ui.crossword.candidates import how_it_works, slot_candidates
from ui.progress import streamlit_progress

KEPT_RESULTS = 12  # solves remembered per session, one per (puzzle, database, solver)
OPEN_CLUES = 30  # clues listed in full beside the grid; a longer list scrolls in a box as tall as the grid
SCORES_HEIGHT = 170  # pixels of the grid's caption and scores under it
# after Solve, the page scrolls to the replay controls and the grid under them: at 1024x768 the title, the mode and the
# puzzle picker leave the grid below the fold; the script waits for the board to be drawn
SCROLL_TO_BOARD = """<script>
(function scroll(tries) {
  const board = window.parent.document.querySelector('.st-key-cw_board') || document.querySelector('.st-key-cw_board');
  if (board) { board.style.scrollMarginTop = '3.5rem'; board.scrollIntoView({block: 'start'}); }
  else if (tries > 0) { setTimeout(() => scroll(tries - 1), 100); }
})(50);
</script>"""
BY_LETTER_NOTE = ("**{solver}** ends by writing the likeliest letter in each square, square by square. That gets the "
                  "most letters correct on average; then a row that spells none of its clue's candidates is swapped "
                  "for one that fits its crossings, or has one unsure letter changed so that it reads as common words, "
                  "where that pays. Where the solver is unsure, a row of squares "
                  "may not spell a real word even so.")


def clue_box_height(puzzle: Puzzle) -> int | str:
    """The clue list's height: its content's for a puzzle of at most OPEN_CLUES clues (every clue shown, the page
    scrolls; a 360-pixel box scrolled the 10 clues of a 5x5 demo at 1024x768), else a box as tall as the grid with
    its scores."""
    return "content" if len(puzzle.slots) <= OPEN_CLUES else charts.heatmap_height(puzzle) + SCORES_HEIGHT


def result_key(puzzle: Puzzle, db: str, solver: str, train_limit: int) -> tuple:
    """What a solve depends on: the puzzle (by its content), the clue database, the solver and the training limit."""
    content = hash((puzzle.size, tuple(sorted(puzzle.blocks)), tuple((s.name, s.clue) for s in puzzle.slots.values())))
    return (puzzle.source, puzzle.date, puzzle.title, content, db, solver, train_limit)


def remember(key: tuple, entry: dict) -> None:
    """Store a solve under its key, dropping the oldest beyond KEPT_RESULTS."""
    results = st.session_state["cw_results"]
    results.pop(key, None)
    results[key] = entry
    while len(results) > KEPT_RESULTS:
        results.pop(next(iter(results)))


def step_of(key: tuple, n: int) -> int:
    """The step shown for a solve (1..n), the first by default."""
    return min(max(st.session_state.setdefault("cw_step_at", {}).get(key, 1), 1), n)


def go_to(key: tuple, step: int, playing: bool = False) -> None:
    """Show a step of a solve (a button callback)."""
    st.session_state.setdefault("cw_step_at", {})[key] = step
    st.session_state["cw_playing"] = playing


def solve_controls(puzzle: Puzzle, db: str, models: ClueModels | None, train_limit: int) -> tuple[str, tuple]:
    """The solver picker and the Solve button in the sidebar; returns the solver's name and its solve's key."""
    solver_name = st.sidebar.selectbox("Solver", SOLVERS.names(), index=SOLVERS.default_index(), key="cw_solver",
                                       format_func=SOLVERS.plain_name, help=SOLVERS.picker_help())
    st.sidebar.caption(f"**{SOLVERS.plain_name(solver_name)}** {SOLVERS.plain_help(solver_name)}.")
    key = result_key(puzzle, db, solver_name, train_limit)
    if st.sidebar.button("Solve", type="primary", key="cw_solve", disabled=models is None):
        report, finish = streamlit_progress(f"Solving with {SOLVERS.plain_name(solver_name)}…")
        try:
            result = make_solver(solver_name, models).solve(puzzle, report)
        finally:
            finish()
        remember(key, {"solver": solver_name, "db": db, "result": result})
        st.session_state["cw_step_at"] = {key: 1}  # a new solve replays from its first move
        st.session_state["cw_playing"] = False
        st.session_state["cw_scroll_board"] = True  # bring the grid into view once it is drawn
    return solver_name, key


def replay_board(puzzle: Puzzle, database: ClueDatabase, key: tuple,
                 solver_name: str) -> tuple[SolveResult | None, dict, FillState | None, int]:
    """The replay controls, the grid at the step shown with its scores and move log, and the clues; returns the
    solve (None before one), the fill on screen, the step's state (None without steps) and its number."""
    stored = st.session_state["cw_results"].get(key)
    result = stored["result"] if stored else None
    shown: dict = {}  # the fill on screen (at the step shown)
    state = None
    db, archive_db = database.label, database.from_puzzles
    states = (result.states or []) if result is not None else []
    n = max(1, len(states))
    step = step_of(key, n)
    board = st.container(key="cw_board")  # the replay controls and the grid: scrolled into view after Solve
    if result is not None:  # the replay controls, full width so no label is cut at 1024 px
        b1, b2, b3, b4, b5 = board.columns([1, 1, 1, 1, 2.5], vertical_alignment="center")
        b1.button("◀ Back", key="cw_prev", disabled=step <= 1, on_click=go_to, args=(key, step - 1), width="stretch")
        b2.button("Next ▶", key="cw_next", disabled=step >= n, on_click=go_to, args=(key, step + 1), width="stretch")
        b3.button("▶ Play", key="cw_play", disabled=step >= n, on_click=go_to, args=(key, step, True), width="stretch")
        b4.button("Last", key="cw_last", disabled=step >= n, on_click=go_to, args=(key, n), width="stretch")
        b5.markdown(f"**Move {step} of {n}**: {states[step - 1].label if states else result.solver}")
    left, right = board.columns([3, 2])
    with right:
        st.subheader(puzzle.title or "Puzzle")
        with st.container(height=clue_box_height(puzzle), key="cw_clues"):  # whole clues, wrapped: never cut
            for direction, heading in (("A", "Across"), ("D", "Down")):
                st.markdown(f"**{heading}**")
                st.markdown("\n".join(f"- **{s.number}** {s.clue} ({s.length})" for s in puzzle.slots.values()
                                       if s.direction == direction))

    with left:
        if result is None:
            st.plotly_chart(charts.fill_heatmap(puzzle, {}, {}, title="Empty grid: press Solve"), width="stretch")
            st.caption(f"No solve yet with **{SOLVERS.plain_name(solver_name)}** on the **{db}** clue database: press Solve.")
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
            st.caption(f"Solved by **{SOLVERS.plain_name(stored['solver'])}** on the **{stored['db']}** clue database "
                       f"in {result.seconds:.1f} seconds.")
            if result.kept_note and step == n:
                st.info(result.kept_note)
            if result.by_letter:
                st.caption(BY_LETTER_NOTE.format(solver=SOLVERS.plain_name(stored["solver"])))
            st.markdown("**Move log** (newest first)")
            log = move_log(puzzle, states[:step], result.sources, archive_db)
            with st.container(height=260, key="cw_log"):
                for i, (label, sentences) in reversed(list(enumerate(log, start=1))):
                    st.markdown(f"**{i}. {label}**  \n" + "  \n".join(sentences))
    if st.session_state.pop("cw_scroll_board", False):
        st.html(SCROLL_TO_BOARD, unsafe_allow_javascript=True)
    return result, shown, state, step


def play_on(result: SolveResult | None, key: tuple) -> None:
    """While playing: one move every second until the last."""
    if result is not None and st.session_state.get("cw_playing"):
        n = max(1, len(result.states or []))
        step = step_of(key, n)
        if step < n:
            time.sleep(1.0)
            go_to(key, step + 1, playing=step + 1 < n)
            st.rerun()
        st.session_state["cw_playing"] = False


def watch_mode(puzzle: Puzzle, database: ClueDatabase, archive: Path | None, train_limit: int) -> None:
    """The watch mode: the solve and its replay, a slot's candidates, how it works, the archive's panels."""
    unscorable = unscorable_reason(puzzle)
    if unscorable:
        st.info(unscorable)
    elif puzzle.gimmick:
        st.warning(f"Gimmick puzzle ({puzzle.gimmick}): scores against the grid may be misleading.")
    models = database.models
    solver_name, key = solve_controls(puzzle, database.label, models, train_limit)
    result, shown, state, step = replay_board(puzzle, database, key, solver_name)
    if models is None:  # what follows needs the clue database
        st.info("The candidate lists and the solver open when the clue database is ready (see the bar above).")
        st.stop()
    slot_name, slot, query = slot_candidates(models, puzzle, result, shown, state, step)
    how_it_works(models, slot_name, slot, query, archive, database.from_puzzles)
    statistics_panel(archive, models)
    bench_section(archive, train_limit)
    play_on(result, key)
