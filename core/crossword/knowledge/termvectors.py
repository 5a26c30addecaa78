"""Clue words as numbers without scikit-learn: the saved TF-IDF index applied with numpy (added 2026-11-29).

A look-up only applies an index fitted long ago; importing scikit-learn to do so cost more than the rest of a warm
look-up. `TermCounter` and `ClueVectorizer` repeat scikit-learn's CountVectorizer and TfidfVectorizer `transform`
(lower case, the token pattern, word pairs, sublinear counts, idf, unit length) step for step, so they give the same
numbers bit for bit (tests/test_crossword_fast_lookup.py compares them); the fitting stays with scikit-learn.
"""
from __future__ import annotations

import math
import os
import pickle
import re
from pathlib import Path

import numpy as np



class TermCounter:
    """Counts of a vocabulary's words and word runs in texts, as scikit-learn's CountVectorizer(vocabulary=...)."""

    def __init__(self, vocabulary: dict, token_pattern: str, ngram_range: tuple[int, int] = (1, 1),
                 dtype=np.float32) -> None:
        self.vocabulary, self.ngram_range, self.dtype = vocabulary, tuple(ngram_range), dtype
        self.token_pattern = token_pattern
        self._tokens = re.compile(token_pattern)

    def terms(self, text: str) -> list[str]:
        """The words of a text (lower case) followed by its runs of 2..n words, as scikit-learn lists them."""
        tokens = self._tokens.findall(text.lower())
        low, high = self.ngram_range
        out = list(tokens) if low == 1 else []
        for n in range(max(low, 2), min(high, len(tokens)) + 1):
            out += [" ".join(tokens[i:i + n]) for i in range(len(tokens) - n + 1)]
        return out

    def transform(self, texts: list[str]):
        """A sparse (texts x vocabulary) matrix of term counts, indices sorted in each row."""
        import scipy.sparse as sp

        indices: list[int] = []
        values: list[int] = []
        indptr = [0]
        for text in texts:
            counts: dict[int, int] = {}
            for term in self.terms(text):
                column = self.vocabulary.get(term)
                if column is not None:
                    counts[column] = counts.get(column, 0) + 1
            indices += counts.keys()
            values += counts.values()
            indptr.append(len(indices))
        matrix = sp.csr_matrix((np.asarray(values, np.intc), np.asarray(indices, np.int32),
                                np.asarray(indptr, np.int32)), shape=(len(texts), len(self.vocabulary)),
                               dtype=self.dtype)
        matrix.sort_indices()
        return matrix


class ClueVectorizer:
    """A fitted TF-IDF index applied to texts: sublinear counts times idf, each row of unit length."""

    def __init__(self, counter: TermCounter, idf: np.ndarray) -> None:
        self.counter, self.idf = counter, idf

    @property
    def vocabulary_(self) -> dict:
        """Term -> column (scikit-learn's name for it)."""
        return self.counter.vocabulary

    def transform(self, texts: list[str]):
        """A sparse (texts x vocabulary) matrix of TF-IDF weights, as TfidfVectorizer(sublinear_tf=True).transform."""
        matrix = self.counter.transform(texts)
        np.log(matrix.data, matrix.data)
        matrix.data += 1.0
        matrix.data *= self.idf[matrix.indices]
        return unit_rows(matrix)


def unit_rows(matrix):
    """Each row divided by its length (a float32 square summed in double precision, in order, as scikit-learn does);
    empty rows stay empty."""
    data = matrix.data
    for row in range(matrix.shape[0]):
        lo, hi = matrix.indptr[row], matrix.indptr[row + 1]
        total = 0.0
        for value in (data[lo:hi] * data[lo:hi]).tolist():
            total += value
        if total:
            data[lo:hi] = (data[lo:hi].astype(np.float64) / math.sqrt(total)).astype(data.dtype)
    return matrix


