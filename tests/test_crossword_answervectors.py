"""Answer vectors (core.crossword.answervectors): each training answer's own Word2Vec vector, queried by a clue's
mean vector, as a source of the hybrid guesser and a named source in the candidate list."""
from types import SimpleNamespace

import numpy as np
import pytest

from core.crossword import answervectors as av
from core.crossword.clues import clue_table
from core.crossword.explain import source_label, source_phrase
from core.crossword.guessers import HybridGuesser, feature_sources
from core.crossword.models import fit_models


def fake_w2v(vectors: dict) -> SimpleNamespace:
    """A stand-in for gensim's KeyedVectors: key_to_index and a vectors matrix."""
    keys = list(vectors)
    return SimpleNamespace(key_to_index={k: i for i, k in enumerate(keys)},
                           vectors=np.array([vectors[k] for k in keys], np.float32))


@pytest.fixture(scope="module")
def index():
    w2v = fake_w2v({"cat": [1, 0, 0], "dog": [0.9, 0.1, 0], "cow": [0, 1, 0], "ant": [0, 0, 1],
                    "eel": [-1, 0, 0], "rare": [1, 0, 0], "horse": [0.8, 0.2, 0]})
    answers = ("CAT", "DOG", "COW", "ANT", "EEL", "RARE", "HORSE", "GNU")
    counts = (5, 4, 9, 3, 7, 2, 6, 8)  # RARE has too few clues; GNU has no vector
    return av.build_answer_vectors(answers, counts, w2v)


@pytest.mark.parametrize("vector, length, k, pattern, expected", [
    ([1, 0, 0], 3, 2, None, ["CAT", "DOG"]),  # nearest first by cosine
    ([1, 0, 0], 3, 10, None, ["CAT", "DOG"]),  # EEL points away, COW and ANT are orthogonal: no evidence
    ([0.6, 0.8, 0], 3, 10, "_O_", ["COW", "DOG"]),  # known letters keep only the answers that fit (not CAT)
    ([1, 0, 0], 3, 10, "Z__", []),  # nothing fits
    ([0, 1, 0], 5, 3, None, ["HORSE"]),  # another length is another table
    ([1, 0, 0], 4, 3, None, []),  # RARE (2 clues) is below MIN_COUNT: never indexed
    ([1, 0, 0], 7, 3, None, []),  # no answer of this length
])
def test_nearest_answers_by_their_own_vectors(index, vector, length, k, pattern, expected):
    v = np.array(vector, np.float32)
    got = index.nearest(v / np.linalg.norm(v), length, k, pattern)
    assert sorted(got, key=lambda a: -got[a]) == expected
    assert all(0 < c <= 1.0 + 1e-6 for c in got.values())


@pytest.mark.parametrize("exclude, expected", [
    (("CAT", 1), {"CAT", "DOG"}),  # 5 - 1 = 4 clues remain: its vector says more than this clue
    (("CAT", 3), {"DOG"}),  # 5 - 3 = 2 remain: left out (its vector would be mostly this clue's words)
    (("DOG", 2), {"CAT"}),  # 4 - 2 = 2
    (("HORSE", 9), {"CAT", "DOG"}),  # another length: never touches this table
    (("GNU", 9), {"CAT", "DOG"}),  # an answer without a vector
])
def test_leave_one_out_drops_an_answer_whose_clues_would_be_mostly_this_one(index, exclude, expected):
    assert set(index.nearest(np.array([1, 0, 0], np.float32), 3, 10, None, exclude)) == expected


def test_no_clue_vector_and_no_word2vec_propose_nothing(index):
    assert index.nearest(None, 3, 5) == {}
    assert av.build_answer_vectors(("CAT",), (9,), None).nearest(np.ones(3, np.float32), 3, 5) == {}


