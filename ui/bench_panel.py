"""The one benchmark panel: a run form, this session's results in plain words, two-run comparison, stored runs.

The Benchmarks page shows it for every game; a game page can show it for its own game with its own key
prefix. Every run goes through `core.bench.run.execute`, like the command line.
"""
from __future__ import annotations

import pandas as pd
import streamlit as st

from core.bench.charts import count_distribution, metric_bars, rate_by_group, solver_colours
from core.bench.history import flipped, list_runs, load_run
from core.bench.run import Column, GameBench, RunRequest, counted_items, execute, skipped_note, small_sample_note
from core.bench.runner import Backend, Cancelled
from core.words import is_offensive
from ui.lists import session_uploads
from ui.progress import streamlit_progress

BACKENDS = {"local": "this machine, all cores", "serial": "one process", "dask": "a Dask cluster"}


def plain(value, kind: str) -> str:
    """A figure in words: 19.6%, 3.421, 2,315."""
    if value is None or (isinstance(value, float) and value != value):
        return "–"
    if kind == "percent":
        return f"{float(value):.1%}"
    if kind == "count":
        return f"{int(value):,}"
    if kind == "number":
        return f"{float(value):.4g}"
    return str(value)


def plain_table(summaries: pd.DataFrame, columns: tuple[Column, ...]) -> pd.DataFrame:
    """The runs' summaries with only the game's plain columns, named in words."""
    out = pd.DataFrame({"Run": summaries["label"]})
    for c in columns:
        if c.key in summaries:
            out[c.label] = [plain(v, c.kind) for v in summaries[c.key]]
    return out


def solver_name(bench: GameBench, name: object) -> str:
    """A solver as a page names it: its plain name, or the stored name of one no longer registered."""
    try:
        return bench.plain_name(str(name))
    except ValueError:
        return str(name)


def run_label(meta: dict, bench: GameBench) -> str:
    """A stored run as a person knows it: solver, data set (an upload by its name), size, time."""
    label, dataset = meta.get("label"), meta.get("dataset")
    data = label if isinstance(label, str) and label else dataset if isinstance(dataset, str) else ""
    if "/" in data and data not in bench.datasets() and data not in session_uploads():
        data = "an uploaded list"
    n = meta.get("n_records")
    n = int(n) if isinstance(n, (int, float)) and n == n else 0
    solver = solver_name(bench, meta.get("solver"))
    return f"{run_time(meta.get('saved_at'))} · {solver} · {counted_items(n, bench.item_label)} · {data}"


def run_time(saved_at: object) -> str:
    """When a run was stored, short ("24 Nov 06:46:23"); the stored text when it is in another form."""
    import datetime as dt

    if not isinstance(saved_at, str) or not saved_at:
        return "an unknown time"
    try:
        return dt.datetime.strptime(saved_at, "%Y-%m-%d %H:%M:%S").strftime("%-d %b %H:%M:%S")
    except ValueError:
        return saved_at


def _data_name(name: str, uploads: dict) -> str:
    """A data set name the core can load: catalogue names as they are, an upload as a cached file."""
    if name not in uploads:
        return name
    from core.cache import cache_dir

    path = cache_dir("uploads") / f"{uploads[name].hash}.txt"
    if not path.is_file():
        path.write_text(uploads[name].text(), encoding="utf-8")
    return str(path)


