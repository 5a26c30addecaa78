"""Hangman: watch a solver explain every move, host a game for it, play, beat a cheating host, grade a game, benchmark."""
from __future__ import annotations

import random
import time

import pandas as pd
import streamlit as st

from core.bench.games import game_bench
from core.hangman.adversary import TIE_RULE, HostGame, host_answer, pattern_text, start_host, where_text
from core.hangman.charts import hangman_figure, letter_bars
from core.hangman.draw import draw_word, everyday_words
from core.hangman.explain import NarratedMove, game_over_sentence, letter_view, misses_text, narrate, plural
from core.hangman.fitting import fitted
from core.hangman.grade import SKILL_FORMULA, SOLVER_WIN_CAP, WIN_CAP, GameGrade, GradedMove, grade_game, move_summary, parse_guesses
from core.hangman.harness import play
from core.hangman.rules import BLANK, MAX_WRONG, MIN_WRONG, RuleError, State, guess, new_game, reveal, secret_problem
from core.hangman.solvers import REG, Solver, played_world
from core.words import WordList, counted, normalise
from ui.bench_panel import benchmark_panel
from ui.lists import list_names, upload_widget, word_list_picker
from ui.hangman.world import chosen_world, frequency_note, outside_list_note, world_picker
from ui.progress import streamlit_progress
from ui.hangman.board import mask_html
from ui.hangman.cheater import cheater_section
from ui.hangman.hints import hint_buttons, hints_in_grade, note_hint

P = "hangman_"
YOU = "You"
MOST_WORDS = "the “most words” rule"


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


def solver_for(strategy: str, wl: WordList) -> Solver:
    """The cached fitted solver of a strategy on a list, playing for the world picked in the sidebar."""
    return world_solver(strategy, wl.hash, wl.words, chosen_world())


@st.cache_data(show_spinner="Finding the everyday words of the list…", max_entries=8)
def common_pool(words_hash: str, _words: tuple[str, ...], alphabet: str) -> tuple[str, ...]:
    """The list's everyday words (frequent in text and, in English, a dictionary entry)."""
    return everyday_words(_words, words_hash, alphabet)


# ------------------------------------------------------------------ shared pieces


def show_mask(state: State) -> None:
    """The board in large letters with the letters tried under it."""
    st.markdown(mask_html(state.mask), unsafe_allow_html=True)
    hits = ", ".join(c.upper() for c in state.hits) or "none yet"
    misses = ", ".join(c.upper() for c in state.misses) or "none yet"
    st.caption(f"In the word: {hits} · Not in the word: {misses} · {plural(state.lives_left, 'life', 'lives')} left")


def gallows(state: State, key: str) -> None:
    """The hangman drawing for a state."""
    st.plotly_chart(hangman_figure(state.wrong, state.max_wrong), width="stretch", key=key)


def fitting_words(solver: Solver, state: State) -> None:
    """How many words of the list still fit the board, and a few of them."""
    n = solver.candidate_count(state)
    words = solver.index.matching_words(state, 12) if solver.index else []
    st.metric("Words of the list that still fit the board", f"{n:,}")
    if words:
        st.caption(", ".join(words) + (" …" if n > len(words) else ""))
    elif not state.over:
        st.caption("No word of the list fits: the word is new to the solver, which now guesses from the letter "
                   "patterns it learned from the list.")
    if hasattr(solver, "world_sentence") and not state.over:
        st.info(solver.world_sentence(state))  # the same board, so the same count as the figure above
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


