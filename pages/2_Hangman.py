"""Hangman: watch a solver think, host a game for it, play against it, and benchmark strategies."""
from __future__ import annotations

import random
import time

import pandas as pd
import streamlit as st

from core.hangman.charts import hangman_figure, letter_bars, misses_distribution, win_rate_by_length
from core.hangman.fitting import fitted
from core.hangman.harness import BenchmarkResult, GameSummary, run_benchmark
from core.hangman.rules import BLANK, MAX_WRONG, MIN_WRONG, RuleError, State, guess, new_game, positions, reveal, secret_problem
from core.hangman.solvers import REG, Solver
from core.words import WordList, WordListError, difference, normalise, sample, split
from ui.lists import get_list, list_names, upload_widget, word_list_picker
from ui.progress import streamlit_progress

P = "hangman_"
BENCH_CACHE_SIZE = 32  # benchmark runs kept per session
MODES = ("Watch the solver", "You host", "You play", "Benchmark")
ss = st.session_state


@st.cache_resource(show_spinner="Fitting the solver on the word list…", max_entries=6)
def fitted_solver(strategy: str, words_hash: str, _words: tuple[str, ...]) -> Solver:
    """A fitted solver per (strategy, list hash); shared read-only across sessions."""
    solver, _ = fitted(strategy, _words, words_hash)
    return solver


def solver_for(strategy: str, wl: WordList) -> Solver:
    """The cached fitted solver of a strategy on a list."""
    return fitted_solver(strategy, wl.hash, wl.words)


def show_mask(state: State) -> None:
    """The mask in large letters with guessed and missed letters under it."""
    cells = " ".join(c.upper() if c != BLANK else "_" for c in state.mask)
    st.markdown(f"<div style='font-size:2.2rem;font-family:monospace;letter-spacing:0.2rem'>{cells}</div>", unsafe_allow_html=True)
    hits = ", ".join(state.hits) or "none"
    misses = ", ".join(state.misses) or "none"
    st.caption(f"Hits: {hits} · Misses: {misses} · lives left: {state.lives_left}")


def matching_panel(solver: Solver, state: State) -> None:
    """How many dictionary words still match, and a few of them."""
    n = solver.candidate_count(state)
    words = solver.index.matching_words(state, 12) if solver.index else []
    st.metric("Dictionary words still matching", f"{n:,}")
    if words:
        st.caption(", ".join(words) + (" …" if n > len(words) else ""))
    elif not state.over:
        st.caption("No dictionary word matches: the word is new to the solver, which now guesses from letter "
                   "patterns and frequencies it learned from the list.")


def scores_chart(solver: Solver, strategy: str, state: State, compare: str | None, wl: WordList, key: str) -> None:
    """The live letter-probability chart: the solver's own scores, a second strategy overlaid."""
    scores = solver.scores(state)
    if not scores:
        st.info("No letter left to guess.")
        return
    chosen = max(scores, key=scores.__getitem__)
    other = solver_for(compare, wl).scores(state) if compare else None
    fig = letter_bars(scores, strategy, other, compare or "", top=15, chosen=chosen)
    st.plotly_chart(fig, width="stretch", key=key)


def outcome(state: State, secret: str | None = None) -> None:
    """A win or loss banner."""
    if state.won:
        st.success(f"Solved in {len(state.guessed)} guesses with {state.wrong} misses.")
    elif state.lost:
        st.error("The solver is hanged." + (f" The word was **{secret}**." if secret else ""))


# ------------------------------------------------------------------ sidebar


def sidebar() -> tuple[WordList | None, str, int]:
    """The dictionary, strategy and miss budget chosen in the sidebar."""
    with st.sidebar:
        st.subheader("Hangman settings")
        upload_widget(P + "upload")
        wl = word_list_picker(P + "list", "Dictionary (the solver learns only from it)",
                              prefer=("Trexquant hangman 227k", "English web2 235k"))
        strategy = st.selectbox("Strategy", REG.names(), index=REG.names().index("best"), key=P + "strategy",
                                help="; ".join(f"{n}: {REG.describe(n)}" for n in REG.names()))
        max_wrong = st.slider("Misses allowed (the game is lost at this many)", MIN_WRONG, MAX_WRONG, 6, key=P + "max_wrong")
    if wl is not None and len(wl) == 0:
        st.error("The chosen word list is empty: pick or upload another.")
        return None, strategy, max_wrong
    return wl, strategy, max_wrong


# ------------------------------------------------------------------ watch


