"""The tip table: every useful candidate tip and the answer code of every word, as a numpy matrix."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Sequence

import numpy as np

from core.tipgame.rules import N_ANSWERS, NO, Tip, Word, answer

Index = np.ndarray  # sorted int array of word positions in the table


@dataclass(frozen=True, eq=False)
class TipTable:
    """Distinct words with their weights (duplicates count twice), the candidate tips and codes[tip, word]."""

    words: tuple[Word, ...]
    weights: np.ndarray
    tips: tuple[Tip, ...]
    codes: np.ndarray
    max_tip_len: int
    tip_index: dict[Tip, int] = field(default_factory=dict)
    word_tip: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int32))

    @property
    def n_words(self) -> int:
        """How many distinct words."""
        return len(self.words)

    @property
    def total_weight(self) -> int:
        """How many words the list holds, duplicates included."""
        return int(self.weights.sum())

    def all_words(self) -> Index:
        """The index of every word."""
        return np.arange(self.n_words, dtype=np.int32)


def substrings(word: Word, max_len: int) -> set[str]:
    """The substrings of a word of length 1..max_len."""
    return {word[i:i + k] for k in range(1, max_len + 1) for i in range(len(word) - k + 1)}


def tip_table(words: Sequence[Word], max_tip_len: int = 3) -> TipTable:
    """The table for a list: tips are every 1..max_tip_len substring plus every word."""
    if not words:
        raise ValueError("The word list is empty.")
    counts = Counter(words)
    distinct = tuple(counts)
    weights = np.array([counts[w] for w in distinct], dtype=np.int64)
    tips_set: set[str] = set(distinct)
    for w in distinct:
        tips_set |= substrings(w, max_tip_len)
    tips = tuple(sorted(tips_set, key=lambda t: (len(t), t)))
    index = {t: i for i, t in enumerate(tips)}
    codes = np.zeros((len(tips), len(distinct)), dtype=np.uint8)
    for j, w in enumerate(distinct):
        for k in range(1, len(w) + 1):
            for i in range(len(w) - k + 1):
                t = index.get(w[i:i + k])
                if t is not None and codes[t, j] == NO:
                    codes[t, j] = answer(w, tips[t])
    word_tip = np.array([index[w] for w in distinct], dtype=np.int32)
    return TipTable(distinct, weights, tips, codes, max_tip_len, index, word_tip)


def rich_tip_table(words: Sequence[Word], max_tip_len: int | None = None) -> TipTable:
    """The table with every substring up to max_tip_len (None: any length) plus every word, one tip per answer column.

    Tips that get the same answer from every word of the list are interchangeable; the shortest is kept and
    `index` maps each of the others to it.
    """
    if not words:
        raise ValueError("The word list is empty.")
    longest = max(len(w) for w in words)
    return distinct_tips(tip_table(words, longest if max_tip_len is None else max_tip_len))


def distinct_tips(table: TipTable) -> TipTable:
    """The same table without tips whose answer column repeats an earlier (shorter) tip's."""
    _, first, inverse = np.unique(table.codes, axis=0, return_index=True, return_inverse=True)
    keep = np.sort(first)
    new_pos = np.empty(len(first), dtype=np.int64)
    new_pos[np.argsort(first)] = np.arange(len(first))
    owner = new_pos[np.asarray(inverse).ravel()]
    tips = tuple(table.tips[i] for i in keep.tolist())
    index = {t: int(owner[i]) for i, t in enumerate(table.tips)}
    word_tip = np.array([index[w] for w in table.words], dtype=np.int32)
    return TipTable(table.words, table.weights, tips, table.codes[keep], table.max_tip_len, index, word_tip)


def group_weights(table: TipTable, H: Index, tips: np.ndarray | None = None) -> np.ndarray:
    """weights[tip, answer]: the weight of H's words in each answer group, for every (given) tip."""
    sub = table.codes[:, H] if tips is None else table.codes[np.ix_(tips, H)]
    n_tips = sub.shape[0]
    flat = sub.astype(np.int64) + (np.arange(n_tips, dtype=np.int64) * N_ANSWERS)[:, None]
    w = np.broadcast_to(table.weights[H], sub.shape).ravel()
    return np.bincount(flat.ravel(), weights=w, minlength=n_tips * N_ANSWERS).reshape(n_tips, N_ANSWERS)


def group_counts(table: TipTable, H: Index, tips: np.ndarray | None = None) -> np.ndarray:
    """counts[tip, answer]: how many distinct words of H fall in each answer group."""
    sub = table.codes[:, H] if tips is None else table.codes[np.ix_(tips, H)]
    n_tips = sub.shape[0]
    flat = sub.astype(np.int64) + (np.arange(n_tips, dtype=np.int64) * N_ANSWERS)[:, None]
    return np.bincount(flat.ravel(), minlength=n_tips * N_ANSWERS).reshape(n_tips, N_ANSWERS)

