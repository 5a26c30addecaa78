"""Play the cheating host (Absurdle): it never picks an answer and always keeps the most answers alive."""
from __future__ import annotations

import streamlit as st

from core.wordle.adversary_view import HOST_RULE, feedback_groups, host_choice
from core.wordle.charts import groups_chart, history_html, pattern_label
from core.wordle.explain import counted
from core.wordle.harness import Setup, State, guess_problem
from ui.wordle.common import K, cached_solver, solver_select

HOST = f"{K}host_history"
HOST_LIMIT = 20  # guesses a solver gets against the host


def host_guess(setup: Setup, word: str) -> str:
    """Play one guess against the host; returns why the game refuses it ('' when the guess was taken)."""
    history = [tuple(m) for m in st.session_state.get(HOST, [])]
    if why := guess_problem(setup, word, history):
        return why
    cands = setup.candidates(State(tuple(history)))
    st.session_state[HOST] = history + [(word, host_choice(setup, cands, word))]
    return ""


def host_person_move(setup: Setup) -> None:
    """The person's typed guess against the host."""
    word = setup.encoding.encode(st.session_state.get(f"{K}host_word", "").strip().lower())
    st.session_state[f"{K}host_message"] = host_guess(setup, word)
    if not st.session_state[f"{K}host_message"]:
        st.session_state[f"{K}host_word"] = ""


def host_solver_moves(setup: Setup, name: str, to_the_end: bool) -> None:
    """One move (or every move until solved) of a solver against the host."""
    st.session_state[f"{K}host_message"] = ""
    solver = cached_solver(setup.key, setup, name)
    for _ in range(HOST_LIMIT):
        state = State(tuple(tuple(m) for m in st.session_state.get(HOST, [])))
        if state.history and state.history[-1][1] == setup.solved or state.turn >= HOST_LIMIT:
            return
        st.session_state[f"{K}host_message"] = host_guess(setup, solver.choose(state))
        if not to_the_end or st.session_state[f"{K}host_message"]:
            return


def host_mode(setup: Setup) -> None:
    """Your guess or a solver's moves against the host, the board, and how the last guess split the answers."""
    st.markdown("The host has **no secret word**. After each guess it answers with the colours that keep the most "
                "answers possible, so you win only when one answer is left and you name it.")
    st.caption(HOST_RULE)
    st.session_state.setdefault(HOST, [])
    history = [tuple(m) for m in st.session_state[HOST]]
    if any(len(g) != setup.length or g not in setup.guess_index for g, _ in history):
        history = []
        st.session_state[HOST] = []
    state = State(tuple(history))
    solved = bool(history) and history[-1][1] == setup.solved
    c1, c2 = st.columns([1, 1])
    with c1:
        st.text_input("Your guess", key=f"{K}host_word", max_chars=60, disabled=solved)
        st.button("Guess", key=f"{K}host_go", on_click=host_person_move, args=(setup,), type="primary",
                  disabled=solved, width="stretch")
        if st.session_state.get(f"{K}host_message"):
            st.warning(st.session_state[f"{K}host_message"])
    with c2:
        name = solver_select("…or let a solver play", f"{K}host_solver")
        s1, s2 = st.columns(2)
        s1.button("One move", key=f"{K}host_step", on_click=host_solver_moves, args=(setup, name, False),
                  disabled=solved, width="stretch")
        s2.button("To the end", key=f"{K}host_all", on_click=host_solver_moves, args=(setup, name, True),
                  disabled=solved, width="stretch")
    st.button("Start again", key=f"{K}host_reset", on_click=lambda: st.session_state.update({HOST: []}))
    st.markdown(history_html(state.history, setup.encoding), unsafe_allow_html=True)
    cands = setup.candidates(state)
    if solved:
        st.success(f"Beaten in {counted(state.turn, 'guess', 'guesses')}: {setup.decode(history[-1][0]).upper()}.")
    elif history:
        st.metric("Answers the host still keeps", f"{len(cands):,}")
    if history:
        host_split(setup, history)


def host_split(setup: Setup, history: list) -> None:
    """How the last guess split the answers, and which group the host kept (and why)."""
    word, kept = history[-1]
    cands = setup.candidates(State(tuple(history[:-1])))
    groups = feedback_groups(setup, cands, word)
    sizes = sorted(((c, len(g)) for c, g in groups.items()), key=lambda cs: -cs[1])
    ties = sum(1 for _, s in sizes if s == len(groups[kept]))
    tie_note = f", tied with {counted(ties - 1, 'other group')} and chosen by the tie rule" if ties > 1 else ""
    if len(cands) == 1:
        split = f"**{setup.decode(word).upper()}** was played with one answer left, so there was nothing to split."
    else:
        split = (f"**{setup.decode(word).upper()}** split the {counted(len(cands), 'answer')} into "
                 f"{counted(len(groups), 'colour group')}.")
    st.markdown(f"{split} The host answered {pattern_label(kept, setup.length)}: "
                f"the largest group, {counted(len(groups[kept]), 'answer')}{tie_note}.")
    st.plotly_chart(groups_chart(sizes, kept, setup.length), width="stretch")
    left = setup.candidates(State(tuple(history)))
    if 0 < len(left) <= 50:
        st.caption("Still possible: " + ", ".join(setup.decode(setup.answers[i]) for i in left))