def watch(wl: WordList, strategy: str, max_wrong: int) -> None:
    """Watch the solver: type or draw a secret, step or auto-play, see its scores live."""
    c1, c2, c3 = st.columns([3, 1, 2])
    if c2.button("Draw a word", key=P + "draw"):
        ss[P + "secret_input"] = random.Random(time.time_ns()).choice(wl.words)
    secret = normalise(c1.text_input("Secret word (the solver does not see it)", key=P + "secret_input"))
    compare = c3.selectbox("Compare with", ["(none)"] + [n for n in REG.names() if n != strategy], key=P + "compare")
    compare = None if compare == "(none)" else compare
    if not secret:
        st.info("Type a secret word or press **Draw a word**.")
        return
    problem = secret_problem(secret, wl.alphabet)
    if problem:
        st.error(problem)
        return
    game_key = (secret, max_wrong, strategy, wl.hash)
    if ss.get(P + "watch_key") != game_key:
        ss[P + "watch_key"] = game_key
        ss[P + "watch_state"] = new_game(len(secret), max_wrong)
    if secret not in wl:
        st.caption("This word is not in the dictionary: the hard, realistic case.")
    solver = solver_for(strategy, wl)
    b1, b2, b3, b4 = st.columns(4)
    state: State = ss[P + "watch_state"]
    if b1.button("Next step", key=P + "next", disabled=state.over):
        letter = solver.choose(state)
        if letter is not None:
            ss[P + "watch_state"] = guess(state, secret, letter)
        st.rerun()  # redraw the buttons for the new state (disabled once the game is over)
    if b2.button("Play to the end", key=P + "finish", disabled=state.over):
        s = ss[P + "watch_state"]
        while not s.over:
            letter = solver.choose(s)
            if letter is None:
                break
            s = guess(s, secret, letter)
        ss[P + "watch_state"] = s
        st.rerun()
    if b3.button("Restart", key=P + "restart"):
        ss[P + "watch_state"] = new_game(len(secret), max_wrong)
        st.rerun()
    auto = b4.toggle("Auto-play", key=P + "auto")
    delay = st.slider("Auto-play delay (seconds)", 0.3, 3.0, 1.0, 0.1, key=P + "delay") if auto else None
    board = st.fragment(run_every=delay)(_watch_board) if auto else _watch_board
    board(solver, strategy, compare, wl, secret, delay)


def _watch_board(solver: Solver, strategy: str, compare: str | None, wl: WordList, secret: str, delay: float | None) -> None:
    """The live board (a fragment when auto-playing: one step per tick, not one per rerun of the whole page)."""
    state: State = ss[P + "watch_state"]
    now = time.monotonic()
    if delay is not None and not state.over and now - ss.get(P + "auto_at", 0.0) >= 0.8 * delay:
        letter = solver.choose(state)
        if letter is not None:
            state = guess(state, secret, letter)
            ss[P + "watch_state"] = state
            ss[P + "auto_at"] = now
    left, right = st.columns([1, 2])
    with left:
        st.plotly_chart(hangman_figure(state.wrong, state.max_wrong), width="stretch", key=P + "watch_fig")
    with right:
        show_mask(state)
        outcome(state, secret)
        matching_panel(solver, state)
    if not state.over:
        scores_chart(solver, strategy, state, compare, wl, P + "watch_scores")


# ------------------------------------------------------------------ you host


def host(wl: WordList, strategy: str, max_wrong: int) -> None:
    """You host: think of any word; the solver asks letters; you mark where they are."""
    length = st.number_input("Letters in your word", 1, 30, 5, key=P + "host_length")
    if st.button("Start a new game", key=P + "host_start") or ss.get(P + "host_state") is None \
            or ss[P + "host_state"].length != length or ss[P + "host_state"].max_wrong != max_wrong:
        ss[P + "host_state"] = new_game(int(length), max_wrong)
    state: State = ss[P + "host_state"]
    solver = solver_for(strategy, wl)
    left, right = st.columns([1, 2])
    with left:
        st.plotly_chart(hangman_figure(state.wrong, state.max_wrong), width="stretch", key=P + "host_fig")
    with right:
        show_mask(state)
        if state.won:
            st.success(f"I found your word in {len(state.guessed)} guesses with {state.wrong} misses.")
        elif state.lost:
            st.success("You win: I am out of lives. Press “Start a new game” to play again.")
        matching_panel(solver, state)
    if state.over:
        if st.button("Undo last answer", key=P + "host_undo_over"):
            _host_undo(state)
        return
    letter = solver.choose(state)
    if letter is None:
        st.warning("I have guessed every letter of my alphabet: your word must use letters outside the list's alphabet.")
        return
    st.markdown(f"### Is **{letter.upper()}** in your word?")
    where = st.multiselect("Positions where it appears (1 = first letter)", list(range(1, state.length + 1)),
                           format_func=lambda i: str(i) if state.mask[i - 1] == BLANK else f"{i} (already {state.mask[i - 1].upper()})",
                           key=P + f"host_where_{len(state.guessed)}")
    c1, c2, c3 = st.columns(3)
    if c1.button("Yes, at these positions", key=P + "host_yes"):
        if not where:
            st.warning("Pick at least one position, or press “Not in my word”.")
        else:
            _host_answer(state, letter, [p - 1 for p in where])
    if c2.button("Not in my word", key=P + "host_no"):
        _host_answer(state, letter, [])
    if c3.button("Undo last answer", key=P + "host_undo", disabled=not state.guessed):
        _host_undo(state)
    if state.guessed and solver.candidate_count(state) == 0:
        st.warning("No word of the list fits your answers so far. That is fine for a rare word; "
                   "if it is a mistake, press “Undo last answer”.")
    with st.expander("Why this letter?"):
        scores_chart(solver, strategy, state, None, wl, P + "host_scores")


