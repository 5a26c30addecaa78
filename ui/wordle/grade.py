"""Grade my game: a person's guesses graded move by move against the best move, with a skill and a luck figure."""
from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st

from core.wordle.charts import history_html
from core.wordle.explain import counted, number
from core.wordle.grade import LUCK_FORMULA, SKILL_FORMULA, GradeError, grade_game, parse_moves
from core.wordle.harness import Setup
from core.wordle.rules import colours_of
from core.wordle.solvers import saved_tree
from ui.wordle.assistant import HISTORY
from ui.wordle.common import K, cached_best


def grade_mode(setup: Setup) -> None:
    """Type the guesses played (with the answer or the colours); each move gets a row and a sentence."""
    st.markdown("Type the guesses you played, one a line. Give the **answer**, or after each word the **colours** "
                "you saw (g green, y yellow, - grey), like `crane -y--g`.")
    played = st.session_state.get(HISTORY, [])
    if played:
        st.button(f"Use the game from the Assistant ({counted(len(played), 'guess', 'guesses')})", key=f"{K}grade_use",
                  on_click=use_assistant_game, args=(setup,))
    c1, c2 = st.columns([2, 1])
    text = c1.text_area("Your guesses", key=f"{K}grade_moves", height=170, placeholder="crane\nsloth\nbeast")
    answer = c2.text_input("The answer (optional when you give the colours)", key=f"{K}grade_answer")
    if not st.button("Grade my game", key=f"{K}grade_go", type="primary"):
        if f"{K}grade_result" not in st.session_state:
            return
    else:
        st.session_state[f"{K}grade_result"] = graded(setup, text, answer)
    key, grades, error = st.session_state[f"{K}grade_result"]
    if key != setup.key:
        return
    if error:
        st.error(error)
        return
    show_grades(setup, grades)


def use_assistant_game(setup: Setup) -> None:
    """Fill the grading form with the guesses and colours typed in the Assistant."""
    marks = "-yg"
    st.session_state[f"{K}grade_moves"] = "\n".join(
        f"{setup.decode(g)} {''.join(marks[c] for c in colours_of(p, setup.length))}"
        for g, p in st.session_state.get(HISTORY, []))
    st.session_state[f"{K}grade_answer"] = ""


def graded(setup: Setup, text: str, answer: str) -> tuple[str, list, str]:
    """(setup key, grades, error message) for the typed game."""
    try:
        moves = parse_moves(text, setup.length, setup.encoding)
        ans = setup.encoding.encode(answer.strip().lower()) if answer.strip() else None
        return setup.key, grades_of(setup, moves, ans), ""
    except GradeError as err:
        return setup.key, [], str(err)


def grades_of(setup: Setup, moves: list, answer: str | None) -> list:
    """Each move graded against the best move (the saved tree where it applies)."""
    with st.spinner("Grading each move…"):
        best_at = lambda state: cached_best(setup.key, setup, state.history)  # noqa: E731
        return grade_game(setup, moves, answer, tree=saved_tree(setup), best_at=best_at)


def show_grades(setup: Setup, grades: list, hinted: dict[int, str] | None = None) -> None:
    """The board, one row per move (with the hint used before it, if any), a sentence per move, and the formulas."""
    st.markdown(history_html([(g.guess, g.pattern) for g in grades], setup.encoding), unsafe_allow_html=True)
    rows = [{
        "guess": f"{g.turn}. {setup.decode(g.guess).upper()}",
        "answers before → after": f"{g.before:,} → {g.after:,}",
        "yours leaves": f"{number(g.yours.mean)} on average, at most {g.yours.worst:,}",
        "best guess leaves": f"{setup.decode(g.best.guess).upper()}: {number(g.best.mean)} on average, at most "
                             f"{g.best.worst:,}",
        "guesses to finish (best / yours)": "—" if g.best_guesses is None else
        f"{g.best_guesses:.2f} / {g.your_guesses:.2f}",
        "skill": f"{g.skill:.0f}",
        "luck": "—" if g.luck is None else f"{g.luck:+.0f}",
        "skill from": g.basis,
        **({} if hinted is None else {"hint used": hinted.get(g.turn, "none")}),
    } for g in grades]
    st.table(pd.DataFrame(rows).set_index("guess"))
    for g in grades:
        hint = f" *(hint used before it: {hinted[g.turn]})*" if hinted and g.turn in hinted else ""
        st.markdown(f"{g.turn}. {grade_sentence(setup, g)}{hint}")
    st.caption("Skill: 100 is the best move there was, 0 a move that narrowed nothing. Luck: 0 is an average draw of "
               "colours, above it lucky, below it unlucky.")
    with st.expander("How it works"):
        st.markdown(f"**Skill** = {SKILL_FORMULA}. **Luck** = {LUCK_FORMULA}.")
    solved = grades[-1].pattern == setup.solved
    st.metric("Average skill", f"{np.mean([g.skill for g in grades]):.0f} / 100",
              help="solved" if solved else "not solved yet")


def grade_sentence(setup: Setup, g) -> str:
    """One move's grade in words."""
    word, best = setup.decode(g.guess).upper(), setup.decode(g.best.guess).upper()
    if g.before == 1:
        return f"**{word}** (skill {g.skill:.0f}): " + ("the only answer left, named." if g.yours.chance else
                                                       f"only {best} was left, and this guess did not name it.")
    text = (f"**{word}** (skill {g.skill:.0f}): with {counted(g.before, 'answer')} possible it leaves "
            f"{number(g.yours.mean)} on average; the best, {best}, leaves {number(g.best.mean)}.")
    if g.luck is not None:
        draw = "lucky" if g.luck > 10 else "unlucky" if g.luck < -10 else "about average"
        text += f" Your colours left {counted(g.after, 'answer')}: {draw} (luck {g.luck:+.0f})."
    return text
