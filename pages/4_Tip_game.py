"""Tip game: watch the tree find a word move by move, play yourself with hints, explore the tree, build one."""
from __future__ import annotations

import random
import time
from dataclasses import dataclass

import pandas as pd
import streamlit as st

from core.tipgame.bounds import list_lower_bound, saved_bounds, with_saved_bound
from core.tipgame.charts import answer_counts, depth_histogram, groups_figure, mean_vs_bound, search_progress, tree_figure
from core.tipgame.explain import groups_sentence, listed_text, narrate, words_left_phrase
from core.tipgame.harness import play
from core.tipgame.lists import duplicates_note
from core.tipgame.rules import ANSWER_NAMES, TipState, answer, remaining
from core.tipgame.solvers import GreedySolver, TreeSolver
from core.tipgame.store import best_saved_tree, list_hash, save_tree
from core.tipgame.table import tip_table
from core.tipgame.tree import Node, TreeError, dumps, node_at, score, words_under
from core.words import WordList, WordListError, counted, normalise
from ui.lists import SERIAL_KEY, get_list, listed_words, upload_widget, word_list_picker
from ui.board import show_board
from ui.progress import streamlit_progress

K = "tipgame_"
MAX_WORDS = 3000
ENGLISH, GERMAN, OTHER = "English: 500 common words", "German: 500 common words", "Another list"
SOURCES = {ENGLISH: "English common 500", GERMAN: "German common 500"}
PLAY_DELAY = 1.5  # seconds between moves when the replay plays by itself

st.set_page_config(page_title="Tip game · Word Game Solver Lab", page_icon="🔤", layout="wide")


@dataclass(frozen=True)
class Game:
    """Everything a mode needs: the list as the game plays it, the tree and its measured figures."""

    name: str
    words: tuple[str, ...]
    list_key: str
    root: Node
    meta: dict
    saved_mean: float
    figs: dict
    solver: TreeSolver


@st.cache_resource(show_spinner="Indexing every tip…", max_entries=8)
def cached_table(list_key: str, _words: tuple[str, ...]):
    """The tip table of a list (shared, never mutated)."""
    return tip_table(list(_words))


@st.cache_resource(show_spinner="Building the quick (greedy) tree…", max_entries=8)
def cached_greedy(list_key: str, _words: tuple[str, ...]) -> Node:
    """The greedy tree of a list (built once: the stand-in tree and the baseline every tree is compared with)."""
    return GreedySolver().fit(list(_words)).tree()


@st.cache_resource(show_spinner="Loading the decision tree…", max_entries=8)
def cached_tree(list_key: str, _words: tuple[str, ...], version: int) -> tuple[Node, dict]:
    """The best saved tree for this list, else the greedy tree (a quick stand-in until one is built)."""
    saved = best_saved_tree(list(_words))
    if saved is not None:
        return saved
    root = cached_greedy(list_key, _words)
    return root, {"mean": score(root, list(_words)).mean, "source": "greedy"}


@st.cache_data(show_spinner="Measuring the tree…", max_entries=16)
def cached_figures(list_key: str, tree_key: str, _root: Node, _words: tuple[str, ...]) -> dict:
    """Verified score of a tree (replayed through the rules) and of the greedy tree."""
    s = score(_root, list(_words))
    greedy = score(cached_greedy(list_key, _words), list(_words)).mean
    return {"mean": s.mean, "max": s.max_tries, "distribution": s.distribution, "greedy": greedy}


@st.cache_data(show_spinner="Working out the lower bounds…", max_entries=16)
def cached_bounds(list_key: str, _words: tuple[str, ...]) -> dict[str, float]:
    """The list's lower bounds (capacity, one and two plies), computed here."""
    return list_lower_bound(cached_table(list_key, _words))


