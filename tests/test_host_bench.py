"""`python -m core.bench <game> --against-host`: each solver plays the cheating host, and the figures are its games."""
import json

import pytest

from core.hangman.adversary import play_against_host
from core.hangman.solvers import SOLVERS as HANGMAN
from core.wordle.adversary import play_host, replay_against_host
from core.wordle.harness import make_setup
from core.wordle.solvers import SOLVERS as WORDLE
from tests.cli import run_cli

WORDS = ["cat", "bat", "hat", "mat", "rat", "sat", "dog", "dig", "cod", "log", "tree", "free", "tram", "trim",
         "bake", "cake", "lake", "make"]
ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "heath",
           "dwarf", "model", "karma", "stink", "grade", "quiet", "bench", "abate", "feign"]


def last_json(out) -> dict:
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.fixture
def hangman_list(tmp_path):
    p = tmp_path / "host.txt"
    p.write_text("\n".join(WORDS) + "\n")
    return p


@pytest.fixture
def wordle_list(tmp_path):
    p = tmp_path / "answers.txt"
    p.write_text("\n".join(ANSWERS) + "\n")
    return p


def test_hangman_host_benchmark_reports_the_misses_of_one_game_per_length(hangman_list):
    doc = last_json(run_cli("hangman", "--train", str(hangman_list), "--against-host", "--lengths", "3-4",
                            "--strategy", "frequency", "--strategy", "candidates", "--json", "--quiet"))
    for row in doc["results"]:
        solver = HANGMAN.create(row["strategy"]).fit(WORDS)
        expected = {str(n): play_against_host(solver, WORDS, n).misses for n in (3, 4)}
        assert {str(k): v for k, v in row["misses_by_length"].items()} == expected
        assert row["total_misses"] == sum(expected.values()) and row["games"] == 2


@pytest.mark.parametrize("lengths", ["x", "3-", "9"])
def test_hangman_host_benchmark_refuses_lengths_it_cannot_play(hangman_list, lengths):
    out = run_cli("hangman", "--train", str(hangman_list), "--against-host", "--lengths", lengths, "--quiet")
    assert out.returncode == 2 and ("lengths" in out.stderr or "no word" in out.stderr), out.stderr


def test_wordle_host_benchmark_replays_through_the_rules(wordle_list):
    doc = last_json(run_cli("wordle", "--answers", str(wordle_list), "--against-host", "--solver", "entropy",
                            "--json", "--quiet"))
    row = doc["results"][0]
    guesses = row["host_game"].split()
    assert row["mean_guesses"] == len(guesses) and row["games"] == 1
    setup = make_setup(ANSWERS, ANSWERS)
    feedbacks, won = replay_against_host(guesses, setup)
    assert won and len(feedbacks) == len(guesses)
    assert tuple(guesses) == play_host(WORDLE.create("entropy").fit(setup), setup).guesses
