"""The archive database reads the packaged sources too (core.crossword.clues.combined): the archive's features and the
dictionary's side by side, one calibration per guesser, the fill and the look-up asking the combined guesser."""
import numpy as np
import pytest

from core.crossword.clues.combined import CombinedGuesser, archive_columns, combined_sources
from core.crossword.clues.guessers import HybridGuesser
from core.crossword.clues.packaged import PackagedGuesser, parse_knowledge
from core.crossword.clues.people import NameLists
from core.crossword.clues.references import Antonyms, Dictionary, References, Thesaurus
from core.crossword.knowledge.models import fit_models
from core.crossword.knowledge.table import clue_table, normalise_clue
from tests.test_crossword_packaged_knowledge import wordnet_folder

CAPITALS = {"noun": ["00000010 15 n 01 Paris 0 000 | the capital and largest city of France",
                     "00000020 15 n 01 Accra 0 000 | the capital and largest city of Ghana",
                     "00000030 15 n 01 Sofia 0 000 | the capital and largest city of Bulgaria"],
            "verb": [], "adj": [], "adv": []}
# the archive has seen other capitals clued this way, never France's
ARCHIVE = [("Capital of Ghana", "ACCRA"), ("Capital of Bulgaria", "SOFIA"), ("Capital of Senegal", "DAKAR"),
           ("Ghana's capital", "ACCRA"), ("Sweet treat", "CANDY"), ("Summer in Paris", "ETE")]
NO_BOOKS = References(Thesaurus({}, (), np.zeros(0, np.int32), {}), Dictionary((), {}, 0, {}), Antonyms({}, {}))
DIM = 8


def vector(text: str) -> np.ndarray:
    """A made-up unit meaning vector of a text (the same text, the same vector)."""
    rng = np.random.default_rng(abs(hash(normalise_clue(text))) % 2**32)
    v = rng.normal(size=DIM).astype(np.float32)
    return v / np.linalg.norm(v)


@pytest.fixture()
def capitals(tmp_path_factory, monkeypatch):
    """Archive models of a few capitals (made-up meaning vectors) with a tiny WordNet and no reference books."""
    import core.crossword.clues.packaged as packaged

    knowledge = parse_knowledge(wordnet_folder(tmp_path_factory, "capitals", CAPITALS))
    monkeypatch.setattr(packaged, "installed_knowledge", lambda: knowledge)
    monkeypatch.setattr(packaged, "installed_names", lambda: NameLists())
    monkeypatch.setattr(packaged, "installed_references", lambda: NO_BOOKS)
    models = fit_models(clue_table([(normalise_clue(c), a) for c, a in ARCHIVE]), use_cache=False, word2vec=False,
                        extra_words=False)
    table = models.table
    vecs = np.stack([vector(c) for c in table.clues]) if table.clues else np.zeros((0, DIM), np.float32)
    models.__dict__["meaning_by_length"] = {n: vecs[table.pair_clue[rows]] for n, rows in
                                            models.rows_by_length.items()}
    models.clue_meaning = vector  # read as ReadsOwnMeaning: no distilled table needed
    return models


@pytest.mark.parametrize("meaning", [True, False])
def test_the_combined_features_are_the_archive_guessers_then_the_packaged_sources(capitals, meaning):
    combined = CombinedGuesser(capitals, wordnet=False, meaning=meaning)
    hybrid = HybridGuesser(capitals, wordnet=False, meaning=meaning)
    answers, feats = combined.features("Capital of France", 5)
    assert feats.shape == (len(answers), len(combined.feature_names)) == (len(answers), len(combined.weights))
    base = PackagedGuesser.FEATURES + (HybridGuesser.MEANING_FEATURES if meaning else ())
    assert combined.feature_names[:len(base)] == base
    added = len(PackagedGuesser.FEATURES) - len(HybridGuesser.FEATURES) + 3 + (3 if meaning else 2)
    assert len(combined.feature_names) == len(base) + added
    # the archive's own columns are exactly what the archive's guesser computes for the same candidates
    own_answers, own = hybrid.features("Capital of France", 5)
    rows = {a: archive_columns(row[:len(base)], len(PackagedGuesser.SOURCES)) for a, row in zip(answers, feats)}
    for a, row in zip(own_answers, own):
        assert np.allclose(rows[a], row), a


