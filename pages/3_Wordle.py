"""Wordle: an assistant for the real game, a solver to watch, and a benchmark panel."""
from __future__ import annotations

import time

import pandas as pd
import streamlit as st

from core.wordle.bench import sample_answers
from core.wordle.charts import (
    candidates_chart,
    distribution_chart,
    history_html,
    information_bar,
    letter_position_heatmap,
)
from core.wordle.game import SetupError, State, make_setup, play, run_benchmark
from core.wordle.rules import (
    COLOUR_EMOJI,
    RULES,
    Encoding,
    all_green,
    hard_mode_violation,
    multigraph_extra_letters,
    parse_encoding,
    pattern_of,
    symbol_clashes,
)
from core.wordle.solvers import SOLVERS, BestSolver, EntropySolver, saved_tree
from core.wordle.tree import build_tree, expected_guesses_left, node_at, search_limits, tree_json, tree_summary
from ui.lists import upload_widget, word_list_picker
from ui.progress import streamlit_progress

MAX_CELLS = 120_000_000
TILES_PER_ROW = 5  # feedback tiles per row in the assistant (longer words wrap)
WORDLE_GUESSES = 6  # guesses the real game allows
QUICK = search_limits("quick")  # for positions a saved tree does not cover
K = "wordle_"

st.set_page_config(page_title="Wordle · Word Game Solver Lab", page_icon="🟩", layout="wide")
st.title("🟩 Wordle")
st.write("An assistant for the real game, a solver you can watch think, and solvers compared side by side. "
         "Any word length from 2 to 12 and any alphabet; multigraphs can count as one tile.")


@st.cache_resource(show_spinner="Computing the feedback matrix…", max_entries=6)
def cached_setup(key: tuple, _answers: tuple, _allowed: tuple, rule: str, hard: bool, length: int | None,
                 mapping: str):
    """A Setup with its pattern matrix computed (shared, never mutated)."""
    setup = make_setup(_answers, _allowed, rule=rule, hard=hard, length=length, encoding=parse_encoding(mapping))
    _ = setup.matrix  # computed once here, shared by every session
    return setup


@st.cache_resource(show_spinner="Building the decision tree (minutes on big lists)…", max_entries=6)
def cached_tree(setup_key: str, _setup) -> dict:
    """The saved tree for these lists if the lab ships one, else a freshly searched one (never mutated)."""
    effort = "quick" if len(_setup.answers) > 500 else "full"
    return saved_tree(_setup) or build_tree(_setup, limits=search_limits(effort))


@st.cache_data(show_spinner="Scoring every allowed guess…", max_entries=256)
def cached_ranking(setup_key: str, _setup, history: tuple) -> tuple[str, dict[str, float]]:
    """The entropy solver's choice and expected bits of every allowed guess after a history."""
    return EntropySolver().fit(_setup).ranked(State(history))


# ---------------------------------------------------------------- lists and options

with st.sidebar:
    st.header("Game")
    with st.expander("Upload a list or a multigraph mapping"):
        mapping_text = st.text_area("Multigraphs, one per line: multigraph and (optionally) its symbol",
                                    key=f"{K}mapping", placeholder="kw' Q\nts' T\nhl", height=100)
        mapping_file = st.file_uploader("…or upload the mapping (two columns)", type=["txt", "csv", "tsv"],
                                        key=f"{K}mapping_file")
        if mapping_file is not None:
            mapping_text = mapping_file.getvalue().decode("utf-8", errors="replace")
        try:
            encoding, mapping_error = parse_encoding(mapping_text), ""
        except ValueError as err:
            encoding, mapping_error = Encoding(), str(err)
        upload_widget(f"{K}upload", extra_letters=multigraph_extra_letters(encoding))
    answers_list = word_list_picker(f"{K}answers", "Answers", prefer=("Wordle answers 2,315", "English 5-letter answers"),
                                    set_active=False)
    allowed_list = word_list_picker(f"{K}allowed", "Allowed guesses",
                                    prefer=("Wordle allowed 12,972", "English 5-letter guesses"), set_active=False)
    rule = st.radio("Feedback rule", RULES, key=f"{K}rule", horizontal=True,
                    help="standard: the real game. harsh: a misplaced letter is yellow even when every copy of it "
                         "is already matched.")
    hard = st.toggle("Hard mode", key=f"{K}hard", help="Revealed greens stay in place and revealed letters are reused.")

if answers_list is None or allowed_list is None:
    st.stop()
if mapping_error:
    st.error(f"The multigraph mapping cannot be used: {mapping_error}")
    st.stop()
