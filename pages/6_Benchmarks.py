"""Benchmarks: compare solvers across games on real lists, keep a run history, run locally or on Dask."""
import pandas as pd
import streamlit as st

from core.bench_charts import count_distribution, metric_bars, rate_by_group
from core.benchmarks import GAMES, RunRequest, execute
from core.history import flipped, list_runs, load_run
from core.runner import Backend, Cancelled
from ui.lists import session_uploads
from ui.progress import streamlit_progress

st.set_page_config(page_title="Benchmarks · Word Game Solver Lab", page_icon="📊", layout="wide")
st.title("📊 Benchmarks")
st.write(
    "Race solvers against each other on the same words. Every finished run is kept in the history, "
    "so you can reload it without waiting, compare two runs, and export the records. Dashed lines are "
    "published figures from elsewhere, for scale."
)

game_key = st.selectbox("Game", list(GAMES), format_func=lambda g: GAMES[g].title, key="bench_game")
bench = GAMES[game_key]

with st.form("bench_form"):
    c1, c2 = st.columns(2)
    names = bench.solvers()
    solvers = c1.multiselect("Solvers", names, default=[n for n in (names[0], "best") if n in names],
                             key=f"bench_solvers_{game_key}")
    uploads = {n: w for n, w in session_uploads().items()}
    datasets = list(uploads) + bench.datasets() if bench.word_lists else bench.datasets()
    dataset = c2.selectbox("Data", datasets, key=f"bench_dataset_{game_key}")
    c3, c4, c5 = st.columns(3)
    n_items = c3.number_input(f"{bench.item_label.capitalize()} (a seeded sample)", 1, 100_000,
                              bench.default_items, step=10, key=f"bench_items_{game_key}")
    seed = c4.number_input("Seed", 0, 10_000, 0, key="bench_seed")
    backend_kind = c5.selectbox("Run on", ["local", "serial", "dask"], key="bench_backend",
                                format_func={"local": "this machine, all cores", "serial": "one process",
                                             "dask": "a Dask cluster"}.get)
    scheduler = st.text_input("Dask scheduler address (for 'a Dask cluster')", "tcp://127.0.0.1:8786",
                              key="bench_scheduler")
    run = st.form_submit_button("Run benchmark", type="primary")
    if not datasets:
        st.caption("This game needs the development data folder (set WORDLAB_DATA); nothing to run on here.")

if st.button("Cancel", key="bench_cancel", help="Stops a running benchmark within a few seconds."):
    st.info("Cancelled: a running benchmark stops within a few seconds; runs that had finished are kept below.")


def dataset_label(dataset: str) -> str:
    """A stored run's data set as a person knows it: an upload by its name, not the server's file path."""
    if "/" not in str(dataset):
        return str(dataset)
    stem = str(dataset).rsplit("/", 1)[-1].removesuffix(".txt")
    return next((name for name, w in uploads.items() if w.hash == stem), f"an uploaded list ({stem[:8]})")


def data_name(name: str) -> str:
    """A dataset name the core can load: catalogue names as they are, uploads as a cached file path."""
    if name not in uploads:
        return name
    from core.cache import cache_dir

    path = cache_dir("uploads") / f"{uploads[name].hash}.txt"
    if not path.is_file():
        path.write_text(uploads[name].text(), encoding="utf-8")
    return str(path)


