"""Multi-word phrase candidates ('RUNAWAYJURY', 'ITLLDO') built from common words to fit a slot's crossing letters,
and whole entries of WordNet the common words lack ('DROPCLOTH', 'HGWELLS', 'CRUDITES')."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from core.crossword.letters import letter_codes

ONE_LETTER = ("A", "I", "O")


@dataclass(frozen=True)
class PhraseLexicon:
    """Common words by length with unigram log probabilities (the parts phrases are made of)."""

    words: dict  # length -> tuple of words
    codes: dict  # length -> (n, length) uint8 letter codes
    logp: dict  # length -> (n,) log unigram probabilities
    wholes: dict = field(default_factory=dict)  # length -> (words, (n, length) codes): whole entries, one prior each
    whole_logp: float = 0.0  # the prior log probability of a whole entry

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


# a whole entry weighs as much as a phrase of two words of rank WHOLE_RANK (a real entry against two chance words)
WHOLE_RANK = 1000
WHOLE_LENGTHS = (4, 21)  # the lengths whole entries are kept for (shorter slots never ask for phrases)


def with_wholes(lexicon: PhraseLexicon, entries, known, total_rank: int = 60_000) -> PhraseLexicon:
    """The lexicon with whole entries (upper-case answers) that `known` lacks, each with the prior of two rank-1000 words."""
    by_len: dict[int, set[str]] = {}
    for w in entries:
        if WHOLE_LENGTHS[0] <= len(w) <= WHOLE_LENGTHS[1] and w.isascii() and w.isalpha() and w.isupper() \
                and w not in known:
            by_len.setdefault(len(w), set()).add(w)
    wholes = {n: (tuple(sorted(ws)), letter_codes(sorted(ws), n)) for n, ws in by_len.items()}
    norm = sum(1.0 / (r + 50) for r in range(total_rank))
    logp = 2 * math.log(1.0 / (WHOLE_RANK + 50) / norm)
    return PhraseLexicon(lexicon.words, lexicon.codes, lexicon.logp, wholes, logp)


def wordnet_entries(folder: Path | None) -> list[str]:
    """Every WordNet lemma as a grid answer ('drop_cloth' -> 'DROPCLOTH'), from the index.* files of a folder."""
    import re

    out = []
    for pos in ("noun", "verb", "adj", "adv"):
        path = folder / f"index.{pos}" if folder else None
        if path is None or not path.exists():
            continue
        with open(path, encoding="utf-8", errors="replace") as fh:
            out.extend(re.sub(r"[^A-Za-z]", "", line.split(" ", 1)[0]).upper() for line in fh if not line.startswith(" "))
    return out


def phrase_lexicon(limit: int = 60_000, per_length: int = 3000, known_limit: int = 120_000) -> PhraseLexicon:
    """The lexicon of wordfreq's most common English words, with WordNet's entries outside its `known_limit` most
    common ones as whole entries (empty without wordfreq; no whole entries without WordNet)."""
    try:
        from wordfreq import top_n_list
    except ImportError:
        return PhraseLexicon({}, {}, {})
    from core.crossword.wordnet import wordnet_dir

    lexicon = lexicon_from_ranked(top_n_list("en", limit), per_length)
    known = {w.upper() for w in top_n_list("en", known_limit)}
    return with_wholes(lexicon, wordnet_entries(wordnet_dir()), known, limit)


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
    return out + [(w, p) for w, p in best_wholes(lexicon, cell_logp, max(1, k // 4)) if w not in seen]


def best_wholes(lexicon: PhraseLexicon, cell_logp: np.ndarray, k: int) -> list[tuple[str, float]]:
    """The k whole entries of the slot's length with the best evidence, as (entry, prior log probability) pairs."""
    n = cell_logp.shape[0]
    if n not in lexicon.wholes:
        return []
    words, codes = lexicon.wholes[n]
    evidence = cell_logp[np.arange(n)[None, :], codes].sum(axis=1)
    top = np.argsort(-evidence, kind="stable")[:k]
    return [(words[i], lexicon.whole_logp) for i in top]
