"""The archive's panels: its dataset statistics, counted when asked, and the shared benchmark panel."""
from __future__ import annotations

from pathlib import Path

import streamlit as st

from core.crossword import charts
from core.crossword.bench import BENCH as CROSSWORD_BENCH
from core.crossword.bench import bench_params
from core.crossword.data import TEST_SINCE
from core.crossword.knowledge.models import ClueModels
from core.crossword.readers import iter_archive
from ui.bench_panel import benchmark_panel
from ui.crossword.puzzles import archive_records


@st.cache_data(show_spinner=False)
def archive_statistics(path: str) -> dict:
    """Dataset statistics of the whole archive (counts only)."""
    from core.crossword.stats import dataset_stats

    stats = dataset_stats(list(iter_archive(Path(path))))
    stats["answers"] = dict(stats["answers"])
    return stats


def statistics_panel(archive: Path | None, models: ClueModels) -> None:
    """The collapsed dataset statistics of the archive (when it is on this machine)."""
    if archive:
        with st.expander("Dataset statistics (NYT archive)"):
            # counting the whole archive takes about half a minute the first time: only when asked
            if st.toggle("Count the whole archive", key="cw_stats_open",
                         help="Reads every puzzle of the archive: about half a minute the first time, then at once."):
                with st.spinner("Counting every puzzle of the archive (about half a minute the first time)…"):
                    stats = archive_statistics(str(archive))
                c1, c2 = st.columns(2)
                c1.plotly_chart(charts.bar(stats["by_year"].keys(), stats["by_year"].values(), "Puzzles by year"),
                                width="stretch")
                c2.plotly_chart(charts.bar(stats["by_weekday"].keys(), stats["by_weekday"].values(), "Puzzles by weekday"),
                                width="stretch")
                top = sorted(stats["answers"].items(), key=lambda t: -t[1])[:20]
                c1.plotly_chart(charts.bar([a for a, _ in top], [n for _, n in top], "Most common answers"), width="stretch")
                c2.plotly_chart(charts.zipf_plot(list(stats["answers"].values())), width="stretch")
                c1.plotly_chart(charts.bar(stats["lengths"].keys(), stats["lengths"].values(), "Answer lengths"),
                                width="stretch")
                if c2.button("Repeat rate of test pairs in training", key="cw_repeat"):
                    from core.crossword.stats import repeat_rate

                    rate = repeat_rate(models.table, archive_records(str(archive), TEST_SINCE, ""))
                    c2.write(f"Of {rate['test_clues']:,} test clues (2011-2013), {rate['pair_seen']:.1%} had the exact "
                             f"clue-answer pair in training and {rate['answer_seen']:.1%} had an answer seen in training.")


def bench_section(archive: Path | None, train_limit: int) -> None:
    """The shared benchmark panel (its own "Advanced" panel cannot sit inside an expander)."""
    st.subheader("Benchmark: compare solvers on many puzzles")
    if not archive:
        st.info("The benchmark needs the NYT archive (see above).")
    elif st.toggle("Show the benchmark", key="cw_bench_open"):
        st.caption("Each solver fills a random sample of puzzles from 2011-2013 that the clue models never saw; "
                   "the runs are kept and shown on the Benchmarks page too.")
        benchmark_panel(CROSSWORD_BENCH, "cw_bench_", params=bench_params(train_limit), data_label="Test puzzles",
                        note="learned up to 2010-12-31" + (f" (last {train_limit} puzzles)" if train_limit else ""))
        st.caption("Command line: `python -m core.bench crossword --per-weekday 3 --seed 0 --solver all`")
