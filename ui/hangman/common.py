"""What every Hangman mode shares: the sidebar's picks, cached fitted solvers, the board, the gallows and the chart."""
from __future__ import annotations

from dataclasses import dataclass

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from core.hangman.charts import hangman_figure, letter_bars
from core.hangman.draw import everyday_words
from core.hangman.explain import belief_sentence, letter_view, plural
from core.hangman.fitting import fitted
from core.hangman.rules import MAX_WRONG, MIN_WRONG, State
from core.hangman.solvers import SOLVERS, Solver, WeighsWords, played_world
from core.words import WordList
from ui.hangman.board import mask_html
from ui.hangman.world import assumption_note, frequency_note, world_picker
from ui.lists import session_uploads, shown_words, upload_widget, word_list_picker
from ui.progress import streamlit_progress

P = "hangman_"
YOU = "You"
MOST_WORDS = "the “most words” rule"


@dataclass(frozen=True)
class Context:
    """What every Hangman mode is given: the dictionary, the strategy, the misses that lose the game, and where the
    word comes from (the world the solvers play for), all picked in the sidebar."""

    words: WordList
    strategy: str
    max_wrong: int
    world: str


@st.cache_resource(show_spinner=False, max_entries=6)
def fitted_solver(strategy: str, words_hash: str, _words: tuple[str, ...]) -> Solver:
    """A fitted solver per (strategy, list); shared read-only across sessions."""
    report, finish = streamlit_progress("The solver is learning the word list…")
    try:
        solver, _ = fitted(strategy, _words, words_hash, progress=report)
    finally:
        finish()
    return solver


@st.cache_resource(show_spinner=False, max_entries=24)
def world_solver(strategy: str, words_hash: str, _words: tuple[str, ...], world: str) -> Solver:
    """A fitted solver playing for a world (sharing what it learned with the others); shared read-only."""
    return played_world(fitted_solver(strategy, words_hash, _words), world)


def solver_for(strategy: str, ctx: Context) -> Solver:
    """The cached fitted solver of a strategy on the context's list, playing for the context's world."""
    return world_solver(strategy, ctx.words.hash, ctx.words.words, ctx.world)


@st.cache_data(show_spinner="Finding the everyday words of the list…", max_entries=8)
def common_pool(words_hash: str, _words: tuple[str, ...], alphabet: str) -> tuple[str, ...]:
    """The list's everyday words (frequent in text and, in English, a dictionary entry)."""
    return everyday_words(_words, words_hash, alphabet)


def show_mask(state: State) -> None:
    """The board in large letters with the letters tried under it."""
    st.markdown(mask_html(state.mask), unsafe_allow_html=True)
    hits = ", ".join(c.upper() for c in state.hits) or "none yet"
    misses = ", ".join(c.upper() for c in state.misses) or "none yet"
    st.caption(f"In the word: {hits} · Not in the word: {misses} · {plural(state.lives_left, 'life', 'lives')} left")


def gallows(state: State, key: str) -> None:
    """The hangman drawing for a state."""
    st.plotly_chart(hangman_figure(state.wrong, state.max_wrong), width="stretch", key=key)


def board_columns(state: State, key: str) -> DeltaGenerator:
    """The gallows on the left and the board on the right; returns the right column for what follows the board."""
    left, right = st.columns([1, 2])
    with left:
        gallows(state, key)
    with right:
        show_mask(state)
    return right