@st.cache_resource(show_spinner="Indexing every piece of every word…", max_entries=16)
def tree_solver(list_key: str, tree_key: str, _words: tuple[str, ...], _root: Node) -> TreeSolver:
    """The solver that follows this tree (its table of every piece of every word built once, not on every rerun)."""
    return TreeSolver(time_budget=0).fit(list(_words), root=_root)


def list_bounds(list_key: str, words: tuple[str, ...], saved: object) -> dict[str, float]:
    """The list's lower bounds: the saved tree's (worked out for this very list when it was built) when it holds them,
    else computed here, with any deeper bound the saved tree holds."""
    three_ply = saved.get("3_ply") if isinstance(saved, dict) else None
    return saved_bounds(saved) or with_saved_bound(cached_bounds(list_key, words), three_ply)


def tries(n: int) -> str:
    """'1 try', '7 tries'."""
    return f"{n} {'try' if n == 1 else 'tries'}"


# ---------------------------------------------------------------- the list


def chosen_words() -> tuple[str, list[str]] | None:
    """The sidebar's list (English by default, German one click away) as the game plays it, or None (with a message)."""
    with st.sidebar:
        st.header("Word list")
        serial = st.session_state.get(SERIAL_KEY, 0)
        with st.expander("Upload your own list"):
            upload_widget(f"{K}upload", keeps_repeats=True)
        if st.session_state.get(SERIAL_KEY, 0) != serial:
            st.session_state[f"{K}source"] = OTHER  # a fresh upload: show it at once
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


def load_game(name: str, words: list[str]) -> Game:
    """The list's best tree (saved, built in this session, or the greedy stand-in) and its measured figures."""
    list_key = f"{list_hash(words)}:{len(words)}"
    words_t = tuple(words)
    st.session_state.setdefault(f"{K}version", 0)
    root, meta = cached_tree(list_key, words_t, st.session_state[f"{K}version"])
    saved = meta.get("lower_bound")
    saved_mean = meta.get("mean", float("inf"))
    built = st.session_state.get(f"{K}built")
    if built is not None and built["list_key"] == list_key and built["mean"] < saved_mean:
        root, meta = built["root"], {"mean": built["mean"], "source": "built in this session"}
    tree_key = f"{root.tip}:{meta.get('mean')}:{meta.get('source', meta.get('file', ''))}"
    figs = {**cached_figures(list_key, tree_key, root, words_t), "bound": list_bounds(list_key, words_t, saved)}
    solver = tree_solver(list_key, f"{tree_key}:{id(root)}", words_t, root)  # the very tree object: a rebuilt tree gets its own
    return Game(name, words_t, list_key, root, meta, saved_mean, figs, solver)


def summary(g: Game) -> None:
    """The tree's figures in words, measured by replaying every word."""
    source = g.meta.get("source") or "a saved tree" + (
        f" (a {float(g.meta['time_budget']):.0f}-second search)" if g.meta.get("time_budget") else "")
    source = {"greedy": "the quick greedy tree"}.get(source, source)
    c1, c2, c3, c4 = st.columns(4)
    c1.metric("Words", f"{len(g.words):,}")
    c2.metric("Average tries", f"{g.figs['mean']:.2f}")
    c3.metric("Most tries", g.figs["max"], help="The most tries the tree needs for any one word of the list.")
    c4.metric("Least possible", f"{g.figs['bound']['best']:.2f}",
              help="No strategy can average fewer tries on this list (a lower bound, explained in the Tree explorer).")
    st.caption(f"**{g.name}** · tree: {source} · mean {g.figs['mean']:.3f} tries (greedy {g.figs['greedy']:.3f}, "
               f"lower bound {g.figs['bound']['best']:.3f}), verified by replaying every word.")
    if g.meta.get("source") == "greedy":
        st.info("No optimised tree is saved for this list yet: the page uses the quick greedy tree. "
                "Build a better one in the **Build a tree** mode.")


# ---------------------------------------------------------------- watch: the narrated replay


