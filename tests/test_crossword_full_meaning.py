"""The full meaning model as a background upgrade: chunks of distinct clues, a build that resumes, keys, the bench flag."""
from __future__ import annotations

import json
import re
import time
from pathlib import Path

import numpy as np
import pytest

from core.bench.cli import main
from core.crossword import preparation
from core.crossword.knowledge import distil, fullencoder, fullmeaning, upgrade
from tests.test_crossword_bench import TRAIN, write_jsonl


def fake_vectors(texts) -> np.ndarray:
    """Unit vectors that depend only on each text (a stand-in for the model where the test counts its work)."""
    out = np.zeros((len(texts), fullencoder.WIDTH), np.float32)
    for i, t in enumerate(texts):
        out[i, sum(map(ord, t)) % fullencoder.WIDTH] = 1.0
    return out


@pytest.fixture
def store(tmp_path, monkeypatch):
    """An empty full-model store in a temporary cache."""
    monkeypatch.setenv("WORDLAB_CACHE", str(tmp_path / "cache"))
    fullmeaning.store_key.cache_clear()
    yield tmp_path
    fullmeaning.store_key.cache_clear()


@pytest.mark.parametrize("texts, size, chunks", [
    (["bb", "a", "ccc", "a", "dd"], 2, [["a", "bb"], ["dd", "ccc"]]),  # each distinct clue once, shortest first
    (["one clue"], 4096, [["one clue"]]),
    (["two\nlines", "x"], 2, [["x"]]),  # a text with a line break cannot be stored in a chunk
    ([], 8, []),
])
def test_the_plan_holds_each_distinct_clue_once_in_chunks_sorted_by_length(texts, size, chunks):
    assert fullmeaning.chunk_plan(texts, size) == chunks


def test_an_interrupted_build_resumes_from_the_chunks_it_saved(store, monkeypatch):
    texts = [f"clue number {i}" for i in range(10)] + ["clue number 3"]  # a repeated clue is encoded once
    encoded: list[str] = []

    def encode_then_stop(chunk):
        if len(encoded) >= 6:  # the build is stopped after three chunks of two
            raise KeyboardInterrupt
        encoded.extend(chunk)
        return fake_vectors(chunk)

    monkeypatch.setattr(fullencoder, "encode", encode_then_stop)
    with pytest.raises(KeyboardInterrupt):
        upgrade.build(texts, workers=1, chunk_size=2)
    assert len(encoded) == 6 and not fullmeaning.is_ready(texts)
    assert len(fullmeaning.missing_texts(texts)) == 4
    first = list(encoded)
    encoded.clear()
    monkeypatch.setattr(fullencoder, "encode", lambda chunk: encoded.extend(chunk) or fake_vectors(chunk))
    upgrade.build(texts, workers=1, chunk_size=2)
    assert sorted(encoded) == sorted(set(texts) - set(first))  # only the clues the first build had not saved
    assert fullmeaning.is_ready(texts)
    vectors = fullmeaning.text_vectors(texts)
    assert vectors.shape == (11, fullencoder.WIDTH)
    assert np.array_equal(vectors.astype(np.float32), fake_vectors(texts))  # each row is its own clue's, in order


def test_the_status_file_says_how_far_a_build_got(store, monkeypatch):
    texts = [f"clue {i}" for i in range(5)]
    monkeypatch.setattr(fullencoder, "encode", fake_vectors)
    path = upgrade.texts_path(texts)
    path.write_text("\n".join(texts), encoding="utf-8")
    before = upgrade.status(texts)
    assert (before.done, before.total, before.finished, before.running) == (0, 5, False, False)
    assert upgrade.locked_build(path, workers=1, nice=0)
    after = upgrade.status(texts)
    assert (after.done, after.fraction, after.finished) == (5, 1.0, True)


@pytest.mark.parametrize("change", ["model files", "archive clues"])
def test_the_keys_change_with_the_model_and_the_archive(store, monkeypatch, change):
    clues = ["dairy animal", "exist"]
    model_a, model_b = store / "model-a", store / "model-b"
    for folder, weights in ((model_a, b"weights one"), (model_b, b"weights two")):
        folder.mkdir()
        (folder / "model.safetensors").write_bytes(weights)
    monkeypatch.setattr(distil, "model_dir", lambda: model_a)
    key, path = fullmeaning.store_key(), fullmeaning.vectors_path(clues)
    fullmeaning.store_key.cache_clear()
    if change == "model files":
        monkeypatch.setattr(distil, "model_dir", lambda: model_b)
    else:
        clues = clues + ["camping shelter"]
    assert (fullmeaning.store_key() != key) is (change == "model files")
    assert fullmeaning.vectors_path(clues) != path


@pytest.mark.parametrize("flag, prepared, meaning", [
    ([], False, "static"),  # the default: the best one ready
    ([], True, "full"),
    (["--meaning", "static"], True, "static"),
    (["--meaning", "full"], False, "full"),  # prepared first, then used
])
def test_the_bench_reads_clues_with_the_meaning_source_asked_for(tmp_path, capsys, flag, prepared, meaning):
    # each case's archive holds a clue of its own, so its clue list is its own (the static table is shared)
    own = {**TRAIN, "date": "2000-01-05", "dow": "Wednesday",
           "clues": {**TRAIN["clues"], "across": [[1, f"Dairy animal, {flag} {prepared}"], *TRAIN["clues"]["across"][1:]]}}
    train = write_jsonl(tmp_path / "train.jsonl.gz", [TRAIN, {**TRAIN, "date": "2000-01-04", "dow": "Tuesday"}, own])
    test = write_jsonl(tmp_path / "test.jsonl.gz", [{**TRAIN, "date": "2011-01-03"}])
    if prepared:
        upgrade.build(preparation.training_table(Path(train), until="2010-12-31").clues, workers=1)
    code = main(["crossword", "--train", train, "--test", test, "--train-until", "2010-12-31", "--solver", "best",
                 "--guesser", "meaning", "--limit", "1", "--json", "--quiet", *flag])
    assert code == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["meaning"] == meaning
    assert out["results"][0]["letter_accuracy"] == 1.0


