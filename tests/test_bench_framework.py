"""The benchmark framework: Cancel kills the workers, one Wordle counting rule, keys that change with any input."""
from __future__ import annotations

import threading
import time
from pathlib import Path

import psutil
import pytest

from core.bench.runner import Backend, Cancelled, Job, run_job
from core.cache import artefact_key, code_version


def slow_play(solver, item) -> dict:
    """A game that takes a while (a stand-in for a slow solver)."""
    time.sleep(solver)
    return {"item": item}


def children() -> set[int]:
    """This process's live worker processes (not the resource trackers, which are shared and long-lived)."""
    out = set()
    for p in psutil.Process().children(recursive=True):
        try:
            if p.status() != psutil.STATUS_ZOMBIE and "resource_tracker" not in " ".join(p.cmdline()):
                out.add(p.pid)
        except psutil.NoSuchProcess:
            continue
    return out


def test_cancel_kills_the_runs_worker_processes_within_seconds():
    before = children()
    cancel = threading.Event()
    seen_workers: set[int] = set()

    def progress(done, total, message=""):
        seen_workers.update(children() - before)
        if seen_workers:
            cancel.set()  # as soon as the workers exist, press Cancel

    start = time.monotonic()
    with pytest.raises(Cancelled):
        run_job(Job(30.0, tuple(range(8)), slow_play), Backend("local", jobs=2, chunk_size=1), progress, cancel)
    assert time.monotonic() - start < 20  # each game would take 30 s: nothing waited for them
    assert seen_workers
    deadline = time.monotonic() + 5
    while (seen_workers & children()) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not seen_workers & children()


def test_an_error_in_the_page_stops_the_workers_too():
    """Streamlit stops a script by raising inside the progress callback: the workers must not outlive it."""
    before = children()

    class Stop(Exception):
        pass

    def progress(done, total, message=""):
        if children() - before:
            raise Stop

    with pytest.raises(Stop):
        run_job(Job(30.0, tuple(range(4)), slow_play), Backend("local", jobs=2, chunk_size=1), progress)
    deadline = time.monotonic() + 5
    while (children() - before) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not children() - before


@pytest.mark.parametrize("solved, guesses, counted, won", [
    (True, 1, 1, True),
    (True, 6, 6, True),
    (True, 7, 7, False),     # solved, but after six guesses: a failure
    (False, 20, 21, False),  # never solved within the limit: counts the limit + 1
])
def test_wordle_has_one_counting_rule(solved, guesses, counted, won):
    from core.wordle.bench import game_record

    assert game_record(solved, guesses) == {"guesses": counted, "win": won}


def test_wordle_failures_are_the_games_not_won():
    import pandas as pd

    from core.wordle.bench import summarise

    frame = pd.DataFrame({"item": list("abcd"), "guesses": [3, 6, 7, 21], "win": [True, True, False, False],
                          "first_guess": ["x"] * 4})
    s = summarise(frame)
    assert (s["failures"], s["games"], s["max_guesses"], s["mean_guesses"]) == (2, 4, 21, 9.25)


def test_the_artefact_key_changes_with_any_input_and_only_then(tmp_path: Path):
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text("cat\ndog\n")
    b.write_text("cat\n")
    key = artefact_key(a, b, "listhash")
    assert artefact_key(a, b, "listhash") == key
    assert artefact_key(b, a, "listhash") != key  # order is part of the identity
    assert artefact_key(a, b, "otherhash") != key
    a.write_text("cat\ndig\n")  # same size, one byte changed
    assert artefact_key(a, b, "listhash") != key
    assert artefact_key(tmp_path / "missing.npz") != artefact_key(a)
    folder_key = artefact_key(tmp_path)
    (tmp_path / "c.json").write_text("{}")
    assert artefact_key(tmp_path) != folder_key
    assert code_version() in {code_version()} and len(code_version()) == 12


def test_a_stored_run_is_not_reused_when_a_shipped_artefact_changes(monkeypatch, tmp_path):
    from core.bench import run as framework
    from core.bench.run import RunRequest, request_key

    req = RunRequest("g", "s", "d")
    artefact = tmp_path / "best_params.json"
    artefact.write_text('{"a": 1}')
    first = request_key(req, [artefact])
    artefact.write_text('{"a": 2}')
    assert request_key(req, [artefact]) != first
    assert framework.data_files("hangman") and framework.data_files("no-such-game") == []
