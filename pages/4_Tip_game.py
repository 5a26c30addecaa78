"""Tip game: play against an optimised decision tree, play yourself with hints, explore the tree, build one."""
from __future__ import annotations

import random

import pandas as pd
import streamlit as st

from core.tipgame.bounds import list_lower_bound, with_saved_bound
from core.tipgame.charts import answer_counts, depth_histogram, mean_vs_bound, search_progress, tree_figure
from core.tipgame.harness import play
from core.tipgame.rules import ANSWER_NAMES, TipState, answer, answer_name
from core.tipgame.solvers import GreedySolver, TreeSolver
from core.tipgame.store import best_saved_tree, save_tree
from core.tipgame.table import tip_table
from core.tipgame.tree import Node, TreeError, dumps, node_at, score, words_under
from core.words import normalise
from ui.lists import upload_widget, word_list_picker
from ui.progress import streamlit_progress

K = "tipgame_"
MAX_WORDS = 3000

st.set_page_config(page_title="Tip game · Word Game Solver Lab", page_icon="🔤", layout="wide")
st.title("🔤 The tip game")
st.write(
    "The computer draws a word from a list; you send **tips** (any piece of text) and hear one answer, in this order "
    "of precedence: **is** (the tip is the word: the game ends) › **begins and ends with** › **begins with** › "
    "**ends with** › **contains** (somewhere in the middle) › **doesn't contain**. Every tip is one try, the final "
    "correct word too. A strategy's score is the mean tries over every word of the list."
)


@st.cache_resource(show_spinner="Indexing every tip…", max_entries=8)
def cached_table(list_key: str, _words: tuple[str, ...]):
    """The tip table of a list (shared, never mutated)."""
    return tip_table(list(_words))


@st.cache_resource(show_spinner="Building the greedy tree…", max_entries=8)
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
    """Verified score and bounds of a tree (replayed through the rules)."""
    s = score(_root, list(_words))
    greedy = score(cached_greedy(list_key, _words), list(_words)).mean
    bound = list_lower_bound(cached_table(list_key, _words))
    return {"mean": s.mean, "max": s.max_tries, "distribution": s.distribution, "greedy": greedy, "bound": bound}


# ---------------------------------------------------------------- the list

with st.sidebar:
    st.header("Word list")
    with st.expander("Upload your own list"):
        uploaded = upload_widget(f"{K}upload")
        if uploaded is not None:
            st.info("Pick it in the list box below.")
    wl = word_list_picker(f"{K}list", prefer=("German common 500", "English common 500"), set_active=False)
    st.caption("Uploads are checked line by line; a word listed twice is kept once (the original game would draw "
               "a duplicate twice as often; the core counts duplicates that way when a list holds them).")

if wl is None:
    st.stop()
words = list(wl.words)
if not words:
    st.error("This list is empty: upload a list with at least two words.")
    st.stop()
if len(words) == 1:
    st.warning(f"This list holds a single word, **{words[0]}**: the game is solved in one try by sending it. "
               "Pick or upload a list with at least two words.")
    st.stop()
if len(words) > MAX_WORDS:
    st.warning(f"{wl.name} has {len(words):,} words; the tip game page works on up to {MAX_WORDS:,} "
               "(the tip table grows with words × tips). Using its first words.")
    n_use = st.sidebar.number_input("Words to use (the list's first)", 2, MAX_WORDS, 500, step=100, key=f"{K}n_use")
    words = words[: int(n_use)]
list_key = f"{wl.hash}:{len(words)}"
words_t = tuple(words)

st.session_state.setdefault(f"{K}version", 0)
root, meta = cached_tree(list_key, words_t, st.session_state[f"{K}version"])
saved_bounds = meta.get("lower_bound") if isinstance(meta.get("lower_bound"), dict) else {}
saved_mean = meta.get("mean", float("inf"))
built = st.session_state.get(f"{K}built")
if built is not None and built["list_key"] == list_key and built["mean"] < saved_mean:
    root, meta = built["root"], {"mean": built["mean"], "source": "built in this session"}
tree_key = f"{root.tip}:{meta.get('mean')}:{meta.get('source', meta.get('file', ''))}"
figs = cached_figures(list_key, tree_key, root, words_t)
figs = {**figs, "bound": with_saved_bound(figs["bound"], saved_bounds.get("3_ply"))}
solver = TreeSolver(time_budget=0).fit(words, root=root)

