"""The meaning table is distilled once when two builders start together (test workers, two browser sessions)."""
import threading

import numpy as np

from core.crossword.knowledge import distil
def test_a_second_builder_waits_for_the_first_and_reads_its_table(tmp_path, monkeypatch):
    monkeypatch.setattr(distil, "table_path", lambda: tmp_path / "pieces.npy")
    runs, entered, release = [], threading.Event(), threading.Event()

    def table(progress=None):
        runs.append(threading.current_thread().name)
        entered.set()
        release.wait(30)
        return np.ones((3, 2), np.float16), ["kegger"]

    monkeypatch.setattr(distil, "make_table", table)
    first = threading.Thread(target=distil.build_table, name="first")
    first.start()
    assert entered.wait(30)
    second = threading.Thread(target=distil.build_table, name="second")
    second.start()
    second.join(2)  # without the lock the second builder distils too, at once
    assert runs == ["first"] and second.is_alive()  # it waits at the lock
    release.set()
    first.join(30)
    second.join(30)
    assert runs == ["first"]
    assert np.load(tmp_path / "pieces.npy").shape == (3, 2)
    assert distil.words_path().read_text() == '["kegger"]'  # the word list is stored beside the table