def how_it_works() -> None:
    """The collapsed panel with the strategies and terms, each in a sentence."""
    with st.expander("How it works"):
        st.markdown(
            "- **Words that still fit**: the words of the list with the revealed letters in place and none of the "
            "missed letters.\n"
            "- **frequency** guesses the letter that appears most often in those words; **candidates** the letter "
            "found in the most of them, and near the end plays every word out to see which letter wins most often.\n"
            "- **ngram-mle**, **ngram-backoff** and **best** also learn *n-grams* (an n-gram is a run of n letters, "
            "like ING) so they can guess words that are not in the list; **best** mixes these clues with a learned "
            "model and estimates, for every letter, the chance it is in the word.\n"
            "- **Where the word comes from**: for *a word a person thinks of*, **best** counts every word of the list "
            "by how common it is in everyday text (wordfreq's frequencies), so DOG outweighs COG; for *a word drawn "
            "evenly from the list* every fitting word counts the same; for *any word* it trusts letter patterns "
            "most, as the Trexquant challenge needs.\n"
            "- The chart shows the solver's own numbers: the letter it picks is the orange bar.")


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
        world_picker(strategy)
        max_wrong = st.slider("Misses allowed (the game is lost at this many)", MIN_WRONG, MAX_WRONG, 6, key=P + "max_wrong")
    if wl is not None and len(wl) == 0:
        st.error("The chosen word list is empty: pick or upload another.")
        return None, strategy, max_wrong
    return wl, strategy, max_wrong


# ------------------------------------------------------------------ watch: the narrated replay


def watch(wl: WordList, strategy: str, max_wrong: int) -> None:
    """Watch the solver: a secret typed or drawn, the whole game replayed move by move with a sentence per move."""
    ss = st.session_state
    c1, c2, c3 = st.columns([3, 2, 2])
    with c2:
        drawn = st.button("Draw a word", key=P + "draw")
        any_word = st.checkbox("Rare words too", key=P + "draw_any",
                               help="Off: draw an everyday word. On: any word of the list, rare ones included.")
        if drawn:
            pool = () if any_word else common_pool(wl.hash, wl.words, wl.alphabet)
            ss[P + "secret_input"] = draw_word(wl.words, pool, any_word, random.Random(time.time_ns()))
    secret = normalise(c1.text_input("Secret word (the solver does not see it)", key=P + "secret_input"))
    compare_name = c3.selectbox("Compare with", ["(none)"] + [n for n in REG.names() if n != strategy], key=P + "compare")
    compare = None if compare_name == "(none)" else solver_for(compare_name, wl)
    if not secret:
        st.info("Type a secret word or press **Draw a word**.")
        how_it_works()
        return
    problem = secret_problem(secret, wl.alphabet)
    if problem:
        st.error(problem)
        return
    solver = solver_for(strategy, wl)
    moves, final = replay_of(solver, strategy, wl, secret, max_wrong)
    if secret not in wl:
        st.caption(outside_list_note(solver.world))
    if not moves:
        st.warning("The solver has no letter to try for this word.")
        return
    auto = st.toggle("Play", key=P + "auto", help="Step through the moves on its own, one every few seconds.")
    delay = st.slider("Seconds between moves", 0.3, 3.0, 1.0, 0.1, key=P + "delay") if auto else None
    board = st.fragment(run_every=delay)(replay_board) if auto else replay_board
    board(solver, strategy, compare, compare_name, moves, final, secret, delay)
    how_it_works()


def replay_of(solver: Solver, strategy: str, wl: WordList, secret: str, max_wrong: int) -> tuple[list[NarratedMove], State]:
    """The solver's whole game against the secret, narrated, computed once per (secret, budget, strategy, list)."""
    ss = st.session_state
    key = (secret, max_wrong, strategy, wl.hash, solver.world)
    if ss.get(P + "replay_key") != key:
        with st.spinner("The solver is playing the game…"):
            record = play(solver, secret, max_wrong, record_scores=True)
            moves = narrate(solver, record, wl.words)
        ss[P + "replay_key"] = key
        ss[P + "replay"] = (tuple(moves), record.final)
        ss[P + "replay_pos"] = 1  # the replay opens on move 1, its sentence shown
    moves, final = ss[P + "replay"]
    return list(moves), final


def replay_buttons(n: int) -> None:
    """Previous / Next / Go to the end, each moving the replay position; drawn with the board, after an automatic
    step, so they always match the move shown."""
    ss = st.session_state
    pos = ss[P + "replay_pos"]
    b1, b2, b4 = st.columns(3)
    if b1.button("◀ Previous", key=P + "prev", disabled=pos <= 1, width="stretch"):
        ss[P + "replay_pos"] = pos - 1
        st.rerun()
    if b2.button("Next ▶", key=P + "next", disabled=pos >= n, width="stretch"):
        ss[P + "replay_pos"] = pos + 1
        st.rerun()
    if b4.button("Go to the end", key=P + "finish", disabled=pos >= n, width="stretch"):
        ss[P + "replay_pos"] = n
        st.rerun()