clashes = symbol_clashes(encoding, answers_list.words + allowed_list.words)
if clashes:
    st.warning(f"The mapping's symbol(s) {', '.join(clashes)} also occur as plain letters in the lists, so words "
               "may display wrongly: pick symbols the lists do not use (or leave them out to get private ones).")
encoded_lengths = sorted({len(encoding.encode(w)) for w in answers_list.words})
length = None
if len(encoded_lengths) > 1:
    playable = [n for n in encoded_lengths if 2 <= n <= 12]
    if not playable:
        st.error("No answer has a playable length (2 to 12 symbols).")
        st.stop()
    common = max(playable, key=lambda n: sum(1 for w in answers_list.words if len(encoding.encode(w)) == n))
    length = st.sidebar.selectbox("The answers have several lengths: which length to play?", playable,
                                  index=playable.index(common), key=f"{K}length")
play_length = length or encoded_lengths[0]
cells = (sum(1 for w in answers_list.words if len(encoding.encode(w)) == play_length)
         * sum(1 for w in allowed_list.words if len(encoding.encode(w)) == play_length))
if cells > MAX_CELLS:
    st.error(f"These lists make a {cells:,}-cell feedback matrix, more than the {MAX_CELLS:,} the page allows: "
             "pick a smaller answer or guess list.")
    st.stop()
try:
    key = (answers_list.hash, allowed_list.hash, rule, hard, length, mapping_text)
    setup = cached_setup(key, answers_list.words, allowed_list.words, rule, hard, length, mapping_text)
except SetupError as err:
    st.error(str(err))
    st.stop()
if setup.added:
    st.info(f"{len(setup.added):,} answers were missing from the allowed list and were added to it "
            f"(for example {', '.join(setup.decode(w) for w in setup.added[:5])}).")
st.caption(f"{len(setup.answers):,} answers · {len(setup.guesses):,} allowed guesses · {setup.length} tiles · "
           f"{setup.rule} rule{' · hard mode' if setup.hard else ''}")

tab_assist, tab_watch, tab_bench = st.tabs(["Assistant", "Watch the solver", "Benchmark"])


def decode(word: str) -> str:
    """A word spelled out."""
    return setup.decode(word)


def tree_note() -> None:
    """Warn before a long tree search when no saved tree matches these lists."""
    if saved_tree(setup) is None and len(setup.answers) > 500:
        st.caption(f"No saved tree for these lists: the first use searches one ({len(setup.answers):,} answers can "
                   "take a few minutes, searched at the quick effort); it is then kept for every session.")


def candidates_of(state: State) -> list[str]:
    """The answers still possible."""
    return [setup.answers[i] for i in setup.candidates(state)]


# ---------------------------------------------------------------- the assistant

HISTORY, TILES, MESSAGE = f"{K}history", f"{K}tiles", f"{K}message"
st.session_state.setdefault(HISTORY, [])
st.session_state.setdefault(TILES, [0] * setup.length)
st.session_state.setdefault(MESSAGE, "")
if len(st.session_state[TILES]) != setup.length:
    st.session_state[TILES] = [0] * setup.length
if any(len(g) != setup.length for g, _ in st.session_state[HISTORY]):
    st.session_state[HISTORY] = []


def cycle_tile(i: int) -> None:
    """Grey → yellow → green → grey for one tile."""
    st.session_state[TILES][i] = (st.session_state[TILES][i] + 1) % 3


def add_feedback() -> None:
    """Append the typed word and its tile colours to the history (or say why not)."""
    word = encoding.encode(st.session_state.get(f"{K}guess", "").strip().lower())
    st.session_state[MESSAGE] = ""
    if len(word) != setup.length:
        st.session_state[MESSAGE] = f"Type a word of {setup.length} tiles first (got {len(word)})."
        return
    if word not in setup.guess_index:
        st.session_state[MESSAGE] = f"{decode(word)!r} is not in the allowed list."
        return
    history = st.session_state[HISTORY]
    why = hard_mode_violation(word, history, setup.rule) if setup.hard else ""
    if why:
        st.session_state[MESSAGE] = f"Hard mode: the game refuses {decode(word)!r} ({why}), so it has no feedback to add."
        return
    st.session_state[HISTORY] = st.session_state[HISTORY] + [(word, pattern_of(st.session_state[TILES]))]
    st.session_state[TILES] = [0] * setup.length
    st.session_state[f"{K}guess"] = ""


def undo() -> None:
    """Forget the last guess."""
    st.session_state[HISTORY] = st.session_state[HISTORY][:-1]
    st.session_state[MESSAGE] = ""


def reset() -> None:
    """Start a new game."""
    st.session_state[HISTORY] = []
    st.session_state[TILES] = [0] * setup.length
    st.session_state[MESSAGE] = ""