def set_step(step: int, playing: bool = False) -> None:
    """Button callback: show a move of the replay (before the page reruns, so every button sees it)."""
    st.session_state[f"{K}step"] = step
    st.session_state[f"{K}playing"] = playing


def replay_controls(n: int) -> int:
    """Previous / Next / Play / Start again; returns the move to show (1..n)."""
    step = min(max(1, st.session_state.get(f"{K}step", 1)), n)
    b1, b2, b3, b4 = st.columns(4)
    b1.button("Previous", icon=":material/chevron_left:", key=f"{K}prev", disabled=step <= 1, width="stretch", on_click=set_step, args=(step - 1,))
    b2.button("Next", icon=":material/chevron_right:", key=f"{K}next", disabled=step >= n, width="stretch", type="primary", on_click=set_step,
              args=(step + 1,))
    b3.button("Play", icon=":material/play_arrow:", key=f"{K}play", disabled=step >= n, width="stretch", on_click=set_step, args=(step, True))
    b4.button("Start again", icon=":material/replay:", key=f"{K}restart", disabled=step <= 1, width="stretch", on_click=set_step, args=(1,))
    st.session_state[f"{K}step"] = step
    st.session_state[f"{K}playing"] = st.session_state.get(f"{K}playing", False) and step < n
    return step


def any_word(options: list[str]) -> None:
    """Button callback: hide a random word of the list (the typed word cleared)."""
    st.session_state[f"{K}watch_word"] = random.choice(options)
    st.session_state[f"{K}watch_typed"] = ""


def watch_mode(g: Game) -> None:
    """The tree finds a word move by move: each tip's answer groups in one sentence, a chart, the board and a log."""
    st.subheader("Watch the tree find a word")
    c1, c2, c3 = st.columns([3, 2, 2])
    options = list(dict.fromkeys(g.words))
    with c1:
        pick = st.selectbox("Word the computer hides", options, key=f"{K}watch_word")
    with c2:
        typed = normalise(st.text_input("…or type one", key=f"{K}watch_typed", placeholder=f"e.g. {options[-1]}"))
    with c3:
        st.write("")
        st.button("Any word", icon=":material/casino:", key=f"{K}any", on_click=any_word, args=(options,),
                  help="Let the computer pick a word from the list at random.", width="stretch")
    secret = typed or pick
    if secret not in set(g.words):
        st.warning(f"**{secret}** is not in the list: the tree only knows the list's words.")
        return
    record = play(g.solver, secret, g.words)
    moves = narrate([s.tip for s in record.steps], secret, g.words)
    if st.session_state.get(f"{K}replay_of") != (g.list_key, secret):
        st.session_state[f"{K}replay_of"] = (g.list_key, secret)
        st.session_state[f"{K}step"] = 1
        st.session_state[f"{K}playing"] = False
    step = replay_controls(len(moves))
    move = moves[step - 1]
    st.markdown(f"**Move {step} of {len(moves)}**")
    st.info(move.sentence)
    left, right = st.columns([3, 2])
    with left:
        st.plotly_chart(groups_figure(move.groups, move.answer, move.tip), width="stretch", key=f"{K}groups_chart")
    with right:
        st.markdown("**The board**")
        show_board([f'"{m.tip}": {ANSWER_NAMES[m.answer]}' for m in moves[:step]], size="1rem")
        state = TipState(tuple((m.tip, m.answer) for m in moves[:step]))
        if state.solved:
            st.success(f"Found **{secret}** in **{tries(step)}** (the tree's average is {g.figs['mean']:.2f}).")
        else:
            still = remaining(g.words, state)
            st.markdown(f"{words_left_phrase(move.left).capitalize()}" + (": " + listed_text(still) if len(set(still)) <= 40 else "."))
    st.markdown("**Move log**")
    st.markdown("\n".join(f"{m.number}. {m.sentence}" for m in moves[:step]))
    st.dataframe(pd.DataFrame([{"try": m.number, "tip": m.tip, "answer": ANSWER_NAMES[m.answer], "words left": m.left}
                               for m in moves[:step]]), hide_index=True, width="stretch", key=f"{K}watch_table")
    if st.session_state[f"{K}playing"]:
        time.sleep(PLAY_DELAY)
        st.session_state[f"{K}step"] = step + 1
        st.rerun()


