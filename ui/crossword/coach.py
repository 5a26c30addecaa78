"""The Crosswords page's coach: a person fills the grid and asks the solver for a nudge, a letter, an answer or a
check; their letters are evidence the solver weighs, so its hints follow what they write."""
from __future__ import annotations

import pandas as pd
import streamlit as st

from core.crossword import charts
from core.crossword.coach import (ALPHABET, answer_hint, check_hint, clean_letters, finish_summary, hints_sentence,
                                  letter_hint, nudge, own_solve, rest_of_grid_beliefs, slot_candidates, slot_pattern,
                                  solver_beliefs, write_word)
from core.crossword.explain import slot_title
from core.crossword.knowledge.models import ClueModels
from core.crossword.puzzle import Puzzle
from ui.progress import streamlit_progress

BLOCK_MARK = "■"
HINT_BUTTONS = (("nudge", "Nudge me", "Which clue the solver is surest of, and why (not its answer)"),
                ("letter", "A letter", "The solver's likeliest letter for one empty square of the chosen clue"),
                ("answer", "The answer", "The solver's answer for the chosen clue"),
                ("check", "Check my letters", "Which of your letters the solver doubts, and which are wrong"))


def game_key(puzzle: Puzzle, db: str) -> str:
    """What a coached game depends on: the puzzle's content and the clue database."""
    content = (puzzle.size, tuple(sorted(puzzle.blocks)), tuple((s.name, s.clue) for s in puzzle.slots.values()))
    return f"{db}|{puzzle.title}|{hash(content)}"


def current_game(key: str) -> dict:
    """This browser session's game on a puzzle: the person's letters, the hints asked, the grid editor's version."""
    games = st.session_state.setdefault("cw_coach_games", {})
    return games.setdefault(key, {"letters": {}, "used": [], "hint": None, "version": 0, "beliefs": None,
                                  "finished": False})


def candidates(models: ClueModels, puzzle: Puzzle, key: str) -> tuple[dict, dict]:
    """Every clue's candidates, asked once per game (a progress bar the first time)."""
    store = st.session_state.setdefault("cw_coach_candidates", {})
    if key not in store:
        report, finish = streamlit_progress("The solver is reading the clues…")
        try:
            store.clear()  # one puzzle's candidates kept at a time
            store[key] = slot_candidates(models, puzzle, report)
        finally:
            finish()
    return store[key]


def beliefs_now(models: ClueModels, puzzle: Puzzle, game: dict, key: str):
    """The solver's beliefs given the person's letters now (worked out again only when the letters changed)."""
    letters = game["letters"]
    stamp = tuple(sorted(letters.items()))
    if game["beliefs"] is None or game["beliefs"][0] != stamp:
        with st.spinner("The solver weighs your letters against the clues…"):
            game["beliefs"] = (stamp, solver_beliefs(models, puzzle, candidates(models, puzzle, key), letters))
    return game["beliefs"][1]


def write_typed(puzzle: Puzzle, game: dict, name: str, box: str) -> None:
    """The answer box's callback: write the typed word into the chosen slot, then empty the box."""
    try:
        game["letters"] = write_word(puzzle, game["letters"], name, st.session_state.get(box, ""))
        game["version"] += 1
        game["error"] = ""
    except ValueError as err:
        game["error"] = str(err)
    st.session_state[box] = ""


def grid_frame(puzzle: Puzzle, letters: dict) -> pd.DataFrame:
    """The grid as a table for typing: a letter or '' per white square, a block mark per black one."""
    return pd.DataFrame([[BLOCK_MARK if (r, c) in puzzle.blocks else letters.get((r, c), "") for c in range(puzzle.cols)]
                         for r in range(puzzle.rows)], columns=[str(c + 1) for c in range(puzzle.cols)],
                        index=[str(r + 1) for r in range(puzzle.rows)])


def editor_key(game: dict, key: str) -> str:
    """The grid editor's widget key (a new one whenever the answer box wrote letters, so it shows them)."""
    return f"cw_coach_grid_{abs(hash(key))}_{game['version']}"


def apply_grid_edits(puzzle: Puzzle, game: dict, key: str) -> None:
    """Take the letters typed into the grid editor (its edited squares) into the person's letters."""
    edits = (st.session_state.get(editor_key(game, key)) or {}).get("edited_rows", {})
    letters = dict(game["letters"])
    for row, changes in edits.items():
        for col, value in changes.items():
            cell = (int(row), int(col) - 1)
            if cell in puzzle.blocks or not 0 <= cell[1] < puzzle.cols:
                continue
            value = str(value or "").strip().upper()[:1]
            if value and value in ALPHABET:
                letters[cell] = value
            else:
                letters.pop(cell, None)
    game["letters"] = letters


def grid_editor(puzzle: Puzzle, game: dict, key: str) -> None:
    """The grid as a table a person types letters into (a square: double-click, type, Enter)."""
    st.data_editor(grid_frame(puzzle, game["letters"]), key=editor_key(game, key),
                   column_config={str(c + 1): st.column_config.TextColumn(max_chars=1, width=36)
                                  for c in range(puzzle.cols)}, width="content")