def test_the_dictionary_proposes_what_the_archive_never_saw(capitals):
    combined = CombinedGuesser(capitals, wordnet=False)
    hybrid = HybridGuesser(capitals, wordnet=False)
    assert "PARIS" not in hybrid.candidates("Capital of France", 5)  # the archive alone: other capitals only
    conf, tags = combined.candidates_with_sources("Capital of France", 5)
    assert "PARIS" in conf and "dictionary definition" in tags["PARIS"]
    assert {"ACCRA", "SOFIA", "DAKAR"} <= set(conf)  # the archive's answers are still weighed beside it


DEFINITION = "share of the clue's words in a WordNet entry (gloss and synonyms)"
THESAURUS = "Moby Thesaurus synonym of the clue or its head clause"


@pytest.mark.parametrize("exact, tfidf, newness", [(0.0, 0.0, 1.0), (0.0, 0.25, 0.75), (1.0, 0.1, 0.0), (0.5, 0.9, 0.1),
                                                   (0.0, 1.2, 0.0)])
def test_the_dictionarys_columns_count_again_on_a_clue_new_to_the_archive(capitals, exact, tfidf, newness):
    combined = CombinedGuesser(capitals, wordnet=False)
    base = np.zeros((1, len(combined.base_names)))
    names = {n: i for i, n in enumerate(combined.base_names)}
    base[0, names["exact share"]], base[0, names["tfidf best cosine"]] = exact, tfidf
    base[0, names[DEFINITION]] = 0.8
    base[0, names["meaning confidence"]], base[0, names["meaning best cosine"]] = 0.9, 0.5
    row = dict(zip(combined.feature_names, combined.with_added_columns(base)[0]))
    assert row[f"{DEFINITION}, on a clue new to the archive"] == pytest.approx(0.8 * newness)
    assert row["meaning confidence, times its best cosine"] == pytest.approx(0.45)
    assert row["tfidf confidence, times its best cosine"] == 0.0


@pytest.mark.parametrize("columns, tags", [
    ({"meaning best cosine": 0.8}, ("meaning",)),  # the archive's meaning tag read at its own column
    ({"meaning best cosine": 0.5, "meaning confidence": 0.3}, ("loose",)),  # below the meaning floor: loosely related
    ({"tfidf best cosine": 0.5, "tfidf confidence": 0.3}, ("similar",)),
    ({DEFINITION: 0.9}, ("dictionary definition",)),
    ({DEFINITION: 0.9, "meaning confidence": 0.2}, ("dictionary definition",)),  # named rather than "loose"
    ({"exact share": 1.0, THESAURUS: 1.0}, ("exact", "thesaurus synonym")),  # the archive's tag first
    ({DEFINITION: 0.4}, ()),  # below the definition's floor
    ({}, ()),
])
def test_combined_source_tags(columns, tags):
    names = PackagedGuesser.FEATURES + HybridGuesser.MEANING_FEATURES
    row = np.zeros(len(names))
    for name, value in columns.items():
        row[names.index(name)] = value
    assert combined_sources(row, len(PackagedGuesser.SOURCES)) == tags


@pytest.mark.parametrize("books, guesser", [(True, CombinedGuesser), (False, HybridGuesser)])
def test_the_archive_database_asks_the_combined_guesser_in_every_fill(capitals, books, guesser):
    from core.crossword.clues.candidates import hybrid_guesser
    from core.crossword.harness import make_solver
    from core.crossword.preparation import with_guesser

    models = with_guesser(capitals, books)
    assert type(hybrid_guesser(models)) is guesser
    for solver in ("best", "threshold", "cell-confidence"):
        assert type(make_solver(solver, models).guesser) is guesser, solver