def replay_board(solver: Solver, strategy: str, compare: Solver | None, compare_name: str, moves: list[NarratedMove],
                 final: State, secret: str, delay: float | None) -> None:
    """The board after the current move, its sentence, the chart behind it, and the log of moves so far."""
    ss = st.session_state
    pos = ss[P + "replay_pos"]
    now = time.monotonic()
    if delay is not None and pos < len(moves) and now - ss.get(P + "auto_at", 0.0) >= 0.8 * delay:
        pos = ss[P + "replay_pos"] = pos + 1
        ss[P + "auto_at"] = now
    replay_buttons(len(moves))
    move = moves[pos - 1]
    state = move.after
    left, right = st.columns([1, 2])
    with left:
        gallows(state, P + "watch_fig")
    with right:
        show_mask(state)
        st.markdown(f"**Move {pos} of {len(moves)}: {move.letter.upper()}** ({move.result})")
        st.markdown(f"<div style='font-size:1.25rem'>{move.sentence}</div>", unsafe_allow_html=True)
        if pos == len(moves):
            (st.success if final.won else st.error)(game_over_sentence(final, secret))
        fitting_words(solver, state)
    letter_chart(solver, strategy, move.before, move.letter, P + "watch_scores", compare, compare_name,
                 title=f"Move {pos}: why {strategy} guessed {move.letter.upper()}")
    with st.container(key=P + "log"):
        st.markdown("**Moves so far**")
        st.markdown("\n".join(f"{i}. **{m.letter.upper()}**, {m.result}. {m.sentence}" for i, m in enumerate(moves[:pos], 1)))


# ------------------------------------------------------------------ you host


def host(wl: WordList, strategy: str, max_wrong: int) -> None:
    """You host: think of any word; the solver asks letters; you mark where they are."""
    ss = st.session_state
    c1, c2, _ = st.columns([1, 1, 2], vertical_alignment="bottom")
    length = c1.number_input("Letters in your word", 1, 30, 5, key=P + "host_length")
    if c2.button("Start a new game", key=P + "host_start") or ss.get(P + "host_state") is None \
            or ss[P + "host_state"].length != length or ss[P + "host_state"].max_wrong != max_wrong:
        ss[P + "host_state"] = new_game(int(length), max_wrong)
    state: State = ss[P + "host_state"]
    solver = solver_for(strategy, wl)
    left, right = st.columns([1, 2])
    with left:
        gallows(state, P + "host_fig")
    with right:
        show_mask(state)
        if state.won:
            st.success(f"I found your word in {plural(len(state.guessed), 'guess', 'guesses')} with {misses_text(state.wrong)}.")
        elif state.lost:
            st.success("You win: I am out of lives. Press “Start a new game” to play again.")
        fitting_words(solver, state)
    if state.over:
        if st.button("Undo last answer", key=P + "host_undo_over"):
            _host_undo(state)
        return
    letter = solver.choose(state)
    if letter is None:
        st.warning("I have guessed every letter I know: your word must use letters outside the list's alphabet.")
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
        letter_chart(solver, strategy, state, letter, P + "host_scores")


def _host_undo(state: State) -> None:
    """Take back the last answer (its letter leaves the board and the letters tried)."""
    last = state.guessed[-1]
    st.session_state[P + "host_state"] = State(state.mask.replace(last, BLANK), state.guessed[:-1], state.max_wrong)
    st.rerun()


def _host_answer(state: State, letter: str, where: list[int]) -> None:
    """Apply the person's answer, or explain why it contradicts the game so far."""
    try:
        after = reveal(state, letter, where)
    except RuleError as err:
        st.error(f"That answer contradicts the game so far: {err}")
        return
    st.session_state[P + "host_state"] = after
    st.rerun()