source = meta.get("source") or "saved tree" + (f" (a {float(meta['time_budget']):.0f}-second search)" if meta.get("time_budget") else "")
st.caption(f"**{wl.name}**: {len(words):,} words · tree: {source} · mean **{figs['mean']:.3f}** tries "
           f"(greedy {figs['greedy']:.3f}, lower bound {figs['bound']['best']:.3f}), verified by replaying every word.")
if meta.get("source") == "greedy":
    st.info("No optimised tree is saved for this list yet: the explorer shows the greedy tree. "
            "Build one in the **Build a tree** tab.")

tab_watch, tab_play, tab_explore, tab_build = st.tabs(["Play against the tree", "Play yourself", "Tree explorer",
                                                       "Build a tree"])

# ---------------------------------------------------------------- watch the tree play

with tab_watch:
    st.subheader("Watch the tree find a word")
    c1, c2 = st.columns([2, 1])
    with c1:
        pick = st.selectbox("Word from the list", words, key=f"{K}watch_word")
    with c2:
        typed = normalise(st.text_input("…or type one", key=f"{K}watch_typed", placeholder=f"e.g. {words[-1]}"))
    secret = typed or pick
    if secret not in set(words):
        st.warning(f"**{secret}** is not in the list: the tree only knows the list's words.")
    else:
        record = play(solver, secret, words)
        rows = [{"try": i + 1, "tip": s.tip, "answer": answer_name(s.answer), "words left": s.left}
                for i, s in enumerate(record.steps)]
        st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch", key=f"{K}watch_table")
        st.success(f"Found **{secret}** in **{record.tries}** {'try' if record.tries == 1 else 'tries'} "
                   f"(the tree's mean is {figs['mean']:.3f}).")

# ---------------------------------------------------------------- play yourself

with tab_play:
    st.subheader("Find the computer's word")
    st.session_state.setdefault(f"{K}game_seed", random.randrange(10**9))
    st.session_state.setdefault(f"{K}history", [])
    if st.session_state.get(f"{K}game_list") != list_key:
        st.session_state[f"{K}game_list"] = list_key
        st.session_state[f"{K}history"] = []
    if st.button("New word", key=f"{K}new"):
        st.session_state[f"{K}game_seed"] += 1
        st.session_state[f"{K}history"] = []
    secret_own = random.Random(f"{list_key}:{st.session_state[f'{K}game_seed']}").choice(words)
    history: list[tuple[str, int]] = st.session_state[f"{K}history"]
    state = TipState(tuple(history))
    left = [w for w in words if all(answer(w, t) == c for t, c in history)]
    if state.solved:
        tree_tries = play(solver, secret_own, words).tries
        st.success(f"**{secret_own}** in {state.tries} tries. The tree needs {tree_tries} for it.")
    else:
        with st.form(f"{K}tip_form", clear_on_submit=True):
            tip = st.text_input("Your tip (any piece of text)", key=f"{K}tip")
            sent = st.form_submit_button("Send tip")
        if sent:
            tip = normalise(tip)
            if not tip:
                st.warning("Type a tip first: any piece of text, e.g. a letter.")
            else:
                history.append((tip, answer(secret_own, tip)))
                st.rerun()
        hint_on = st.toggle("Show the tree's suggestion", key=f"{K}hint")
        if hint_on:
            node = solver.on_tree(state)
            hint = solver.choose(state)
            where = "the tree's tip" if node is not None else "off the tree: a quick search's tip"
            st.info(f"Suggestion: **{hint}** ({where}); {len(left)} word{'s' if len(left) != 1 else ''} still possible.")
    if history:
        st.dataframe(pd.DataFrame([{"try": i + 1, "tip": t, "answer": ANSWER_NAMES[c]} for i, (t, c) in enumerate(history)]),
                     hide_index=True, width="stretch", key=f"{K}play_table")
        st.caption(f"{len(left)} word{'s' if len(left) != 1 else ''} of the list fit every answer so far.")
        if not state.solved and len(left) <= 30:
            st.write("Still possible: " + ", ".join(left))

# ---------------------------------------------------------------- explorer

