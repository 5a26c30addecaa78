"""The hangman harness: records replay through the rules, benchmarks count honestly, jobs agree."""
import pytest

from core.hangman.harness import BenchmarkResult, GameSummary, check_game, play, run_benchmark
from core.hangman.rules import guess
from core.hangman.solvers import REG

WORDS = ["apple", "ample", "angle", "ankle", "table", "title", "hello", "jelly", "belly", "berry", "ferry", "merry",
         "cat", "dog", "bird", "house", "mouse", "horse", "zebra", "quiz"]


@pytest.fixture(scope="module")
def best():
    return REG.create("best").fit(WORDS)


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
    result = run_benchmark(best, ["zebra", "quiz", "apple"], 3)
    for g in result.games:
        assert play(best, g.word, 3).won == g.won


def test_benchmark_counts_wins_misses_and_lengths():
    r = BenchmarkResult("x", (GameSummary("ab", True, 1, 3, 0.01), GameSummary("abc", False, 6, 9, 0.02),
                              GameSummary("abd", True, 0, 3, 0.01)), 1.0)
    d = r.as_dict()
    assert (d["games"], d["wins"], d["win_rate"]) == (3, 2, round(2 / 3, 4))
    assert d["by_length"] == {"2": 1.0, "3": 0.5}
    assert d["mean_misses"] == round(7 / 3, 3)
    assert d["misses_histogram"] == {"0": 1, "1": 1, "6": 1}
    assert [g.word for g in r.hardest_lost()] == ["abc"]
    for key in ("strategy", "games", "wins", "win_rate", "mean_misses", "ms_per_guess", "seconds", "by_length"):
        assert key in d


def test_worker_processes_give_the_same_games_as_one_process(best):
    secrets = WORDS * 3
    one = run_benchmark(best, secrets, 6, jobs=1)
    two = run_benchmark(best, secrets, 6, jobs=2)
    assert [(g.word, g.won, g.misses) for g in one.games] == [(g.word, g.won, g.misses) for g in two.games]


def test_the_budget_of_one_miss_loses_at_the_first_miss(best):
    record = play(best, "kkkk", 1)  # best opens a four-letter word with a common letter: a miss, and the game is over
    assert record.final.lost and not record.won and record.misses == 1 and record.guesses == 1
    assert not record.steps[0].hit
    state = record.steps[0].before
    for step in record.steps:
        state = guess(state, "kkkk", step.letter)
    assert state == record.final