def run_form(bench: GameBench, prefix: str, params: tuple = (), datasets: list[str] | None = None,
             data_label: str = "Data", note: str = "", picked: dict | None = None) -> None:
    """The form that runs the chosen solvers; the new runs become the ones shown.

    A game page may pass its own parameters (e.g. Hangman's miss budget, over the game's defaults; a parameter
    naming an upload of this session is passed as its file, like the data set), data sets (e.g. the list picked
    in its sidebar first), the data box's label, and a note in words added to each run's label (e.g. what the
    runs are tested on), and the starting option of the game's choices (e.g. the world the Hangman sidebar names).
    """
    game = bench.game
    uploads = dict(session_uploads()) if bench.word_lists else {}
    datasets = datasets if datasets is not None else list(uploads) + bench.datasets()
    with st.form(f"{prefix}form_{game}"):
        names = bench.solvers()
        solvers = st.multiselect("Solvers", names, default=[n for n in bench.default_solvers if n in names],
                                 format_func=lambda n: solver_name(bench, n), key=f"{prefix}solvers_{game}")
        dataset = st.selectbox(data_label, datasets, key=f"{prefix}dataset_{game}")  # full width: long names fit
        if bench.sampled:
            n_items = st.number_input(f"{bench.item_label.capitalize()} (a random sample, the same each time)", 1,
                                      100_000, bench.default_items, step=10, key=f"{prefix}items_{game}")
        else:
            n_items = 0  # every item, as the command line asks for it
            st.caption(f"Every one of the list's {bench.item_label} is played: the figure is the average over the "
                       "whole list.")
        chosen = choice_widgets(bench, prefix, picked or {})
        with st.expander("Advanced"):
            st.caption("The seed picks which sample is drawn: the same seed gives the same sample. "
                       "A Dask cluster is a group of machines that share the work.")
            a1, a2 = st.columns(2)
            seed = a1.number_input("Seed", 0, 10_000, 0, key=f"{prefix}seed")
            backend_kind = a2.selectbox("Run on", list(BACKENDS), format_func=BACKENDS.get, key=f"{prefix}backend")
            scheduler = st.text_input("Dask scheduler address (for 'a Dask cluster')", "tcp://127.0.0.1:8786",
                                      key=f"{prefix}scheduler")
        run = st.form_submit_button("Run benchmark", type="primary")
    if not datasets:
        st.caption("This game needs the development data folder (set WORDLAB_DATA); nothing to run on here.")
    if st.button("Cancel", key=f"{prefix}cancel_{game}", help="Stops a running benchmark within a few seconds."):
        st.info("Cancelled: the run was stopped and its worker processes were closed. Runs that had finished are kept.")
    if run:
        if not solvers or dataset is None:
            st.warning("Pick at least one solver and a data set.")
            return
        backend = Backend(backend_kind, jobs=-1, scheduler=scheduler if backend_kind == "dask" else None)
        merged = tuple((k, _data_name(v, uploads) if isinstance(v, str) else v)
                       for k, v in {**dict(bench.default_params), **dict(params), **chosen}.items())
        label = ", ".join([dataset, *([note] if note else []),
                           *(f"{c.label.lower()}: {c.words.get(chosen[c.key], chosen[c.key])}"  # the pick in words
                             for c in bench.choices if c.key in chosen)])
        _run(bench, prefix, solvers, _data_name(dataset, uploads), label, int(n_items), int(seed), backend, merged)


def choice_widgets(bench: GameBench, prefix: str, picked: dict) -> dict:
    """A pick per choice the game's benchmark offers, each with its sentence; {key: option}."""
    out = {}
    defaults = {**dict(bench.default_params), **picked}
    for c in bench.choices:
        start = defaults.get(c.key, c.options[0])
        out[c.key] = st.selectbox(c.label, c.options, index=c.options.index(start) if start in c.options else 0,
                                  format_func=lambda o, c=c: c.words.get(o, o), key=f"{prefix}{c.key}_{bench.game}")
        if c.changes:
            st.caption(c.changes)
    return out


def _run(bench: GameBench, prefix: str, solvers: list[str], data: str, label: str, n_items: int, seed: int,
         backend: Backend, params: tuple) -> None:
    """Run each solver through `execute`, then show the new runs."""
    ids = []
    try:
        for solver in solvers:
            name = solver_name(bench, solver)
            report, finish = streamlit_progress(f"{name}:")
            req = RunRequest(bench.game, solver, data, params, n_items, seed, label=label)
            outcome = execute(bench, req, backend, report)
            finish()
            ids.append(outcome.run_id)
            if outcome.reused:
                st.info(f"{name}: the same run was already stored, so it was reloaded instead of played again.")
            if outcome.records.empty:
                st.warning(f"{name}: nothing was played: the data set gave no {bench.item_label} to test on "
                           "(too few words to hold some out?).")
    except Cancelled as err:
        st.warning(f"Run cancelled: {err}.")
    except (ValueError, OSError, TimeoutError, KeyError) as err:
        st.error(f"The run could not finish: {err}")
    if ids:
        st.session_state[f"{prefix}show_{bench.game}"] = ids
        st.session_state[f"{prefix}cmp_a_{bench.game}"] = ids[0]
        st.session_state[f"{prefix}cmp_b_{bench.game}"] = ids[-1]


