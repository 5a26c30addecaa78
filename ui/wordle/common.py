"""What every Wordle mode shares: the sidebar's lists as a Setup, cached solvers and rankings, the figures table."""
from __future__ import annotations

from typing import Callable

import pandas as pd
import streamlit as st

from core.wordle.explain import GuessFigures, best_by_average, counted, familiar_choice, number, top_guesses
from core.wordle.harness import GameRecord, Setup, SetupError, State, make_setup, play
from core.wordle.rules import RULES, Encoding, multigraph_extra_letters, parse_encoding, symbol_clashes
from core.wordle.solvers import SOLVERS
from core.words import is_offensive
from ui.lists import session_uploads, upload_result, upload_widget, word_list_picker
from ui.progress import streamlit_progress

K = "wordle_"
MAX_CELLS = 120_000_000
PAGE_OPTIONS = {"effort": "auto"}  # run options a page passes: a solver that searches keeps it quick on big lists


def plain(name: str) -> str:
    """A solver's name in words (from its registry entry)."""
    return SOLVERS.plain_name(name)


def solver_picker_help() -> str:
    """Every solver's plain name and one-line help, for a picker."""
    return SOLVERS.picker_help()


def solver_select(label: str, key: str) -> str:
    """A selectbox of every registered solver by its plain name (opening on the registry's default), explained in its
    help."""
    names = SOLVERS.names()
    return st.selectbox(label, names, index=SOLVERS.default_index(names), key=key,
                        format_func=plain, help=solver_picker_help())


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


@st.cache_resource(show_spinner="Getting the solver ready (a search can take minutes on big lists)…", max_entries=12)
def cached_solver(setup_key: str, _setup: Setup, name: str):
    """A solver fitted to these lists, shared by every session (its only changes are its own memo of moves)."""
    return SOLVERS.create_with(name, PAGE_OPTIONS).fit(_setup)


@st.cache_data(show_spinner="Scoring the guesses…", max_entries=256)
def cached_ranking(setup_key: str, _setup: Setup, name: str, history: tuple) -> tuple[str, dict[str, float]]:
    """A solver's choice after a history and its score of every guess it scores."""
    return cached_solver(setup_key, _setup, name).ranked(State(history))


@st.cache_data(show_spinner="The solver is playing…", max_entries=64)
def cached_game(setup_key: str, _setup: Setup, name: str, answer: str) -> GameRecord:
    """One game of a solver, played through the rules."""
    return play(cached_solver(setup_key, _setup, name), _setup, answer)


@st.cache_data(show_spinner=False, max_entries=256)
def cached_best(setup_key: str, _setup: Setup, history: tuple) -> GuessFigures:
    """The guess leaving the fewest answers on average after a history."""
    return best_by_average(_setup, State(history))[0]


@st.cache_resource(show_spinner=False)
def familiarity() -> dict[str, float]:
    """Everyday English frequency of each word (wordfreq), for telling a person the familiar one of equal guesses."""
    from wordfreq import get_frequency_dict

    return get_frequency_dict("en")


def fit_to_show(setup: Setup) -> Callable[[str], bool]:
    """Whether a guess (as the solver writes it) may be shown: any word of an uploaded guess list, else none offensive."""
    if st.session_state.get(f"{K}allowed", "") in session_uploads():
        return lambda w: True
    return lambda w: not is_offensive(setup.decode(w))


def ranked_guesses(setup: Setup, name: str, state: State, k: int = 6) -> tuple[str, dict[str, float], list[GuessFigures]]:
    """(the guess to suggest, the solver's scores, its top guesses' figures): its own order first, then guesses it did
    not score by the answers they leave on average; the suggestion is the solver's choice, or the most familiar guess
    scoring as well (a person is told CRANE rather than an odd word of equal worth), none offensive."""
    choice, scores = cached_ranking(setup.key, setup, name, state.history)
    solver = cached_solver(setup.key, setup, name)
    fit = fit_to_show(setup)
    freq = familiarity()
    known = {w: freq.get(setup.decode(w), 0.0) for w in scores}
    possible = frozenset(setup.answers[i] for i in setup.candidates(state))
    choice = familiar_choice(choice, scores, solver.higher_is_better, known, fit, possible)
    sign = -1 if solver.higher_is_better else 1
    order = sorted(scores, key=lambda w: sign * scores[w])
    order += [f.guess for f in best_by_average(setup, state, top=20) if f.guess not in scores]
    return choice, scores, top_guesses(setup, state, [w for w in order if fit(w)], choice, k=k)


def figures_table(setup: Setup, figures: list[GuessFigures], chosen: str | None = None, name: str | None = None,
                  scores: dict[str, float] | None = None) -> pd.DataFrame:
    """Guess figures as a table with its columns in words; with a solver, the column it ranks by comes first."""
    solver = cached_solver(setup.key, setup, name) if name else None
    rows = []
    for f in figures:
        row = {"guess": setup.decode(f.guess).upper() + (" (chosen)" if f.guess == chosen else "")}
        if solver is not None:
            value = (scores or {}).get(f.guess)
            row[ranks_by(solver)] = "not scored" if value is None else solver.score_text(value)
        row.update({"answers left in the worst case": f"{f.worst:,}", "answers left on average": number(f.mean),
                    "chance it is the answer": f"1 in {round(1 / f.chance):,}" if f.chance else "cannot be"})
        rows.append(row)
    return pd.DataFrame(rows)


def ranks_by(solver) -> str:
    """The heading of the column a solver ranks by: what it measures and which way is better."""
    return f"ranked by: {solver.score_label} ({'higher' if solver.higher_is_better else 'lower'} is better)"


def how_it_works(extra: str = "") -> None:
    """The collapsed panel holding the technical words, each glossed."""
    with st.expander("How it works", expanded=False):
        names = ", ".join(f"{n} ({plain(n)})" for n in SOLVERS.names())
        st.markdown(
            "Every guess sorts the answers still possible into groups by the colours it would get. "
            "**Answers left on average** weighs each group by how likely the answer is in it (the sum of the "
            "group sizes squared, divided by the answers possible).\n\n"
            "The **best split** solver is what puzzle fans call the *entropy* solver: it picks the guess with the most "
            "expected *information*, measured in *bits* (one bit halves the answers left; 11 bits single out one of "
            "2,048). Its column shows the bits as the number of equal groups that would give as many (2 to the power "
            "of the bits). In the benchmark and the command line the solvers are called " + names + "." + extra)


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
            upload_widget(f"{K}upload", extra_letters=multigraph_extra_letters(encoding), show_result=False)
        upload_result(f"{K}upload")  # in view even when the section above is collapsed
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
