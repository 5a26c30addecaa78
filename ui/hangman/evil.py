"""The evil host: a host that never commits to a word and answers so as to keep the most words possible."""
from __future__ import annotations

import pandas as pd
import streamlit as st

from core.hangman.adversary import TIE_RULE, HostGame, host_answer, pattern_text, start_host, where_text
from core.hangman.explain import misses_text
from core.hangman.rules import BLANK, RuleError
from core.hangman.solvers import SOLVERS
from core.words import counted
from ui.hangman.cheater import cheater_section
from ui.hangman.common import Context, P, YOU, board_columns, solver_for
from ui.lists import shown_words


def evil_host(ctx: Context) -> None:
    """Play against a host that never commits to a word and answers so as to keep the most words possible."""
    wl, max_wrong = ctx.words, ctx.max_wrong
    ss = st.session_state
    st.caption("This host cheats: it never picks a word. After each letter it gives the answer that keeps the most "
               "words of the list possible, so every letter is as unlucky as it can be.")
    c1, c2, c3 = st.columns([1, 2, 1])
    length = int(c1.number_input("Letters in the word", 1, 30, 5, key=P + "evil_length"))
    player = c2.selectbox("Who plays against the host", [YOU] + SOLVERS.names(), key=P + "evil_player",
                          format_func=lambda n: n if n == YOU else SOLVERS.plain_name(n))
    restart = c3.button("Start a new game", key=P + "evil_start")
    key = (wl.hash, length, max_wrong, player)
    if restart or ss.get(P + "evil_key") != key:
        try:
            ss[P + "evil_game"] = start_host(wl.words, length, max_wrong)
        except RuleError as err:
            st.error(str(err))
            ss.pop(P + "evil_key", None)
            return
        ss[P + "evil_key"] = key
    game: HostGame = ss[P + "evil_game"]
    if not game.over:
        evil_moves(game, player, ctx)
        game = ss[P + "evil_game"]
    evil_board(game, player, wl.name)
    with st.expander("How it works"):
        st.markdown(f"After each letter the host sorts the words it still keeps by the answer each would give. It keeps "
                    f"{TIE_RULE}. Its rule is the mirror image of the solvers': they pick the letter that leaves the "
                    f"fewest words; it picks the answer that leaves the most.")
    cheater_section(wl, length, max_wrong)


def evil_moves(game: HostGame, player: str, ctx: Context) -> None:
    """The controls: a letter for a person, Next / Play to the end for a solver."""
    ss, wl = st.session_state, ctx.words
    if player == YOU:
        open_letters = [c for c in wl.alphabet if c not in game.state.guessed]
        c1, c2 = st.columns([1, 3])
        letter = c1.selectbox("Your letter", open_letters, key=P + "evil_letter")
        if c2.button("Guess", key=P + "evil_guess") and letter:
            ss[P + "evil_game"] = host_answer(game, letter)
            st.rerun()
        return
    solver = solver_for(player, ctx)
    c1, c2 = st.columns(2)
    if c1.button("Next letter", key=P + "evil_next"):
        letter = solver.choose(game.state)
        if letter is not None:
            ss[P + "evil_game"] = host_answer(game, letter)
        st.rerun()
    if c2.button("Play to the end", key=P + "evil_finish"):
        while not game.over:
            letter = solver.choose(game.state)
            if letter is None:
                break
            game = host_answer(game, letter)
        ss[P + "evil_game"] = game
        st.rerun()


def evil_board(game: HostGame, player: str, wl_name: str) -> None:
    """The board, the words the host keeps, its last answer explained, and every answer so far."""
    state = game.state
    who = "You" if player == YOU else f"The solver ({SOLVERS.plain_name(player)})"
    with board_columns(state, P + "evil_fig"):
        st.metric("Words the host still keeps", f"{len(game.words):,}")
        shown = shown_words(wl_name, game.words[:60])[:12]
        st.caption(", ".join(shown) + (" …" if len(game.words) > len(shown) else ""))
        word = game.final_word()
        if state.won:
            st.success(f"{who} pinned the host down: the word is **{word}**, after {misses_text(state.wrong)}.")
        elif state.lost:
            st.error(f"The host wins. Asked for its word, it now names **{word}**, one of the "
                     f"{counted(len(game.words), 'word')} it never had to choose between.")
    if not game.choices:
        st.info("Guess a letter: the host will answer so as to keep as many words as it can.")
        return
    last = game.choices[-1]
    st.markdown(f"**Last answer.** {last.reason()}")
    before_mask = state.mask.replace(last.letter, BLANK)
    rows = [{"The host could answer": f"{where_text(w)} ({pattern_text(before_mask, last.letter, w)})",
             "Words it would keep": size, "Chosen": "✔" if w == last.chosen else ""} for w, size in last.groups[:12]]
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")
    if len(last.groups) > 12:
        st.caption(f"The {len(last.groups) - 12:,} other answers keep fewer words.")
    st.markdown("**Every answer so far**")
    st.markdown("\n".join(f"{i}. {c.reason()}" for i, c in enumerate(game.choices, 1)))