def results(bench: GameBench, prefix: str) -> None:
    """The chosen stored runs: charts, a table in words, notes, downloads, and the technical figures tucked away."""
    game, ss = bench.game, st.session_state
    history = list_runs(game=game)
    if history.empty:
        st.info("No stored runs for this game yet: run a benchmark above.")
        return
    labels = {r["run_id"]: run_label(r, bench) for r in history.to_dict("records")}
    key = f"{prefix}show_{game}"
    chosen = [r for r in ss[key] if r in labels] if key in ss else list(labels)[:2]
    ss[key] = chosen  # the widget reads its value from here only (no default beside it)
    chosen = st.multiselect("Runs to show", list(labels), format_func=labels.get, key=key)
    runs = {f"{solver_name(bench, load_run(r).meta['solver'])} ({r[-6:]})": load_run(r) for r in chosen}
    if not runs:
        return
    summaries = pd.DataFrame([{"label": k, **v.meta.get("summary", {})} for k, v in runs.items()])
    shown = {k: v.meta.get("summary", {}) for k, v in runs.items()}
    for k, v in runs.items():
        if note := small_sample_note(k, v.meta.get("summary", {}), bench.item_label, shown):
            st.warning(note)
    colours = solver_colours(list(runs), [v.meta.get("solver", "") for v in runs.values()], bench.solvers())
    _charts(bench, runs, summaries, colours)
    st.dataframe(plain_table(summaries, bench.columns), hide_index=True)
    for k, v in runs.items():
        if note := skipped_note({**v.meta, "n_records": len(v.records)}, bench.item_label):
            st.caption(f"{k}: {note}")
    with st.expander("Advanced: every figure, as stored"):
        st.caption("ci_low and ci_high bound the win rate with 95% confidence: the true rate lies between them "
                   "in 19 of 20 samples like this one. items_per_second is playing speed after fitting.")
        st.dataframe(summaries.drop(columns=[c for c in summaries if isinstance(summaries[c].iloc[0], (dict, list))]),
                     hide_index=True)
        for k, v in runs.items():
            st.download_button(f"Download records of {k} (CSV)", v.records.to_csv(index=False).encode(),
                               file_name=f"{v.run_id}.csv", mime="text/csv", key=f"{prefix}csv_{v.run_id}")


def _charts(bench: GameBench, runs: dict, summaries: pd.DataFrame, colours: dict[str, str]) -> None:
    """The metric per run, the metric by group, and the count distribution (each only when it has data)."""
    shown = [v.meta.get("dataset", "") for v in runs.values()]
    refs = [(r.label, r.value) for r in bench.references if r.metric == bench.metric and r.applies_to(shown)]
    left, right = st.columns(2) if bench.group_column else (st.container(), None)  # full width when alone
    ci = ("ci_low", "ci_high") if bench.metric == "win_rate" else (None, None)  # the interval is the win rate's
    left.plotly_chart(metric_bars(summaries, bench.metric, bench.metric_label, refs, *ci, bench.percent, colours),
                      width="stretch")
    if ci[0] and ci[0] in summaries:
        left.caption("The thin line on each bar is the range the true win rate lies in with 95% confidence: two runs "
                     "whose lines overlap may not really differ.")
    frames = {k: v.records for k, v in runs.items()}
    if bench.group_column:
        outcome = bench.metric_label if bench.group_outcome != "win" else "Games won"
        fig = rate_by_group(frames, bench.group_column, bench.group_outcome, title=f"{outcome} by {bench.group_label}",
                            order=bench.group_order, xaxis=bench.group_label, yaxis=outcome, colours=colours)
        if fig.data:
            right.plotly_chart(fig, width="stretch")
    if bench.count_column:
        fig = count_distribution(frames, bench.count_column, f"How many {bench.count_label} each took",
                                 bench.count_label, f"share of {bench.item_label}", colours)
        if fig.data:
            st.plotly_chart(fig, width="stretch")
    st.caption(("Dashed lines are published figures from elsewhere, for scale. " if refs else "")
               + "Each chart's camera icon saves it.")


