"""The progress bar's words: time left separated from the message, and a clock per phase."""
import pytest

import ui.progress as progress


@pytest.fixture
def bar_texts(monkeypatch):
    """The texts a progress bar is given, with st.progress replaced by a recorder."""
    texts = []

    class Bar:
        def progress(self, frac, text=""):
            texts.append(text)

        def empty(self):
            pass

    monkeypatch.setattr(progress.st, "progress", lambda frac, text="": Bar())
    return texts


def set_clock(monkeypatch, *times: float) -> None:
    """Make time.monotonic return these readings in turn."""
    clock = iter(times)
    monkeypatch.setattr(progress.time, "monotonic", lambda: next(clock))


def test_progress_text_separates_the_time_left_from_the_message(bar_texts, monkeypatch):
    set_clock(monkeypatch, 0.0, 5.0)
    report, _ = progress.streamlit_progress("best:")
    report(1, 2, "best mean 3.42")
    assert bar_texts == ["best: 1/2 · about 5 s left · best mean 3.42"]


def test_a_new_phase_of_the_bar_restarts_its_time_left_clock(bar_texts, monkeypatch):
    set_clock(monkeypatch, 0.0, 100.0, 100.0, 104.0)
    report, _ = progress.streamlit_progress("best:")
    report(1000, 1000, "clue models ready")  # fitting took 100 s
    report(0, 4, "puzzle 1")  # solving starts: a new clock
    report(1, 4, "puzzle 2")  # 4 s a puzzle, 3 left: 12 s (not the fitting's 100 s counted in)
    assert bar_texts[-1] == "best: 1/4 · about 12 s left · puzzle 2"
