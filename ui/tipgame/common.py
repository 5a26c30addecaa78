"""What every Tip game mode shares: the list as the game plays it, the chosen solver's tree and its measured figures."""
from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from core.tipgame import bounds
from core.tipgame.explain import floor_to
from core.tipgame.harness import quick_tree
from core.tipgame.lists import duplicates_note
from core.tipgame.solvers import SOLVERS
from core.tipgame.store import best_saved_tree, list_hash
from core.tipgame.table import tip_table
from core.tipgame.tree import Node, TreeError, score
from core.words import WordList, WordListError
from ui.lists import SERIAL_KEY, get_list, listed_words, upload_result, upload_widget, word_list_picker

K = "tipgame_"
MAX_WORDS = 3000
ENGLISH, GERMAN, OTHER = "English: 500 common words", "German: 500 common words", "Another list"
SOURCES = {ENGLISH: "English common 500", GERMAN: "German common 500"}


@dataclass(frozen=True)
class TreeFigures:
    """A tree's figures, measured by replaying every word of the list, beside the quick tree's and the least possible."""

    mean: float  # tries a word on average
    most: int  # the most tries any one word needs
    distribution: dict[int, int]  # words found at each number of tries
    quick: float  # the quick (one-ply) tree's average
    least_possible: float  # no strategy can average fewer tries on this list (the largest lower bound)


@dataclass(frozen=True)
class Game:
    """Everything a mode needs (the tip game's context): the list as the game plays it, the solver, its tree, where
    the tree comes from, and the tree's measured figures."""

    name: str
    words: tuple[str, ...]
    list_key: str
    solver_name: str
    root: Node
    source: str  # where the tree comes from, in words ("its own tree", "a saved search (120 seconds)", ...)
    quick_stand_in: bool  # the tree is the quick tree, standing in until a searched one is saved
    saved_mean: float  # the saved tree's average (the built tree must beat it to replace it)
    figures: TreeFigures
    solver: object


def tries(n: int) -> str:
    """'1 try', '7 tries'."""
    return f"{n} {'try' if n == 1 else 'tries'}"


def plain(name: str) -> str:
    """A solver's name in words (from its registry entry)."""
    return SOLVERS.plain_name(name)


@st.cache_resource(show_spinner="Indexing every tip…", max_entries=8)
def cached_table(list_key: str, _words: tuple[str, ...]):
    """The tip table of a list (shared, never mutated)."""
    return tip_table(list(_words))


@st.cache_resource(show_spinner="Building the quick tree…", max_entries=8)
def cached_quick(list_key: str, _words: tuple[str, ...]) -> Node:
    """The quick (one-ply) tree of a list: the stand-in for a searched tree and the baseline every tree is compared with."""
    return quick_tree(_words)


@st.cache_resource(show_spinner="Loading the decision tree…", max_entries=8)
def cached_saved(list_key: str, _words: tuple[str, ...], version: int) -> tuple[Node, dict]:
    """The best saved tree for this list, else the quick tree (a stand-in until one is built)."""
    saved = best_saved_tree(list(_words))
    if saved is not None:
        return saved
    root = cached_quick(list_key, _words)
    return root, {"mean": score(root, list(_words)).mean, "source": "quick"}


@st.cache_resource(show_spinner="The solver is working out its whole tree…", max_entries=16)
def cached_policy(list_key: str, _words: tuple[str, ...], name: str) -> tuple[object, Node]:
    """A solver that does not search, fitted to the list, and its whole decision tree (shared, never mutated)."""
    solver = SOLVERS.create(name).fit(list(_words))
    return solver, solver.tree()


@st.cache_data(show_spinner="Measuring the tree…", max_entries=16)
def cached_figures(list_key: str, tree_key: str, _root: Node, _words: tuple[str, ...]) -> dict:
    """Verified score of a tree (replayed through the rules) and of the quick tree."""
    s = score(_root, list(_words))
    quick = score(cached_quick(list_key, _words), list(_words)).mean
    return {"mean": s.mean, "max": s.max_tries, "distribution": s.distribution, "quick": quick}


@st.cache_data(show_spinner="Working out the lower bounds…", max_entries=16)
def cached_bounds(list_key: str, _words: tuple[str, ...]) -> dict[str, float]:
    """The list's lower bounds (capacity, one and two plies), computed here."""
    return bounds.list_lower_bound(cached_table(list_key, _words))


@st.cache_resource(show_spinner="Indexing every piece of every word…", max_entries=16)
def search_solver(list_key: str, tree_key: str, _words: tuple[str, ...], _root: Node, name: str):
    """A searching solver that follows this tree (its table of every piece of every word built once)."""
    return SOLVERS.create_with(name, {"time_budget": 0}).fit(list(_words), root=_root)


def tree_source(meta: dict) -> str:
    """Where a tree comes from, in words, from its metadata."""
    source = meta.get("source") or "a saved search" + (
        f" ({float(meta['time_budget']):.0f} seconds)" if meta.get("time_budget") else "")
    return {"quick": "the quick tree, until a search is saved", "its own": "its own tree"}.get(source, source)


def tree_figures(list_key: str, tree_key: str, root: Node, words: tuple[str, ...], saved: object) -> TreeFigures:
    """A tree's measured figures with the list's least possible average."""
    measured = cached_figures(list_key, tree_key, root, words)
    return TreeFigures(measured["mean"], measured["max"], measured["distribution"], measured["quick"],
                       bounds.least_possible(list_bounds(list_key, words, saved)))