if run:
    if not solvers or dataset is None:
        st.warning("Pick at least one solver and a data set.")
    else:
        backend = Backend(backend_kind, jobs=-1, scheduler=scheduler if backend_kind == "dask" else None)
        ids = []
        try:
            for solver in solvers:
                report, finish = streamlit_progress(f"{solver}:")
                req = RunRequest(game_key, solver, data_name(dataset), bench.default_params, int(n_items), int(seed))
                outcome = execute(bench, req, backend, report)
                finish()
                ids.append(outcome.run_id)
                if outcome.reused:
                    st.info(f"{solver}: reloaded an identical stored run ({outcome.run_id}).")
                if outcome.records.empty:  # the outcome holds its records: no second read from disk
                    st.warning(f"{solver}: nothing was played: the data set gave no {bench.item_label} to test on "
                               "(too few words to hold some out?).")
            st.session_state["bench_selected"] = ids
            st.session_state[f"bench_show_{game_key}"] = ids  # show the new runs (the widget keeps its old choice otherwise)
            st.session_state[f"bench_cmp_a_{game_key}"] = ids[0]
            st.session_state[f"bench_cmp_b_{game_key}"] = ids[1] if len(ids) > 1 else ids[0]
        except Cancelled as err:
            st.warning(f"Run cancelled: {err}.")
        except (ValueError, OSError, TimeoutError, KeyError) as err:
            st.error(f"The run could not finish: {err}")

history = list_runs(game=game_key)
st.subheader("Results")
selected = [r for r in st.session_state.get("bench_selected", []) if not history.empty and r in set(history["run_id"])]
if history.empty:
    st.info("No stored runs for this game yet: run a benchmark above.")
    st.stop()
labels = {r.run_id: f"{r.solver} · {dataset_label(r.dataset)} · {r.items} items · {r.saved_at}" for r in history.itertuples()}
chosen = st.multiselect("Runs to show", list(labels), default=selected or list(labels)[:2], format_func=labels.get,
                        key=f"bench_show_{game_key}")
runs = {f"{load_run(r).meta['solver']} ({r[-6:]})": load_run(r) for r in chosen}
if runs:
    summaries = pd.DataFrame([{"label": k, **v.meta.get("summary", {})} for k, v in runs.items()])
    shown = [v.meta.get("dataset", "") for v in runs.values()]
    refs = [(r.label, r.value) for r in bench.references if r.metric == bench.metric and r.applies_to(shown)]
    left, right = st.columns(2)
    left.plotly_chart(metric_bars(summaries, bench.metric, bench.metric_label, refs, "ci_low", "ci_high",
                                  bench.percent), width="stretch")
    frames = {k: v.records for k, v in runs.items()}
    if bench.group_column:
        right.plotly_chart(rate_by_group(frames, bench.group_column, bench.group_outcome,
                                         title=f"{bench.group_outcome.replace('_', ' ')} by {bench.group_column}"),
                           width="stretch")
    if bench.count_column:
        st.plotly_chart(count_distribution(frames, bench.count_column, f"{bench.count_column} per item",
                                           bench.count_column), width="stretch")
    st.dataframe(summaries, hide_index=True)
    st.caption("Each chart's camera icon (top right of the chart) saves it as a PNG.")
    for k, v in runs.items():
        st.download_button(f"Download records of {k} (CSV)", v.records.to_csv(index=False).encode(),
                           file_name=f"{v.run_id}.csv", mime="text/csv", key=f"bench_csv_{v.run_id}")

st.subheader("Compare two runs")
if len(history) >= 2:
    a, b = st.columns(2)
    run_a = a.selectbox("Run A", list(labels), index=0, format_func=labels.get, key=f"bench_cmp_a_{game_key}")
    run_b = b.selectbox("Run B", list(labels), index=1, format_func=labels.get, key=f"bench_cmp_b_{game_key}")
    ra, rb = load_run(run_a).records, load_run(run_b).records
    if "win" in ra and "win" in rb:
        diff = flipped(ra, rb)
        st.write(f"{len(diff):,} items changed outcome between the two runs "
                 f"({int((diff['win_a'] & ~diff['win_b']).sum()) if len(diff) else 0} won by A only, "
                 f"{int((~diff['win_a'] & diff['win_b']).sum()) if len(diff) else 0} won by B only).")
        st.dataframe(diff.head(200), hide_index=True)
else:
    st.caption("Store at least two runs to compare them.")

with st.expander("All stored runs"):
    st.dataframe(history, hide_index=True)
