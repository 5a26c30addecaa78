"""The quick look-up: the same answers and chances as the full path, without scikit-learn, and book tables read from
the cache in every process (not rebuilt because a set was written in a process's own order)."""
from __future__ import annotations

import os
import pickle
import subprocess
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from core.crossword.knowledge.table import clue_table, normalise_clue, puzzle_pairs
from core.crossword.lookup import look_up
from core.crossword.knowledge.models import fit_models
from core.crossword.readers import puzzle_from_record
from core.crossword.knowledge.termvectors import (TermCounter, light_vectorizer, saved_vectorizer, saved_word_vectors,
                                                  snapshot_path)
from tests.test_crossword_core import TINY

ROOT = Path(__file__).resolve().parent.parent
TOKENS = r"[a-z0-9]+|___"
CORPUS = ["feline pet", "dairy animal", "camping shelter", "mined rock", "benign skin cyst", "exist",
          "not early", "late late show", "organ that pumps blood", "largest planet in the solar system",
          "capital of france", "opera solo", "dutch ___ disease", "squad leader abbr", "pet pet pet cat"]
# clues the look-up gets: known words, unknown words, repeats, pairs, blanks, capitals, accents, digits, nothing
CLUES = ["capital of france", "Not early", "tardy", "Organ that pumps blood", "Largest planet", "pet pet pet",
         "Dutch ___ disease", "ÉTÉ in Paris", "Route 66", "", "zzz qqq", "feline pet of the dairy animal"]
# the clues (a look-up's answers and chances on the real models must not change)
REAL = [("Capital of France", "_____"), ("Not early", "L___"), ("Tardy", "____"), ("Organ that pumps blood", "_____"),
        ("Largest planet", "_______")]


def sklearn_index():
    """scikit-learn's TF-IDF index as the models fit it, on a small corpus."""
    from sklearn.feature_extraction.text import TfidfVectorizer

    return TfidfVectorizer(token_pattern=TOKENS, ngram_range=(1, 2), min_df=1, sublinear_tf=True,
                           dtype=np.float32).fit(CORPUS)


def same_matrix(a, b) -> bool:
    """Two sparse matrices with the same shape, the same cells and bit-for-bit the same values."""
    return (a.shape == b.shape and np.array_equal(a.indptr, b.indptr) and np.array_equal(a.indices, b.indices)
            and a.data.dtype == b.data.dtype and a.data.tobytes() == b.data.tobytes())


@pytest.mark.parametrize("clue", CLUES)
def test_the_numpy_index_gives_scikit_learns_numbers_bit_for_bit(clue):
    fitted = sklearn_index()
    assert same_matrix(light_vectorizer(fitted).transform([clue]), fitted.transform([clue]))


@pytest.mark.parametrize("clue", CLUES)
def test_the_numpy_counter_gives_scikit_learns_counts(clue):
    from sklearn.feature_extraction.text import CountVectorizer

    vocabulary = CountVectorizer(token_pattern=TOKENS).fit(CORPUS).vocabulary_
    theirs = CountVectorizer(token_pattern=TOKENS, vocabulary=vocabulary, dtype=np.float32).transform([clue])
    assert same_matrix(TermCounter(vocabulary, TOKENS).transform([clue]), theirs)


def test_several_clues_at_once_give_each_clues_row():
    fitted = sklearn_index()
    assert same_matrix(light_vectorizer(fitted).transform(CLUES), fitted.transform(CLUES))


def test_an_index_fitted_otherwise_is_refused_not_misapplied():
    from sklearn.feature_extraction.text import TfidfVectorizer

    plain_tf = TfidfVectorizer(token_pattern=TOKENS, sublinear_tf=False).fit(CORPUS)
    with pytest.raises(ValueError, match="sublinear"):
        light_vectorizer(plain_tf)


def test_the_snapshot_is_written_once_and_read_back_the_same(tmp_path):
    fitted = sklearn_index()
    with (tmp_path / "tfidf.pickle").open("wb") as fh:
        pickle.dump(fitted, fh)
    first = saved_vectorizer(tmp_path)
    assert snapshot_path(tmp_path).exists()
    (tmp_path / "tfidf.pickle").unlink()  # the second read needs only the snapshot
    second = saved_vectorizer(tmp_path)
    assert second.vocabulary_ == fitted.vocabulary_
    for clue in CLUES:
        assert same_matrix(second.transform([clue]), first.transform([clue]))


@pytest.fixture(scope="module")
def tiny_models():
    """Models on the tiny puzzle's clues plus decoys (no cache, no Word2Vec): scikit-learn's index (the full path)."""
    pairs = puzzle_pairs([puzzle_from_record(TINY)]) * 3 + [(normalise_clue("Feline pet"), "CUB"),
                                                             (normalise_clue("Region"), "AREA"),
                                                             (normalise_clue("Not early"), "LATE"),
                                                             (normalise_clue("Tardy"), "LATE")]
    return fit_models(clue_table(pairs), use_cache=False, word2vec=False, extra_words=False)


@pytest.mark.parametrize("clue, pattern", [("Feline pet", "___"), ("Feline pet", "__B"), ("Not early", "L___"),
                                           ("Tardy", "____"), ("Dairy animal", "___"), ("Camping shelter", "T___"),
                                           ("Largest planet", "_______"), ("", "T__T")])
def test_the_quick_path_ranks_and_chances_as_the_full_path(tiny_models, clue, pattern):
    quick = replace(tiny_models, vectorizer=light_vectorizer(tiny_models.vectorizer))
    assert look_up(quick, clue, pattern) == look_up(tiny_models, clue, pattern)


