"""The meaning source: clue vectors stored once per text, and a guesser that finds answers through paraphrases."""
import numpy as np
import pytest

from core.crossword import meaning
from core.crossword.clues import clue_table
from core.crossword.guessers import HybridGuesser, MeaningGuesser, TfidfGuesser, feature_sources, CLOSE_SOURCE_COLUMNS
from core.crossword.models import fit_models, with_info

PAIRS = [("operatic song", "ARIA"), ("engine part", "PISTON"), ("large body of water", "OCEAN"),
         ("tree with acorns", "OAK"), ("farm animal", "COW"), ("computer key", "ENTER"),
         ("frozen water", "ICE"), ("baby dog", "PUP"), ("musical drama", "OPERA"), ("car fuel", "GAS")]


@pytest.fixture(scope="module")
def models():
    return fit_models(clue_table(PAIRS), use_cache=False, word2vec=False, extra_words=False)


@pytest.mark.parametrize("clue, near, far", [
    ("opera solo", "operatic song", "engine part"),
    ("young canine", "baby dog", "car fuel"),
    ("sea", "large body of water", "computer key"),
])
def test_clue_vectors_put_paraphrases_closer_than_unrelated_clues(clue, near, far):
    v = meaning.text_vectors([clue, near, far]).astype(np.float32)
    assert v[0] @ v[1] > v[0] @ v[2] + 0.1
    assert np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-2)


def test_stored_vectors_are_reused_in_order_and_only_new_texts_are_embedded(monkeypatch, tmp_path):
    monkeypatch.setenv("WORDLAB_CACHE", str(tmp_path))
    first = meaning.text_vectors(["alpha clue", "beta clue"])
    calls = []
    real = meaning.embed
    monkeypatch.setattr(meaning, "embed", lambda texts: calls.append(list(texts)) or real(texts))
    again = meaning.text_vectors(["beta clue", "gamma clue", "alpha clue", "beta clue"])
    assert calls == [["gamma clue"]]
    assert np.array_equal(again[0], first[1]) and np.array_equal(again[2], first[0])
    assert np.array_equal(again[0], again[3])


def test_a_half_written_shard_is_ignored_and_rebuilt(monkeypatch, tmp_path):
    monkeypatch.setenv("WORDLAB_CACHE", str(tmp_path))
    folder = meaning.store_folder()
    (folder / "broken.txt").write_text("delta clue", encoding="utf-8")  # its vectors never landed
    v = meaning.text_vectors(["delta clue"])
    assert np.linalg.norm(v[0].astype(np.float32)) > 0.99


@pytest.mark.parametrize("texts", [[], ["line\nbreak clue"], ["", "plain"]])
def test_odd_texts_get_vectors_without_breaking_the_store(monkeypatch, tmp_path, texts):
    monkeypatch.setenv("WORDLAB_CACHE", str(tmp_path))
    v = meaning.text_vectors(texts)
    assert v.shape == (len(texts), meaning.DIM)
    assert meaning.text_vectors(texts).shape == v.shape  # stored ones read back


def test_progress_reports_the_clues_left(monkeypatch, tmp_path):
    monkeypatch.setenv("WORDLAB_CACHE", str(tmp_path))
    monkeypatch.setattr(meaning, "SHARD", 2)
    seen = []
    meaning.text_vectors([f"clue number {i}" for i in range(5)], progress=lambda d, n, m="": seen.append((d, n)))
    assert seen[0] == (0, 5) and seen[-1] == (5, 5) and (2, 5) in seen


@pytest.mark.parametrize("clue, length, answer", [
    ("Opera solo", 4, "ARIA"),
    ("Young canine", 3, "PUP"),
    ("Sea", 5, "OCEAN"),
])
def test_meaning_finds_answers_that_share_no_word_with_the_clue(models, clue, length, answer):
    assert answer not in TfidfGuesser(models).candidates(clue, length)
    guesses = MeaningGuesser(models).guess(clue, "_" * length, k=3)
    assert guesses and guesses[0][0] == answer


def test_hybrid_carries_meaning_columns_and_source_tag_on_archive_models_only(models):
    hybrid = HybridGuesser(models)
    answers, feats = hybrid.features("Opera solo", 4)
    assert feats.shape[1] == len(hybrid.feature_names) == len(HybridGuesser.FEATURES) + 2
    _, tags = hybrid.candidates_with_sources("Opera solo", 4)
    assert "meaning" in tags["ARIA"]
    off = HybridGuesser(with_info(models, dict(models.info, meaning=False)))
    assert off.meaning is None
    assert off.features("Opera solo", 4)[1].shape[1] == len(HybridGuesser.FEATURES)
    assert len(off.weights) == len(HybridGuesser.FEATURES) and len(hybrid.weights) == len(hybrid.feature_names)