def list_bounds(list_key: str, words: tuple[str, ...], saved: object) -> dict[str, float]:
    """The list's lower bounds: the saved tree's (worked out for this very list) when it holds them, else computed
    here, with any deeper bound the saved tree holds."""
    three_ply = saved.get("3_ply") if isinstance(saved, dict) else None
    return bounds.saved_bounds(saved) or bounds.with_saved_bound(cached_bounds(list_key, words), three_ply)


def chosen_words() -> tuple[str, list[str]] | None:
    """The sidebar's list (English by default, German one click away, a fresh upload at once), or None."""
    with st.sidebar:
        st.header("Word list")
        with st.expander("Upload your own list"):
            upload_widget(f"{K}upload", keeps_repeats=True, show_result=False)
        upload_result(f"{K}upload", keeps_repeats=True)  # in view even when the section above is collapsed
        serial = st.session_state.get(SERIAL_KEY, 0)
        if st.session_state.get(f"{K}seen_serial", 0) != serial:  # a list uploaded here or on another page
            st.session_state[f"{K}seen_serial"] = serial
            st.session_state[f"{K}source"] = OTHER  # show it at once
        st.session_state.setdefault(f"{K}source", ENGLISH)
        source = st.radio("Words the computer draws from", [ENGLISH, GERMAN, OTHER], key=f"{K}source")
        wl = word_list_picker(f"{K}list", "List") if source == OTHER else builtin(SOURCES[source])
        if wl is None:
            return None
        listed = listed_words(wl.name)
        words = list(listed) if listed else list(wl.words)
        note = duplicates_note(words)
        st.caption(note or "Every word of this list is listed once, so each is equally likely to be drawn. (A list "
                   "that repeats a word makes the game draw it as often as it is listed; the averages count it so.)")
    return wl.name, words


def solver_picker() -> str:
    """The sidebar's solver: every registered one, by its plain name."""
    names = SOLVERS.names()
    return st.sidebar.selectbox("Solver", names, index=SOLVERS.default_index(names),
                                key=f"{K}solver", format_func=plain, help=SOLVERS.picker_help())


def builtin(name: str) -> WordList | None:
    """A built-in list by name (None, with a message, when it cannot load)."""
    try:
        return get_list(name)
    except WordListError as err:
        st.error(str(err))
        return None


def usable(name: str, words: list[str]) -> list[str] | None:
    """The words the page plays (the first MAX_WORDS of a long list), or None with a message for an unusable list."""
    if not words:
        st.error("This list is empty: upload a list with at least two words.")
        return None
    if len(set(words)) == 1:
        st.warning(f"This list holds a single word, **{words[0]}**: the game is solved in one try by sending it. "
                   "Pick or upload a list with at least two words.")
        return None
    if len(words) > MAX_WORDS:
        st.warning(f"{name} has {len(words):,} words; the tip game works on up to {MAX_WORDS:,} "
                   "(the table of every tip grows with words × tips). Using its first words.")
        n_use = st.sidebar.number_input("Words to use (the list's first)", 2, MAX_WORDS, 500, step=100, key=f"{K}n_use")
        words = words[: int(n_use)]
    return words


def load_game(name: str, words: list[str], solver_name: str) -> Game:
    """The solver's tree for the list (a searching solver: the best saved or built tree, else the quick stand-in)
    and its measured figures."""
    list_key = f"{list_hash(words)}:{len(words)}"
    words_t = tuple(words)
    if not SOLVERS.shows(solver_name, "search"):
        try:
            solver, root = cached_policy(list_key, words_t, solver_name)
        except TreeError as err:
            st.error(f"{plain(solver_name).capitalize()} cannot play this list: {err} Pick another solver.")
            st.stop()
        tree_key = f"{solver_name}:{root.tip}"
        figures = tree_figures(list_key, tree_key, root, words_t, None)
        return Game(name, words_t, list_key, solver_name, root, tree_source({"source": "its own"}), False,
                    figures.mean, figures, solver)
    st.session_state.setdefault(f"{K}version", 0)
    root, meta = cached_saved(list_key, words_t, st.session_state[f"{K}version"])
    saved = meta.get("lower_bound")
    saved_mean = meta.get("mean", float("inf"))
    built = st.session_state.get(f"{K}built")
    if built is not None and built["list_key"] == list_key and built["mean"] < saved_mean:
        root, meta = built["root"], {"mean": built["mean"], "source": "built in this session"}
    tree_key = f"{root.tip}:{meta.get('mean')}:{meta.get('source', meta.get('file', ''))}"
    figures = tree_figures(list_key, tree_key, root, words_t, saved)
    solver = search_solver(list_key, f"{tree_key}:{id(root)}", words_t, root, solver_name)  # a rebuilt tree: its own
    return Game(name, words_t, list_key, solver_name, root, tree_source(meta), meta.get("source") == "quick",
                saved_mean, figures, solver)


def summary(g: Game) -> None:
    """The tree's figures in words, measured by replaying every word."""
    f = g.figures
    c1, c2, c3, c4 = st.columns(4)
    c1.metric("Words", f"{len(g.words):,}")
    c2.metric("Average tries", f"{f.mean:.2f}")
    c3.metric("Most tries", f.most, help="The most tries the tree needs for any one word of the list.")
    c4.metric("Least possible", f"{floor_to(f.least_possible, 2):.2f}",
              help="No strategy can average fewer tries on this list (explained in the Tree explorer).")
    st.caption(f"**{g.name}** · **{plain(g.solver_name)}**: {g.source} · {f.mean:.3f} tries on average (the quick "
               f"tree {f.quick:.3f}; no strategy can average fewer than {floor_to(f.least_possible, 3):.3f}), checked "
               "by replaying every word.")
    if g.quick_stand_in:
        st.info("No searched tree is saved for this list yet: the page uses the quick tree. "
                "Build a better one in the **Build a tree** mode.")
