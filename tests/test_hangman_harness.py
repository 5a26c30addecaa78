"""The hangman harness: records replay through the rules, benchmarks count honestly, jobs agree."""
import pandas as pd
import pytest

from core.bench.runner import Backend, Job, run_job
from core.hangman.bench import RECORD_COLUMNS, play_hangman, summarise
from core.hangman.harness import check_game, play
from core.hangman.rules import guess
from core.hangman.solvers import SOLVERS

WORDS = ["apple", "ample", "angle", "ankle", "table", "title", "hello", "jelly", "belly", "berry", "ferry", "merry",
         "cat", "dog", "bird", "house", "mouse", "horse", "zebra", "quiz"]


def play_words(solver, words, max_wrong, jobs=1) -> pd.DataFrame:
    """A solver's games as the benchmark plays them (its item function on the runner `execute` uses)."""
    job = Job((solver, max_wrong), tuple(words), play_hangman, "hangman test")
    backend = Backend("serial" if jobs <= 1 else "local", jobs=jobs)
    return pd.DataFrame.from_records(run_job(job, backend), columns=list(RECORD_COLUMNS))


@pytest.fixture(scope="module")
def best():
    return SOLVERS.create("best").fit(WORDS)


def test_play_records_every_step_with_the_scores_it_chose_by(best):
    record = play(best, "horse", 6, record_scores=True)
    assert record.steps and record.won
    for step in record.steps:
        assert step.letter == max(step.scores, key=step.scores.__getitem__)
    assert check_game(record)


def test_a_tampered_record_fails_the_replay_check(best):
    record = play(best, "horse", 6)
    forged = type(record)("house", record.steps, record.final)
    assert not check_game(forged)


def test_replaying_a_benchmark_game_gives_its_recorded_outcome(best):
    records = play_words(best, ["zebra", "quiz", "apple"], 3)
    assert list(records["item"]) == ["zebra", "quiz", "apple"]
    for word, won in zip(records["item"], records["win"]):
        assert play(best, word, 3).won == won


def test_benchmark_counts_wins_misses_and_lengths():
    records = pd.DataFrame([("ab", 2, True, 1, 3, 0.01, 0.01), ("abc", 3, False, 6, 9, 0.02, 0.02),
                            ("abd", 3, True, 0, 3, 0.01, 0.01)], columns=list(RECORD_COLUMNS))
    d = summarise(records)
    assert (d["games"], d["wins"], d["win_rate"]) == (3, 2, round(2 / 3, 4))
    assert d["by_length"] == {"2": 1.0, "3": 0.5}
    assert d["mean_misses"] == round(7 / 3, 3)
    assert d["misses_histogram"] == {"0": 1, "1": 1, "6": 1}
    assert d["hardest_lost"] == ["abc"]
    assert d["ms_per_guess"] == round(1000 * 0.04 / 15, 3)


def test_no_games_summarise_to_zeros_not_an_error():
    d = summarise(pd.DataFrame(columns=list(RECORD_COLUMNS)))
    assert (d["games"], d["wins"], d["win_rate"], d["mean_misses"], d["hardest_lost"]) == (0, 0, 0.0, 0.0, [])


def test_worker_processes_give_the_same_games_as_one_process(best):
    secrets = WORDS * 3
    cols = ["item", "win", "misses", "guesses"]
    one = play_words(best, secrets, 6, jobs=1)
    two = play_words(best, secrets, 6, jobs=2)
    assert one[cols].equals(two[cols]) and len(one) == len(secrets)


class Scripted:
    """A solver that tries letters in a fixed order (so where the first miss falls is known)."""

    name = "scripted"

    def __init__(self, letters: str) -> None:
        self.letters = letters

    def choose(self, state):
        return next((c for c in self.letters if c not in state.guessed), None)


@pytest.mark.parametrize("letters, word, won, steps", [
    ("eaiou", "quiz", False, 1),      # the first guess misses: the game is lost right there
    ("uqeiz", "quiz", False, 3),      # two hits, then the first miss ends it
    ("quiz", "quiz", True, 4),        # no miss at all: won
])
def test_the_budget_of_one_miss_loses_at_the_first_miss(letters, word, won, steps):
    record = play(Scripted(letters), word, 1)
    assert (record.won, len(record.steps), record.misses) == (won, steps, 0 if won else 1)
    state = record.steps[0].before
    for step in record.steps:
        state = guess(state, word, step.letter)
    assert state == record.final
