"""The meaning source's re-reading: all-MiniLM-L6-v2 re-orders the static model's nearest past clues.

A research tool the shipped solver does not run (it did not pay on dev): marked slow, since each test loads MiniLM."""
import numpy as np
import pytest

pytestmark = pytest.mark.slow

from core.crossword.clues import guessers
from core.crossword.knowledge.table import clue_table
from core.crossword.knowledge.models import fit_models
from research.crossword import rerank
from core.crossword.clues.guessers import MeaningGuesser
from research.crossword.rerank import RereadingMeaningGuesser

PAIRS = [("heart organ", "AORTA"), ("blood fluid", "SERUM"), ("blood vessel", "VEINS"), ("pump up", "ELATE"),
         ("organ that beats", "HEART"), ("church organ part", "PIPES"), ("large body of water", "OCEAN"),
         ("sea bird", "TERNS"), ("musical drama", "OPERA"), ("bird of prey", "EAGLE"), ("baby dog", "PUP"),
         ("farm animal", "COW"), ("frozen water", "ICE")]


@pytest.fixture(scope="module")
def models():
    return fit_models(clue_table(PAIRS), use_cache=False, word2vec=False, extra_words=False)


def answers_of(models, rows) -> list[str]:
    return [models.table.answers[models.table.pair_answer[r]] for r in rows]


@pytest.mark.parametrize("clue, length, answer, static_at_least, reread_at_most", [
    ("organ that pumps blood", 5, "HEART", 3, 1),  # the static model puts AORTA, SERUM, VEINS, ELATE before it
    ("pipe organ part", 5, "HEART", 2, 2),
])
def test_rereading_moves_the_paraphrase_up(models, clue, length, answer, static_at_least, reread_at_most):
    static = answers_of(models, MeaningGuesser(models).neighbours_of(clue, length, 10)[0])
    reader = RereadingMeaningGuesser(models, rerank=30, store=rerank.TransformerStore())
    rows, sims = reader.neighbours_of(clue, length, 10)
    reread = answers_of(models, rows)
    assert static.index(answer) >= static_at_least
    assert reread.index(answer) <= reread_at_most
    assert sorted(reread) == sorted(static)  # the same neighbours, re-ordered
    assert np.all(np.diff(sims) <= 1e-6)  # best first, by the transformer's cosine


def test_rereading_only_the_first_neighbours_keeps_the_rest_in_static_order(models):
    clue, length = "organ that pumps blood", 5
    static_rows, static_sims = MeaningGuesser(models).neighbours_of(clue, length, 10)
    reader = RereadingMeaningGuesser(models, rerank=3, store=rerank.TransformerStore())
    rows, sims = reader.neighbours_of(clue, length, 10)
    assert sorted(rows[:3]) == sorted(static_rows[:3])
    assert list(rows[3:]) == list(static_rows[3:]) and np.allclose(sims[3:], static_sims[3:])


@pytest.mark.parametrize("texts", [["opera solo", "operatic song", "Organ that pumps blood"],
                                   ["a", "Café au lait ingredient " * 40, "日本 capital"]])
def test_transformer_vectors_match_sentence_transformers(texts):
    from sentence_transformers import SentenceTransformer

    want = SentenceTransformer(str(rerank.distil.model_dir()), device="cpu").encode(texts, normalize_embeddings=True)
    got = rerank.transformer_vectors(texts)
    assert got.shape == (len(texts), rerank.WIDTH)
    assert np.allclose(got, want, atol=1e-4)


def test_the_store_keeps_vectors_so_a_second_process_runs_no_transformer(tmp_path, monkeypatch):
    path = tmp_path / "vectors.sqlite"
    first = rerank.TransformerStore(path).vectors(["opera solo", "operatic song", "opera solo"])
    assert np.allclose(first[0], first[2]) and first[0] @ first[1] > 0.6

    def no_transformer(texts):
        raise AssertionError(f"encoded again: {texts}")

    monkeypatch.setattr(rerank, "transformer_vectors", no_transformer)
    again = rerank.TransformerStore(path).vectors(["operatic song", "opera solo"])
    assert np.allclose(again, first[[1, 0]], atol=2e-3)  # stored as float16
    with pytest.raises(AssertionError, match="encoded again"):
        rerank.TransformerStore(path).vectors(["never seen clue"])


def test_reranked_with_no_texts_is_empty():
    order, sims = rerank.reranked(rerank.TransformerStore(), "opera solo", [])
    assert order.shape == (0,) and sims.shape == (0,)


def test_use_rereading_makes_the_hybrid_build_the_rereading_source(models, monkeypatch):
    monkeypatch.setattr(guessers, "MeaningGuesser", MeaningGuesser)
    monkeypatch.setattr(RereadingMeaningGuesser, "RERANK", RereadingMeaningGuesser.RERANK)
    rerank.use_rereading(7)
    hybrid = guessers.HybridGuesser(models, meaning=True)
    assert isinstance(hybrid.meaning, RereadingMeaningGuesser) and hybrid.meaning.rerank == 7
