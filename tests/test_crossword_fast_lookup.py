"""The quick look-up: the same answers and chances as the full path, without scikit-learn, and book tables read from
the cache in every process (not rebuilt because a set was written in a process's own order)."""
from __future__ import annotations

import os
import pickle
import subprocess
import sys
import textwrap
from collections.abc import Mapping
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
# the issue's clues (a look-up's answers and chances on the real models must not change)
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


# --- packed tables (since 2026-11-29): the reference books and the packaged knowledge opened without unpickling ---

UNKNOWN_KEYS = ["unknown", "ete", "lat", "latex", "LATE ", "", "\ud800", None, 3]
PACKED_CASES = [  # (kind, value): empty, accents, an empty key, keys sharing a start, repeats, empty rows
    ("index", {"late": np.array([3, 1], np.int32), "été": np.array([0], np.int32), "": np.array([], np.int32),
               "la": np.array([7, 7, 2], np.int32), "a b": np.array([9], np.int32)}),
    ("index", {}),
    ("numbers", {"LATE": 0, "ÉTÉ": 5, "Z": 2, "": 9}),
    ("numbers", {}),
    ("floats", {"the": 7.73, "naïve": 2.91, "zzz": 0.0, "tiny": 1e-300, "third": 1 / 3}),
    ("int-lists", {"person": (4, 2, 9), "naïve": (1,), "none": ()}),
    ("word-lists", {"not early": ("LATE", "TARDY"), "naïve": ("NAIF", "ÉTÉ"), "empty": (), "twice": ("LATE", "LATE")}),
    ("word-lists", {}),
    ("strings", ("b", "a", "é", "", "a")),
    ("strings", ()),
    ("flags", (True, False, False)),
    ("id-set", frozenset({5, 1, 70000})),
    ("id-set", frozenset()),
    ("int-rows", ((1, 2), (), (3,), (2, 2))),
    ("word-rows", (("rio", "de", "janeiro"), (), ("été",), ("de", "de"))),
    ("word-sets", (frozenset({"b", "a"}), frozenset(), frozenset({"naïve"}))),
    ("value", None), ("value", 7), ("value", "ok"),
    ("array", np.arange(5, dtype=np.int16)),
    ("array", np.zeros(0, np.int16)),
]


def plain(value):
    """A value as comparable Python data: arrays as lists, mappings as dicts, sequences as tuples."""
    if isinstance(value, np.ndarray):
        return (str(value.dtype), value.tolist())
    if isinstance(value, (dict, Mapping)):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (frozenset, str, int, float, bool)) or value is None:
        return value
    return tuple(plain(v) for v in value)


@pytest.mark.parametrize("kind, value", PACKED_CASES, ids=[f"{k}-{i}" for i, (k, _) in enumerate(PACKED_CASES)])
def test_a_packed_field_reads_back_as_the_table_it_packed(tmp_path, kind, value):
    from core.crossword.knowledge.packed import read_packed, write_packed

    write_packed(tmp_path / "t", {"f": kind}, {"f": value})
    back = read_packed(tmp_path / "t")["f"]
    assert plain(back) == plain(value)
    if isinstance(value, dict):
        assert len(back) == len(value) and bool(back) == bool(value)
        for key, expected in value.items():
            assert key in back and plain(back[key]) == plain(expected) == plain(back.get(key))
        for key in UNKNOWN_KEYS:
            if key not in value:
                assert key not in back and back.get(key) is None and back.get(key, ()) == ()
                with pytest.raises(KeyError):
                    back[key]
    elif kind not in ("value", "array", "id-set"):
        assert len(back) == len(value) and bool(back) == bool(value)
        assert [plain(back[i]) for i in range(-len(value), 0)] == [plain(v) for v in value]
        assert plain(back[1:]) == plain(tuple(value[1:]))
        with pytest.raises(IndexError):
            back[len(value)]


def test_a_packed_value_has_the_type_the_table_had(tmp_path):
    from core.crossword.knowledge.packed import read_packed, write_packed

    kinds = {"flags": "flags", "numbers": "numbers", "rows": "int-rows", "words": "word-rows", "sets": "word-sets",
             "lists": "int-lists", "ids": "id-set", "index": "index", "floats": "floats"}
    table = {"flags": (True,), "numbers": {"a": 1}, "rows": ((1,),), "words": (("a",),), "sets": (frozenset("a"),),
             "lists": {"a": (1,)}, "ids": frozenset({1}), "index": {"a": np.array([1], np.int32)}, "floats": {"a": 0.1}}
    write_packed(tmp_path / "t", kinds, table)
    back = read_packed(tmp_path / "t")
    assert [type(x) for x in (back["flags"][0], back["numbers"]["a"], back["rows"][0], back["rows"][0][0],
                              back["words"][0], back["sets"][0], back["lists"]["a"], back["ids"], back["floats"]["a"])] == [
        bool, int, tuple, int, tuple, frozenset, tuple, frozenset, float]
    assert back["index"]["a"].dtype == np.int32 and not back["index"]["a"].flags.writeable