def clue_list(puzzle: Puzzle, letters: dict) -> None:
    """Every clue with the person's letters so far."""
    for direction, heading in (("A", "Across"), ("D", "Down")):
        st.markdown(f"**{heading}**")
        st.markdown("\n".join(f"- **{s.number}** {s.clue} ({s.length}) `{slot_pattern(puzzle, letters, s.name)}`"
                               for s in puzzle.slots.values() if s.direction == direction))


def ask(kind: str, models: ClueModels, puzzle: Puzzle, game: dict, key: str, name: str, archive: bool) -> None:
    """Work out one hint from the solver's beliefs now and count it."""
    letters = clean_letters(puzzle, game["letters"])
    if kind == "check":
        with st.spinner("The solver reads each of your letters against the rest of the grid…"):
            hint = check_hint(puzzle, rest_of_grid_beliefs(models, puzzle, candidates(models, puzzle, key), letters),
                              letters)
    else:
        b = beliefs_now(models, puzzle, game, key)
        hint = {"nudge": lambda: nudge(puzzle, b, letters, archive),
                "letter": lambda: letter_hint(puzzle, b, letters, name),
                "answer": lambda: answer_hint(puzzle, b, name)}[kind]()
    game["hint"] = hint
    game["used"].append(kind)


def finish_panel(models: ClueModels, puzzle: Puzzle, game: dict, key: str) -> None:
    """The person's grid beside the solver's own solve, with the hints used."""
    store = st.session_state.setdefault("cw_coach_solves", {})
    if key not in store:
        report, finish = streamlit_progress("The solver solves the puzzle on its own…")
        try:
            store.clear()
            store[key] = own_solve(models, puzzle, report)
        finally:
            finish()
    result = store[key]
    summary = finish_summary(puzzle, game["letters"], result.fill)
    st.subheader("Your grid and the solver's")
    c1, c2 = st.columns(2)
    n = summary["squares"]
    for col, title, fill, right, filled in ((c1, "Yours", game["letters"], summary.get("yours_right"),
                                             summary["yours_filled"]),
                                            (c2, "The solver's, on its own", result.fill, summary.get("solver_right"),
                                             summary["solver_filled"])):
        col.markdown(f"**{title}**: " + (f"{right} of {n} letters right" if right is not None
                                         else f"{filled} of {n} squares filled"))
        col.plotly_chart(charts.fill_heatmap(puzzle, fill, result.confidence if fill is result.fill else {},
                                             scale=False), width="stretch", key=f"cw_coach_end_{title}")
    c1.markdown(f"**{hints_sentence(game['used'])}**")
    c2.caption(f"The solver used no hints; it took {result.seconds:.1f} seconds.")


def coach_panel(models: ClueModels, puzzle: Puzzle, db: str, archive: bool) -> None:
    """Fill the puzzle yourself with the solver as a coach: hints on request, counted, and a comparison at the end."""
    key = game_key(puzzle, db)
    game = current_game(key)
    apply_grid_edits(puzzle, game, key)
    candidates(models, puzzle, key)
    st.caption("Fill the grid yourself: pick a clue, type its answer (? for a square you do not know) and press "
               "Enter. Ask for a hint when stuck; the solver takes your letters as crossings. Hints are counted.")
    left, right = st.columns([3, 2])
    with right:
        name = st.selectbox("Clue", list(puzzle.slots), key="cw_coach_slot",
                            format_func=lambda n: f"{slot_title(n)}: {puzzle.slots[n].clue} ({puzzle.slots[n].length})")
        st.markdown(f"Your letters: `{slot_pattern(puzzle, game['letters'], name)}`")
        box = f"cw_coach_word_{name}"
        st.text_input("Your answer (press Enter to write it in)", key=box, placeholder="?" * puzzle.slots[name].length,
                      on_change=write_typed, args=(puzzle, game, name, box))
        if game.get("error"):
            st.warning(game["error"])
        for kind, label, help_ in HINT_BUTTONS:  # one a row: whole labels at projector size
            if st.button(label, key=f"cw_coach_{kind}", help=help_, width="stretch"):
                ask(kind, models, puzzle, game, key, name, archive)
        if game["hint"] is not None:
            st.info(game["hint"].sentence)
        st.caption(hints_sentence(game["used"]))
        if st.button("I'm finished", key="cw_coach_finish", type="primary", width="stretch",
                     help="Compare your grid with the solver's own solve, and count the hints you used"):
            game["finished"] = True
    with left:
        selected = puzzle.slots[name].cells
        st.plotly_chart(charts.fill_heatmap(puzzle, game["letters"], {}, show_errors=False, changed=selected,
                                            scale=False), width="stretch", key="cw_coach_picture")
        st.caption("Your letters; the chosen clue's squares are outlined in orange.")
        with st.expander("Type straight into the grid"):
            grid_editor(puzzle, game, key)
    with st.container(height=300, key="cw_coach_clues"):
        clue_list(puzzle, game["letters"])
    if game["finished"]:
        finish_panel(models, puzzle, game, key)