# ---------------------------------------------------------------- play yourself


def play_mode(g: Game) -> None:
    """Find the computer's word yourself, each tip explained, with the tree's suggestion on request."""
    st.subheader("Find the computer's word")
    st.session_state.setdefault(f"{K}game_seed", random.randrange(10**9))
    st.session_state.setdefault(f"{K}history", [])
    if st.session_state.get(f"{K}game_list") != g.list_key:
        st.session_state[f"{K}game_list"] = g.list_key
        st.session_state[f"{K}history"] = []
    if st.button("New word", key=f"{K}new"):
        st.session_state[f"{K}game_seed"] += 1
        st.session_state[f"{K}history"] = []
    secret = random.Random(f"{g.list_key}:{st.session_state[f'{K}game_seed']}").choice(g.words)
    history: list[tuple[str, int]] = st.session_state[f"{K}history"]
    state = TipState(tuple(history))
    left = remaining(g.words, state)
    if state.solved:
        st.success(f"**{secret}** in {tries(state.tries)}. The tree needs {play(g.solver, secret, g.words).tries} for it.")
    else:
        with st.form(f"{K}tip_form", clear_on_submit=True):
            tip = st.text_input("Your tip (any piece of text)", key=f"{K}tip")
            sent = st.form_submit_button("Send tip")
        if sent:
            tip = normalise(tip)
            if not tip:
                st.warning("Type a tip first: any piece of text, e.g. a letter.")
            else:
                history.append((tip, answer(secret, tip)))
                st.rerun()
        if st.toggle("Show the tree's suggestion", key=f"{K}hint"):
            node = g.solver.on_tree(state)
            hint = g.solver.choose(state)
            where = "the tree's tip" if node is not None else "you left the tree's path, so a quick search's tip"
            st.info(f"Suggestion: **{hint}** ({where}); {counted(len(left), 'word')} still possible.")
    if history:
        moves = narrate([t for t, _ in history], secret, g.words)
        st.markdown("\n".join(f"{m.number}. {m.sentence}" for m in moves))
        st.dataframe(pd.DataFrame([{"try": i + 1, "tip": t, "answer": ANSWER_NAMES[c]} for i, (t, c) in enumerate(history)]),
                     hide_index=True, width="stretch", key=f"{K}play_table")
        st.caption(f"{counted(len(left), 'word')} of the list {'fits' if len(left) == 1 else 'fit'} every answer so far.")
        if not state.solved and len(left) <= 30:
            st.write("Still possible: " + listed_text(left))


# ---------------------------------------------------------------- explorer