def _host_undo(state: State) -> None:
    """Take back the last answer (its letter leaves the mask and the guessed letters)."""
    last = state.guessed[-1]
    ss[P + "host_state"] = State(state.mask.replace(last, BLANK), state.guessed[:-1], state.max_wrong)
    st.rerun()


def _host_answer(state: State, letter: str, where: list[int]) -> None:
    """Apply the person's answer, or explain why it contradicts the game so far."""
    try:
        after = reveal(state, letter, where)
    except RuleError as err:
        st.error(f"That answer contradicts the game so far: {err}")
        return
    ss[P + "host_state"] = after
    st.rerun()


# ------------------------------------------------------------------ you play


def you_play(wl: WordList, strategy: str, max_wrong: int) -> None:
    """You play: the app picks a word from the list; you guess; a hint shows the solver's probabilities."""
    if st.button("New word", key=P + "play_new") or ss.get(P + "play_secret") is None \
            or ss.get(P + "play_list") != wl.hash or ss[P + "play_state"].max_wrong != max_wrong:
        ss[P + "play_secret"] = random.Random(time.time_ns()).choice(wl.words)
        ss[P + "play_list"] = wl.hash
        ss[P + "play_state"] = new_game(len(ss[P + "play_secret"]), max_wrong)
    secret: str = ss[P + "play_secret"]
    state: State = ss[P + "play_state"]
    left, right = st.columns([1, 2])
    with left:
        st.plotly_chart(hangman_figure(state.wrong, state.max_wrong), width="stretch", key=P + "play_fig")
    with right:
        show_mask(state)
        if state.won:
            st.success(f"You got it: **{secret}**, with {state.wrong} misses.")
        elif state.lost:
            st.error(f"Hanged! The word was **{secret}**.")
    if state.over:
        return
    open_letters = [c for c in wl.alphabet if c not in state.guessed]
    c1, c2 = st.columns([1, 3])
    letter = c1.selectbox("Your letter", open_letters, key=P + "play_letter")
    if c2.button("Guess", key=P + "play_guess") and letter:
        ss[P + "play_state"] = guess(state, secret, letter)
        st.rerun()
    if st.toggle("Hint: show the solver's probabilities", key=P + "play_hint"):
        scores_chart(solver_for(strategy, wl), strategy, state, None, wl, P + "play_scores")


# ------------------------------------------------------------------ benchmark


def benchmark_result(strategy: str, train: WordList, secrets: tuple[str, ...], max_wrong: int) -> BenchmarkResult:
    """A benchmark run, kept in this session by (strategy, training list, test words, miss budget): a rerun is
    instant, and a progress bar shows while it plays."""
    cache: dict = ss.setdefault(P + "bench_cache", {})
    key = (strategy, train.hash, hash(secrets), max_wrong)
    if key not in cache:
        solver = fitted_solver(strategy, train.hash, train.words)  # its own spinner while it fits
        report, finish = streamlit_progress(f"Playing {strategy}…")
        cache[key] = run_benchmark(solver, list(secrets), max_wrong, 1, report)
        finish()
        while len(cache) > BENCH_CACHE_SIZE:
            cache.pop(next(iter(cache)))
    return cache[key]