@pytest.mark.parametrize("clue, length, answer, tagged", [
    ("Opera solo", 4, "ARIA", True),  # "operatic song": cosine 0.74
    ("Young canine", 3, "PUP", True),  # "baby dog": 0.71
    ("Sea", 5, "OCEAN", False),  # "large body of water": 0.51, proposed but not close enough to say so
    ("Stage show with singing", 5, "OPERA", False),  # "musical drama": 0.52
    ("Keyboard button", 5, "ENTER", False),  # "computer key": 0.58
])
def test_the_meaning_tag_marks_only_clues_close_in_meaning(models, clue, length, answer, tagged):
    answers, feats = HybridGuesser(models).features(clue, length)
    assert answer in answers and feats[answers.index(answer), 22] > 0  # the source did propose it
    _, tags = HybridGuesser(models).candidates_with_sources(clue, length)
    assert ("meaning" in tags[answer]) is tagged


@pytest.mark.parametrize("meaning_cos, tfidf_cos, doc_cos, expected", [
    (0.0, 0.0, 0.0, ()),  # proposed by nothing
    (0.45, 0.0, 0.0, ("loose",)),  # a far clue by meaning: only loosely related
    (0.7, 0.0, 0.0, ("loose",)), (0.71, 0.0, 0.0, ("meaning",)), (0.99, 0.0, 0.0, ("meaning",)),
    (0.45, 0.3, 0.0, ("loose",)), (0.45, 0.41, 0.0, ("similar",)), (0.9, 0.5, 0.0, ("similar", "meaning")),
    (0.0, 0.0, 0.2, ("loose",)), (0.0, 0.0, 0.31, ("words",)), (0.8, 0.0, 0.31, ("words", "meaning")),
])
def test_archive_tags_need_a_close_similarity_and_a_loose_one_shows_only_alone(meaning_cos, tfidf_cos, doc_cos,
                                                                                expected):
    row = np.zeros(len(HybridGuesser.FEATURES) + 2)
    row[2], row[3] = (0.2, tfidf_cos) if tfidf_cos else (0.0, 0.0)
    row[7] = doc_cos
    row[21], row[22] = (0.9, meaning_cos) if meaning_cos else (0.0, 0.0)
    assert feature_sources(row, CLOSE_SOURCE_COLUMNS) == expected


@pytest.mark.parametrize("column", [2, 4, 7])
def test_the_packaged_tags_keep_any_similarity(column):
    row = np.zeros(len(HybridGuesser.FEATURES))
    row[column] = 0.05
    assert feature_sources(row) == (("words",) if column == 7 else ("similar",))


def test_leaving_the_true_pair_out_removes_its_meaning_evidence(models):
    hybrid = HybridGuesser(models)
    answers, feats = hybrid.features("operatic song", 4, exclude="ARIA")
    assert "ARIA" not in answers or feats[answers.index("ARIA"), 21] == 0.0


@pytest.mark.parametrize("k", [1, 3, 50, 5000])
def test_a_repeated_search_returns_what_a_fresh_one_does(models, k):
    guesser = MeaningGuesser(models)
    first = guesser.neighbours_of("opera solo", 4, 5000)
    again = guesser.neighbours_of("opera solo", 4, k)
    fresh = MeaningGuesser(models).neighbours_of("opera solo", 4, k)
    assert np.array_equal(again[0], fresh[0]) and np.allclose(again[1], fresh[1])
    assert np.array_equal(again[0], first[0][:k])


def test_the_guesser_table_leaves_out_the_meaning_source_of_models_that_keep_it_off(models, monkeypatch):
    from core.crossword.pipeline import candidate_table

    on = {row["guesser"] for row in candidate_table(models, "Opera solo", "____")}
    assert "meaning" in on
    monkeypatch.setattr(meaning, "embed", lambda texts: (_ for _ in ()).throw(AssertionError("embedded")))
    off = candidate_table(with_info(models, dict(models.info, meaning=False)), "Sea", "_____")
    assert "meaning" not in {row["guesser"] for row in off}
