"""'Can the computer beat the cheater?': the planner against the cheating host, each move explained in plain words."""
from __future__ import annotations

import pandas as pd
import streamlit as st

from core.hangman.explain import misses_text
from core.hangman.planner import DEFAULT_NODES, CheaterGame, PlannedMove, cheater_game, planned_moves, \
    stored_cheater_game
from core.hangman.rules import RuleError
from core.words import WordList
from ui.hangman.board import mask_html
from ui.progress import streamlit_progress

P = "hangman_cheater_"


def cheater_section(wl: WordList, length: int, max_wrong: int) -> None:
    """The section: plan (or read the stored plan), the verdict, then the planned game move by move."""
    st.subheader("Can the computer beat the cheater?")
    st.caption("The host's rule is public, so the computer can look ahead: it tries letter orders before asking, "
               "and keeps the one that pins the host down to one word with the fewest misses.")
    if not any(len(w) == length for w in wl.words):
        st.info(f"The list has no {length}-letter word, so there is nothing to plan.")
        return
    game = stored_cheater_game(wl.words, length, DEFAULT_NODES)
    if game is None:
        if not st.button(f"Let the computer plan against the host ({length} letters)", key=P + "plan"):
            return
        game = planned_game(wl, length)
        if game is None:
            return
    show_plan(wl, game, max_wrong)


def planned_game(wl: WordList, length: int) -> CheaterGame | None:
    """Search the plan with a progress bar (stored on disk for the next visit); None with a message on bad input."""
    report, finish = streamlit_progress("The computer is trying letter orders…")
    try:
        return cheater_game(wl.words, length, DEFAULT_NODES,
                            progress=lambda d, t, m="": report(d, t, "it stops sooner when it proves its answer"))
    except RuleError as err:
        st.error(str(err))
        return None
    finally:
        finish()


def verdict(game: CheaterGame, max_wrong: int) -> str:
    """One sentence: does the plan win with this miss budget, and is it the best there is."""
    need = misses_text(game.misses)
    if game.misses < max_wrong:
        head = f"Yes: with {misses_text(max_wrong)} allowed, the computer beats the cheater; it needs only {need}."
    else:
        head = (f"No: even the best order found needs {need}, and {misses_text(max_wrong)} lose the game, "
                f"so the cheater wins.")
    if game.proven:
        sure = "No letter order can do with fewer misses: the search ruled every other order out."
    else:
        sure = (f"The computer stopped after trying {game.nodes:,} positions; it proved that no order needs fewer "
                f"than {misses_text(game.lower)}, but one with fewer than {need} may exist.")
    return f"{head} {sure}"


def show_plan(wl: WordList, game: CheaterGame, max_wrong: int) -> None:
    """The verdict, the figures beside it, the board after a chosen move and that move's reason, and every move."""
    moves, host = planned_moves(wl.words, game)
    c1, c2, c3 = st.columns(3)
    c1.metric("Computer's misses", f"{game.misses:,}")
    c2.metric("Simple rule's misses", f"{game.greedy:,}",
              help="The better of two simple rules: the letter in the most words, or a letter the host must admit.")
    c3.metric("Words at the start", f"{game.words:,}")
    (st.success if game.misses < max_wrong else st.warning)(verdict(game, max_wrong))
    if not moves:
        st.info("The host has only one word of this length: nothing to plan.")
        return
    at = st.slider("Show the board after move", 1, len(moves), len(moves), key=P + "move") if len(moves) > 1 else 1
    move = moves[at - 1]
    st.markdown(mask_html(move.mask), unsafe_allow_html=True)
    st.markdown(f"**Move {at} of {len(moves)}.** {move.sentence()}")
    st.dataframe(pd.DataFrame([move_row(i, m) for i, m in enumerate(moves, 1)]), hide_index=True, width="stretch")
    st.caption(f"At the end the host has to name **{host.final_word()}**.")
    with st.expander("How it works"):
        st.markdown("After any letters the host keeps exactly the words that fit the board, so each letter's answer "
                    "is known before it is asked. The computer searches letter orders depth first, allowing 0 misses, "
                    "then 1, then 2 … (iterative deepening: the first order found is the fewest); it remembers every "
                    "set of words it has solved, and skips an order as soon as it cannot beat the best one found "
                    f"(branch and bound). It stops after {game.budget:,} positions; then the figure is the best found "
                    "and the proven floor is shown.")


def move_row(i: int, m: PlannedMove) -> dict:
    """One row of the move table, in words."""
    c = m.choice
    return {"Move": i, "Letter": c.letter.upper(), "Host's answer": "miss" if not c.chosen else "hit",
            "Words the host keeps": c.kept, "Misses still needed": m.misses_left}
