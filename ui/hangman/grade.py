"""Grade my game: a person's game graded move by move (words left by their letter and by the best one, skill, luck)."""
from __future__ import annotations

import pandas as pd
import streamlit as st

from core.hangman.grade import SKILL_FORMULA, SOLVER_WIN_CAP, WIN_CAP, GameGrade, GradedMove, grade_game, parse_guesses, \
    move_summary
from core.hangman.rules import RuleError, secret_problem
from core.hangman.solvers import SOLVERS, Solver
from core.words import normalise
from ui.hangman.common import Context, MOST_WORDS, P, solver_for
from ui.hangman.hints import hints_in_grade


GRADE_SOURCES = ("My last game in “You play”", "Type a game")


def grade_view(ctx: Context) -> None:
    """Grade a person's game move by move: words left by their letter and by the best one, skill, luck."""
    wl, strategy, max_wrong = ctx.words, ctx.strategy, ctx.max_wrong
    ss = st.session_state
    source = st.radio("Which game", GRADE_SOURCES, key=P + "grade_source", horizontal=True)
    if source == GRADE_SOURCES[0]:
        answer, letters = ss.get(P + "play_secret"), list(ss[P + "play_state"].guessed) if ss.get(P + "play_state") else []
        if not answer or not letters:
            st.info("Play a game in “You play” first, or pick “Type a game”.")
            return
        budget = ss[P + "play_state"].max_wrong
    else:
        c1, c2 = st.columns(2)
        answer = normalise(c1.text_input("The word", key=P + "grade_answer", placeholder="house"))
        letters = parse_guesses(c2.text_input("Your letters, in order", key=P + "grade_letters", placeholder="e a r s o t h u"))
        budget = max_wrong
        if not answer or not letters:
            st.info("Type the word and the letters you guessed, in order.")
            return
        problem = secret_problem(answer, wl.alphabet)
        if problem:
            st.error(problem)
            return
    rule = st.selectbox("Win chances assume that after each move you play like", (MOST_WORDS, *SOLVERS.names()),
                        format_func=lambda n: n if n == MOST_WORDS else SOLVERS.plain_name(n), key=P + "grade_rule", help="The “most words” rule always guesses the letter found in the most "
                        "words still possible; a strategy plays on exactly as it would in a game.")
    solver = None if rule == MOST_WORDS else solver_for(rule, ctx)
    try:
        graded = graded_game(wl.hash, wl.words, answer, tuple(letters), budget, rule, solver, strategy,
                             solver_for(strategy, ctx))
    except RuleError as err:
        st.error(str(err))
        return
    show_grade(graded, WIN_CAP if solver is None else SOLVER_WIN_CAP, rule)
    if source == GRADE_SOURCES[0]:
        st.markdown(f"**Hints.** {hints_in_grade(answer, len(letters))}")


@st.cache_data(show_spinner="Grading every move…", max_entries=32)
def graded_game(words_hash: str, _words: tuple[str, ...], answer: str, letters: tuple[str, ...], max_wrong: int,
                rule: str, _solver: Solver | None, strategy: str, _advisor: Solver) -> GameGrade:
    """A graded game, cached per (list, answer, letters, budget, rule that plays on, the sidebar's strategy whose
    moves the hints advise)."""
    cap = WIN_CAP if _solver is None else SOLVER_WIN_CAP
    return grade_game(_words, answer, letters, max_wrong, cap, _solver, advisor=_advisor.choose)


def show_grade(graded: GameGrade, cap: int, rule: str) -> None:
    """The summary, a sentence per move, the table of moves, and the formulas in words."""
    skill, luck = graded.mean_skill(), graded.total_luck()
    c1, c2, c3 = st.columns(3)
    c1.metric("Average skill (out of 100)", "none" if skill is None else f"{skill:.0f}")
    c2.metric("Luck (points of win chance)", "–" if luck is None else f"{luck * 100:+.0f}")
    c3.metric("Result", "won" if graded.final.won else "lost" if graded.final.lost else "not finished")
    with st.container(key=P + "grade_moves"):
        st.markdown("\n".join(f"{m.number}. {move_summary(m)}" for m in graded.moves))
    st.dataframe(pd.DataFrame([grade_row(m) for m in graded.moves]), hide_index=True, width="stretch")
    st.markdown(
        f"**Skill** (0 to 100): {SKILL_FORMULA}. 100 means your letter narrows the words down as well, on average, "
        f"as the best letter could; 0 means it narrows nothing. With one word left, 100 for a letter in it, 0 for a miss. "
        f"The letter a hint calls worth trying, or the solver's move, counts 100: the page never marks its own advice "
        f"down.\n\n"
        f"**Win chance**: the chance of winning, every word still possible being equally likely, if after this move "
        f"{'you always guess the letter found in the most words still possible' if rule == MOST_WORDS else f'the {rule} strategy plays on'}. "
        f"Worked out only while at most {cap:,} words fit, to stay quick.\n\n"
        f"**Luck**: your win chance after the answer you actually got, minus your average win chance over the words "
        f"still possible, in points (+10 means 10 points luckier than average).")


def grade_row(m: GradedMove) -> dict:
    """One move of the grade table, in words (skill and luck first, so they show on a narrow screen)."""
    def pct(x: float | None) -> str:
        return "–" if x is None else f"{x:.0%}"

    return {"Move": m.number, "Letter": m.letter.upper(), "Result": "hit" if m.hit else "miss",
            "Skill": "–" if m.skill is None else m.skill,
            "Luck": "–" if m.luck is None else f"{m.luck * 100:+.0f} points",
            "Words before → after": f"{m.before:,} → {m.after:,}",
            "Yours leaves (average, worst)": f"{m.theirs_avg:,.1f}, {m.theirs_worst:,}",
            "Best letter": m.best_letter.upper(),
            "Best leaves (average, worst)": f"{m.best_avg:,.1f}, {m.best_worst:,}",
            "Win chance (yours, best)": "–" if m.theirs_win is None else f"{pct(m.theirs_win)}, {pct(m.best_win)}"}