def bench_panel(wl: WordList, max_wrong: int) -> None:
    """Benchmark strategies on a split, the dictionary itself, or another list minus the dictionary."""
    strategies = st.multiselect("Strategies", REG.names(), default=["frequency", "best"], key=P + "bench_strategies")
    how = st.radio("Test words", ("Held-out split of the list", "Words of the list itself", "Another list, minus this one"),
                   key=P + "bench_how", horizontal=True)
    c1, c2, c3 = st.columns(3)
    n_games = c1.number_input("Games", 1, 100_000, 200, key=P + "bench_games")
    seed = c2.number_input("Seed", 0, 10**6, 0, key=P + "bench_seed")
    fraction = c3.slider("Held-out share", 0.05, 0.5, 0.2, 0.05, key=P + "bench_fraction") \
        if how.startswith("Held-out") else None
    other_name = st.selectbox("Test list", [n for n in list_names() if n != wl.name], key=P + "bench_other") \
        if how.startswith("Another") else None
    try:
        train, test = bench_lists(wl, how, fraction, int(seed), other_name)
    except WordListError as err:
        st.error(str(err))
        return
    if len(test) == 0:
        st.error("No test words: the test list is empty (or all its words are in the dictionary).")
        return
    if len(train) == 0:
        st.error("No training words left: pick a larger list.")
        return
    if n_games > len(test):
        st.warning(f"Only {len(test):,} test words are available; playing all of them instead of {int(n_games):,}.")
    drawn = sample(test, int(n_games), int(seed))
    secrets = [w for w in drawn if set(w) <= set(train.alphabet)]
    dropped = len(drawn) - len(secrets)
    st.caption(f"Training on {len(train):,} words; {len(secrets):,} games on {test.name}."
               + (f" {dropped:,} drawn word{'s' if dropped != 1 else ''} left out: {'they use' if dropped != 1 else 'it uses'} "
                  f"letters outside the dictionary's alphabet." if dropped else ""))
    if not strategies:
        st.info("Pick at least one strategy.")
        return
    if st.button("Run benchmark", key=P + "bench_run", type="primary"):
        ss[P + "bench_request"] = (tuple(strategies), train.hash, tuple(secrets), max_wrong)
    request = ss.get(P + "bench_request")
    if request is None or request != (tuple(strategies), train.hash, tuple(secrets), max_wrong):
        return
    show_results([benchmark_result(name, train, tuple(secrets), max_wrong) for name in strategies])


def bench_lists(wl: WordList, how: str, fraction: float | None, seed: int, other_name: str | None) -> tuple[WordList, WordList]:
    """(training list, test list) for the benchmark panel's choice."""
    if how.startswith("Held-out"):
        if len(wl) < 2:
            raise WordListError("The list needs at least two words to split.")
        return split(wl, fraction or 0.2, seed)
    if how.startswith("Words of"):
        return wl, wl
    if not other_name:
        raise WordListError("Pick a test list.")
    return wl, difference(get_list(other_name), wl)


def show_results(results: list[BenchmarkResult]) -> None:
    """The table, the two charts and the hardest lost words."""
    rows = []
    for r in results:
        lo, hi = r.interval()
        rows.append({"strategy": r.strategy, "games": len(r.games), "wins": r.wins, "win rate": f"{r.win_rate:.1%}",
                     "95% interval": f"{lo:.1%} – {hi:.1%}",
                     "mean misses": round(sum(g.misses for g in r.games) / max(1, len(r.games)), 2),
                     "ms per guess": round(r.ms_per_guess(), 2)})
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")
    c1, c2 = st.columns(2)
    c1.plotly_chart(win_rate_by_length(results), width="stretch", key=P + "bench_len")
    c2.plotly_chart(misses_distribution(results), width="stretch", key=P + "bench_miss")
    st.subheader("Hardest words lost")
    lost = [{"strategy": r.strategy, "word": g.word, "length": len(g.word), "letters guessed": g.guesses}
            for r in results for g in r.hardest_lost(10)]
    if lost:
        st.dataframe(pd.DataFrame(lost), hide_index=True, width="stretch")
    else:
        st.caption("No game lost.")


# ------------------------------------------------------------------ page


def main() -> None:
    """The Hangman page."""
    st.title("Hangman")
    st.caption("Guess the word one letter at a time. The solver learns only from the dictionary you pick; "
               "its bar chart is exactly the score it decides by.")
    wl, strategy, max_wrong = sidebar()
    if wl is None:
        st.warning("No usable word list: pick another or upload one in the sidebar.")
        return
    mode = st.radio("Mode", MODES, key=P + "mode", horizontal=True)
    if mode == MODES[0]:
        watch(wl, strategy, max_wrong)
    elif mode == MODES[1]:
        host(wl, strategy, max_wrong)
    elif mode == MODES[2]:
        you_play(wl, strategy, max_wrong)
    else:
        bench_panel(wl, max_wrong)


main()
