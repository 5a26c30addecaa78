"""The `python -m core.bench wordle` CLI: options, JSON keys and plain errors."""
import json
import subprocess
from pathlib import Path

import pytest

from tests.cli import run_cli

ROOT = Path(__file__).resolve().parent.parent
KEYS = {"solver", "games", "mean_guesses", "max_guesses", "failures", "distribution", "first_guess", "seconds"}
WORDS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "heath", "dwarf",
         "model", "karma", "stink", "grade", "quiet", "bench", "abate", "feign"]


def bench(*args: str) -> subprocess.CompletedProcess:
    """Run the CLI."""
    return run_cli("wordle", *args, "--quiet")


@pytest.fixture()
def lists(tmp_path):
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(WORDS) + "\n")
    allowed = tmp_path / "allowed.txt"
    allowed.write_text("\n".join(WORDS[:-3] + ["salet", "crane"]) + "\n")
    return str(answers), str(allowed)


@pytest.mark.parametrize("rule,hard", [("standard", False), ("harsh", False), ("standard", True)])
def test_cli_reports_every_solver_with_the_issue_keys(lists, rule, hard):
    args = ["--answers", lists[0], "--allowed", lists[1], "--solver", "all", "--rule", rule, "--json"]
    out = bench(*args, *(["--hard"] if hard else []))
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout.strip().splitlines()[-1])
    assert doc["added_answers"] == 3
    assert [r["solver"] for r in doc["results"]] == ["positional", "entropy", "best"]
    for r in doc["results"]:
        assert KEYS <= set(r)
        assert r["games"] == len(WORDS) == sum(r["distribution"].values())
    best = doc["results"][-1]
    assert best["mean_guesses"] <= min(r["mean_guesses"] for r in doc["results"])
    assert best["tree"]["total"] == round(best["mean_guesses"] * len(WORDS))


def test_cli_first_guess_and_sample(lists):
    out = bench("--answers", lists[0], "--allowed", lists[1], "--solver", "entropy", "--solver", "best",
                "--first", "crane", "--games", "7", "--effort", "quick", "--json")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout.strip().splitlines()[-1])
    assert all(r["first_guess"] == "crane" and r["games"] == 7 for r in doc["results"])
    assert doc["effort"] == "quick"


def test_limit_is_the_spelling_and_games_its_older_alias(lists):
    rows = []
    for spelling in ("--limit", "--games"):  # --limit, as every game's command line says it; --games kept
        out = bench("--answers", lists[0], "--allowed", lists[1], "--solver", "positional", spelling, "5", "--seed",
                    "3", "--json")
        assert out.returncode == 0, out.stderr
        rows.append(json.loads(out.stdout.strip().splitlines()[-1])["results"][0])
    assert rows[0]["games"] == rows[1]["games"] == 5  # a sample of 5 of the 20 answers, not all of them
    assert rows[0]["mean_guesses"] == rows[1]["mean_guesses"] and rows[0]["distribution"] == rows[1]["distribution"]


@pytest.mark.parametrize("args,message", [
    (["--solver", "nonsense"], "unknown wordle solver"),
    (["--first", "zzzzz"], "not an allowed"),
    (["--answers", "/no/such/file.txt"], "neither a known list"),
])
def test_cli_bad_requests_exit_2_with_one_line(lists, args, message):
    out = bench("--answers", lists[0], "--allowed", lists[1], *args)
    if "--answers" in args:
        out = bench(*args)
    assert out.returncode == 2
    assert message in out.stderr and len(out.stderr.strip().splitlines()) == 1


def test_a_benchmark_run_reports_its_colourings_before_fitting(tmp_path):
    """The first run on a list works out every colouring with a moving bar, not behind 'fitting' at 0."""
    from core.bench.run import RunRequest, execute
    from core.bench.runner import Backend
    from core.wordle.bench import BENCH

    answers, allowed = tmp_path / "a.txt", tmp_path / "g.txt"
    answers.write_text("\n".join(WORDS[:7]) + "\n")
    allowed.write_text("\n".join(WORDS + ["zebra", "plumb"]) + "\n")  # lists no other test uses: nothing cached
    reports = []
    req = RunRequest("wordle", "positional", str(answers), (("allowed", str(allowed)),), 0, 0)
    execute(BENCH, req, Backend("serial"), lambda d, n, m="": reports.append((d, n, m)), reuse=False)
    fitting = next(i for i, r in enumerate(reports) if r[2].startswith("fitting"))
    colourings = [r for r in reports[:fitting] if r[1] == len(WORDS) + 2]  # one step per allowed guess
    assert colourings and colourings[-1][0] == colourings[-1][1], reports[:fitting]
