"""Multi-word phrase candidates ('RUNAWAYJURY', 'ITLLDO') built from common words to fit a slot's crossing letters."""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from core.crossword.letters import letter_codes

ONE_LETTER = ("A", "I", "O")


@dataclass(frozen=True)
class PhraseLexicon:
    """Common words by length with unigram log probabilities (the parts phrases are made of)."""

    words: dict  # length -> tuple of words
    codes: dict  # length -> (n, length) uint8 letter codes
    logp: dict  # length -> (n,) log unigram probabilities

    @property
    def max_length(self) -> int:
        """The longest part."""
        return max(self.words, default=0)


def lexicon_from_ranked(ranked, per_length: int = 3000, max_length: int = 12) -> PhraseLexicon:
    """A lexicon of words given most common first; unigram probability ~ 1 / (rank + 50), at most per_length a length."""
    by_len: dict[int, list[tuple[str, float]]] = {}
    seen: set[str] = set()
    usable = [w.upper() for w in ranked if w.isascii() and w.isalpha()]
    total = sum(1.0 / (r + 50) for r in range(len(usable)))
    for rank, w in enumerate(usable):
        if w in seen or len(w) > max_length or (len(w) == 1 and w not in ONE_LETTER):
            continue
        bucket = by_len.setdefault(len(w), [])
        if len(bucket) < per_length:
            seen.add(w)
            bucket.append((w, math.log(1.0 / (rank + 50) / total)))
    words = {n: tuple(w for w, _ in b) for n, b in by_len.items()}
    return PhraseLexicon(words, {n: letter_codes(list(ws), n) for n, ws in words.items()},
                         {n: np.array([p for _, p in b]) for n, b in by_len.items()})


def phrase_lexicon(limit: int = 60_000, per_length: int = 3000) -> PhraseLexicon:
    """The lexicon of wordfreq's most common English words (empty without wordfreq)."""
    try:
        from wordfreq import top_n_list
    except ImportError:
        return PhraseLexicon({}, {}, {})
    return lexicon_from_ranked(top_n_list("en", limit), per_length)


def segment_scores(lexicon: PhraseLexicon, cell_logp: np.ndarray, length: int) -> np.ndarray:
    """(starts, words) evidence + prior of every word of this length at every start position."""
    codes, logp = lexicon.codes[length], lexicon.logp[length]
    starts = cell_logp.shape[0] - length + 1
    total = np.tile(logp, (starts, 1))
    for k in range(length):
        total += cell_logp[np.arange(starts)[:, None] + k, codes[None, :, k]]
    return total


def best_phrases(lexicon: PhraseLexicon, cell_logp: np.ndarray, k: int = 20, beam: int = 12,
                 min_words: int = 2) -> list[tuple[str, float]]:
    """The k phrases of min_words+ words with the best evidence (cell_logp: (L, 26) log letter evidence) + prior.

    Returns (phrase, prior log probability) pairs, best evidence first.
    """
    n = cell_logp.shape[0]
    tops: dict[tuple[int, int], list[tuple[float, float, str]]] = {}  # (start, length) -> (score, prior, word)
    for length in range(1, min(n, lexicon.max_length) + 1):
        if length not in lexicon.words:
            continue
        scores = segment_scores(lexicon, cell_logp, length)
        b = min(beam, scores.shape[1])
        for start in range(scores.shape[0]):
            idx = np.argpartition(-scores[start], b - 1)[:b]
            tops[(start, length)] = [(float(scores[start, i]), float(lexicon.logp[length][i]),
                                      lexicon.words[length][i]) for i in idx]
    # partial[i]: best (score, prior, words) covering cells 0..i-1
    partial: list[list[tuple[float, float, tuple]]] = [[] for _ in range(n + 1)]
    partial[0] = [(0.0, 0.0, ())]
    for end in range(1, n + 1):
        options = []
        for start in range(end):
            if not partial[start] or (start, end - start) not in tops:
                continue
            for s1, p1, ws in partial[start]:
                for s2, p2, w in tops[(start, end - start)]:
                    options.append((s1 + s2, p1 + p2, ws + (w,)))
        options.sort(key=lambda t: -t[0])
        partial[end] = options[:beam * 4 if end == n else beam]
    out, seen = [], set()
    for score, prior, ws in partial[n]:
        phrase = "".join(ws)
        if len(ws) >= min_words and phrase not in seen:
            seen.add(phrase)
            out.append((phrase, prior))
        if len(out) >= k:
            break
    return out
