"""The list world's dev tool plays the benchmark's own samples and never the test sample (seed 0)."""
import pytest

from core.words import make_list, sample
from research.hangman import listworld


@pytest.fixture
def small_list(monkeypatch):
    words = make_list("small", [f"{a}{b}{c}" for a in "bcdfg" for b in "aeiou" for c in "lmnpr"], "test")
    monkeypatch.setattr("core.words.load_list", lambda name: words)
    return words


def test_dev_words_are_the_benchmarks_sample_for_that_seed(small_list):
    assert listworld.dev_words(1, 20) == sample(small_list, 20, 1)
    assert listworld.dev_words(1, 20) != sample(small_list, 20, 0)


def test_seed_zero_the_test_sample_is_refused(small_list):
    with pytest.raises(SystemExit):
        listworld.dev_words(0, 20)
