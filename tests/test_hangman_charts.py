"""Hangman figures: the letter chart says what its bars are; word-length ticks never crowd."""
import pytest

from core.hangman.charts import hangman_figure, length_tick_step, letter_bars, win_rate_by_length, wrap
from core.hangman.harness import BenchmarkResult, GameSummary


@pytest.mark.parametrize("lengths, step", [([], 1), ([3, 4, 5, 10], 1), (list(range(1, 13)), 1), (list(range(2, 25)), 2),
                                           (list(range(1, 30)), 5), ([1, 60], 5), ([1, 200], 20)])
def test_length_ticks_show_at_most_about_twelve_labels(lengths, step):
    assert length_tick_step(lengths) == step


def test_win_rate_by_length_on_a_wide_range_of_lengths_spaces_its_labels():
    games = tuple(GameSummary("a" * n, n % 2 == 0, 1, 5, 0.0) for n in range(2, 30))
    fig = win_rate_by_length([BenchmarkResult("best", games, 1.0)])
    axis = fig.layout.xaxis
    assert axis.dtick == 5 and axis.tickangle == 0 and axis.title.text == "letters in the word"


def test_letter_bars_name_what_the_bars_are_and_both_strategies():
    fig = letter_bars({"e": 0.9, "a": 0.5}, "best", "chance this letter is in the word", {"e": 0.8, "a": 0.6},
                      "frequency: share of the words that still fit containing this letter", chosen="e")
    names = [t.name for t in fig.data]
    assert names == ["best: chance this letter is in the word", "frequency: share of the words that still fit containing this letter"]
    assert list(fig.data[0].x) == ["E", "A"] and fig.data[0].marker.color[0] != fig.data[0].marker.color[1]
    assert "chance this letter" in fig.layout.yaxis.title.text and fig.layout.yaxis.tickformat == ".0%"


def test_wrap_breaks_long_axis_titles():
    assert wrap("chance this letter is in the word", 20) == "chance this letter<br>is in the word"


def test_gallows_title_counts_misses():
    assert hangman_figure(1, 6).layout.title.text == "1 of 6 misses"
