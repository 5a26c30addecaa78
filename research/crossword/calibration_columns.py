"""Extra calibration columns tried for the packaged guesser (2026-11-29; none kept), computed from a clue's candidates.

The packaged guesser weighs each candidate alone by a logistic model of its sources' scores. These columns tell it
what one candidate's scores alone cannot: how common the answer is as a word or as two words run together
(wordfreq), how many sources agree on it, where it stands among this clue's candidates in each source, and the
answer's own frequency where a close source (thesaurus, short definition, opposite, synonym) proposes it.
Compared on stored candidate rows by research.crossword.packaged_rows; the figures are in research/crossword/README.md.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

ZIPF_SCALE = 8.0  # wordfreq's Zipf values run from 0 to about 8


@lru_cache(maxsize=200_000)
def word_zipf(answer: str) -> float:
    """The answer's wordfreq Zipf frequency as one English word, over ZIPF_SCALE (0 when unknown or no wordfreq)."""
    try:
        from wordfreq import zipf_frequency
    except ImportError:
        return 0.0
    return zipf_frequency(answer.lower(), "en") / ZIPF_SCALE


@lru_cache(maxsize=200_000)
def split_zipf(answer: str) -> float:
    """The best split of the answer into two common words run together (ATEASE: AT + EASE), scored by the rarer
    word's Zipf frequency over ZIPF_SCALE (0 when no split has two known words)."""
    best = 0.0
    for i in range(1, len(answer)):
        left, right = answer[:i], answer[i:]
        if (len(left) == 1 and left not in "AI") or (len(right) == 1 and right not in "AI"):
            continue
        best = max(best, min(word_zipf(left), word_zipf(right)))
    return best


def zipf_bins(answers: list[str]) -> np.ndarray:
    """(candidates, 6) marks: the answer's Zipf bin (ZIPF_BINS: unknown, then four ranges) and whether its best
    two-word split is above Zipf 3."""
    out = np.zeros((len(answers), 6))
    for i, a in enumerate(answers):
        z = word_zipf(a) * ZIPF_SCALE
        out[i, 0 if z == 0 else int(np.searchsorted(ZIPF_BINS, z, side="left"))] = 1.0
        out[i, 5] = float(split_zipf(a) * ZIPF_SCALE > 3.0)
    return out


def source_ranks(feats: np.ndarray, columns: list[int]) -> np.ndarray:
    """(candidates, columns) 1 / rank of each candidate in each source column among this clue's candidates (ties
    share the better rank), 0 where the source did not propose it."""
    out = np.zeros((feats.shape[0], len(columns)))
    for k, j in enumerate(columns):
        col = feats[:, j]
        on = col > 0
        if not on.any():
            continue
        # rank = 1 + how many candidates score strictly higher in this column
        order = np.sort(col[on])[::-1]
        higher = np.searchsorted(-order, -col[on], side="left")
        out[on, k] = 1.0 / (1.0 + higher)
    return out


def agreement(feats: np.ndarray, columns: list[int]) -> np.ndarray:
    """How many of the source columns propose each candidate, over the number of columns."""
    if not columns:
        return np.zeros(feats.shape[0])
    return (feats[:, columns] > 0).sum(axis=1) / len(columns)


# the source columns whose ranks and agreement are read: the columns that propose answers (not the answer's own
# frequency, the clue-number marks or the clue-type marks)
SOURCE_NAMES = ("tfidf confidence", "answer-document cosine", "WordNet synonym of the clue",
                "WordNet relative of the clue", "WordNet relative of a clue word", "fill-in-the-blank phrase",
                "inflected like the clue", "WordNet phrase completing the blank",
                "WordNet name or phrase holding a clue word", "WordNet sibling of the clue",
                "WordNet synonym of the clue's head clause or a word group",
                "share of the clue's words in a WordNet entry (gloss and synonyms)",
                "census first name or surname the clue asks for (1 / rank by how common)",
                "the asked part of a WordNet person's or character's name holding a clue word",
                "Moby Thesaurus synonym of the clue or its head clause",
                "a GCIDE short definition is the clue or its head clause",
                "share of the clue's words in a GCIDE sense",
                "WordNet antonym of what a negated clue negates ('Not early')")

# the close sources: a candidate they propose is not penalised for being a common word ('log answer frequency' counts
# an answer's WordNet glosses, and its weight is negative: LATE for "Not early" lost to LUKE and LORE by it)
CLOSE_NAMES = ("Moby Thesaurus synonym of the clue or its head clause",
               "a GCIDE short definition is the clue or its head clause",
               "WordNet antonym of what a negated clue negates ('Not early')", "WordNet synonym of the clue",
               "WordNet synonym of the clue's head clause or a word group", "WordNet phrase completing the blank")
FREQUENCY_NAME = "log answer frequency"
ZIPF_BINS = (0.0, 2.5, 3.5, 4.5)  # Zipf bins: unknown, up to 2.5, 2.5-3.5, 3.5-4.5, above 4.5

EXTRA_VARIANTS = {
    "none": (),
    "zipf": ("zipf",),
    "zipf bins": ("zipf bins",),
    "agree": ("agree",),
    "ranks": ("ranks",),
    "close": ("close",),
    "zipf bins+close": ("zipf bins", "close"),
    "zipf+agree": ("zipf", "agree"),
    "zipf+ranks": ("zipf", "ranks"),
    "zipf+agree+ranks": ("zipf", "agree", "ranks"),
    "all": ("zipf", "agree", "ranks", "close"),
}


def extra_column_names(parts: tuple[str, ...], names: list[str]) -> tuple[str, ...]:
    """The names of the extra columns a variant adds."""
    out: list[str] = []
    if "zipf" in parts:
        out += ["how common the answer is as a word (wordfreq)", "how common its best split into two words is"]
    if "zipf bins" in parts:
        out += ["unknown to wordfreq", "Zipf up to 2.5", "Zipf 2.5 to 3.5", "Zipf 3.5 to 4.5", "Zipf above 4.5",
                "best two-word split above Zipf 3"]
    if "agree" in parts:
        out += ["share of the sources that propose the answer"]
    if "close" in parts:
        out += ["log answer frequency where a close source proposes the answer"]
    if "ranks" in parts:
        out += [f"1 / rank in: {n}" for n in SOURCE_NAMES if n in names]
    return tuple(out)


def extra_columns(answers: list[str], feats: np.ndarray, names: list[str], parts: tuple[str, ...]) -> np.ndarray:
    """(candidates, extra columns) for one clue's candidates: see extra_column_names."""
    cols: list[np.ndarray] = []
    sources = [names.index(n) for n in SOURCE_NAMES if n in names]
    if "zipf" in parts:
        cols.append(np.array([word_zipf(a) for a in answers], float))
        cols.append(np.array([split_zipf(a) for a in answers], float))
    if "zipf bins" in parts:
        cols.extend(zipf_bins(answers).T)
    if "agree" in parts:
        cols.append(agreement(feats, sources))
    if "close" in parts:
        close = [names.index(n) for n in CLOSE_NAMES if n in names]
        on = (feats[:, close] > 0).any(axis=1) if close else np.zeros(len(answers), bool)
        cols.append(np.where(on, feats[:, names.index(FREQUENCY_NAME)], 0.0))
    out = np.column_stack(cols) if cols else np.zeros((len(answers), 0))
    if "ranks" in parts:
        out = np.hstack([out, source_ranks(feats, sources)])
    return out.reshape(len(answers), len(extra_column_names(parts, names)))
