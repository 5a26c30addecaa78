"""Wordle: watch a solver play move by move, get suggestions for the real game, play a cheating host, grade a game."""
from __future__ import annotations

import time

import numpy as np
import pandas as pd
import streamlit as st

from core.bench.games import game_bench
from core.wordle.adversary_view import HOST_RULE, feedback_groups, host_choice
from core.wordle.charts import (
    answers_left_chart,
    candidates_chart,
    groups_chart,
    history_html,
    letter_position_heatmap,
    pattern_label,
)
from core.wordle.explain import (
    GuessFigures,
    best_by_average,
    counted,
    figures_of,
    move_sentence,
    number,
    result_sentence,
    top_guesses,
)
from core.wordle.game import GameRecord, Setup, SetupError, State, make_setup, play
from core.wordle.grade import LUCK_FORMULA, SKILL_FORMULA, GradeError, grade_game, parse_moves
from core.wordle.rules import (
    RULES,
    Encoding,
    all_green,
    colours_of,
    hard_mode_violation,
    multigraph_extra_letters,
    parse_encoding,
    pattern_of,
    symbol_clashes,
)
from core.wordle.solvers import SOLVERS, BestSolver, EntropySolver, saved_tree
from core.wordle.tree import build_tree, expected_guesses_left, node_at, search_limits
from ui.bench_panel import benchmark_panel
from ui.lists import upload_widget, word_list_picker
from ui.progress import streamlit_progress

MAX_CELLS = 120_000_000
TILES_PER_ROW = 5  # feedback tiles per row in the assistant (longer words wrap)
WORDLE_GUESSES = 6  # guesses the real game allows
HOST_LIMIT = 20  # guesses a solver gets against the host
QUICK = search_limits("quick")  # for positions a saved tree does not cover
TILE_BACKGROUND = ("#787c7e", "#c9b458", "#6aaa64")
COLOUR_WORDS = ("grey", "yellow", "green")
K = "wordle_"
PLAIN_NAMES = {"positional": "letter counts", "entropy": "best split", "best": "optimal tree"}
PLAIN_HELP = {
    "positional": "guesses a word that could be the answer, with the commonest letters at each position",
    "entropy": "guesses the word that, whatever the colours, leaves the fewest answers on average",
    "best": "follows a decision tree searched to need the fewest guesses on average over all answers",
}
MODES = ("Watch a solver", "Assistant", "Play the cheating host", "Grade my game", "Benchmark")


def plain(name: str) -> str:
    """A solver's name in words."""
    return PLAIN_NAMES.get(name, name)


@st.cache_resource(show_spinner=False, max_entries=6)
def cached_setup(key: tuple, _answers: tuple, _allowed: tuple, rule: str, hard: bool, length: int | None,
                 mapping: str) -> Setup:
    """A Setup with its pattern matrix computed (shared, never mutated)."""
    setup = make_setup(_answers, _allowed, rule=rule, hard=hard, length=length, encoding=parse_encoding(mapping))
    report, finish = streamlit_progress("Working out every colouring of every guess…")
    try:
        setup.prepare(report)  # computed once here (or read from the disk cache), shared by every session
    finally:
        finish()
    return setup


@st.cache_resource(show_spinner="Building the decision tree (minutes on big lists)…", max_entries=6)
def cached_tree(setup_key: str, _setup: Setup) -> dict:
    """The saved tree for these lists if the lab ships one, else a freshly searched one (never mutated)."""
    effort = "quick" if len(_setup.answers) > 500 else "full"
    return saved_tree(_setup) or build_tree(_setup, limits=search_limits(effort))


@st.cache_data(show_spinner="Scoring every allowed guess…", max_entries=256)
def cached_ranking(setup_key: str, _setup: Setup, history: tuple) -> tuple[str, dict[str, float]]:
    """The best-split solver's choice and its score of every allowed guess after a history."""
    return EntropySolver().fit(_setup).ranked(State(history))


