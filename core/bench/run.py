"""The benchmark framework: a run request, a game's description, `execute`, and the summaries every game shares.

It knows no game. A game describes itself with a `GameBench` in `core/<game>/bench.py`: its solvers
and data sets, the files a run reads (for the run's key), `prepare` (fit the solver, pick the items,
return a `Job`), and `summarise` (records -> figures). `execute` runs one request on a backend and
returns its records as a pandas DataFrame, storing the run in the history; the CLI, the Benchmarks
page and the game pages' panels all call it.
"""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

import pandas as pd

from core.bench.history import find_run, load_run, save_run
from core.bench.runner import Backend, Job, run_job
from core import artefacts
from core.cache import ROOT
from core.progress import Progress, no_progress
from core.stats import wilson_interval


@dataclass(frozen=True)
class Reference:
    """A published figure drawn as a reference line."""

    label: str
    value: float
    metric: str
    datasets: tuple[str, ...] = ()  # the data sets the figure was measured on (empty: any of the game's)

    def applies_to(self, datasets: Sequence[str]) -> bool:
        """True when every shown run's data set is one this figure was measured on."""
        return not self.datasets or all(d in self.datasets for d in datasets)


@dataclass(frozen=True)
class Column:
    """A summary figure as the page shows it: its key, its name in words, and how to write it."""

    key: str
    label: str
    kind: str = "number"  # "percent", "number" (4 significant digits) or "count"


@dataclass(frozen=True)
class Choice:
    """A run parameter a person picks from a few options: its key, its name in words, the options, each option in
    words, and one sentence saying what the choice changes (the panel shows it; the default is in default_params)."""

    key: str
    label: str
    options: tuple[str, ...]
    words: dict[str, str]
    changes: str = ""


@dataclass(frozen=True)
class RunRequest:
    """What to benchmark: a game, one solver, a data set, parameters, a sample size (0: all) and a seed."""

    game: str
    solver: str
    dataset: str
    params: tuple[tuple[str, Any], ...] = ()
    n_items: int = 500
    seed: int = 0
    label: str = ""  # the data set as a person knows it (an upload's name), when `dataset` is a file path

    def param(self, name: str, default: Any = None) -> Any:
        """A parameter by name."""
        return dict(self.params).get(name, default)


@dataclass(frozen=True)
class Prepared:
    """A fitted run ready to play: the job, facts for the report, and the items that could not be played."""

    job: Job
    info: dict[str, Any] = field(default_factory=dict)
    skipped: tuple[tuple[str, str], ...] = ()  # (item, reason) for items asked for but left out


@dataclass(frozen=True)
class GameBench:
    """How one game plugs into the framework (defined in core/<game>/bench.py)."""

    game: str
    title: str
    solvers: Callable[[], list[str]]
    datasets: Callable[[], list[str]]
    inputs: Callable[[RunRequest], list[str | Path]]  # every file (Path) or list hash (str) a run reads
    prepare: Callable[[RunRequest, Progress], Prepared]
    summarise: Callable[[pd.DataFrame], dict[str, Any]]
    metric: str
    metric_label: str
    columns: tuple[Column, ...] = ()
    default_solvers: tuple[str, ...] = ("best",)
    references: tuple[Reference, ...] = ()
    default_params: tuple[tuple[str, Any], ...] = ()
    choices: tuple[Choice, ...] = ()  # parameters the run form offers as a pick (their defaults in default_params)
    higher_is_better: bool = True
    percent: bool = True
    group_column: str | None = None  # a chart of the metric by this record column
    group_label: str = ""
    group_outcome: str = "win"
    group_order: tuple[Any, ...] = ()  # the group's values in reading order (e.g. Monday first)
    count_column: str | None = None  # a chart of how many items took each count
    count_label: str = ""
    item_label: str = "games"
    max_workers: int | None = None  # 1: items run in one process (models too big to ship to workers)
    word_lists: bool = True  # its data sets are word lists, so this session's uploads can be run on
    default_items: int = 500  # the sample size the page proposes
    sampled: bool = True  # False: a run plays every item of the data (the tip game's average is over the whole list)
    plain_name: Callable[[str], str] = str  # a solver's name as a page shows it (its registry's plain name)
    # a game's own measurement instead of a run when its arguments ask for one (a report), else None
    measurement: Callable[[Any], dict | None] | None = None


@dataclass
class RunOutcome:
    """A finished (or reloaded) run: its records and its meta (summary, info, key)."""

    run_id: str
    request: RunRequest
    records: pd.DataFrame
    meta: dict[str, Any] = field(default_factory=dict)
    reused: bool = False

    @property
    def summary(self) -> dict[str, Any]:
        """The run's figures."""
        return self.meta.get("summary", {})


def data_files(game: str) -> list[Path]:
    """The shipped artefacts of a game (data/<game>/), part of every run's key."""
    folder = ROOT / "data" / game
    return [folder] if folder.is_dir() else []


def request_key(request: RunRequest, inputs: Sequence[str | Path]) -> dict[str, Any]:
    """The identity of a run: same key, same records (so a stored run can stand in for it)."""
    return {"game": request.game, "solver": request.solver, "dataset": request.dataset,
            "params": [[k, str(v)] for k, v in request.params], "n_items": request.n_items, "seed": request.seed,
            "artefact": artefacts.key("bench-run", *inputs)}