def test_an_unfinished_packed_folder_is_built_again_and_a_finished_one_never(tmp_path):
    from core.crossword.knowledge.packed import META, packed

    built = []

    def build():
        built.append(1)
        return {"f": ("a",)}

    folder = tmp_path / "t"
    folder.mkdir()  # a folder left without its meta file: never read
    (folder / "f.blob.npy").write_bytes(b"junk")
    assert plain(packed(folder, {"f": "strings"}, build)["f"]) == ("a",)
    assert plain(packed(folder, {"f": "strings"}, build)["f"]) == ("a",) and built == [1]
    assert (folder / META).exists() and not list(tmp_path.glob("*.part"))


def test_an_unknown_kind_is_refused(tmp_path):
    from core.crossword.knowledge.packed import write_packed

    with pytest.raises(ValueError, match="unknown kind"):
        write_packed(tmp_path / "t", {"f": "pickle"}, {"f": 1})


# clues for the real books and knowledge: the issue's, negations, blanks, names, accents, unknown words, nothing
BOOK_CLUES = [("Capital of France", 5), ("Not early", 4), ("Tardy", 4), ("Organ that pumps blood", 5),
              ("Largest planet", 7), ("Opposite of short", 4), ("Rio de ___", 7), ("Bond's first name", 5),
              ("Rooster's mate", 3), ("Actress Thompson", 4), ("Été, in Paris", 3), ("naïve", 5), ("Far-out!", 6),
              ("zzz qqq", 3), ("", 4), ("Took a seat", 3), ("Rye breads", 4), ("Turn down, as a manuscript", 6)]


def fresh_references():
    """The installed books read afresh, as plain dicts and tuples (how every look-up read them before 2026-11-29)."""
    from core.crossword.clues import references as refs
    from core.words.wordnet import wordnet_dir

    moby, gcide, folder = refs.moby_path(), refs.gcide_paths(), wordnet_dir()
    assert moby and gcide and folder, "a reference book is not installed"
    return refs.References(refs.parse_moby(moby.read_text(encoding="utf-8", errors="replace").splitlines()),
                           refs.read_gcide(gcide), refs.parse_antonyms(refs.wordnet_records(folder)))


@pytest.mark.slow
def test_the_packed_books_and_knowledge_answer_as_the_ones_read_afresh(tmp_path, monkeypatch):
    from core.crossword.clues import packaged
    from core.crossword.clues.people import famous_name_answers, installed_names, person_words
    from core.crossword.clues.references import load_references
    from core.words.wordnet import wordnet_dir

    monkeypatch.setenv("WORDLAB_CACHE", str(tmp_path))  # packed here from nothing
    books, fresh_books = load_references(), fresh_references()
    knowledge, fresh = packaged.load_knowledge(), packaged.parse_knowledge(wordnet_dir())
    assert person_words(knowledge) == person_words(fresh)
    names, roles = installed_names(), person_words(fresh)
    for clue, n in BOOK_CLUES:
        assert packaged.reference_answers(books, clue, n) == packaged.reference_answers(fresh_books, clue, n), clue
        for source in (packaged.definition_answers, packaged.blank_phrase_answers, packaged.name_part_answers,
                       packaged.sibling_answers):
            assert source(knowledge, clue, n) == source(fresh, clue, n), (clue, source.__name__)
        assert famous_name_answers(knowledge, clue, n, names, roles) == famous_name_answers(fresh, clue, n, names,
                                                                                            roles), clue


@pytest.mark.slow
def test_the_packaged_look_up_answers_as_with_the_tables_read_afresh(monkeypatch):
    from core.crossword.clues import packaged
    from core.crossword.lookup import load_models
    from core.words.wordnet import wordnet_dir

    models = load_models("packaged")
    quick = [look_up(models, clue, "_" * n) for clue, n in BOOK_CLUES]
    books, knowledge = fresh_references(), packaged.parse_knowledge(wordnet_dir())  # read once, as before
    monkeypatch.setattr(packaged, "installed_references", lambda: books)
    monkeypatch.setattr(packaged, "installed_knowledge", lambda: knowledge)
    assert [look_up(models, clue, "_" * n) for clue, n in BOOK_CLUES] == quick


