"""The shared runner: same records serially, on local processes and on a Dask LocalCluster; cancel; history."""
import sys
import threading
import types
from contextlib import contextmanager

import pytest

from core.bench.history import find_run, flipped, list_runs, load_run, save_run
from core.bench.runner import Backend, Cancelled, Job, chunks_of, run_job
from core.cache import code_version


class ParitySolver:
    """A toy solver: wins a word when its letter sum is even."""

    def __init__(self, bias: int) -> None:
        self.bias = bias


def play_word(solver: ParitySolver, word: str) -> dict:
    total = sum(map(ord, word)) + solver.bias
    return {"item": word, "win": total % 2 == 0, "guesses": total % 7}


WORDS = tuple(f"{a}{b}{c}" for a in "abcdefgh" for b in "ijklmnop" for c in "qrstu")


def strip_time(records):
    return [{k: v for k, v in r.items() if k != "seconds"} for r in records]


def test_chunks_cover_every_item_once_in_order():
    parts = chunks_of(list(range(10)), 3)
    assert [s for s, _ in parts] == [0, 3, 6, 9]
    assert sum((c for _, c in parts), []) == list(range(10))


def test_serial_and_local_processes_give_identical_records():
    job = Job(ParitySolver(1), WORDS, play_word)
    serial = run_job(job, Backend("serial"))
    local = run_job(job, Backend("local", jobs=2, chunk_size=17))
    assert strip_time(serial) == strip_time(local)
    assert [r["item"] for r in serial] == list(WORDS)


def test_progress_reaches_the_total():
    seen = []
    run_job(Job(ParitySolver(0), WORDS[:50], play_word), Backend("serial", chunk_size=10),
            progress=lambda d, t, m="": seen.append((d, t)))
    assert seen[0] == (0, 50) and seen[-1] == (50, 50)


def test_cancel_stops_the_run_between_chunks():
    cancel = threading.Event()

    def progress(done, total, message=""):
        if done >= 20:
            cancel.set()

    with pytest.raises(Cancelled, match="cancelled after 20"):
        run_job(Job(ParitySolver(0), WORDS, play_word), Backend("serial", chunk_size=10), progress, cancel)


def test_unknown_backend_is_refused():
    with pytest.raises(ValueError, match="unknown backend"):
        run_job(Job(ParitySolver(0), WORDS, play_word), Backend("cloud"))


@contextmanager
def plain_main():
    """`__main__` as a plain module while a cluster runs: Dask's spawned workers re-run `__main__.__file__`, and a page
    run earlier in this test process (AppTest) leaves the page there, so each worker would run the page and exit."""
    saved = sys.modules["__main__"]
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        yield
    finally:
        sys.modules["__main__"] = saved


def test_dask_local_cluster_matches_serial_record_for_record(tmp_path):
    distributed = pytest.importorskip("distributed")
    import dask

    # what an earlier AppTest leaves behind, made certain: a __main__ whose file fails when a worker re-runs it
    # (without plain_main the cluster fails to start: "Nanny failed to start")
    page = tmp_path / "page.py"
    page.write_text("raise SystemExit(1)\n")
    left_over = types.ModuleType("__main__")
    left_over.__file__ = str(page)
    saved = sys.modules["__main__"]
    sys.modules["__main__"] = left_over
    try:
        with plain_main(), dask.config.set({"distributed.comm.timeouts.connect": "600s"}), \
                distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                         dashboard_address=None) as cluster:
            job = Job(ParitySolver(3), WORDS, play_word)
            remote = run_job(job, Backend("dask", scheduler=cluster.scheduler_address, chunk_size=25))
    finally:
        sys.modules["__main__"] = saved
    assert strip_time(remote) == strip_time(run_job(job, Backend("serial")))


def test_history_round_trip_lists_reloads_and_compares(tmp_path):
    a = run_job(Job(ParitySolver(0), WORDS[:30], play_word), Backend("serial"))
    b = run_job(Job(ParitySolver(1), WORDS[:30], play_word), Backend("serial"))
    key = {"game": "toy", "solver": "parity", "seed": 1}
    id_a = save_run({"game": "toy", "solver": "parity-0", "key": key, "summary": {"win_rate": 0.5}}, a, tmp_path)
    id_b = save_run({"game": "toy", "solver": "parity-1", "summary": {"win_rate": 0.5}}, b, tmp_path)
    runs = list_runs(tmp_path)
    assert set(runs["run_id"]) == {id_a, id_b}
    assert find_run(key, tmp_path) == id_a
    back = load_run(id_a, tmp_path)
    assert list(back.records["item"]) == list(WORDS[:30])
    assert len(flipped(back.records, load_run(id_b, tmp_path).records)) == 30  # bias 1 flips every parity
    with pytest.raises(KeyError):
        load_run("../etc", tmp_path)


def test_code_version_is_stable():
    assert code_version() == code_version() and len(code_version()) == 12


def test_before_the_first_results_the_bar_says_it_is_starting_and_then_only_the_job():
    seen = []
    run_job(Job(ParitySolver(0), WORDS, play_word, "parity"), Backend("serial", chunk_size=10),
            progress=lambda d, t, m="": seen.append((d, m)))
    assert seen[0] == (0, "parity · starting; the time left shows once the first results are in")
    assert all(m == "parity" for d, m in seen if d > 0)
