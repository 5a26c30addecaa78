"""The benchmark CLI contract: help, unknown games and bad files exit 2 with a one-line reason."""
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli import run_cli

ROOT = Path(__file__).resolve().parent.parent


def bench(*args: str) -> subprocess.CompletedProcess:
    return run_cli(*args)


def test_the_real_entry_point_runs_a_tiny_benchmark(tmp_path):
    words = tmp_path / "w.txt"
    words.write_text("cat\ndog\nbird\nfish\ncow\nhen\n")
    out = subprocess.run([sys.executable, "-m", "core.bench", "hangman", "--train", str(words), "--in-dictionary",
                          "--strategy", "frequency", "--json", "--quiet"], cwd=ROOT, capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    assert '"games": 6' in out.stdout.strip().splitlines()[-1]


def test_help_lists_the_games():
    out = bench("--help")
    assert out.returncode == 0
    for game in ("hangman", "wordle", "tipgame", "crossword"):
        assert game in out.stdout


def test_unknown_game_exits_2_with_one_line_reason():
    out = bench("chess", "--json")
    assert out.returncode == 2
    assert out.stderr.strip().count("\n") == 0 and "unknown game" in out.stderr
    assert "Traceback" not in out.stderr


def test_no_game_prints_help_and_exits_2():
    out = bench()
    assert out.returncode == 2


@pytest.mark.parametrize("game, flag", [("hangman", "--train"), ("wordle", "--answers"), ("tipgame", "--words"),
                                        ("crossword", "--train")])
def test_missing_file_exits_2_without_traceback(game, flag, tmp_path):
    out = bench(game, flag, str(tmp_path / "nope.txt"), "--json", "--quiet")
    assert out.returncode == 2, out.stderr
    assert "Traceback" not in out.stderr and out.stderr.strip().count("\n") == 0


@pytest.mark.parametrize("game, flag", [("hangman", "--train"), ("wordle", "--answers"), ("tipgame", "--words")])
def test_malformed_list_exits_2_without_traceback(game, flag, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\x00\x01\x02binary")
    out = bench(game, flag, str(bad), "--json", "--quiet")
    assert out.returncode == 2, out.stderr
    assert "binary" in out.stderr and "Traceback" not in out.stderr
