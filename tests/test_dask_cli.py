"""Dask: the same benchmark sent to a LocalCluster matches the local run record for record."""
import json
from pathlib import Path

import pytest

from tests.cli import run_cli

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def scheduler():
    distributed = pytest.importorskip("distributed")
    # threads, not processes: starting two worker processes took up to 15 minutes on the loaded machine; shipping
    # a solver to worker processes is covered by the local-worker tests and test_runner's process cluster
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        yield cluster.scheduler_address


def cli(*args: str) -> dict:
    out = run_cli("hangman", *args, "--json", "--quiet")
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_hangman_cli_on_dask_matches_serial(scheduler):
    common = ["--train", "English common 500", "--test-fraction", "0.3", "--seed", "2", "--strategy", "frequency",
              "--strategy", "ngram-backoff", "--games", "120"]
    serial = cli(*common, "--backend", "serial")
    remote = cli(*common, "--backend", "dask", "--scheduler", scheduler)
    for a, b in zip(serial["results"], remote["results"]):
        assert (a["wins"], a["by_length"], a["misses_histogram"]) == (b["wins"], b["by_length"], b["misses_histogram"])


def test_cross_game_runner_on_dask_matches_serial_record_for_record(scheduler, tmp_path, monkeypatch):
    from core.bench.run import RunRequest, execute
    from core.hangman.bench import BENCH as HANGMAN
    from core.bench.runner import Backend

    monkeypatch.setenv("WORDLAB_RESULTS", str(tmp_path))
    req = RunRequest("hangman", "frequency", "English common 500", HANGMAN.default_params, 80, 4)
    local = execute(HANGMAN, req, Backend("serial"), reuse=False).records
    remote = execute(HANGMAN, req, Backend("dask", scheduler=scheduler, chunk_size=9), reuse=False).records
    cols = ["item", "win", "misses", "guesses"]
    assert local[cols].equals(remote[cols])


def test_dask_backend_without_scheduler_is_a_clear_cli_error():
    out = run_cli("hangman", "--train", "English common 500", "--backend", "dask", "--json", "--quiet")
    assert out.returncode == 2 and "--scheduler" in out.stderr and "Traceback" not in out.stderr
