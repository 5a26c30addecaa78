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
