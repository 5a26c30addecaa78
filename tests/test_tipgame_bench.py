"""`python -m core.bench tipgame`: the JSON keys, verified figures, and one-line errors."""
import json
import subprocess
from pathlib import Path

import pytest

from tests.cli import run_cli

ROOT = Path(__file__).resolve().parent.parent
KEYS = {"solver", "words", "mean_tries", "max_tries", "distribution", "lower_bound", "seconds"}


def bench(*args: str, timeout: float = 240) -> subprocess.CompletedProcess:
    return run_cli("tipgame", *args)


@pytest.fixture
def small_list(tmp_path) -> Path:
    p = tmp_path / "small.txt"
    p.write_text("\n".join(["die", "der", "und", "das", "über", "müde", "größe", "straße", "schön", "haus", "hause",
                            "nach", "noch", "einer", "eine", "ein", "aus", "auf"]) + "\n", encoding="utf-8")
    return p


def test_every_solver_reports_the_issue_keys(small_list):
    out = bench("--words", str(small_list), "--solver", "all", "--time-budget", "1", "--json", "--quiet")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout.strip().splitlines()[-1])
    results = {r["solver"]: r for r in doc["results"]}
    assert set(results) == {"ratio", "greedy", "tree"}
    for r in results.values():
        assert KEYS <= set(r) and r["words"] == 18 and r["verified"]
        assert r["lower_bound"] <= r["mean_tries"] <= r["max_tries"]
        assert sum(r["distribution"].values()) == 18
    assert results["tree"]["mean_tries"] <= results["greedy"]["mean_tries"]


def test_repeated_solver_flags_and_two_jobs(small_list):
    out = bench("--words", str(small_list), "--solver", "tree", "--solver", "greedy", "--time-budget", "2", "--jobs", "2",
                "--json", "--quiet")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout.strip().splitlines()[-1])
    assert [r["solver"] for r in doc["results"]] == ["tree", "greedy"]


@pytest.mark.parametrize("args,needle", [
    (["--words", "no such list"], "neither a known list nor a file"),
    (["--solver", "oracle"], "unknown tipgame solver"),
    (["--time-budget", "-1"], "--time-budget"),
    (["--jobs", "0"], "--jobs"),
])
def test_bad_requests_exit_2_with_one_line(args, needle):
    out = bench(*args, "--json", "--quiet")
    assert out.returncode == 2 and needle in out.stderr and len(out.stderr.strip().splitlines()) == 1


@pytest.mark.slow
def test_tree_beats_greedy_on_german_common_500():
    out = bench("--words", "German common 500", "--solver", "greedy", "--solver", "tree", "--time-budget", "60",
                "--json", "--quiet", timeout=400)
    doc = json.loads(out.stdout.strip().splitlines()[-1])
    greedy, tree = (r["mean_tries"] for r in doc["results"])
    assert tree < greedy < 7.22


def test_cross_game_runner_replays_every_word(tmp_path, monkeypatch):
    from core.bench.run import RunRequest, execute
    from core.bench.runner import Backend
    from core.tipgame.bench import BENCH as TIPGAME

    monkeypatch.setenv("WORDLAB_RESULTS", str(tmp_path))
    req = RunRequest("tipgame", "greedy", "English common 500", TIPGAME.default_params, 0, 0)
    out = execute(TIPGAME, req, Backend(kind="serial"), reuse=False)
    summary = out.meta["summary"]
    assert summary["words"] == 500 and 6.5 < summary["mean_tries"] < 7.5


def test_a_repeated_word_is_played_as_often_as_it_is_listed(tmp_path):
    p = tmp_path / "repeats.txt"
    p.write_text("\n".join(["haus", "maus", "laus", "haus", "baum"]) + "\n", encoding="utf-8")
    out = bench("--words", str(p), "--solver", "greedy", "--time-budget", "0", "--json", "--quiet")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout.strip().splitlines()[-1])["results"][0]
    assert result["words"] == 5 and result["verified"]
    assert sum(result["distribution"].values()) == 5


@pytest.mark.parametrize("solver", ["tree", "greedy"])
def test_the_tree_building_message_does_not_repeat_the_solver_name(solver):
    from core.bench.run import RunRequest
    from core.tipgame.bench import BENCH as TIPGAME, _prepare

    said: list[str] = []
    req = RunRequest("tipgame", solver, "English common 500", (("time_budget", 0.0),), 0, 0)
    _prepare(req, lambda done, total, text="": said.append(text))
    assert said and not any(f"{solver} tree" in s for s in said), said