# ------------------------------------------------------------------ you play


def you_play(wl: WordList, strategy: str, max_wrong: int) -> None:
    """You play: the app draws an everyday word; you guess; a hint shows what the solver weighs; grade it after."""
    ss = st.session_state
    if st.button("New word", key=P + "play_new") or ss.get(P + "play_secret") is None \
            or ss.get(P + "play_list") != wl.hash or ss[P + "play_state"].max_wrong != max_wrong:
        pool = common_pool(wl.hash, wl.words, wl.alphabet)
        ss[P + "play_secret"] = draw_word(wl.words, pool, False, random.Random(time.time_ns()))
        ss[P + "play_list"] = wl.hash
        ss[P + "play_state"] = new_game(len(ss[P + "play_secret"]), max_wrong)
    secret: str = ss[P + "play_secret"]
    state: State = ss[P + "play_state"]
    left, right = st.columns([1, 2])
    with left:
        gallows(state, P + "play_fig")
    with right:
        show_mask(state)
        if state.won:
            st.success(f"You got it: **{secret}**, with {misses_text(state.wrong)}.")
        elif state.lost:
            st.error(f"Hanged! The word was **{secret}**.")
    if not state.over:
        open_letters = [c for c in wl.alphabet if c not in state.guessed]
        c1, c2 = st.columns([1, 3])
        letter = c1.selectbox("Your letter", open_letters, key=P + "play_letter")
        if c2.button("Guess", key=P + "play_guess") and letter:
            ss[P + "play_state"] = guess(state, secret, letter)
            st.rerun()
        hint_buttons(wl, lambda: solver_for(strategy, wl), secret, state)
        if st.toggle("Hint: show what the solver weighs", key=P + "play_hint"):
            note_hint(secret, state, "chart")
            solver = solver_for(strategy, wl)
            letter_chart(solver, strategy, state, solver.choose(state), P + "play_scores")
    if state.guessed:
        st.button("Grade this game" if state.over else "Grade my game so far", key=P + "play_grade", on_click=_go_grade,
                  help="See, move by move, how good each letter was.")


def _go_grade() -> None:
    """Switch to the grade view on the game just played (a callback: runs before the page is drawn)."""
    st.session_state[P + "mode"] = "Grade my game"
    st.session_state[P + "grade_source"] = GRADE_SOURCES[0]


# ------------------------------------------------------------------ evil host


def evil_host(wl: WordList, strategy: str, max_wrong: int) -> None:
    """Play against a host that never commits to a word and answers so as to keep the most words possible."""
    ss = st.session_state
    st.caption("This host cheats: it never picks a word. After each letter it gives the answer that keeps the most "
               "words of the list possible, so every letter is as unlucky as it can be.")
    c1, c2, c3 = st.columns([1, 2, 1])
    length = int(c1.number_input("Letters in the word", 1, 30, 5, key=P + "evil_length"))
    player = c2.selectbox("Who plays against the host", [YOU] + REG.names(), key=P + "evil_player")
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
        evil_moves(game, player, wl)
        game = ss[P + "evil_game"]
    evil_board(game, player)
    with st.expander("How it works"):
        st.markdown(f"After each letter the host sorts the words it still keeps by the answer each would give. It keeps "
                    f"{TIE_RULE}. Its rule is the mirror image of the solvers': they pick the letter that leaves the "
                    f"fewest words; it picks the answer that leaves the most.")
    cheater_section(wl, length, max_wrong)


def evil_moves(game: HostGame, player: str, wl: WordList) -> None:
    """The controls: a letter for a person, Next / Play to the end for a solver."""
    ss = st.session_state
    if player == YOU:
        open_letters = [c for c in wl.alphabet if c not in game.state.guessed]
        c1, c2 = st.columns([1, 3])
        letter = c1.selectbox("Your letter", open_letters, key=P + "evil_letter")
        if c2.button("Guess", key=P + "evil_guess") and letter:
            ss[P + "evil_game"] = host_answer(game, letter)
            st.rerun()
        return
    solver = solver_for(player, wl)
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