@pytest.mark.parametrize("asked, ready, source", [("static", True, "static"), ("full", False, "full"),
                                                  ("best", True, "full"), ("best", False, "static")])
def test_the_best_meaning_source_is_the_full_model_once_ready(monkeypatch, asked, ready, source):
    monkeypatch.setattr(fullmeaning, "is_ready", lambda clues: ready)
    assert preparation.chosen_meaning(asked, ["a clue"]) == source


def test_an_unknown_meaning_source_is_refused():
    with pytest.raises(ValueError, match="unknown meaning source"):
        preparation.chosen_meaning("psychic", ["a clue"])


def test_the_full_models_read_a_clue_with_the_full_model(store):
    from core.crossword.clues.guessers import meaning_vector
    from core.crossword.knowledge.meaning import clue_meaning

    table = preparation.training_table(Path(write_jsonl(store / "t.jsonl.gz", [TRAIN])), until="2010-12-31")
    models = preparation.fit_models(table, word2vec=False)
    upgrade.build(table.clues, workers=1)
    full = fullmeaning.with_full_meaning(models)
    assert fullmeaning.meaning_source(full) == "full" and fullmeaning.meaning_source(models) == "static"
    assert meaning_vector(full, "dairy animal").shape == (fullencoder.WIDTH,)
    assert np.array_equal(meaning_vector(models, "dairy animal"), clue_meaning("dairy animal"))
    row = table.clues.index("dairy animal")
    sims = full.meaning_by_length[3] @ meaning_vector(full, "dairy animal")
    assert sims.max() == pytest.approx(1.0, abs=2e-3)  # the stored vector of the same clue: cosine one
    assert full.table is models.table and full.tfidf is models.tfidf  # the fitted models are shared, not copied
    assert row >= 0


def upgrade_page(cache: str, solved: bool) -> None:
    """The upgrade panel alone, over a static database whose table holds four clues."""
    import os
    from pathlib import Path
    from types import SimpleNamespace

    import streamlit as st

    from ui.crossword.upgrade import upgrade_panel

    os.environ["WORDLAB_CACHE"] = cache
    clues = ("dairy animal", "exist", "camping shelter", "feline pet")
    static = SimpleNamespace(models=SimpleNamespace(table=SimpleNamespace(clues=clues)))
    if solved:
        st.session_state["cw_results"] = {"a solve": {}}
    upgrade_panel(Path("archive.jsonl.gz"), 0, static, True)


CLUES = ["dairy animal", "exist", "camping shelter", "feline pet"]


@pytest.mark.parametrize("state, bar, sidebar", [
    ("before the first solve", None, "After your first solve, the full meaning model"),
    ("being prepared", r"Preparing the full meaning model in the background: 2 of 4 archive clues read · "
                       r"about (\d+–)?\d+ (s|min) left", None),
    ("ready", None, "The full meaning model is ready"),
])
def test_the_page_shows_one_bar_while_the_upgrade_is_prepared_and_offers_it_when_ready(store, monkeypatch, state,
                                                                                      bar, sidebar):
    import fcntl

    from streamlit.testing.v1 import AppTest

    monkeypatch.setattr(fullencoder, "encode", fake_vectors)
    holder = None
    if state == "being prepared":  # a builder holds the lock and has read two clues of four
        fullmeaning.save_chunk(fullmeaning.store_folder(), CLUES[:2], fake_vectors(CLUES[:2]))
        upgrade.write_status(upgrade.status_path(upgrade.texts_path(CLUES)),
                             {"total": 4, "done": 2, "samples": [[time.time() - 120, 0.0], [time.time() - 20, 0.5]]})
        holder = upgrade.lock_path().open("a")
        fcntl.flock(holder, fcntl.LOCK_EX | fcntl.LOCK_NB)
    elif state == "ready":
        upgrade.build(CLUES, workers=1)
    try:
        at = AppTest.from_function(upgrade_page, default_timeout=60,
                                   kwargs={"cache": str(store / "cache"), "solved": state != "before the first solve"})
        at.run()
    finally:
        if holder is not None:
            holder.close()
    assert not at.exception
    bars = [el.proto.text for el in at.get("progress")]
    assert len(bars) == (1 if bar else 0)
    assert all(re.fullmatch(bar, text) for text in bars), bars
    texts = [el.value for el in [*at.sidebar.caption, *at.sidebar.success]]
    assert any(sidebar in t for t in texts) is (sidebar is not None)
    assert [b.label for b in at.sidebar.button] == (["Use the full meaning model"] if state == "ready" else [])


@pytest.mark.parametrize("setting, starts", [("1", True), ("0", False)])
def test_the_first_solve_starts_the_builder_unless_the_setting_turns_it_off(store, monkeypatch, setting, starts):
    from streamlit.testing.v1 import AppTest

    started: list[tuple] = []
    monkeypatch.setattr(upgrade, "start_background", lambda clues: started.append(tuple(clues)) or True)
    monkeypatch.setenv("WORDLAB_CW_UPGRADE", setting)
    at = AppTest.from_function(upgrade_page, default_timeout=60, kwargs={"cache": str(store / "cache"), "solved": True})
    at.run()
    assert not at.exception
    assert bool(started) is starts
    assert all(clues == tuple(CLUES) for clues in started)