@st.cache_data(show_spinner="The solver is playing…", max_entries=64)
def cached_game(setup_key: str, _setup: Setup, solver: str, answer: str) -> GameRecord:
    """One game of a solver, played through the rules (best split reuses its cached first choice)."""
    first = cached_ranking(setup_key, _setup, ())[0] if solver == "entropy" else None
    return play(solver_for(_setup, solver), _setup, answer, first=first)


@st.cache_data(show_spinner=False, max_entries=256)
def cached_best(setup_key: str, _setup: Setup, history: tuple) -> GuessFigures:
    """The guess leaving the fewest answers on average after a history."""
    return best_by_average(_setup, State(history))[0]


def solver_for(setup: Setup, name: str):
    """A fitted solver by registry name (best follows the shared tree)."""
    if name == "best":
        return BestSolver(tree=cached_tree(setup.key, setup), limits=QUICK).fit(setup)
    return SOLVERS.create(name).fit(setup)


# ---------------------------------------------------------------- lists and options


def sidebar_setup() -> Setup:
    """The lists, rule and mode chosen in the sidebar, as a Setup (stops the page with a message when unusable)."""
    with st.sidebar:
        st.header("Game")
        with st.expander("Upload a list, or letters written with several characters"):
            mapping_text = st.text_area("Letters written with several characters (like kw' in some languages), one "
                                        "per line, each optionally with one symbol to stand for it",
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
        answers_list = word_list_picker(f"{K}answers", "Answers", set_active=False,
                                        prefer=("Wordle answers 2,315", "English 5-letter answers"))
        allowed_list = word_list_picker(f"{K}allowed", "Allowed guesses", set_active=False,
                                        prefer=("Wordle allowed 12,972", "English 5-letter guesses"))
        rule = st.radio("Feedback rule", RULES, key=f"{K}rule", horizontal=True,
                        help="standard: the real game. harsh: a misplaced letter is yellow even when every copy of "
                             "it is already matched.")
        hard = st.toggle("Hard mode", key=f"{K}hard", help="Revealed greens stay in place and revealed letters are reused.")
    if answers_list is None or allowed_list is None:
        st.stop()
    if mapping_error:
        st.error(f"The letters written with several characters cannot be used: {mapping_error}")
        st.stop()
    clashes = symbol_clashes(encoding, answers_list.words + allowed_list.words)
    if clashes:
        st.warning(f"The mapping's symbol(s) {', '.join(clashes)} also occur as plain letters in the lists, so words "
                   "may display wrongly: pick symbols the lists do not use (or leave them out to get private ones).")
    length = chosen_length(answers_list.words, encoding)
    play_length = length or len(encoding.encode(answers_list.words[0]))
    cells = (sum(1 for w in answers_list.words if len(encoding.encode(w)) == play_length)
             * sum(1 for w in allowed_list.words if len(encoding.encode(w)) == play_length))
    if cells > MAX_CELLS:
        st.error(f"These lists make {cells:,} answer-and-guess pairs, more than the {MAX_CELLS:,} the page allows: "
                 "pick a smaller answer or guess list.")
        st.stop()
    try:
        key = (answers_list.hash, allowed_list.hash, rule, hard, length, mapping_text)
        setup = cached_setup(key, answers_list.words, allowed_list.words, rule, hard, length, mapping_text)
    except SetupError as err:
        st.error(str(err))
        st.stop()
    if setup.added:
        st.info(f"{counted(len(setup.added), 'answer')} missing from the allowed list "
                f"{'was' if len(setup.added) == 1 else 'were'} added to it "
                f"(for example {', '.join(setup.decode(w) for w in setup.added[:5])}).")
    st.caption(f"{counted(len(setup.answers), 'answer')} · {counted(len(setup.guesses), 'allowed guess', 'allowed guesses')}"
               f" · {counted(setup.length, 'tile')} · {setup.rule} rule{' · hard mode' if setup.hard else ''}")
    return setup


def chosen_length(words: tuple, encoding: Encoding) -> int | None:
    """The word length to play when the answers have several (asked in the sidebar), else None."""
    lengths = sorted({len(encoding.encode(w)) for w in words})
    if len(lengths) == 1:
        return None
    playable = [n for n in lengths if 2 <= n <= 12]
    if not playable:
        st.error("No answer has a playable length (2 to 12 symbols).")
        st.stop()
    common = max(playable, key=lambda n: sum(1 for w in words if len(encoding.encode(w)) == n))
    return st.sidebar.selectbox("The answers have several lengths: which length to play?", playable,
                                index=playable.index(common), key=f"{K}length")


def candidates_of(setup: Setup, state: State) -> list[str]:
    """The answers still possible."""
    return [setup.answers[i] for i in setup.candidates(state)]


def figures_table(setup: Setup, figures: list[GuessFigures], chosen: str | None = None) -> pd.DataFrame:
    """Guess figures as a table with its columns in words."""
    return pd.DataFrame([{
        "guess": setup.decode(f.guess).upper() + (" (chosen)" if f.guess == chosen else ""),
        "answers left in the worst case": f"{f.worst:,}",
        "answers left on average": number(f.mean),
        "chance it is the answer": f"1 in {round(1 / f.chance):,}" if f.chance else "cannot be",
    } for f in figures])


def how_it_works(extra: str = "") -> None:
    """The collapsed panel holding the technical words, each glossed."""
    with st.expander("How it works", expanded=False):
        st.markdown(
            "Every guess sorts the answers still possible into groups by the colours it would get. "
            "**Answers left on average** weighs each group by how likely the answer is in it (the sum of the "
            "group sizes squared, divided by the answers possible).\n\n"
            "The **best split** solver is what puzzle fans call the *entropy* solver: it picks the guess with the most "
            "expected *information*, measured in *bits* (one bit halves the answers left; 11 bits single out one of "
            "2,048). The **optimal tree** solver plays a decision tree found by a search that minimises the total "
            "guesses over every answer. In the benchmark and the command line the three solvers are called "
            "positional (letter counts), entropy (best split) and best (optimal tree)." + extra)


# ---------------------------------------------------------------- watch a solver (narrated replay)


def watch_mode(setup: Setup) -> None:
    """Watch a solver play one game, one move at a time, each move told in one sentence."""
    names = SOLVERS.names()
    c1, c2, c3 = st.columns([2, 2, 1], vertical_alignment="bottom")
    typed = c1.text_input("Answer (leave empty for a random one)", key=f"{K}watch_answer")
    name = c2.selectbox("Solver", names, index=names.index("entropy"), key=f"{K}watch_solver", format_func=plain,
                        help="; ".join(f"{PLAIN_NAMES[n]}: {PLAIN_HELP[n]}" for n in names if n in PLAIN_HELP))
    start = c3.button("New game", key=f"{K}watch_start", type="primary", width="stretch")
    rec = st.session_state.get(f"{K}watch_record")
    if start or rec is None or rec[0] != setup.key:
        answer = setup.encoding.encode(typed.strip().lower()) if typed.strip() else None
        if answer is None:
            answer = setup.answers[int(np.random.default_rng().integers(len(setup.answers)))]
        if answer not in set(setup.answers):
            st.error(f"{typed.strip()!r} is not one of the {counted(len(setup.answers), 'answer')}.")
            return
        st.session_state[f"{K}watch_record"] = (setup.key, name, cached_game(setup.key, setup, name, answer))
        st.session_state[f"{K}watch_at"] = 1  # a new game opens at its first guess
        st.session_state[f"{K}watch_playing"] = False
    _, name, record = st.session_state[f"{K}watch_record"]
    replay(setup, name, record)


def step_to(delta: int, total: int) -> None:
    """Move the replay by delta guesses (kept within the game) and stop playing."""
    st.session_state[f"{K}watch_at"] = max(1, min(total, st.session_state.get(f"{K}watch_at", 1) + delta))
    st.session_state[f"{K}watch_playing"] = False


def toggle_playing() -> None:
    """Start or pause playing the moves one after another."""
    st.session_state[f"{K}watch_playing"] = not st.session_state.get(f"{K}watch_playing", False)


def replay(setup: Setup, name: str, record: GameRecord) -> None:
    """The board, the move log and the current move's best guesses, with Previous / Next / Play."""
    total = record.guesses
    at = max(1, min(total, st.session_state.get(f"{K}watch_at", 1)))
    playing = st.session_state.get(f"{K}watch_playing", False)
    over = " — more than the six guesses Wordle allows, so a loss in the real game" \
        if record.solved and total > WORDLE_GUESSES else ""
    st.markdown(f"**{plain(name)}** {'solves' if record.solved else 'does not solve'} "
                f"**{setup.decode(record.answer).upper()}** in {counted(total, 'guess', 'guesses')}{over}. "
                f"Showing guess {at} of {total}.")
    b1, b2, b3, _ = st.columns([1, 1, 1, 2])
    b1.button("◀ Previous", key=f"{K}watch_prev", on_click=step_to, args=(-1, total), disabled=at <= 1, width="stretch")
    b2.button("Next ▶", key=f"{K}watch_next", on_click=step_to, args=(1, total), disabled=at >= total, width="stretch")
    b3.button("Pause" if playing else "Play", key=f"{K}watch_auto", on_click=toggle_playing,
              disabled=at >= total and not playing, width="stretch")
    shown = record.steps[:at]
    history = tuple((s.guess, s.pattern) for s in shown)
    left, right = st.columns([1, 1])
    with left:
        st.markdown(history_html(history, setup.encoding), unsafe_allow_html=True)
        with st.container(key=f"{K}watch_log"):
            st.markdown("**Move by move**")
            lines = []
            for i, s in enumerate(shown):
                f = figures_of(setup, State(history[:i]), [s.guess])[0]
                lines.append(f"{i + 1}. {move_sentence(setup.decode(s.guess), f)} "
                             f"{result_sentence(s.after, s.pattern == setup.solved)}")
            st.markdown("\n".join(lines))
    with right:
        st.plotly_chart(candidates_chart([record.steps[0].before] + [s.after for s in shown],
                                         [setup.decode(s.guess) for s in shown]), width="stretch")
    before = State(history[:-1])
    last = shown[-1]
    st.markdown(f"**Guess {at}: the solver's top choices** with {counted(last.before, 'answer')} possible")
    ranking, why = solver_ranking(setup, name, before, last.guess)
    st.table(figures_table(setup, top_guesses(setup, before, ranking, last.guess), last.guess).set_index("guess"))
    st.caption(why)
    how_it_works(bits_note(setup, name, before, last.guess))
    if playing:
        if at < total:
            time.sleep(1.5)
            st.session_state[f"{K}watch_at"] = at + 1
        if at + 1 >= total:
            st.session_state[f"{K}watch_playing"] = False
        st.rerun()


def solver_ranking(setup: Setup, name: str, state: State, chosen: str) -> tuple[list[str], str]:
    """The solver's own order of guesses at a position and one line saying what it ranks by."""
    if name == "entropy":
        scores = cached_ranking(setup.key, setup, state.history)[1]
        return sorted(scores, key=lambda w: -scores[w]), (
            "Ranked as the best-split solver ranks them: by how evenly a guess splits the answers, so its order can "
            "differ a little from the average column.")
    if name == "positional":
        scores = SOLVERS.create("positional").fit(setup).scores(state)
        return sorted(scores, key=lambda w: -scores[w]), \
            "Ranked by the letter-counts score: it only considers words that could be the answer."
    node = node_at(cached_tree(setup.key, setup), state)
    others = [f.guess for f in best_by_average(setup, state, top=20)]
    note = "The optimal tree's choice first, then the guesses that leave the fewest answers on average."
    if node is not None and node.get("guess") == chosen:
        pool = candidates_of(setup, state)
        note += (f" From here the tree needs {number(expected_guesses_left(node, pool, setup))} more guesses on "
                 "average.")
    return others, note


def bits_note(setup: Setup, name: str, state: State, guess: str) -> str:
    """For the best-split solver, the expected bits of its guess (shown only inside How it works)."""
    if name != "entropy":
        return ""
    bits = cached_ranking(setup.key, setup, state.history)[1].get(guess, 0.0)
    return f"\n\nAt this move {setup.decode(guess).upper()} gives {bits:.2f} expected bits."


# ---------------------------------------------------------------- the assistant

HISTORY, TILES, MESSAGE = f"{K}history", f"{K}tiles", f"{K}message"


def cycle_tile(i: int) -> None:
    """Grey → yellow → green → grey for one tile."""
    st.session_state[TILES][i] = (st.session_state[TILES][i] + 1) % 3


def add_feedback(setup: Setup) -> None:
    """Append the typed word and its tile colours to the history (or say why not)."""
    word = setup.encoding.encode(st.session_state.get(f"{K}guess", "").strip().lower())
    st.session_state[MESSAGE] = ""
    if len(word) != setup.length:
        st.session_state[MESSAGE] = f"Type a word of {counted(setup.length, 'tile')} first (got {len(word)})."
        return
    if word not in setup.guess_index:
        st.session_state[MESSAGE] = f"{setup.decode(word)!r} is not in the allowed list."
        return
    history = st.session_state[HISTORY]
    why = hard_mode_violation(word, history, setup.rule) if setup.hard else ""
    if why:
        st.session_state[MESSAGE] = f"Hard mode: the game refuses {setup.decode(word)!r} ({why}), so it has no feedback to add."
        return
    st.session_state[HISTORY] = history + [(word, pattern_of(st.session_state[TILES]))]
    st.session_state[TILES] = [0] * setup.length
    st.session_state[f"{K}guess"] = ""


def undo() -> None:
    """Forget the last guess."""
    st.session_state[HISTORY] = st.session_state[HISTORY][:-1]
    st.session_state[MESSAGE] = ""


def reset(length: int) -> None:
    """Start a new game."""
    st.session_state[HISTORY] = []
    st.session_state[TILES] = [0] * length
    st.session_state[MESSAGE] = ""


def tile_css(colours: list[int]) -> str:
    """CSS painting each assistant tile button in its colour, with room for its letter at any page width."""
    rules = [f".st-key-{K}tile_{i} button {{background:{TILE_BACKGROUND[c]} !important;color:#fff !important;"
             f"border:none !important;font-weight:700;min-height:2.8rem;padding:0 2px !important;min-width:0 !important}}"
             f".st-key-{K}tile_{i} button p {{font-size:1.35rem;}}" for i, c in enumerate(colours)]
    return "<style>" + "".join(rules) + "</style>"


def assistant_mode(setup: Setup) -> None:
    """Type what you played and the colours you got; see the answers left and the next suggestion."""
    st.session_state.setdefault(HISTORY, [])
    st.session_state.setdefault(MESSAGE, "")
    if len(st.session_state.get(TILES, [])) != setup.length:
        st.session_state[TILES] = [0] * setup.length
    if any(len(g) != setup.length for g, _ in st.session_state[HISTORY]):
        st.session_state[HISTORY] = []
    state = State(tuple(st.session_state[HISTORY]))
    left, right = st.columns([1, 1])
    with left:
        your_game(setup, state)
    cands = candidates_of(setup, state)
    with right:
        suggestion_panel(setup, state, cands)
    if cands:
        with st.expander(f"The {counted(len(cands), 'answer')} left", expanded=len(cands) <= 50):
            st.dataframe(pd.DataFrame({"answer": [setup.decode(w) for w in cands[:2000]]}), hide_index=True, height=220)
        st.plotly_chart(letter_position_heatmap(cands, setup.encoding), width="stretch")
    how_it_works()


def your_game(setup: Setup, state: State) -> None:
    """The board, the word typed, its clickable tiles, and the buttons (one warning at most)."""
    st.subheader("Your game")
    st.markdown(history_html(state.history, setup.encoding), unsafe_allow_html=True)
    st.text_input("The word you played (then click its tiles to match the game's colours)", key=f"{K}guess",
                  max_chars=60, placeholder="e.g. crane")
    typed = setup.encoding.encode(st.session_state.get(f"{K}guess", "").strip().lower())
    units = setup.encoding.units(typed) + ["·"] * max(0, setup.length - len(typed))
    st.markdown(tile_css(st.session_state[TILES]), unsafe_allow_html=True)
    per_row = min(setup.length, TILES_PER_ROW)  # long words wrap, so every tile keeps its letter readable
    for start in range(0, setup.length, per_row):
        for i, col in zip(range(start, min(start + per_row, setup.length)), st.columns(per_row, gap="small")):
            colour = st.session_state[TILES][i]
            col.button(units[i].upper() if i < len(units) else "·", key=f"{K}tile_{i}", on_click=cycle_tile, args=(i,),
                       width="stretch", help=f"{COLOUR_WORDS[colour]}: click to cycle grey, yellow, green")
    st.button("Add feedback", key=f"{K}add", on_click=add_feedback, args=(setup,), type="primary", width="stretch")
    b2, b3 = st.columns(2)
    b2.button("Undo", key=f"{K}undo", on_click=undo, disabled=not state.history, width="stretch")
    b3.button("New game", key=f"{K}reset", on_click=reset, args=(setup.length,), width="stretch")
    message = st.session_state[MESSAGE]
    if not message and setup.hard and len(typed) == setup.length:
        why = hard_mode_violation(typed, state.history, setup.rule)
        message = f"Hard mode: the game refuses {setup.decode(typed)!r} here ({why})." if why else ""
    if message:
        st.warning(message)


def suggestion_panel(setup: Setup, state: State, cands: list[str]) -> None:
    """The answers left, the next suggestion in one sentence, and the top suggestions as a chart."""
    if not cands:
        st.error("No answer fits this feedback. Check the colours of the last row, then press Undo.")
        return
    if state.history and state.history[-1][1] == all_green(setup.length):
        st.success(f"Solved in {counted(state.turn, 'guess', 'guesses')}: {setup.decode(state.history[-1][0])}!")
        return
    name = st.radio("Suggest with", ["entropy", "best"], key=f"{K}assist_solver", horizontal=True, format_func=plain,
                    help=f"best split: {PLAIN_HELP['entropy']}. Optimal tree: {PLAIN_HELP['best']}.")
    choice, scores = cached_ranking(setup.key, setup, state.history)
    if name == "best":
        tree_note(setup)
        suggestion = BestSolver(tree=cached_tree(setup.key, setup), limits=QUICK).fit(setup).choose(state)
    else:
        suggestion = choice
    st.metric("Answers left", f"{len(cands):,}")
    st.markdown(f"### Next: **{setup.decode(suggestion).upper()}**")
    st.write(move_sentence(setup.decode(suggestion), figures_of(setup, state, [suggestion])[0]))
    if name == "best" and (node := node_at(cached_tree(setup.key, setup), state)) is not None:
        st.caption(f"The tree expects {number(expected_guesses_left(node, cands, setup))} more guesses on average.")
    ranking = sorted(scores, key=lambda w: -scores[w]) if name == "entropy" else \
        [f.guess for f in best_by_average(setup, state, top=20)]
    top = top_guesses(setup, state, ranking, suggestion, k=10)
    st.plotly_chart(answers_left_chart([(setup.decode(f.guess), f.mean, f.worst, f.chance > 0) for f in top]),
                    width="stretch")


def tree_note(setup: Setup) -> None:
    """Warn before a long tree search when no saved tree matches these lists."""
    if saved_tree(setup) is None and len(setup.answers) > 500:
        st.caption(f"No saved tree for these lists: the first use searches one ({counted(len(setup.answers), 'answer')} "
                   "can take a few minutes); it is then kept for every session.")


# ---------------------------------------------------------------- the cheating host (Absurdle)

HOST = f"{K}host_history"


def host_guess(setup: Setup, word: str) -> str:
    """Play one guess against the host; returns a message ('' when the guess was taken)."""
    history = [tuple(m) for m in st.session_state.get(HOST, [])]
    if len(word) != setup.length:
        return f"Type a word of {counted(setup.length, 'tile')} (got {len(word)})."
    if word not in setup.guess_index:
        return f"{setup.decode(word)!r} is not in the allowed list."
    if setup.hard and (why := hard_mode_violation(word, history, setup.rule)):
        return f"Hard mode: the host refuses {setup.decode(word)!r} ({why})."
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
    solver = solver_for(setup, name)
    for _ in range(HOST_LIMIT):
        state = State(tuple(tuple(m) for m in st.session_state.get(HOST, [])))
        if state.history and state.history[-1][1] == setup.solved or state.turn >= HOST_LIMIT:
            return
        host_guess(setup, solver.choose(state))
        if not to_the_end:
            return


def host_mode(setup: Setup) -> None:
    """Play against a host that never picks an answer and always keeps the most answers alive."""
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
        names = SOLVERS.names()
        name = st.selectbox("…or let a solver play", names, index=names.index("entropy"), key=f"{K}host_solver",
                            format_func=plain)
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
    st.markdown(f"**{setup.decode(word).upper()}** split the {counted(len(cands), 'answer')} into "
                f"{counted(len(groups), 'colour group')}. The host answered {pattern_label(kept, setup.length)}: "
                f"the largest group, {counted(len(groups[kept]), 'answer')}{tie_note}.")
    st.plotly_chart(groups_chart(sizes, kept, setup.length), width="stretch")
    left = setup.candidates(State(tuple(history)))
    if 0 < len(left) <= 50:
        st.caption("Still possible: " + ", ".join(setup.decode(setup.answers[i]) for i in left))


# ---------------------------------------------------------------- grade my game


def grade_mode(setup: Setup) -> None:
    """A person's game graded move by move against the best move."""
    st.markdown("Type the guesses you played, one a line. Give the **answer**, or after each word the **colours** "
                "you saw (g green, y yellow, - grey), like `crane -y--g`.")
    played = st.session_state.get(HISTORY, [])
    if played:
        st.button(f"Use the game from the Assistant ({counted(len(played), 'guess', 'guesses')})", key=f"{K}grade_use",
                  on_click=use_assistant_game, args=(setup,))
    c1, c2 = st.columns([2, 1])
    text = c1.text_area("Your guesses", key=f"{K}grade_moves", height=170, placeholder="crane\nsloth\nbeast")
    answer = c2.text_input("The answer (optional when you give the colours)", key=f"{K}grade_answer")
    if not st.button("Grade my game", key=f"{K}grade_go", type="primary"):
        if f"{K}grade_result" not in st.session_state:
            return
    else:
        st.session_state[f"{K}grade_result"] = graded(setup, text, answer)
    key, grades, error = st.session_state[f"{K}grade_result"]
    if key != setup.key:
        return
    if error:
        st.error(error)
        return
    show_grades(setup, grades)


def use_assistant_game(setup: Setup) -> None:
    """Fill the grading form with the guesses and colours typed in the Assistant."""
    marks = "-yg"
    st.session_state[f"{K}grade_moves"] = "\n".join(
        f"{setup.decode(g)} {''.join(marks[c] for c in colours_of(p, setup.length))}"
        for g, p in st.session_state.get(HISTORY, []))
    st.session_state[f"{K}grade_answer"] = ""


def graded(setup: Setup, text: str, answer: str) -> tuple[str, list, str]:
    """(setup key, grades, error message) for the typed game."""
    try:
        moves = parse_moves(text, setup.length, setup.encoding)
        ans = setup.encoding.encode(answer.strip().lower()) if answer.strip() else None
        tree = saved_tree(setup)
        with st.spinner("Grading each move…"):
            best_at = lambda state: cached_best(setup.key, setup, state.history)  # noqa: E731
            return setup.key, grade_game(setup, moves, ans, tree=tree, best_at=best_at), ""
    except GradeError as err:
        return setup.key, [], str(err)


def show_grades(setup: Setup, grades: list) -> None:
    """The board, one row per move, and the formulas."""
    st.markdown(history_html([(g.guess, g.pattern) for g in grades], setup.encoding), unsafe_allow_html=True)
    rows = [{
        "guess": f"{g.turn}. {setup.decode(g.guess).upper()}",
        "answers before → after": f"{g.before:,} → {g.after:,}",
        "yours leaves": f"{number(g.yours.mean)} on average, at most {g.yours.worst:,}",
        "best guess leaves": f"{setup.decode(g.best.guess).upper()}: {number(g.best.mean)} on average, at most "
                             f"{g.best.worst:,}",
        "guesses to finish (best / yours)": "—" if g.best_guesses is None else
        f"{g.best_guesses:.2f} / {g.your_guesses:.2f}",
        "skill": f"{g.skill:.0f}",
        "luck": "—" if g.luck is None else f"{g.luck:.0f}",
        "skill from": g.basis,
    } for g in grades]
    st.table(pd.DataFrame(rows).set_index("guess"))
    for g in grades:
        st.markdown(f"{g.turn}. {grade_sentence(setup, g)}")
    st.caption(f"**Skill** = {SKILL_FORMULA}. **Luck** = {LUCK_FORMULA}.")
    solved = grades[-1].pattern == setup.solved
    st.metric("Average skill", f"{np.mean([g.skill for g in grades]):.0f} / 100",
              help="solved" if solved else "not solved yet")


def grade_sentence(setup: Setup, g) -> str:
    """One move's grade in words."""
    word, best = setup.decode(g.guess).upper(), setup.decode(g.best.guess).upper()
    if g.before == 1:
        return f"**{word}** (skill {g.skill:.0f}): " + ("the only answer left, named." if g.yours.chance else
                                                       f"only {best} was left, and this guess did not name it.")
    text = (f"**{word}** (skill {g.skill:.0f}): with {counted(g.before, 'answer')} possible it leaves "
            f"{number(g.yours.mean)} on average; the best, {best}, leaves {number(g.best.mean)}.")
    if g.luck is not None:
        draw = "lucky" if g.luck > 60 else "unlucky" if g.luck < 40 else "about average"
        text += f" Your colours left {counted(g.after, 'answer')}: {draw} (luck {g.luck:.0f})."
    return text


# ---------------------------------------------------------------- benchmark


def bench_mode(setup: Setup) -> None:
    """The shared benchmark panel, played with the sidebar's feedback rule and hard mode."""
    rules = [f"{setup.rule} rule"] + (["hard mode"] if setup.hard else [])
    st.caption(f"Runs play by the sidebar's settings ({' and '.join(rules)}) on the lists picked below; every run "
               "is kept, also on the Benchmarks page.")
    note = " and ".join(rules) if setup.rule != "standard" or setup.hard else ""
    benchmark_panel(game_bench("wordle"), f"{K}bench_", params=(("rule", setup.rule), ("hard", setup.hard)),
                    note=note)


# ---------------------------------------------------------------- the page

MODE_FUNCTIONS = {"Watch a solver": watch_mode, "Assistant": assistant_mode, "Play the cheating host": host_mode,
                  "Grade my game": grade_mode, "Benchmark": bench_mode}


def main() -> None:
    """Pick the lists in the sidebar and a mode at the top; the mode's function draws the rest."""
    st.set_page_config(page_title="Wordle · Word Game Solver Lab", page_icon="🟩", layout="wide")
    st.title("🟩 Wordle")
    st.write("Watch a solver play and say why, get suggestions for the real game, play a host that cheats, "
             "or have your own game graded. Any word length from 2 to 12 and any alphabet.")
    setup = sidebar_setup()
    mode = st.radio("Mode", MODES, key=f"{K}mode", horizontal=True, label_visibility="collapsed")
    MODE_FUNCTIONS[mode](setup)


main()
