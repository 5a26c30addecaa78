"""Hangman figures: the letter chart says what its bars are; long axis titles wrap."""
from core.hangman.charts import hangman_figure, letter_bars, wrap


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