def run_python(code: str, env: dict) -> subprocess.CompletedProcess:
    """A fresh interpreter running `code` from the repo root."""
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=600)


FIT = """
from core.crossword.knowledge.table import clue_table, normalise_clue
from core.crossword.knowledge.models import fit_models
pairs = [(normalise_clue(c), a) for c, a in [("Feline pet", "CAT"), ("Not early", "LATE"), ("Tardy", "LATE")]]
models = fit_models(clue_table(pairs), extra_words=False)
"""


def test_a_look_up_on_saved_models_never_imports_scikit_learn_or_gensim(tmp_path):
    env = dict(os.environ, WORDLAB_CACHE=str(tmp_path))
    first = run_python(FIT + "models.answer_docs\n", env)  # fits and saves (scikit-learn fits the index)
    assert first.returncode == 0, first.stderr
    ask = FIT + ("import sys\n"
                 "print(models.vectorizer.transform(['tardy']).nnz, models.answer_docs.clue_counts('tardy').nnz,"
                 " 'sklearn' in sys.modules, 'gensim' in sys.modules)\n")  # the indexes a look-up applies
    done = run_python(ask, env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["1", "1", "False", "False"]


def test_book_tables_have_one_key_in_every_process():
    code = "from core.crossword.clues.references import table_path; print(table_path('moby-thesaurus').name)"
    names = {run_python(code, dict(os.environ, PYTHONHASHSEED=seed)).stdout for seed in ("1", "2", "3")}
    assert len(names) == 1 and names != {""}


def full_path(models):
    """The same models with scikit-learn's index and counter (how every look-up ran before 2026-11-29)."""
    from sklearn.feature_extraction.text import CountVectorizer

    with (models.folder / "tfidf.pickle").open("rb") as fh:
        full = replace(models, vectorizer=pickle.load(fh))
    docs = full.answer_docs
    docs.vectorizer = CountVectorizer(token_pattern=TOKENS, vocabulary=docs.vectorizer.vocabulary, dtype=np.float32)
    return full


@pytest.mark.slow
@pytest.mark.parametrize("clues", ["packaged", "archive"])
def test_the_real_look_up_answers_as_the_full_path(clues):
    from core.crossword.data import archive_path
    from core.crossword.lookup import load_models

    if clues == "archive" and archive_path() is None:
        pytest.skip("the development data is not on this machine")
    quick = load_models(clues)
    full = full_path(quick)
    for clue, pattern in REAL:
        assert look_up(quick, clue, pattern) == look_up(full, clue, pattern), clue


def test_word_vectors_read_without_gensim_give_gensims_rows(tmp_path):
    from gensim.models import Word2Vec

    sentences = [c.split() for c in CORPUS] * 5
    keyed = Word2Vec(sentences=sentences, vector_size=8, min_count=1, workers=1, epochs=2, seed=1).wv
    keyed.save(str(tmp_path / "w2v.kv"))
    light = saved_word_vectors(tmp_path)  # written from gensim's file once
    again = saved_word_vectors(tmp_path)  # then read from the snapshot
    assert light.key_to_index == again.key_to_index == keyed.key_to_index and light.vector_size == keyed.vector_size
    for word in ("pet", "planet", "___", "capital"):
        assert again[word].tobytes() == keyed[word].tobytes() and (word in again) == (word in keyed.key_to_index)
    assert "zzz" not in again
    with pytest.raises(KeyError):
        again["zzz"]


def test_the_lookup_timing_reports_the_warm_runs_medians_apart_from_the_first(monkeypatch):
    import json

    from core.crossword import lookup_timing
    from tests.cli import run_cli

    made = []

    def fake_run(command):
        made.append(command)
        n = len(made)  # the first run (cache filling) is the slowest; warm runs cost n tenths
        return {"exit_code": 0, "wall_s": 60.0 if n == 1 else n / 10, "user_s": 1.0, "system_s": 0.5,
                "cpu_s": 1.5 if n > 1 else 50.0, "peak_rss_mb": 100 * n}

    monkeypatch.setattr(lookup_timing, "timed_run", fake_run)
    done = run_cli("crossword", "--lookup-runs", "3", "--clues", "packaged", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.splitlines()[-1])
    assert (report["runs"], report["median_wall_s"], report["median_cpu_s"], report["max_peak_rss_mb"]) == (3, 0.3, 1.5,
                                                                                                          400)
    assert report["first"]["wall_s"] == 60.0 and [r["clue"] for r in report["warm"]] == [
        "Capital of France", "Not early", "Tardy"]
    assert all(c[c.index("--clues") + 1] == "packaged" and "core.crossword.lookup" in c for c in made)


@pytest.mark.parametrize("runs, says", [("-1", "--lookup-runs must be 0 or more")])
def test_a_bad_lookup_timing_request_says_why(runs, says):
    from tests.cli import run_cli

    done = run_cli("crossword", "--lookup-runs", runs, "--clues", "packaged")
    assert done.returncode == 2 and says in done.stderr


def test_one_timed_run_reports_its_own_process_figures():
    from core.crossword.lookup_timing import timed_run

    run = timed_run([sys.executable, "-c", "x = bytearray(64 * 2**20); sum(range(10**6))"])
    assert run["exit_code"] == 0 and run["peak_rss_mb"] >= 64 and run["cpu_s"] == pytest.approx(
        run["user_s"] + run["system_s"], abs=0.011)