@pytest.fixture(scope="module")
def models():
    pairs = [("feline pet", "CAT"), ("purring pet", "CAT"), ("house cat", "TOM"), ("meowing pet", "CAT"),
             ("barking pet", "DOG"), ("canine pet", "DOG"), ("loyal canine", "DOG"), ("dairy animal", "COW"),
             ("milk giver", "COW"), ("bovine", "COW"), ("pet that purrs", "CAT")] * 3
    return fit_models(clue_table(pairs), use_cache=False)


def test_the_hybrid_guesser_proposes_answer_vectors_and_names_the_source(models):
    guesser = HybridGuesser(models, answer_vectors=5)
    assert not guesser.features("purring feline", 3)[1][:, -1].any()  # a first ask: no letters, no answer vectors
    answers, feats = guesser.features("purring feline", 3, pattern="___")  # no known letter is no pattern either
    assert not feats[:, -1].any()
    answers, feats = guesser.features("purring feline", 3, pattern="C__")
    col = HybridGuesser.FEATURES.index("answer-vector cosine")
    assert feats.shape[1] == len(HybridGuesser.FEATURES) == len(HybridGuesser.DEFAULT_WEIGHTS)
    proposed = [a for a, row in zip(answers, feats) if row[col] > 0]
    assert proposed and all("answer vector" in feature_sources(feats[answers.index(a)]) for a in proposed)
    off = HybridGuesser(models, answer_vectors=0).features("purring feline", 3, pattern="C__")[1]
    assert not off[:, col].any()


def test_answer_vectors_respect_the_known_letters_in_the_hybrid(models):
    answers, feats = HybridGuesser(models, answer_vectors=5).features("purring feline", 3, pattern="D__")
    assert answers and all(a.startswith("D") for a in answers)


def test_the_candidate_list_names_the_answer_vector_source():
    assert source_label(("answer vector",)) == "clued with such words"
    assert "CAT" in source_phrase(("answer vector",), "CAT", archive=True)


@pytest.mark.parametrize("true_w, tolerance", [(2.0, 0.3), (-1.5, 0.3), (0.0, 0.2)])
def test_offset_weight_recovers_a_columns_weight_with_the_others_fixed(true_w, tolerance):
    from core.crossword.guessers import offset_weight

    rng = np.random.default_rng(0)
    z, offset = rng.random(20_000), rng.normal(-1.0, 1.0, 20_000)
    y = (rng.random(20_000) < 1.0 / (1.0 + np.exp(-(offset + true_w * z)))).astype(float)
    assert abs(offset_weight(z, y, offset, l2=1.0) - true_w) < tolerance


def test_offset_weight_of_an_empty_column_is_zero():
    from core.crossword.guessers import offset_weight

    assert offset_weight(np.zeros(50), np.ones(50), np.zeros(50)) == 0.0


def test_calibration_fits_the_with_letters_column_on_revealed_slots(models):
    from core.crossword.data import demo_puzzles
    from core.crossword.guessers import WITH_LETTERS_ONLY, calibrate, calibration_data

    guesser = HybridGuesser(models, answer_vectors=5)
    puzzles = list(demo_puzzles().values())
    x, _ = calibration_data(guesser, puzzles)
    assert not x[:, WITH_LETTERS_ONLY].any()  # a first ask never fills it
    xp, _ = calibration_data(guesser, puzzles, reveal=1.0)
    assert xp.shape[1] == len(HybridGuesser.FEATURES)
    weights, _ = calibrate(guesser, puzzles)
    assert len(weights) == len(HybridGuesser.FEATURES) and np.isfinite(weights).all()


def test_offset_weight_stays_finite_when_the_column_never_holds_an_answer():
    from core.crossword.guessers import offset_weight

    z = np.r_[np.full(5000, 0.6), np.zeros(5000)]
    y = np.r_[np.zeros(5000), np.ones(50), np.zeros(4950)]  # every candidate with the column set is wrong
    w = offset_weight(z, y, np.full(10_000, -6.0))
    assert -30 < w < 0