def fitting_words(solver: Solver, state: State, wl: WordList) -> None:
    """How many words of the list still fit the board and a few of them (an upload's own words all, a built-in or
    shared list's none offensive), told once: a word the list lacks but the everyday words hold is said in those terms,
    and a won game on such a word shows no count of 0 beside the win."""
    fit = solver.fitting(state)
    n = fit.listed  # the count every sentence beside it names "words of the list"
    uploaded = wl.name in session_uploads()
    words = (solver.index.matching_words(state, 12) if uploaded else solver.index.shown_words(state, 12)) \
        if solver.index else []
    if state.won and n == 0:
        source = f"other everyday {fit.language} words" if fit.others else "letter patterns"
        st.caption(f"{state.mask.upper()} is not in the list: the solver found it from {source}.")
    else:
        st.metric("Words of the list that still fit the board", f"{n:,}")
    if words:
        st.caption(", ".join(words) + (" …" if n > len(words) else ""))
    elif fit.others and not state.over:
        others = [w for w in solver.words_of().shown_words(state, 12) if w not in set(words)]
        st.caption(f"Everyday {fit.language} words that fit but are not in the list: " + ", ".join(others)
                   + (" …" if fit.others > len(others) else ""))
    elif not state.over and not isinstance(solver, WeighsWords):
        st.caption("No word of the list fits: the word is new to the solver, which now guesses from the letter "
                   "patterns it learned from the list.")
    if isinstance(solver, WeighsWords) and not state.over:
        st.info(belief_sentence(solver, state))  # the same board and the same count (solver.fitting) as the figure above
    assumption_note(solver)
    frequency_note(solver)


def letter_chart(solver: Solver, strategy: str, state: State, chosen: str | None, key: str,
                 compare: Solver | None = None, compare_name: str = "", title: str = "") -> None:
    """The bar chart of what the solver weighs at a state; a second strategy as dots on the same scale."""
    values, label = letter_view(solver, state)
    if not values:
        st.info("No letter left to guess.")
        return
    other = None
    if compare is not None:
        other, other_label = letter_view(compare, state)
        compare_name = f"{compare_name}: {other_label}"
    fig = letter_bars(values, strategy, label, other, compare_name, 15, chosen, title)
    st.plotly_chart(fig, width="stretch", key=key)


def strategies_text() -> str:
    """One Markdown line per registered strategy: its plain name and what it does, in its own words."""
    return "".join(f"- **{SOLVERS.plain_name(n)}**: {SOLVERS.plain_help(n)}.\n" for n in SOLVERS.names())


def how_it_works() -> None:
    """The collapsed panel with the strategies and terms, each in a sentence."""
    with st.expander("How it works"):
        st.markdown(
            "- **Words that still fit**: the words of the list with the revealed letters in place and none of the "
            "missed letters; for a word a person thinks of, the count in brackets adds the everyday words the list "
            "lacks. A move's sentence counts the words that fitted before its guess, the figure beside it those after.\n"
            + strategies_text() +
            "- An *n-gram* is a run of n letters, like ING: the strategies that learn them can guess words that are "
            "not in the list; the strongest mixes these clues with a learned model and estimates, for every letter, "
            "the chance it is in the word.\n"
            "- **Where the word comes from**: for *a word a person thinks of*, the strongest strategy counts every word of the list "
            "by how common it is in everyday text (wordfreq's frequencies), gently, so that a familiar word keeps a real "
            "share (ABBEY, GIRAFFE), and, in English, by how often it names a thing one can point at (WordNet's "
            "counts), since people pick things: DOG outweighs COG and NOT; "
            "for *a word drawn "
            "evenly from the list* every fitting word counts the same; for *any word* it trusts letter patterns "
            "most, as the Trexquant challenge needs.\n"
            "- The chart shows the solver's own numbers: the letter it picks is the orange bar.")


def sidebar() -> Context | None:
    """The dictionary, strategy, miss budget and world chosen in the sidebar (None without a usable list)."""
    with st.sidebar:
        st.subheader("Hangman settings")
        upload_widget(P + "upload")
        wl = word_list_picker(P + "list", "Dictionary (the solver learns only from it)",
                              prefer=("Trexquant hangman 227k", "English web2 235k"))
        strategy = st.selectbox("Strategy", SOLVERS.names(), index=SOLVERS.default_index(), key=P + "strategy",
                                format_func=SOLVERS.plain_name, help=SOLVERS.picker_help())
        world = world_picker(strategy)
        max_wrong = st.slider("Misses allowed (the game is lost at this many)", MIN_WRONG, MAX_WRONG, 6, key=P + "max_wrong")
    if wl is not None and len(wl) == 0:
        st.error("The chosen word list is empty: pick or upload another.")
        return None
    return None if wl is None else Context(wl, strategy, max_wrong, world)