def explore_mode(g: Game) -> None:
    """The whole decision tree as a chart, and a panel that walks it answer by answer."""
    st.subheader("The decision tree")
    root, words = g.root, list(g.words)
    path: list[int] = st.session_state.setdefault(f"{K}path", [])
    try:
        node = node_at(root, path)
    except TreeError:
        st.session_state[f"{K}path"] = path = []
        node = root
    c1, c2 = st.columns([3, 2])
    with c1:
        kind = st.radio("Chart", ["icicle", "sunburst"], horizontal=True, key=f"{K}kind")
        depth = st.slider("Levels shown", 2, 8, 4, key=f"{K}depth")
        st.plotly_chart(tree_figure(root, words, kind=kind, max_depth=depth), width="stretch", key=f"{K}tree_chart")
        st.caption("Click a block to zoom the chart into it (click the top block to zoom out); the panel on the "
                   "right walks the tree with **Follow an answer**.")
    with c2:
        trail = " › ".join(f"`{node_at(root, path[:i]).tip}` {ANSWER_NAMES[c]}" for i, c in enumerate(path)) \
            or "the first tip"
        st.markdown(f"**Node:** {trail}")
        st.markdown(f"**Tip sent here:** `{node.tip}`")
        counts = answer_counts(root, words, path)
        groups = {ANSWER_NAMES.index(a): n for a, n in counts.items()}
        st.write(groups_sentence(node.tip, groups))
        st.dataframe(pd.DataFrame([{"answer": a, "words": n} for a, n in counts.items()]), hide_index=True,
                     width="stretch", key=f"{K}node_answers")
        options = ["(stay here)"] + [ANSWER_NAMES[c] for c, _ in node.children]
        go_to = st.selectbox("Follow an answer", options, key=f"{K}follow_{len(path)}_{'-'.join(map(str, path))}")
        b1, b2 = st.columns(2)
        if go_to != "(stay here)":
            st.session_state[f"{K}path"] = path + [ANSWER_NAMES.index(go_to)]
            st.rerun()
        if b1.button("Up one level", key=f"{K}up", disabled=not path):
            st.session_state[f"{K}path"] = path[:-1]
            st.rerun()
        if b2.button("To the top", key=f"{K}top", disabled=not path):  # "Back to the top" is cut at 1024 px
            st.session_state[f"{K}path"] = []
            st.rerun()
        below = list(dict.fromkeys(words_under(root, words, path)))
        st.markdown(f"**{counted(len(below), 'word')} below this node**")
        st.write(", ".join(below[:200]) + (" …" if len(below) > 200 else ""))
    c3, c4 = st.columns(2)
    with c3:
        st.plotly_chart(depth_histogram(g.figs["distribution"], g.figs["mean"]), width="stretch", key=f"{K}depths")
    with c4:
        st.plotly_chart(mean_vs_bound({"this tree": g.figs["mean"], "quick (greedy) tree": g.figs["greedy"]},
                                      {bound_name(k): v for k, v in g.figs["bound"].items() if k != "best"}),
                        width="stretch", key=f"{K}bounds")
    with st.expander("How the lower bounds work"):
        st.write("A lower bound is an average no strategy can beat. A tip has five answers besides \"is\", so at most "
                 "5^(d-1) words can end at try d; the ply bounds also use the best real tips (any piece of a word) for "
                 "the first one, two or three tries (the three-ply bound is computed when a tree is saved with the build "
                 "command), and below them count that guessing a word splits the others only as many ways as it can in "
                 "that set, and that without a word which begins and ends alike no tip gets \"begins and ends with\". "
                 "The gap to the tree is the most that better search could still gain.")
    st.download_button("Download the tree (JSON)", dumps(root, words, list_name=g.name, mean=g.figs["mean"]),
                       file_name="tipgame_tree.json", mime="application/json", key=f"{K}download")


def bound_name(key: str) -> str:
    """A lower bound's name in words: 'capacity' counting only, 'N_ply' with the best first N tips searched."""
    if key == "capacity":
        return "least possible (counting only)"
    if key == "one_ply":
        return "least possible (best first tip)"
    plies = key.split("_")[0]
    return f"least possible (best first {plies} tips)" if plies.isdigit() else f"least possible ({key})"


# ---------------------------------------------------------------- build


