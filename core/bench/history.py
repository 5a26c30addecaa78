"""Run history: every finished run stored as Parquet records plus a JSON summary, one folder a run.

Parquet rather than SQLite: a run's records are one columnar table that pandas reads back whole in
milliseconds, runs are written once and never updated, and a folder per run can be copied or
deleted by hand. The index is the set of `meta.json` files.
"""
from __future__ import annotations

import json
import os
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd


def results_dir() -> Path:
    """The results folder: $WORDLAB_RESULTS or results/ in the repo (git-ignored)."""
    root = Path(os.environ.get("WORDLAB_RESULTS", Path(__file__).resolve().parents[2] / "results"))
    root.mkdir(parents=True, exist_ok=True)
    return root


@dataclass(frozen=True)
class StoredRun:
    """A run read back from the history."""

    run_id: str
    meta: dict[str, Any]
    records: pd.DataFrame


def save_run(meta: dict[str, Any], records: list[dict[str, Any]] | pd.DataFrame, root: Path | None = None) -> str:
    """Store a finished run; returns its id."""
    root = root or results_dir()
    run_id = time.strftime("%Y%m%d-%H%M%S") + "-" + uuid.uuid4().hex[:6]
    folder = root / run_id
    folder.mkdir(parents=True)
    frame = records if isinstance(records, pd.DataFrame) else pd.DataFrame.from_records(records)
    frame = frame.map(lambda v: json.dumps(v) if isinstance(v, (list, dict, tuple)) else v)
    frame.to_parquet(folder / "records.parquet", index=False)
    full = {**meta, "run_id": run_id, "saved_at": time.strftime("%Y-%m-%d %H:%M:%S"), "n_records": len(frame)}
    (folder / "meta.json").write_text(json.dumps(full, indent=2, default=str), encoding="utf-8")
    return run_id


def list_runs(root: Path | None = None, game: str | None = None) -> pd.DataFrame:
    """One row per stored run (newest first): id, game, solver, dataset, summary figures."""
    root = root or results_dir()
    rows = []
    for meta_path in root.glob("*/meta.json"):
        try:
            meta = json.loads(meta_path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            continue
        if game and meta.get("game") != game:
            continue
        summary = meta.get("summary", {})
        rows.append({"run_id": meta.get("run_id"), "saved_at": meta.get("saved_at"), "game": meta.get("game"),
                     "solver": meta.get("solver"), "dataset": meta.get("dataset"), "label": meta.get("label"),
                     "items": meta.get("n_records"), "n_records": meta.get("n_records"),
                     "backend": meta.get("backend"), **{k: v for k, v in summary.items() if not isinstance(v, (dict, list))}})
    frame = pd.DataFrame(rows)
    return frame.sort_values("saved_at", ascending=False, ignore_index=True) if not frame.empty else frame


def load_run(run_id: str, root: Path | None = None) -> StoredRun:
    """A stored run by id (KeyError when it is not there)."""
    root = root or results_dir()
    folder = root / run_id
    if not (folder / "meta.json").is_file() or "/" in run_id or ".." in run_id:
        raise KeyError(f"no stored run {run_id!r}")
    meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
    return StoredRun(run_id, meta, pd.read_parquet(folder / "records.parquet"))


def find_run(key: dict[str, Any], root: Path | None = None) -> str | None:
    """The newest stored run whose meta `key` matches (same game, solver, data, seed, code), if any."""
    root = root or results_dir()
    best: tuple[str, str] | None = None
    for meta_path in root.glob("*/meta.json"):
        try:
            meta = json.loads(meta_path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            continue
        if meta.get("key") == key and (best is None or meta["saved_at"] > best[0]):
            best = (meta["saved_at"], meta["run_id"])
    return best[1] if best else None


def flipped(a: pd.DataFrame, b: pd.DataFrame, item: str = "item", outcome: str = "win") -> pd.DataFrame:
    """Items whose outcome differs between two runs (e.g. won in one, lost in the other)."""
    merged = a[[item, outcome]].merge(b[[item, outcome]], on=item, suffixes=("_a", "_b"))
    changed = merged[merged[f"{outcome}_a"] != merged[f"{outcome}_b"]]
    return changed.reset_index(drop=True)