def test_each_guesser_has_its_own_calibration_and_the_archive_only_one_keeps_its_key(capitals):
    from core.cache import content_hash
    from core.crossword.knowledge.models import model_folder
    from core.crossword.preparation import calibration_code, calibration_path

    hybrid = calibration_path(capitals.table, False, "dev", "static", "hybrid")
    combined = calibration_path(capitals.table, False, "dev", "static", "combined")
    assert hybrid != combined
    assert hybrid == model_folder(capitals.table) / f"calibration-{content_hash(calibration_code(), 'nocover', 'dev')}.json"


def test_the_calibration_code_covers_the_combined_guessers_sources():
    from core.artefacts import artefact

    modules = artefact("calibration").code_modules()
    for module in ("crossword/clues/combined.py", "crossword/clues/packaged.py", "crossword/clues/references.py",
                   "crossword/clues/people.py"):
        assert module in modules, module


@pytest.mark.parametrize("clues, books", [("archive", True), ("archive-only", False)])
def test_the_look_up_and_the_benchmark_choose_the_archives_sources(monkeypatch, tmp_path, clues, books):
    from core.crossword import lookup
    from core.crossword import preparation

    asked = []
    monkeypatch.setattr(preparation, "archive_models", lambda *a, **kw: asked.append(kw["books"]))
    monkeypatch.setattr("core.crossword.data.archive_path", lambda: tmp_path)
    lookup.load_models(clues)
    assert asked == [books] and preparation.reads_books(clues) is books


@pytest.mark.parametrize("with_torch", [False, True])
@pytest.mark.parametrize("k", [1, 10, 200])
def test_a_half_precision_meaning_index_finds_the_rows_and_cosines_of_a_full_precision_one(monkeypatch, with_torch, k):
    import sys

    from core.crossword.clues.guessers import nearest

    if not with_torch:
        monkeypatch.delitem(sys.modules, "torch", raising=False)
    else:
        pytest.importorskip("torch")
    rng = np.random.default_rng(k)
    rows = rng.normal(size=(3000, 48)).astype(np.float32)
    half = (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float16)
    v = half[7].astype(np.float32) + 0.02 * rng.normal(size=48).astype(np.float32)
    v /= np.linalg.norm(v)
    want_rows, want = nearest(half.astype(np.float32), v, k)  # the float32 index of the same values
    got_rows, got = nearest(half, v, k)
    assert got.dtype == np.float32 and np.array_equal(got_rows, want_rows)
    assert np.allclose(got, want, rtol=0, atol=1e-6) and got_rows[0] == 7


@pytest.mark.parametrize("ready, spawned", [(True, False), (False, True)])
def test_the_meaning_table_is_distilled_in_a_process_of_its_own_only_when_missing(monkeypatch, ready, spawned):
    import multiprocessing

    from core.crossword.knowledge import apart, meaning

    started = []

    class Child:
        exitcode = 0

        def __init__(self, target, args, name):
            self.name = name

        def start(self):
            started.append(self.name)

        def is_alive(self):
            return False

        def join(self):
            pass

    class Context:
        Process = Child

        @staticmethod
        def Queue():
            import queue

            return queue.Queue()

    monkeypatch.setattr(meaning, "table_ready", lambda: ready or bool(started))
    monkeypatch.setattr(multiprocessing, "get_context", lambda method: Context() if method == "spawn" else None)
    apart.prepare_meaning_apart()
    assert started == (["meaning-table"] if spawned else [])


def test_a_distillation_that_stored_no_table_says_so(monkeypatch):
    import multiprocessing

    from core.crossword.knowledge import apart, meaning

    class Child:
        exitcode = 1

        def __init__(self, target, args, name):
            pass

        def start(self):
            pass

        def is_alive(self):
            return False

        def join(self):
            pass

    class Context:
        Process = Child

        @staticmethod
        def Queue():
            import queue

            return queue.Queue()

    monkeypatch.setattr(meaning, "table_ready", lambda: False)
    monkeypatch.setattr(multiprocessing, "get_context", lambda method: Context())
    with pytest.raises(RuntimeError, match="exit code 1"):
        apart.prepare_meaning_apart()