with tab_assist:
    state = State(tuple(st.session_state[HISTORY]))
    left, right = st.columns([2, 3])
    with left:
        st.subheader("Your game")
        st.markdown(history_html(state.history, encoding), unsafe_allow_html=True)
        st.text_input("The word you played", key=f"{K}guess", max_chars=60,
                      placeholder="type it, then click the tiles to match the game's colours")
        typed = encoding.encode(st.session_state.get(f"{K}guess", "").strip().lower())
        units = encoding.units(typed) + ["·"] * max(0, setup.length - len(typed))
        per_row = min(setup.length, TILES_PER_ROW)  # long words wrap, so every tile keeps its letter readable
        for start in range(0, setup.length, per_row):
            for i, col in zip(range(start, min(start + per_row, setup.length)), st.columns(per_row)):
                colour = st.session_state[TILES][i]
                col.button(f"{COLOUR_EMOJI[colour]} {units[i].upper() if i < len(units) else '·'}", key=f"{K}tile_{i}",
                           on_click=cycle_tile, args=(i,), width="stretch", help="click to cycle grey, yellow, green")
        b1, b2, b3 = st.columns(3)
        b1.button("Add feedback", key=f"{K}add", on_click=add_feedback, type="primary", width="stretch")
        b2.button("Undo", key=f"{K}undo", on_click=undo, disabled=not state.history, width="stretch")
        b3.button("New game", key=f"{K}reset", on_click=reset, width="stretch")
        if st.session_state[MESSAGE]:
            st.warning(st.session_state[MESSAGE])
        if setup.hard and typed and len(typed) == setup.length:
            why = hard_mode_violation(typed, state.history, setup.rule)
            if why:
                st.warning(f"Hard mode: {decode(typed)} is not allowed here ({why}).")
    cands = candidates_of(state)
    with right:
        if not cands:
            st.error("No answer fits this feedback. Check the colours of the last row, then press Undo.")
        elif state.history and state.history[-1][1] == all_green(setup.length):
            st.success(f"Solved in {state.turn} guesses: {decode(state.history[-1][0])}!")
        else:
            solver_name = st.radio("Suggest with", ["entropy", "best"], key=f"{K}assist_solver", horizontal=True,
                                   help="best follows the optimal decision tree (searched, or loaded when saved)")
            choice, scores = cached_ranking(setup.key, setup, state.history)
            if solver_name == "best":
                tree_note()
                tree = cached_tree(setup.key, setup)
                suggestion = BestSolver(tree=tree, limits=QUICK).fit(setup).choose(state)
            else:
                suggestion = choice
            note = "" if suggestion in set(cands) else " — it cannot be the answer, but it splits the answers left best"
            st.metric("Answers left", f"{len(cands):,}")
            st.markdown(f"### Next: **{decode(suggestion).upper()}**{note}")
            if solver_name == "best" and (node := node_at(cached_tree(setup.key, setup), state)) is not None:
                st.caption(f"The tree expects {expected_guesses_left(node, cands, setup):.3f} more guesses on average.")
            scores = scores if len(cands) > 1 else {cands[0]: 0.0}
            st.plotly_chart(information_bar(scores, set(cands), encoding=encoding), width="stretch")
    if cands:
        with st.expander(f"The {len(cands):,} answers left", expanded=len(cands) <= 50):
            st.dataframe(pd.DataFrame({"answer": [decode(w) for w in cands[:2000]]}), hide_index=True, height=220)
        st.plotly_chart(letter_position_heatmap(cands, encoding), width="stretch")

# ---------------------------------------------------------------- watch the solver

