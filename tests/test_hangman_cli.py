"""The hangman benchmark CLI: exit codes for bad requests and the JSON keys per strategy."""
import json
from pathlib import Path

import pytest

from tests.cli import run_cli

ROOT = Path(__file__).resolve().parent.parent
WORDS = ["apple", "ample", "angle", "ankle", "table", "title", "hello", "jelly", "belly", "berry", "ferry", "merry",
         "cat", "dog", "bird", "house", "mouse", "horse", "zebra", "quiz", "lemon", "melon", "water", "later"]
KEYS = {"strategy", "games", "wins", "win_rate", "mean_misses", "ms_per_guess", "seconds", "by_length"}


def cli(*args, tmp_path):
    return run_cli("hangman", *args, "--quiet", env={"WORDLAB_CACHE": str(tmp_path / "cache")})


@pytest.fixture
def files(tmp_path):
    train = tmp_path / "train.txt"
    train.write_text("\n".join(WORDS) + "\n")
    test = tmp_path / "test.txt"
    test.write_text("apple\nlemon\nquick\nzesty\n")
    return train, test


def test_json_has_the_keys_per_strategy(files, tmp_path):
    train, test = files
    out = cli("--train", str(train), "--test", str(test), "--strategy", "frequency", "--strategy", "best",
              "--games", "3", "--json", tmp_path=tmp_path)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout.strip().splitlines()[-1])
    assert [r["strategy"] for r in data["results"]] == ["frequency", "best"]
    for r in data["results"]:
        assert KEYS <= set(r)
        assert r["games"] == 3


def test_exclude_train_drops_test_words_that_are_in_the_training_list(files, tmp_path):
    train, test = files
    out = cli("--train", str(train), "--test", str(test), "--exclude-train", "--strategy", "frequency", "--json", tmp_path=tmp_path)
    data = json.loads(out.stdout.strip().splitlines()[-1])
    assert data["test_words"] == 2 and data["results"][0]["games"] == 2


def test_test_fraction_splits_the_training_list(files, tmp_path):
    train, _ = files
    out = cli("--train", str(train), "--test-fraction", "0.25", "--seed", "3", "--strategy", "candidates", "--json", tmp_path=tmp_path)
    data = json.loads(out.stdout.strip().splitlines()[-1])
    assert data["train_words"] == 18 and data["results"][0]["games"] == 6


@pytest.mark.parametrize("args, fragment", [
    (["--strategy", "nope"], "unknown hangman solver"),
    (["--train", "/no/such/file.txt"], "neither a known list nor a file"),
    (["--max-wrong", "0"], "--max-wrong"),
    (["--games", "0"], "--games"),
])
def test_bad_requests_exit_2_with_one_line(files, tmp_path, args, fragment):
    train, test = files
    base = ["--train", str(train), "--test", str(test)]
    out = cli(*(base + args), tmp_path=tmp_path)
    assert out.returncode == 2
    assert fragment in out.stderr and len(out.stderr.strip().splitlines()) == 1


def test_solver_and_limit_are_the_spellings_and_strategy_and_games_their_aliases(files, tmp_path):
    train, test = files
    new = cli("--train", str(train), "--test", str(test), "--solver", "frequency", "--limit", "2", "--json", tmp_path=tmp_path)
    old = cli("--train", str(train), "--test", str(test), "--strategy", "frequency", "--games", "2", "--json", tmp_path=tmp_path)
    assert new.returncode == old.returncode == 0, new.stderr + old.stderr
    a, b = (json.loads(o.stdout.strip().splitlines()[-1])["results"][0] for o in (new, old))
    assert a["strategy"] == b["strategy"] == "frequency" and a["games"] == b["games"] == 2


@pytest.mark.parametrize("world, played", [("person", {"best": "person", "frequency": "list"}),
                                           ("list", {"best": "list", "frequency": "list"}),
                                           ("unseen", {"best": "unseen", "frequency": "list"})])
def test_world_is_passed_to_the_solvers_that_model_it_and_reported(files, tmp_path, world, played):
    train, test = files
    out = cli("--train", str(train), "--test", str(test), "--solver", "best", "--solver", "frequency", "--limit", "2",
              "--world", world, "--json", tmp_path=tmp_path)
    assert out.returncode == 0, out.stderr
    rows = json.loads(out.stdout.strip().splitlines()[-1])["results"]
    assert {r["strategy"]: r["world"] for r in rows} == played


def test_the_default_world_is_the_mix_so_earlier_figures_keep_their_meaning(files, tmp_path):
    train, test = files
    out = cli("--train", str(train), "--test", str(test), "--solver", "best", "--limit", "2", "--json", tmp_path=tmp_path)
    assert json.loads(out.stdout.strip().splitlines()[-1])["results"][0]["world"] == "mixed"


def test_an_unknown_world_exits_2(files, tmp_path):
    train, test = files
    out = cli("--train", str(train), "--test", str(test), "--world", "moon", tmp_path=tmp_path)
    assert out.returncode == 2 and "--world" in out.stderr
