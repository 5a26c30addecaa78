"""Answers as points beside clue words: each training answer's own Word2Vec vector, queried by a clue's mean vector.

The Word2Vec model learns from sentences of a clue's words followed by its answers, so an answer's vector sits near
the words its clues use. A clue none of the training clues resembles can still land near its answer (a learned
reverse dictionary); with crossing letters known, the nearest answers that fit them are few and often right.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.crossword.letters import letter_codes

MIN_COUNT = 3  # an answer needs this many training clues for its vector to say more than one clue's words
CACHE_KEY = "_answer_vectors"  # where the index is kept on the models object (like its other lazy indexes)


@dataclass(frozen=True)
class AnswerVectors:
    """Answer length -> (answers, unit vectors (n, dim), letter codes (n, length), training counts)."""

    by_length: dict
    rows: dict  # answer -> its row in by_length[len(answer)]

    def nearest(self, vector: np.ndarray | None, length: int, k: int, pattern: str | None = None,
                exclude: tuple[str, int] | None = None) -> dict[str, float]:
        """The k answers of this length nearest a unit vector (fitting the pattern's letters): answer -> cosine.

        `exclude` (answer, clues of it to leave out) is calibration's leave-one-out: that answer is left out when
        fewer than MIN_COUNT of its training clues remain.
        """
        entry = self.by_length.get(length)
        if vector is None or entry is None or k <= 0:
            return {}
        answers, vecs, codes, counts = entry
        sims = vecs @ vector
        if pattern:
            for i, ch in enumerate(pattern[:length]):
                if "A" <= ch <= "Z":
                    sims = np.where(codes[:, i] == ord(ch) - 65, sims, -2.0)
        if exclude and exclude[0] in self.rows:
            j = self.rows[exclude[0]]
            if len(exclude[0]) == length and counts[j] - exclude[1] < MIN_COUNT:
                sims[j] = -2.0
        top = np.argpartition(-sims, k)[:k] if len(sims) > k else np.arange(len(sims))
        return {answers[i]: float(sims[i]) for i in top if sims[i] > 0}


def build_answer_vectors(answers, counts, w2v) -> AnswerVectors:
    """The index of the answers seen at least MIN_COUNT times that the Word2Vec model holds (lower case tokens)."""
    by_len: dict = {}
    if w2v is None:
        return AnswerVectors({}, {})
    kti = w2v.key_to_index
    for a, n in zip(answers, counts):
        if n >= MIN_COUNT and a.lower() in kti:
            by_len.setdefault(len(a), []).append((a, int(n)))
    out = {}
    for length, rows in by_len.items():
        words = [a for a, _ in rows]
        vecs = np.asarray(w2v.vectors[[kti[a.lower()] for a in words]], np.float32)
        vecs /= np.maximum(np.linalg.norm(vecs, axis=1, keepdims=True), 1e-9)
        out[length] = (tuple(words), vecs, letter_codes(words, length), np.array([n for _, n in rows]))
    return AnswerVectors(out, {a: i for words, *_ in out.values() for i, a in enumerate(words)})


def answer_vectors(models) -> AnswerVectors:
    """The answer-vector index of fitted clue models, built once per models object (under a second)."""
    cached = models.__dict__.get(CACHE_KEY)
    if cached is None:
        cached = build_answer_vectors(models.table.answers, models.table.answer_counts, models.w2v)
        models.__dict__[CACHE_KEY] = cached
    return cached