def light_vectorizer(fitted) -> ClueVectorizer:
    """The numpy version of a fitted scikit-learn TfidfVectorizer (word tokens, sublinear counts, l2 rows)."""
    if (fitted.analyzer, fitted.lowercase, fitted.strip_accents, fitted.stop_words, fitted.preprocessor,
            fitted.tokenizer, fitted.norm, fitted.sublinear_tf, fitted.use_idf) != (
            "word", True, None, None, None, None, "l2", True, True):
        raise ValueError("only a word-level, lower-case, sublinear, l2 TF-IDF index can be applied without "
                         "scikit-learn")
    counter = TermCounter(fitted.vocabulary_, fitted.token_pattern, fitted.ngram_range, fitted.dtype)
    return ClueVectorizer(counter, fitted.idf_)


def snapshot_path(folder: Path) -> Path:
    """Where a models folder keeps its clue index without scikit-learn, keyed by the code that writes it."""
    from core.artefacts import key

    return folder / f"clue-index-{key('clue-snapshots')}.pickle"


def saved_vectorizer(folder: Path) -> ClueVectorizer:
    """The models folder's clue index as a ClueVectorizer: its snapshot (vocabulary, idf and settings), written once
    from the scikit-learn index (tfidf.pickle, our own cache file) when missing."""
    path = snapshot_path(folder)
    if path.exists():
        with path.open("rb") as fh:  # our own cache file, never an upload
            doc = pickle.load(fh)
        counter = TermCounter(doc["vocabulary"], doc["token_pattern"], doc["ngram_range"], doc["dtype"])
        return ClueVectorizer(counter, doc["idf"])
    with (folder / "tfidf.pickle").open("rb") as fh:  # our own cache file, never an upload
        return save_snapshot(folder, pickle.load(fh))


def save_snapshot(folder: Path, fitted) -> ClueVectorizer:
    """Write a fitted scikit-learn index's snapshot into the models folder (its vocabulary, idf and settings); the
    numpy version of it."""
    light = light_vectorizer(fitted)
    doc = {"vocabulary": light.counter.vocabulary, "token_pattern": light.counter.token_pattern,
           "ngram_range": light.counter.ngram_range, "dtype": light.counter.dtype, "idf": light.idf}
    path = snapshot_path(folder)
    partial = path.with_suffix(f".{os.getpid()}.part")  # written aside, then renamed: readers never see half a file
    with partial.open("wb") as fh:
        pickle.dump(doc, fh, protocol=pickle.HIGHEST_PROTOCOL)
    partial.replace(path)
    return light


class WordVectors:
    """Saved word vectors read without gensim: a word's vector is its row, as gensim's KeyedVectors gives it."""

    def __init__(self, words: list[str], vectors: np.ndarray) -> None:
        self.index_to_key, self.vectors = list(words), vectors
        self.key_to_index = {w: i for i, w in enumerate(self.index_to_key)}
        self.vector_size = int(vectors.shape[1])

    def __getitem__(self, word: str) -> np.ndarray:
        """The word's vector (KeyError for a word without one)."""
        return self.vectors[self.key_to_index[word]]

    def __contains__(self, word: str) -> bool:
        """Whether the word has a vector."""
        return word in self.key_to_index


def vectors_path(folder: Path) -> Path:
    """Where a models folder keeps its word vectors without gensim, keyed by the code that writes them."""
    from core.artefacts import key

    return folder / f"word-vectors-{key('clue-snapshots')}.pickle"


def save_word_vectors(folder: Path, keyed) -> WordVectors:
    """Write gensim word vectors' words and rows into the models folder; the numpy version of them."""
    light = WordVectors(list(keyed.index_to_key), np.asarray(keyed.vectors))
    path = vectors_path(folder)
    partial = path.with_suffix(f".{os.getpid()}.part")  # written aside, then renamed: readers never see half a file
    with partial.open("wb") as fh:
        pickle.dump({"words": light.index_to_key, "vectors": light.vectors}, fh, protocol=pickle.HIGHEST_PROTOCOL)
    partial.replace(path)
    return light


def saved_word_vectors(folder: Path) -> WordVectors:
    """The models folder's word vectors: their snapshot, written once from gensim's file (w2v.kv) when missing."""
    path = vectors_path(folder)
    if path.exists():
        with path.open("rb") as fh:  # our own cache file, never an upload
            doc = pickle.load(fh)
        return WordVectors(doc["words"], doc["vectors"])
    from gensim.models import KeyedVectors

    return save_word_vectors(folder, KeyedVectors.load(str(folder / "w2v.kv")))
