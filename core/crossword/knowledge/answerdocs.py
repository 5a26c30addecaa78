"""Answer-side retrieval: each training answer as one document of all its training clues, queried by a clue."""
from __future__ import annotations

from functools import cached_property
from pathlib import Path

import numpy as np

from core.crossword.knowledge.table import ClueTable
from core.crossword.letters import letter_codes
from core.crossword.knowledge.termvectors import TermCounter

TOKENS = r"[a-z0-9]+|___"
VERSION = "answerdocs-v1"


def _weighted(raw, idf: np.ndarray):
    """Rows of raw term counts as L2-normalised sublinear-tf x idf vectors (CSR)."""
    import scipy.sparse as sp

    w = raw.astype(np.float32, copy=True).tocsr()
    w.data = np.log1p(w.data)
    w = (w @ sp.diags(idf)).tocsr()
    norms = np.sqrt(np.asarray(w.multiply(w).sum(axis=1)).ravel())
    norms[norms == 0] = 1.0
    return (sp.diags((1.0 / norms).astype(np.float32)) @ w).tocsr()


class AnswerDocs:
    """TF-IDF over answer documents (an answer's training clues concatenated); cosine to a clue, by answer length."""

    def __init__(self, table: ClueTable, vocabulary: dict, idf: np.ndarray, raw) -> None:
        self.table, self.idf, self.raw = table, idf.astype(np.float32), raw.tocsr()
        self.vectorizer = TermCounter(vocabulary, TOKENS)  # CountVectorizer's counts without importing scikit-learn
        self.weights = _weighted(self.raw, self.idf)

    @cached_property
    def by_length(self) -> dict:
        """Answer length -> (answer ids, {answer: local index}, transposed weight matrix (vocab, answers))."""
        lens = self.table.answer_lengths
        out = {}
        for n in np.unique(lens):
            ids = np.flatnonzero(lens == n)
            out[int(n)] = (ids, {self.table.answers[i]: j for j, i in enumerate(ids)}, self.weights[ids].T.tocsr())
        return out

    @cached_property
    def codes(self) -> dict:
        """Answer length -> (answers, length) letter codes in by_length's order."""
        return {n: letter_codes([self.table.answers[i] for i in ids], n) for n, (ids, _, _) in self.by_length.items()}

    def clue_counts(self, clue: str):
        """Term counts of a normalised clue (1 x vocab)."""
        return self.vectorizer.transform([clue])

    def query(self, clue: str):
        """A normalised clue as a unit sublinear-tf x idf vector (1 x vocab)."""
        return _weighted(self.clue_counts(clue), self.idf)

    def scores(self, clue: str, length: int, exclude: str | None = None) -> tuple[dict, np.ndarray]:
        """({answer: local index}, cosine of every answer of this length); `exclude` drops this clue from that answer's document."""
        entry = self.by_length.get(length)
        if entry is None:
            return {}, np.zeros(0)
        ids, local, matrix = entry
        q = self.query(clue)
        out = np.zeros(len(ids), np.float32)
        if q.nnz:
            res = (q @ matrix).tocsr()
            out[res.indices] = res.data
        if exclude and exclude in local:
            out[local[exclude]] = self.left_out_score(q, clue, exclude)
        return local, out

    def coverage(self, clue: str, length: int, exclude: str | None = None) -> tuple[dict, np.ndarray]:
        """({answer: local index}, share of the clue's words (weighted by idf) found in each answer's document).

        A short definition clue ('organ that pumps blood') shares few words with a long gloss, so its cosine is
        small; the share of its own words the document holds is not. `exclude` drops this clue from that
        answer's document (leave-one-out for calibration).
        """
        entry = self.by_length.get(length)
        if entry is None:
            return {}, np.zeros(0)
        ids, local, matrix = entry
        terms = self.clue_counts(clue).indices
        if not len(terms):
            return local, np.zeros(len(ids), np.float32)
        idf = self.idf[terms]
        present = (matrix[terms] > 0).astype(np.float32).T.tocsr()
        out = np.asarray(present @ idf).ravel().astype(np.float32) / float(idf.sum())
        if exclude and exclude in local:
            row = self.raw[self.table.answer_id[exclude]] - self.table.exact(clue).get(exclude, 0) * self.clue_counts(clue)
            held = row[:, terms].toarray().ravel() > 0
            out[local[exclude]] = float(idf[held].sum() / idf.sum())
        return local, out

    def left_out_score(self, q, clue: str, answer: str) -> float:
        """Cosine of the clue to the answer's document without this clue's own occurrences (for calibration)."""
        a = self.table.answer_id[answer]
        count = self.table.exact(clue).get(answer, 0)
        row = self.raw[a] - count * self.clue_counts(clue)
        row.data = np.maximum(row.data, 0)
        row.eliminate_zeros()
        if not row.nnz or not q.nnz:
            return 0.0
        return float((q @ _weighted(row, self.idf).T).toarray()[0, 0])

    def top(self, clue: str, length: int, k: int, exclude: str | None = None) -> dict[str, float]:
        """The k answers of this length whose documents are nearest the clue, with their cosines."""
        local, sims = self.scores(clue, length, exclude)
        if not len(sims):
            return {}
        idx = np.argpartition(-sims, min(k, len(sims) - 1))[:k] if len(sims) > k else np.arange(len(sims))
        ids = self.by_length[length][0]
        return {self.table.answers[ids[i]]: float(sims[i]) for i in idx if sims[i] > 0}


def fit_answer_docs(table: ClueTable) -> tuple[dict, np.ndarray, object]:
    """(vocabulary, idf, raw answer x term counts) for a clue table (a few seconds)."""
    import scipy.sparse as sp
    from sklearn.feature_extraction.text import CountVectorizer

    cv = CountVectorizer(token_pattern=TOKENS, dtype=np.float32)
    counts = cv.fit_transform(table.clues).tocsr()
    pairs = sp.csr_matrix((table.pair_count.astype(np.float32), (table.pair_answer, table.pair_clue)),
                          shape=(len(table.answers), len(table.clues)))
    raw = (pairs @ counts).tocsr()
    df = np.bincount(raw.indices, minlength=raw.shape[1])
    idf = (np.log((1.0 + raw.shape[0]) / (1.0 + df)) + 1.0).astype(np.float32)
    return {k: int(v) for k, v in cv.vocabulary_.items()}, idf, raw


def answer_docs(table: ClueTable, folder: Path | None = None) -> AnswerDocs:
    """The answer-document index of a table, loaded from or saved to `folder` (the models' cache) when given."""
    import json
    import os

    import scipy.sparse as sp

    if folder is not None and (folder / f"{VERSION}.npz").exists():
        raw = sp.load_npz(folder / f"{VERSION}.npz")
        vocabulary = json.loads((folder / f"{VERSION}-vocabulary.json").read_text())
        idf = np.load(folder / f"{VERSION}-idf.npy")
        return AnswerDocs(table, vocabulary, idf, raw)
    vocabulary, idf, raw = fit_answer_docs(table)
    if folder is not None:
        (folder / f"{VERSION}-vocabulary.json").write_text(json.dumps(vocabulary))
        np.save(folder / f"{VERSION}-idf.npy", idf)
        partial = folder / f"{VERSION}.{os.getpid()}.part.npz"  # the index counts as cached once renamed
        sp.save_npz(partial, raw)
        partial.replace(folder / f"{VERSION}.npz")
    return AnswerDocs(table, vocabulary, idf, raw)
