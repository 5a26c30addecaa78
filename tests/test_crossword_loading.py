"""Clue databases prepared in the background: an honest time left, and the models or the reason they failed."""
import threading

import pytest

from ui.crossword.loading import Preparation, TimeLeft, time_left_words


def test_the_time_left_never_grows_past_its_own_estimate():
    clock = TimeLeft()
    # (share done, seconds elapsed): a slow stage after a quick one makes the naive estimate jump up at t=40
    steps = [(0.5, 10.0), (0.55, 40.0), (0.6, 60.0), (0.9, 62.0), (0.95, 200.0)]
    shown = [clock.update(f, t, t) for f, t in steps]
    assert shown[0] == pytest.approx(10.0)  # 10 s for half: 10 s more
    assert shown[1] == pytest.approx(0.0)  # naive 32.7 s, but 10 s were promised 30 s ago
    assert all(b <= a + 1e-9 for a, b in zip(shown, shown[1:]))


@pytest.mark.parametrize("fraction, expected", [(0.0, None), (0.01, None), (1.0, 0.0)])
def test_no_guess_before_there_is_anything_to_go_on_and_none_left_at_the_end(fraction, expected):
    assert TimeLeft().update(fraction, 5.0, 5.0) == expected


def test_a_lower_estimate_is_shown_as_it_is():
    clock = TimeLeft()
    assert clock.update(0.1, 10.0, 10.0) == pytest.approx(90.0)
    assert clock.update(0.5, 12.0, 12.0) == pytest.approx(12.0)  # faster than thought: the lower one


@pytest.mark.parametrize("seconds, words", [(None, "estimating the time left"), (0.2, "taking longer than estimated"),
                                            (42.4, "about 42 s left"), (600.0, "about 10 min left")])
def test_time_left_in_words(seconds, words):
    assert time_left_words(seconds).startswith(words)


def test_a_preparation_reports_its_progress_then_holds_its_models():
    release = threading.Event()

    def build(progress):
        progress(250, 1000, "reading clues")
        release.wait(30)
        return "models"

    prep = Preparation("a test database", build)
    while prep.status()[0] < 0.25:
        prep.thread.join(0.01)
    fraction, text = prep.status()
    assert fraction == 0.25 and not prep.ready
    assert text.startswith("Preparing a test database: reading clues · ")
    release.set()
    prep.thread.join(30)
    assert prep.ready and prep.models == "models" and not prep.error


@pytest.mark.parametrize("build, says", [(lambda p: 1 / 0, "ZeroDivisionError: division by zero"),
                                         (lambda p: None, "nothing was built")])
def test_a_failed_preparation_says_why_and_is_never_ready(build, says):
    prep = Preparation("a broken database", build)
    prep.thread.join(30)
    assert not prep.ready and prep.error == says