@pytest.mark.parametrize("stored, reads", [(True, 1), (False, 2)])  # stored: read once, when first needed; missing: encoded, then read
def test_the_archive_models_read_their_stored_clue_vectors_once(monkeypatch, stored, reads):
    from core.crossword import preparation
    from core.crossword.knowledge import meaning

    table = clue_table([(normalise_clue("Feline pet"), "CAT"), (normalise_clue("Not early"), "LATE")])
    models = fit_models(table, use_cache=False, word2vec=False, extra_words=False)
    monkeypatch.setattr(preparation, "training_table", lambda *args, **kw: table)
    monkeypatch.setattr(preparation, "fit_models", lambda *args, **kw: models)
    monkeypatch.setattr(meaning, "missing_count", lambda texts: 0 if stored else len(texts))
    monkeypatch.setattr(meaning, "first_use_seconds", lambda texts: 0.0)
    read = []
    monkeypatch.setattr(meaning, "text_vectors", lambda texts, progress=None: read.append(len(texts)) or np.zeros(
        (len(texts), 4), np.float16))
    prepared = preparation.archive_models(Path("archive.jsonl"), dev_size=0)
    assert read == [len(table.clues)] * (reads - 1)  # stored vectors wait for the first guess that needs them
    assert [prepared.meaning_by_length[n].shape for n in (3, 4, 3)] == [(1, 4), (1, 4), (1, 4)]
    assert read == [len(table.clues)] * reads
    assert prepared.meaning_by_length[3].dtype == np.float32


# words whose English frequency a look-up may ask: common, rare, unlisted, empty, capitals, accents, digits,
# apostrophes, spaces, a hyphen
FREQUENCY_WORDS = ["the", "bond", "james", "tardy", "qqqqqqqqqq", "zzzqqq", "", "THE", "Bond", "été", "naïve",
                   "don't", "route66", "66", "new york", "far-out", "a", "x"]


@pytest.mark.parametrize("word", FREQUENCY_WORDS)
def test_the_packed_english_frequency_is_wordfreqs_own_bit_for_bit(word):
    from wordfreq import zipf_frequency

    from core.crossword.clues.frequency import english_zipf

    ours, theirs = english_zipf(word), zipf_frequency(word, "en")
    assert repr(ours) == repr(theirs) and type(ours) is float  # -0.0 and 0.0 told apart too


@pytest.mark.parametrize("asked, gathered", [([5], [5]), ([5, 5], [5]), ([3, 5, 3], [3, 5]), ([], [])])
def test_the_meaning_index_gathers_only_the_lengths_asked(asked, gathered):
    from core.crossword.knowledge.models import RowsByLength

    vecs = np.arange(12, dtype=np.float16).reshape(6, 2)
    index = RowsByLength(vecs, np.array([5, 4, 3, 2, 1, 0]), {3: np.array([0, 2]), 5: np.array([1])}, np.float32)
    for n in asked:
        assert index[n].dtype == np.float32
    assert sorted(index.gathered) == gathered
    assert list(index) == [3, 5] and len(index) == 2
    assert index[3].tolist() == [[10.0, 11.0], [6.0, 7.0]] and index[5].tolist() == [[8.0, 9.0]]
    with pytest.raises(KeyError):
        index[4]


def test_stored_clue_meanings_are_opened_memory_mapped_and_read_as_stored():
    from core.crossword.knowledge.meaning import vectors_path

    table = clue_table([(normalise_clue("Feline pet"), "CAT"), (normalise_clue("Not early"), "LATE"),
                        (normalise_clue("Tardy"), "LATE")])
    models = fit_models(table, use_cache=False, word2vec=False, extra_words=False)
    stored = np.arange(len(table.clues) * 4, dtype=np.float16).reshape(len(table.clues), 4)
    vectors_path(table.clues).parent.mkdir(parents=True, exist_ok=True)
    np.save(vectors_path(table.clues), stored)
    index = models.meaning_by_length
    assert isinstance(index.vecs, np.memmap)
    for n, rows in models.rows_by_length.items():
        assert index[n].dtype == np.float32
        assert index[n].tolist() == stored[table.pair_clue[rows]].astype(np.float32).tolist()