with tab_explore:
    st.subheader("The decision tree")
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
        st.caption("Click a block to zoom the chart into it (click the centre or top to zoom out); the panel on the "
                   "right walks the tree with **Follow an answer**.")
    with c2:
        trail = " › ".join(f"`{node_at(root, path[:i]).tip}` {ANSWER_NAMES[c]}" for i, c in enumerate(path)) \
            or "the first tip"
        st.markdown(f"**Node:** {trail}")
        st.markdown(f"**Tip sent here:** `{node.tip}`")
        counts = answer_counts(root, words, path)
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
        if b2.button("Back to the top", key=f"{K}top", disabled=not path):
            st.session_state[f"{K}path"] = []
            st.rerun()
        below = words_under(root, words, path)
        st.markdown(f"**{len(below)} word{'s' if len(below) != 1 else ''} below this node**")
        st.write(", ".join(below[:200]) + (" …" if len(below) > 200 else ""))
    c3, c4 = st.columns(2)
    with c3:
        st.plotly_chart(depth_histogram(figs["distribution"], figs["mean"]), width="stretch", key=f"{K}depths")
    with c4:
        st.plotly_chart(mean_vs_bound({"this tree": figs["mean"], "greedy": figs["greedy"]},
                                      {f"lower bound ({k.replace('_', ' ')})": v for k, v in figs["bound"].items()
                                       if k != "best"}),
                        width="stretch", key=f"{K}bounds")
    st.caption("The lower bounds: a tip has five answers besides \"is\", so at most 5^(d-1) words can end at try d; "
               "the ply bounds also use the best real tips (any substring) for the first one, two or three tries (the three-ply "
               "bound is computed when a tree is saved with the build command), and below them count that guessing a word "
               "splits the others only as many ways as it can in that set, and that without a word which begins and ends "
               "alike no tip gets \"begins and ends with\". No strategy can beat them; the gap to the tree is the most that "
               "better search could still gain.")
    st.download_button("Download the tree (JSON)", dumps(root, words, list_name=wl.name, mean=figs["mean"]),
                       file_name="tipgame_tree.json", mime="application/json", key=f"{K}download")

# ---------------------------------------------------------------- build

with tab_build:
    st.subheader("Build a better tree for this list")
    st.write("Beam search on f(H) = |H| + min over tips of Σ f(group), exact on small sets, bounded below, then "
             "random subtree regeneration, until the time budget runs out. Pressing any button (or **Cancel**) "
             "stops the search; the best tree found so far is kept.")
    b1, b2, b3 = st.columns(3)
    budget = b1.number_input("Time budget (seconds)", 1, 600, 20, step=5, key=f"{K}budget")
    seed = b2.number_input("Seed", 0, 10_000, 0, key=f"{K}seed")
    b3.write("")
    run = b3.button("Build", type="primary", key=f"{K}build")
    st.button("Cancel", key=f"{K}cancel")
    chart = st.empty()
    built = st.session_state.get(f"{K}built")
    if run:
        st.session_state[f"{K}built"] = None
        report, finish = streamlit_progress("Searching…")

        def on_improve(best: Node, mean: float, hist: list[tuple[float, float]]) -> None:
            st.session_state[f"{K}built"] = {"list_key": list_key, "root": best, "mean": mean, "history": hist}
            chart.plotly_chart(search_progress(hist, figs["greedy"], figs["bound"]["best"]), width="stretch")

        builder = TreeSolver(time_budget=float(budget), jobs=1, seed=int(seed)).fit(words)
        builder.build(report, on_improve=on_improve)
        finish()
        built = st.session_state[f"{K}built"]
        save_tree(built["root"], words, tag=f"page{int(budget)}s{int(seed)}", list_name=wl.name)
        built["saved"] = True  # only a search that ran to its budget is saved; Cancel keeps it in this session
        st.session_state[f"{K}version"] += 1
        st.rerun()
    if built is not None and built["list_key"] == list_key:
        chart.plotly_chart(search_progress(built["history"], figs["greedy"], figs["bound"]["best"]),
                           width="stretch", key=f"{K}progress_chart")
        where = "saved on this machine for this list" if built.get("saved") else \
            "kept for this browser session (the search was stopped early, so it is not saved)"
        if built["mean"] < saved_mean or (built.get("saved") and built["mean"] <= saved_mean + 1e-9):
            st.success(f"Best tree: mean **{built['mean']:.4f}** tries (greedy {figs['greedy']:.4f}); it is now the "
                       f"tree the other tabs use, {where}.")
        else:
            current = "greedy tree" if meta.get("source") == "greedy" else "saved tree"
            st.success(f"Best tree: mean **{built['mean']:.4f}** tries (greedy {figs['greedy']:.4f}). The {current} "
                       f"({saved_mean:.4f}) is as good or better, so the other tabs keep it; try a longer budget.")
        st.download_button("Download the built tree (JSON)", dumps(built["root"], words, list_name=wl.name,
                                                                   mean=built["mean"]),
                           file_name="tipgame_built_tree.json", mime="application/json", key=f"{K}download_built")