def evil_board(game: HostGame, player: str) -> None:
    """The board, the words the host keeps, its last answer explained, and every answer so far."""
    state = game.state
    who = "You" if player == YOU else f"The solver ({player})"
    left, right = st.columns([1, 2])
    with left:
        gallows(state, P + "evil_fig")
    with right:
        show_mask(state)
        st.metric("Words the host still keeps", f"{len(game.words):,}")
        st.caption(", ".join(game.words[:12]) + (" …" if len(game.words) > 12 else ""))
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


# ------------------------------------------------------------------ grade my game


GRADE_SOURCES = ("My last game in “You play”", "Type a game")


def grade_view(wl: WordList, strategy: str, max_wrong: int) -> None:
    """Grade a person's game move by move: words left by their letter and by the best one, skill, luck."""
    ss = st.session_state
    source = st.radio("Which game", GRADE_SOURCES, key=P + "grade_source", horizontal=True)
    if source == GRADE_SOURCES[0]:
        answer, letters = ss.get(P + "play_secret"), list(ss[P + "play_state"].guessed) if ss.get(P + "play_state") else []
        if not answer or not letters:
            st.info("Play a game in “You play” first, or pick “Type a game”.")
            return
        budget = ss[P + "play_state"].max_wrong
    else:
        c1, c2 = st.columns(2)
        answer = normalise(c1.text_input("The word", key=P + "grade_answer", placeholder="house"))
        letters = parse_guesses(c2.text_input("Your letters, in order", key=P + "grade_letters", placeholder="e a r s o t h u"))
        budget = max_wrong
        if not answer or not letters:
            st.info("Type the word and the letters you guessed, in order.")
            return
        problem = secret_problem(answer, wl.alphabet)
        if problem:
            st.error(problem)
            return
    rule = st.selectbox("Win chances assume that after each move you play like", (MOST_WORDS, *REG.names()),
                        key=P + "grade_rule", help="The “most words” rule always guesses the letter found in the most "
                        "words still possible; a strategy plays on exactly as it would in a game.")
    solver = None if rule == MOST_WORDS else solver_for(rule, wl)
    try:
        graded = graded_game(wl.hash, wl.words, answer, tuple(letters), budget, rule, solver)
    except RuleError as err:
        st.error(str(err))
        return
    show_grade(graded, WIN_CAP if solver is None else SOLVER_WIN_CAP, rule)
    if source == GRADE_SOURCES[0]:
        st.markdown(f"**Hints.** {hints_in_grade(answer, len(letters))}")


@st.cache_data(show_spinner="Grading every move…", max_entries=32)
def graded_game(words_hash: str, _words: tuple[str, ...], answer: str, letters: tuple[str, ...], max_wrong: int,
                rule: str, _solver: Solver | None) -> GameGrade:
    """A graded game, cached per (list, answer, letters, budget, rule that plays on)."""
    cap = WIN_CAP if _solver is None else SOLVER_WIN_CAP
    return grade_game(_words, answer, letters, max_wrong, cap, _solver)


def show_grade(graded: GameGrade, cap: int, rule: str) -> None:
    """The summary, a sentence per move, the table of moves, and the formulas in words."""
    skill, luck = graded.mean_skill(), graded.total_luck()
    c1, c2, c3 = st.columns(3)
    c1.metric("Average skill (out of 100)", "none" if skill is None else f"{skill:.0f}")
    c2.metric("Luck (points of win chance)", "–" if luck is None else f"{luck * 100:+.0f}")
    c3.metric("Result", "won" if graded.final.won else "lost" if graded.final.lost else "not finished")
    with st.container(key=P + "grade_moves"):
        st.markdown("\n".join(f"{m.number}. {move_summary(m)}" for m in graded.moves))
    st.dataframe(pd.DataFrame([grade_row(m) for m in graded.moves]), hide_index=True, width="stretch")
    st.markdown(
        f"**Skill** (0 to 100): {SKILL_FORMULA}. 100 means your letter narrows the words down as well, on average, "
        f"as the best letter could; 0 means it narrows nothing. With one word left, 100 for a letter in it, 0 for a miss.\n\n"
        f"**Win chance**: the chance of winning, every word still possible being equally likely, if after this move "
        f"{'you always guess the letter found in the most words still possible' if rule == MOST_WORDS else f'the {rule} strategy plays on'}. "
        f"Worked out only while at most {cap:,} words fit, to stay quick.\n\n"
        f"**Luck**: your win chance after the answer you actually got, minus your average win chance over the words "
        f"still possible, in points (+10 means 10 points luckier than average).")


