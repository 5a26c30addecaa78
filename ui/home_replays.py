"""The home page's replays: a solver plays one game of each kind, cached for every visitor, shown move by move (each
game's core/<game>/explain.py builds its replay as a value; this module only caches and draws it)."""
from __future__ import annotations

import time

import streamlit as st

from core.crossword import demo_replay as crossword_demo
from core.hangman import explain as hangman_explain
from core.replay import Replay
from core.tipgame import explain as tipgame_explain
from core.wordle import explain as wordle_explain
from core.words import WordListError, catalogue
from ui.board import show_board
from ui.lists import cached_list
from ui.progress import streamlit_progress

K = "home_"
PLAY_DELAY = 1.5  # seconds between moves when a replay plays by itself
HANGMAN_LIST, HANGMAN_WORD = "English common 50k", "garden"
WORDLE_LISTS, WORDLE_WORD = ("Wordle answers 2,315", "English 5-letter answers"), "phone"
TIP_LIST, TIP_WORD = "English common 500", "house"


def first_available(names: tuple[str, ...]) -> str:
    """The first of these list names the catalogue has."""
    specs = catalogue()
    return next((n for n in names if n in specs), names[-1])


@st.cache_data(show_spinner="Playing a game of Hangman…", max_entries=4)
def hangman(list_name: str, word: str) -> Replay:
    """Hangman's replay (cached: the same game for every visitor)."""
    return hangman_explain.replay(cached_list(list_name).words, word)


@st.cache_data(show_spinner=False, max_entries=4)
def wordle(list_name: str, word: str, _report) -> Replay:
    """Wordle's replay, guessing among the answers (the first time works out every colouring: `_report` moves the
    caller's bar; the cached function itself draws nothing, so a cached replay has nothing to redraw)."""
    return wordle_explain.replay(cached_list(list_name).words, word, progress=_report)


@st.cache_data(show_spinner="Playing a tip game…", max_entries=4)
def tipgame(list_name: str, word: str) -> Replay:
    """The tip game's replay on its saved tree."""
    return tipgame_explain.replay(cached_list(list_name).words, word)


@st.cache_data(show_spinner=False, max_entries=2)
def crossword(puzzle_name: str, _report) -> Replay:
    """A crossword solver's replay on a demo puzzle: the stored one when it is there for this puzzle (shown at once),
    else computed, learning from the dictionary's definitions. `_report` moves the caller's bar; this draws nothing."""
    return crossword_demo.stored_replay(puzzle_name) or crossword_demo.demo_replay(puzzle_name, _report)


def with_bar(label: str, replay, *args) -> Replay:
    """A cached replay computed under a progress bar the caller draws (cleared once the replay is ready)."""
    report, finish = streamlit_progress(label)
    try:
        return replay(*args, report)
    finally:
        finish()


def set_step(game: str, step: int, playing: bool = False) -> None:
    """Button callback: show a move of a replay (before the rerun, so every button sees it)."""
    st.session_state[f"{K}step_{game}"] = step
    st.session_state[f"{K}playing_{game}"] = playing


def show_replay(game: str, replay: Replay) -> None:
    """A replay: controls, the board, this move's sentence and the move log."""
    n = len(replay.frames)
    if n == 0:
        st.warning("The solver made no move in this game.")
        return
    step = min(max(1, st.session_state.get(f"{K}step_{game}", 1)), n)
    st.write(replay.setup)
    b1, b2, b3, b4 = st.columns(4)
    b1.button("Previous", icon=":material/chevron_left:", key=f"{K}prev_{game}", disabled=step <= 1, width="stretch", on_click=set_step,
              args=(game, step - 1))
    b2.button("Next", icon=":material/chevron_right:", key=f"{K}next_{game}", disabled=step >= n, width="stretch", type="primary",
              on_click=set_step, args=(game, step + 1))
    b3.button("Play", icon=":material/play_arrow:", key=f"{K}play_{game}", disabled=step >= n, width="stretch", on_click=set_step,
              args=(game, step, True))
    b4.button("Start again", icon=":material/replay:", key=f"{K}restart_{game}", disabled=step <= 1, width="stretch", on_click=set_step,
              args=(game, 1))
    frame = replay.frames[step - 1]
    board, words = st.columns([1, 1])
    with board:
        st.markdown(f"**Move {step} of {n}**")
        show_board(frame.board)
    with words:
        st.info(frame.sentence)
        if step == n:
            st.success(replay.outcome)
    st.markdown("**Move log**")
    st.markdown("\n".join(f"{i}. {f.sentence}" for i, f in enumerate(replay.frames[:step], start=1)))
    if st.session_state.get(f"{K}playing_{game}") and step < n:
        time.sleep(PLAY_DELAY)
        set_step(game, step + 1, playing=step + 1 < n)
        st.rerun()
    st.session_state[f"{K}playing_{game}"] = False


def hangman_mode() -> None:
    """Hangman's replay."""
    show_replay("hangman", hangman(HANGMAN_LIST, HANGMAN_WORD))


def wordle_mode() -> None:
    """Wordle's replay."""
    show_replay("wordle", with_bar("Working out every colouring of every guess (first time only)…", wordle,
                                   first_available(WORDLE_LISTS), WORDLE_WORD))


def tipgame_mode() -> None:
    """The tip game's replay."""
    show_replay("tipgame", tipgame(TIP_LIST, TIP_WORD))


def crossword_mode() -> None:
    """The crossword replay, on a click (the stored one shows at once; without it the solver plays it first)."""
    if not st.session_state.get(f"{K}crossword_on"):
        st.write("The crossword solver learns from an English dictionary's definitions, then fills the 5×5 demo "
                 "puzzle step by step.")
        st.button("▶ Watch the crossword solver", key=f"{K}crossword_start", type="primary",
                  on_click=lambda: st.session_state.update({f"{K}crossword_on": True}))
        return
    show_replay("crossword", with_bar("Reading the dictionary's definitions…", crossword, crossword_demo.HOME_CROSSWORD))
    with st.expander("How it works"):
        st.write("This game was recorded from the solver when this version of the lab was made, so it shows at once. "
                 "The lab's own checks play the puzzle again with the solver and fail if any move differs. On the "
                 "Crosswords page the solver plays each puzzle live.")


REPLAYS = {"Hangman": hangman_mode, "Wordle": wordle_mode, "Tip game": tipgame_mode, "Crosswords": crossword_mode}


def replays() -> None:
    """Watch a solver play: one game at a time, move by move."""
    st.subheader("Watch a solver play")
    game = st.radio("Game", list(REPLAYS), horizontal=True, key=f"{K}game", label_visibility="collapsed")
    with st.container(border=True):
        try:
            REPLAYS[game]()
        except WordListError as err:
            st.error(f"This replay needs a word list that is not available here: {err}")