def build_mode(g: Game) -> None:
    """Search a better tree within a time budget, with live progress; the best found is kept."""
    st.subheader("Build a better tree for this list")
    st.write("The computer tries many trees within the time you give it and keeps the one with the fewest tries on "
             "average. Pressing any button (or **Cancel**) stops the search; the best tree found so far is kept.")
    with st.expander("How it works"):
        st.write("Beam search on f(H) = |H| + min over tips of Σ f(group): f(H) is the total tries to find every "
                 "word of a set H, so the search scores a tip by the tries its answer groups will still need. It is "
                 "exact on small sets, bounded below, then regenerates random subtrees until the time budget runs out.")
    with st.expander("Advanced"):
        seed = st.number_input("Seed (the random choices of the search; the same seed repeats a search)", 0, 10_000, 0,
                               key=f"{K}seed")
    b1, b2 = st.columns(2)
    budget = b1.number_input("Time budget (seconds)", 1, 600, 20, step=5, key=f"{K}budget")
    b2.write("")
    run = b2.button("Build", type="primary", key=f"{K}build")
    st.button("Cancel", key=f"{K}cancel")
    chart = st.empty()
    built = st.session_state.get(f"{K}built")
    if run:
        st.session_state[f"{K}built"] = None
        report, finish = streamlit_progress("Searching…")

        def on_improve(best: Node, mean: float, hist: list[tuple[float, float]]) -> None:
            st.session_state[f"{K}built"] = {"list_key": g.list_key, "root": best, "mean": mean, "history": hist}
            chart.plotly_chart(search_progress(hist, g.figs["greedy"], g.figs["bound"]["best"]), width="stretch")

        builder = TreeSolver(time_budget=float(budget), jobs=1, seed=int(seed)).fit(list(g.words))
        builder.build(report, on_improve=on_improve)
        finish()
        built = st.session_state[f"{K}built"]
        save_tree(built["root"], list(g.words), tag=f"page{int(budget)}s{int(seed)}", list_name=g.name)
        built["saved"] = True  # only a search that ran to its budget is saved; Cancel keeps it in this session
        st.session_state[f"{K}version"] += 1
        st.rerun()
    if built is not None and built["list_key"] == g.list_key:
        chart.plotly_chart(search_progress(built["history"], g.figs["greedy"], g.figs["bound"]["best"]),
                           width="stretch", key=f"{K}progress_chart")
        where = "saved on this machine for this list" if built.get("saved") else \
            "kept for this browser session (the search was stopped early, so it is not saved)"
        if built["mean"] < g.saved_mean or (built.get("saved") and built["mean"] <= g.saved_mean + 1e-9):
            st.success(f"Best tree: mean **{built['mean']:.4f}** tries (greedy {g.figs['greedy']:.4f}); it is now the "
                       f"tree the other modes use, {where}.")
        else:
            current = "greedy tree" if g.meta.get("source") == "greedy" else "saved tree"
            st.success(f"Best tree: mean **{built['mean']:.4f}** tries (greedy {g.figs['greedy']:.4f}). The {current} "
                       f"({g.saved_mean:.4f}) is as good or better, so the other modes keep it; try a longer budget.")
        st.download_button("Download the built tree (JSON)", dumps(built["root"], list(g.words), list_name=g.name,
                                                                   mean=built["mean"]),
                           file_name="tipgame_built_tree.json", mime="application/json", key=f"{K}download_built")


# ---------------------------------------------------------------- the page

MODES = {"Watch the tree play": watch_mode, "Play yourself": play_mode, "Tree explorer": explore_mode,
         "Build a tree": build_mode}


def main() -> None:
    """The page: the rules, the list, the tree's figures, then the chosen mode."""
    st.title("🔤 The tip game")
    st.write(
        "The computer hides a word from a list; you send **tips** (any piece of text) and hear one answer: **is** "
        "(the tip is the word: the game ends), **begins and ends with**, **begins with**, **ends with**, **contains** "
        "(somewhere in the middle) or **doesn't contain** (the first that fits, in this order). Every tip is one try, "
        "the final correct word too. A strategy's score is its average number of tries over every word of the list.")
    chosen = chosen_words()
    if chosen is None:
        return
    name, words = chosen
    words = usable(name, words)
    if words is None:
        return
    g = load_game(name, words)
    summary(g)
    mode = st.radio("Mode", list(MODES), horizontal=True, key=f"{K}mode")
    MODES[mode](g)


main()
