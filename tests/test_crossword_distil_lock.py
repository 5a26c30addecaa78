"""The meaning table is distilled once when two builders start together (test workers, two browser sessions)."""
import threading

import numpy as np

from core.crossword import distil


def test_a_second_builder_waits_for_the_first_and_reads_its_table(tmp_path, monkeypatch):
    monkeypatch.setattr(distil, "table_path", lambda: tmp_path / "pieces.npy")
    monkeypatch.setattr(distil, "tokenizer", lambda: type("Tok", (), {"get_vocab": lambda self: {}})())
    monkeypatch.setattr(distil, "distil", lambda outputs, vocab: outputs.astype(np.float16))
    runs, entered, release = [], threading.Event(), threading.Event()

    def outputs(progress=None):
        runs.append(threading.current_thread().name)
        entered.set()
        release.wait(30)
        return np.ones((3, 2), np.float32)

    monkeypatch.setattr(distil, "piece_outputs", outputs)
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