def compare(bench: GameBench, prefix: str) -> None:
    """Two stored runs side by side: the items whose outcome differs."""
    history = list_runs(game=bench.game)
    if len(history) < 2:
        st.caption("Store at least two runs of this game to compare them.")
        return
    labels = {r["run_id"]: run_label(r, bench) for r in history.to_dict("records")}
    ids = list(labels)
    for side, default in (("a", ids[0]), ("b", ids[1])):
        key = f"{prefix}cmp_{side}_{bench.game}"
        if st.session_state.get(key) not in labels:
            st.session_state[key] = default
    run_a = st.selectbox("Run A", ids, format_func=labels.get, key=f"{prefix}cmp_a_{bench.game}")  # full width: long
    run_b = st.selectbox("Run B", ids, format_func=labels.get, key=f"{prefix}cmp_b_{bench.game}")  # labels fit
    st.caption(f"A: {labels[run_a]}  \nB: {labels[run_b]}")  # whole, wherever a narrow box cuts a label's end
    st.write(comparison_sentence(load_run(run_a).records, load_run(run_b).records, bench))
    diff = changed_items(load_run(run_a).records, load_run(run_b).records, bench.group_outcome)
    if len(diff):
        own = any(load_run(r).meta.get("dataset") not in bench.datasets() for r in (run_a, run_b))
        shown = diff if own or bench.item_label == "puzzles" else \
            diff[[not is_offensive(str(w)) for w in diff["item"]]]
        if len(shown) < len(diff):
            st.caption(f"{counted_items(len(diff) - len(shown), bench.item_label)} with a rude word not listed here "
                       "(a class may be watching).")
        st.dataframe(plain_changes(shown, bench).head(200), hide_index=True)


def plain_changes(diff: pd.DataFrame, bench: GameBench) -> pd.DataFrame:
    """The changed items with their columns named in words."""
    o = bench.group_outcome
    what = {"win": "Won", "tries": "Tries", "letter_accuracy": "Letters right"}.get(o, o.replace("_", " ").capitalize())
    return diff.rename(columns={"item": "Puzzle" if bench.item_label == "puzzles" else "Word",
                                f"{o}_a": f"{what} in run A", f"{o}_b": f"{what} in run B"})


def changed_items(a: pd.DataFrame, b: pd.DataFrame, outcome: str) -> pd.DataFrame:
    """The items both runs played whose outcome differs."""
    if "item" not in a or "item" not in b or outcome not in a or outcome not in b:
        return pd.DataFrame()
    return flipped(a, b, outcome=outcome)


def comparison_sentence(a: pd.DataFrame, b: pd.DataFrame, bench: GameBench) -> str:
    """What changed between two runs, in words (never '0 changed' over an empty table)."""
    outcome = bench.group_outcome
    shared = len(set(a.get("item", [])) & set(b.get("item", [])))
    if not shared:
        return f"These two runs played no {bench.item_label} in common, so there is nothing to compare one by one."
    diff = changed_items(a, b, outcome)
    if diff.empty:
        if shared == 1:
            return f"The two runs agree on the one {counted_items(1, bench.item_label).split(' ', 1)[1]} they both played."
        return f"The two runs agree on every one of the {shared:,} {bench.item_label} they both played."
    if outcome == "win":
        only_a = int((diff["win_a"] & ~diff["win_b"]).sum())
        return (f"{len(diff):,} of the {shared:,} {bench.item_label} both runs played changed outcome: "
                f"{only_a:,} won by A only, {len(diff) - only_a:,} won by B only.")
    return f"{len(diff):,} of the {shared:,} {bench.item_label} both runs played came out differently (below)."


def stored(bench: GameBench) -> None:
    """Every stored run of the game, newest first."""
    history = list_runs(game=bench.game)
    if history.empty:
        st.info("No stored runs for this game yet.")
        return
    st.dataframe(history, hide_index=True)


def benchmark_panel(bench: GameBench, prefix: str, params: tuple = (), datasets: list[str] | None = None,
                    data_label: str = "Data", note: str = "", picked: dict | None = None) -> None:
    """The whole panel for one game: the run form, then the results of the runs shown (see `run_form`)."""
    run_form(bench, prefix, params, datasets, data_label, note, picked)
    results(bench, prefix)