def execute(bench: GameBench, request: RunRequest, backend: Backend | None = None, progress: Progress = no_progress,
            cancel: threading.Event | None = None, reuse: bool = True, store: bool = True) -> RunOutcome:
    """Run (or reload) one solver's benchmark; its records are a DataFrame, its run is kept in the history."""
    backend = backend or Backend()
    key = request_key(request, bench.inputs(request))
    if reuse and (found := find_run(key)):
        stored = load_run(found)
        return RunOutcome(found, request, stored.records, stored.meta, reused=True)
    start = time.perf_counter()
    prepared = bench.prepare(request, progress)
    fit_seconds = time.perf_counter() - start
    if bench.max_workers == 1 and backend.kind == "local":
        backend = Backend("serial")
    start = time.perf_counter()
    frame = pd.DataFrame.from_records(run_job(prepared.job, backend, progress, cancel))
    seconds = time.perf_counter() - start
    summary = {**bench.summarise(frame), "fit_seconds": round(fit_seconds, 2), "seconds": round(seconds, 2),
               "items_per_second": round(len(frame) / seconds, 2) if seconds else None}
    meta = {"game": request.game, "solver": request.solver, "dataset": request.dataset,
            "label": request.label or request.dataset, "key": key, "asked": request.n_items, "n_records": len(frame),
            "skipped": [list(s) for s in prepared.skipped], "backend": backend.kind, "jobs": backend.jobs,
            "summary": summary, "info": prepared.info}
    run_id = save_run(meta, frame) if store else ""
    return RunOutcome(run_id, request, frame, {**meta, "run_id": run_id})


# ---------------------------------------------------------------- summaries shared by the games


def win_summary(frame: pd.DataFrame, win: str = "win") -> dict[str, Any]:
    """Games, wins, the win rate and its Wilson 95% interval."""
    n = len(frame)
    wins = int(frame[win].sum()) if n else 0
    lo, hi = wilson_interval(wins, n)
    return {"games": n, "wins": wins, "win_rate": round(wins / n, 4) if n else 0.0,
            "ci_low": round(lo, 4), "ci_high": round(hi, 4)}


def count_summary(frame: pd.DataFrame, column: str, prefix: str) -> dict[str, Any]:
    """Mean, max and distribution of a count column (guesses, tries)."""
    n = len(frame)
    counts = frame[column].value_counts().sort_index() if n else pd.Series(dtype=int)
    return {f"mean_{prefix}": round(float(frame[column].mean()), 4) if n else 0.0,
            f"total_{prefix}": int(frame[column].sum()) if n else 0,
            f"max_{prefix}": int(frame[column].max()) if n else 0,
            "distribution": {str(int(k)): int(v) for k, v in counts.items()}}


def by_group(frame: pd.DataFrame, group: str, outcome: str) -> dict[str, float]:
    """Mean outcome per group value, e.g. the win rate per word length."""
    if frame.empty:
        return {}
    means = frame.groupby(group, sort=True)[outcome].mean()
    return {str(k): round(float(v), 4) for k, v in means.items()}


def most_common(frame: pd.DataFrame, column: str) -> Any:
    """The most frequent value of a column (None for an empty frame)."""
    return frame[column].mode().iloc[0] if len(frame) and column in frame else None


WIDE_INTERVAL = 0.2  # a win rate known only within more than 20 points says little about which solver is better


def counted_items(n: int, item_label: str) -> str:
    """'1 game', '2,315 games': a count of a game's items with the label in the right number."""
    return f"{n:,} {item_label[:-1] if n == 1 and item_label.endswith('s') else item_label}"


def intervals_overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """True when two runs' 95% win-rate ranges share a point (the chart's rule: then they may not really differ)."""
    return a["ci_low"] <= b["ci_high"] and b["ci_low"] <= a["ci_high"]


def small_sample_note(label: str, summary: dict[str, Any], item_label: str,
                      others: dict[str, dict[str, Any]] | None = None) -> str:
    """A warning in words when a run's win-rate interval is too wide to pin it down ('' otherwise); it says the runs
    cannot be ranked only beside another shown run whose range overlaps its own, the rule the chart's caption states."""
    lo, hi, n = summary.get("ci_low"), summary.get("ci_high"), summary.get("games")
    if lo is None or hi is None or n is None or hi - lo <= WIDE_INTERVAL:
        return ""
    from core.stats import percent_words

    head = (f"{label}: only {counted_items(int(n), item_label)}, so its win rate could be anywhere from "
            f"{percent_words(lo)} to {percent_words(hi)} (95% confidence)")
    known = {k: v for k, v in (others or {}).items() if k != label and v.get("ci_low") is not None
             and v.get("ci_high") is not None}
    close = [k for k, v in known.items() if intervals_overlap(summary, v)]
    if close:
        return (f"{head}: its range overlaps {', '.join(close)}'s, too few to say which solver is better. "
                f"Play more {item_label}.")
    if known:
        return f"{head}; even so its range does not overlap the other runs', so the difference is real."
    return f"{head}. Play more {item_label} to pin it down."


def skipped_note(meta: dict[str, Any], item_label: str) -> str:
    """A plain sentence when fewer items were played than asked for, with the reasons ('' otherwise)."""
    asked, played, skipped = meta.get("asked") or 0, meta.get("n_records", 0), meta.get("skipped") or []
    if not asked or played >= asked:
        return ""
    reasons = sorted({reason for _, reason in skipped})
    parts = [f"{len(skipped):,} left out ({'; '.join(reasons[:3])})"] if skipped else []
    if played + len(skipped) < asked:
        parts.append(f"the data holds only {played + len(skipped):,}")
    return f"{asked:,} {item_label} asked for, {played:,} played: {', and '.join(parts)}."