with tab_watch:
    c1, c2, c3 = st.columns([2, 2, 1])
    typed_answer = c1.text_input("Answer (type one, or leave empty for a random answer)", key=f"{K}watch_answer")
    watch_solver = c2.selectbox("Solver", SOLVERS.names(), index=SOLVERS.names().index("entropy"),
                                key=f"{K}watch_solver", format_func=lambda n: f"{n}: {SOLVERS.describe(n)}")
    if c3.button("Play", key=f"{K}watch_play", type="primary"):
        answer = encoding.encode(typed_answer.strip().lower()) if typed_answer.strip() else None
        if answer is None:
            answer = setup.answers[int(pd.Timestamp.now().value) % len(setup.answers)]
        if answer not in set(setup.answers):
            st.error(f"{typed_answer!r} is not one of the {len(setup.answers):,} answers.")
        else:
            solver = (BestSolver(tree=cached_tree(setup.key, setup), limits=QUICK) if watch_solver == "best"
                      else SOLVERS.create(watch_solver)).fit(setup)
            st.session_state[f"{K}watch_record"] = (setup.key, watch_solver, play(solver, setup, answer))
            st.session_state.pop(f"{K}watch_step", None)  # a new game opens at its last step
    rec = st.session_state.get(f"{K}watch_record")
    if rec and rec[0] == setup.key:
        _, name, record = rec
        over = " — more than the six guesses Wordle allows, so a loss in the real game" \
            if record.solved and record.guesses > WORDLE_GUESSES else ""
        st.write(f"**{name}** {'solved' if record.solved else 'did not solve'} **{decode(record.answer).upper()}** "
                 f"in {record.guesses} guess{'' if record.guesses == 1 else 'es'}{over}.")
        step = st.slider("Step", 1, record.guesses, record.guesses, key=f"{K}watch_step") if record.guesses > 1 else 1
        shown = record.steps[:step]
        history = tuple((s.guess, s.pattern) for s in shown)
        st.markdown(history_html(history, encoding), unsafe_allow_html=True)
        st.plotly_chart(candidates_chart([record.steps[0].before] + [s.after for s in shown],
                                         [decode(s.guess) for s in shown]), width="stretch")
        last = shown[-1]
        before = State(history[:-1])
        pool = candidates_of(before)
        why = f"Guess {step}: **{decode(last.guess)}** with {last.before:,} answers possible"
        if name == "entropy":
            scores = cached_ranking(setup.key, setup, before.history)[1]
            rank = sorted(scores, key=lambda w: -scores[w])
            why += (f": it gives {scores.get(last.guess, 0):.3f} expected bits, the most of "
                    f"{len(scores):,} allowed guesses" if last.before > 2 else
                    f": with {last.before} answer{'s' if last.before > 1 else ''} left it guesses one of them")
            top = [(decode(w), round(scores[w], 3), w in set(pool)) for w in rank[:8]]
            st.dataframe(pd.DataFrame(top, columns=["guess", "expected bits", "could be the answer"]), hide_index=True)
        elif name == "positional":
            scores = SOLVERS.create("positional").fit(setup).scores(before)
            why += f": its letters are the likeliest at their positions (score {scores.get(last.guess, 0):.3f})"
        else:
            node = node_at(cached_tree(setup.key, setup), before)
            if node is not None:
                why += (f": the decision tree's choice; from here it needs "
                        f"{expected_guesses_left(node, pool, setup):.3f} guesses on average over these answers")
        st.info(why + f"; {last.after:,} left after it.")

# ---------------------------------------------------------------- benchmark

with tab_bench:
    c1, c2 = st.columns([3, 2])
    chosen = c1.multiselect("Solvers", SOLVERS.names(), default=["positional", "entropy", "best"], key=f"{K}bench_solvers")
    games = c2.number_input("Games (a seeded sample of answers; 0 = every answer)", 0, len(setup.answers),
                            min(100, len(setup.answers)), step=50, key=f"{K}bench_games")
    if st.button("Run benchmark", key=f"{K}bench_run", type="primary", disabled=not chosen):
        answers = sample_answers(setup, int(games), seed=0)
        rows, trees = [], {}
        for name in chosen:
            report, finish = streamlit_progress(f"{name}:")
            start = time.perf_counter()
            if name == "best":
                solver = BestSolver(tree=cached_tree(setup.key, setup), limits=QUICK).fit(setup)
            else:
                solver = SOLVERS.create(name).fit(setup)
            fit = time.perf_counter() - start
            result = run_benchmark(solver, setup, answers, progress=report, fit_seconds=fit)
            finish()
            rows.append(result.summary())
            rows[-1]["first_guess"] = decode(rows[-1]["first_guess"] or "")
            if name == "best":
                trees["best"] = tree_json(solver.tree, setup)
                rows[-1]["tree"] = tree_summary(solver.tree, setup)
        st.session_state[f"{K}bench"] = (setup.key, rows, trees)
    bench = st.session_state.get(f"{K}bench")
    if bench and bench[0] == setup.key:
        _, rows, trees = bench
        table = pd.DataFrame([{k: r[k] for k in ("solver", "games", "mean_guesses", "max_guesses", "failures",
                                                 "first_guess", "seconds")} for r in rows])
        st.dataframe(table, hide_index=True)
        st.plotly_chart(distribution_chart(rows), width="stretch")
        for r in rows:
            if "tree" in r:
                t = r["tree"]
                st.caption(f"best tree replayed on all {len(setup.answers):,} answers: {t['total']:,} guesses, "
                           f"mean {t['mean']:.4f}, worst {t['max']}, {t['failures']} failures.")
        if "best" in trees:
            st.download_button("Download the tree (JSON)", trees["best"].encode("utf-8"), file_name="wordle-tree.json",
                               mime="application/json", key=f"{K}bench_download")