def grade_row(m: GradedMove) -> dict:
    """One move of the grade table, in words (skill and luck first, so they show on a narrow screen)."""
    def pct(x: float | None) -> str:
        return "–" if x is None else f"{x:.0%}"

    return {"Move": m.number, "Letter": m.letter.upper(), "Result": "hit" if m.hit else "miss",
            "Skill": "–" if m.skill is None else m.skill,
            "Luck": "–" if m.luck is None else f"{m.luck * 100:+.0f} points",
            "Words before → after": f"{m.before:,} → {m.after:,}",
            "Yours leaves (average, worst)": f"{m.theirs_avg:,.1f}, {m.theirs_worst:,}",
            "Best letter": m.best_letter.upper(),
            "Best leaves (average, worst)": f"{m.best_avg:,.1f}, {m.best_worst:,}",
            "Win chance (yours, best)": "–" if m.theirs_win is None else f"{pct(m.theirs_win)}, {pct(m.best_win)}"}


# ------------------------------------------------------------------ benchmark


TEST_WORDS = ("Words held out of the training list", "The training list's own words", "Another list, minus the training list")


def benchmark(wl: WordList, strategy: str, max_wrong: int) -> None:
    """The shared benchmark panel, tested on words held out of the training list, on its own words, or on another list."""
    how = st.radio("Test words", TEST_WORDS, key=P + "bench_how", horizontal=True,
                   help="Held-out words are set aside before the solver learns, so it has never seen them: the honest test.")
    params: list[tuple[str, object]] = [("max_wrong", max_wrong)]
    if how == TEST_WORDS[0]:
        percent = st.slider("Share of the training list held out as test words", 5, 50, 20, 5, format="%d%%",
                            key=P + "bench_fraction")
        share = percent / 100
        params.append(("test_fraction", share))
        note = f"{share:.0%} held out"
    elif how == TEST_WORDS[1]:
        params.append(("in_dictionary", True))
        note = "tested on its own words"
    else:
        others = [n for n in list_names() if n != wl.name]
        other = st.selectbox("Test list (its words that are also in the training list are left out)", others,
                             key=P + "bench_other")
        if other is None:
            st.info("There is no other list to test on: upload one in the sidebar.")
            return
        params += [("test", other), ("exclude_train", True)]
        note = f"tested on {other}"
    st.caption(f"The game is lost at {plural(max_wrong, 'miss', 'misses')} (set in the sidebar).")
    datasets = [wl.name] + [n for n in list_names() if n != wl.name]
    benchmark_panel(game_bench("hangman"), P + "bench_", params=tuple(params), datasets=datasets,
                    data_label="Training list (the solver learns only from it)", note=note,
                    picked={"world": chosen_world()})


# ------------------------------------------------------------------ page


MODES = (("Watch the solver", watch), ("You host", host), ("You play", you_play), ("Evil host", evil_host),
         ("Grade my game", grade_view), ("Benchmark", benchmark))


def main() -> None:
    """The Hangman page: the sidebar, then one function per mode."""
    st.set_page_config(page_title="Hangman · Word Game Solver Lab", page_icon="🪢", layout="wide")
    st.title("🪢 Hangman")
    st.caption("Guess the word one letter at a time. The solver learns only from the dictionary you pick; "
               "its bar chart shows exactly the numbers it decides by.")
    wl, strategy, max_wrong = sidebar()
    if wl is None:
        st.warning("No usable word list: pick another or upload one in the sidebar.")
        return
    mode = st.radio("Mode", [name for name, _ in MODES], key=P + "mode", horizontal=True)
    dict(MODES)[mode](wl, strategy, max_wrong)


main()
