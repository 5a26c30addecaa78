"""Fitted tables behind the solvers: words by length (candidate filtering) and character n-grams.

Letters are coded 0..A-1 in alphabet order; code A marks a word boundary; code A+1 is a wildcard.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Sequence

import numpy as np

from core.hangman.rules import BLANK, State
from core.progress import Progress, no_progress

Cells = tuple[int, ...]  # a window of codes, -1 for a blank


@dataclass(frozen=True)
class Alphabet:
    """The letters a solver knows and their integer codes."""

    letters: str

    @property
    def size(self) -> int:
        """The number of letters."""
        return len(self.letters)

    @property
    def boundary(self) -> int:
        """The code of the word-boundary marker."""
        return len(self.letters)

    @property
    def wild(self) -> int:
        """The code of the wildcard in lookup keys."""
        return len(self.letters) + 1

    @property
    def base(self) -> int:
        """The radix of the integer keys."""
        return len(self.letters) + 2

    def code(self) -> dict[str, int]:
        """Letter -> code."""
        return _codes(self.letters)

    def encode(self, word: str) -> np.ndarray:
        """A word as a uint8/uint16 code array (letters outside the alphabet raise KeyError)."""
        table = self.code()
        return np.array([table[c] for c in word], dtype=self.dtype())

    def dtype(self):
        """The smallest unsigned dtype holding every code."""
        return np.uint8 if self.base <= 255 else np.uint16


@lru_cache(maxsize=64)
def _codes(letters: str) -> dict[str, int]:
    return {c: i for i, c in enumerate(letters)}


def alphabet_of_words(words: Sequence[str]) -> Alphabet:
    """The alphabet of a word list (sorted distinct letters)."""
    return Alphabet("".join(sorted({c for w in words for c in w})))


def guessed_codes(state: State, alphabet: Alphabet) -> list[int]:
    """The codes of the guessed letters the alphabet knows."""
    table = alphabet.code()
    return [table[c] for c in state.guessed if c in table]


def blocked(state: State, alphabet: Alphabet) -> np.ndarray:
    """A boolean table over codes: True for codes that cannot fill a blank (guessed letters, boundary, wildcard)."""
    bad = np.zeros(alphabet.base, dtype=bool)
    bad[guessed_codes(state, alphabet)] = True
    bad[alphabet.boundary] = True
    bad[alphabet.wild] = True
    return bad


def open_letters(state: State, alphabet: Alphabet) -> np.ndarray:
    """A boolean vector over letters: True for letters not yet guessed."""
    ok = np.ones(alphabet.size, dtype=bool)
    ok[guessed_codes(state, alphabet)] = False
    return ok


# ------------------------------------------------------------------ words by length


class WordIndex:
    """The words grouped by length as code matrices, with per-word letter counts, for fast pattern filtering."""

    def __init__(self, words: Sequence[str], alphabet: Alphabet) -> None:
        self.alphabet = alphabet
        groups: dict[int, list[str]] = {}
        for w in words:
            groups.setdefault(len(w), []).append(w)
        self.words: dict[int, tuple[str, ...]] = {n: tuple(ws) for n, ws in groups.items()}
        self.codes: dict[int, np.ndarray] = {}
        self.counts: dict[int, np.ndarray] = {}
        table = alphabet.code()
        for n, ws in self.words.items():
            flat = np.fromiter((table[c] for w in ws for c in w), dtype=np.int32, count=n * len(ws))
            codes = flat.reshape(len(ws), n).astype(alphabet.dtype())
            counts = np.zeros((len(ws), alphabet.size), dtype=np.uint8)
            rows = np.repeat(np.arange(len(ws)), n)
            np.add.at(counts, (rows, flat), 1)
            self.codes[n], self.counts[n] = codes, counts
        self._setup_caches()
        self._all_occurrences = sum((c.sum(axis=0, dtype=np.int64) for c in self.counts.values()), np.zeros(alphabet.size)).astype(float)
        self._length_presence = {n: (c > 0).sum(axis=0).astype(float) for n, c in self.counts.items()}

    def __len__(self) -> int:
        return sum(len(ws) for ws in self.words.values())

    def candidates(self, state: State) -> np.ndarray:
        """Row numbers (within the state's length group) of the words consistent with the state."""
        if state.length not in self.codes:
            return np.zeros(0, dtype=np.int64)
        return self._cached(state.mask, tuple(sorted(state.guessed)))

    def _candidates(self, mask: str, guessed: tuple[str, ...]) -> np.ndarray:
        n = len(mask)
        table = self.alphabet.code()
        known = [c for c in guessed if c in table]
        if len(known) < len(guessed) and any(c in mask for c in guessed if c not in table):
            return np.zeros(0, dtype=np.int64)  # a revealed letter no word of the list has
        if not known:
            base = np.arange(len(self.words[n]))
        else:
            # start from the state without the last (alphabetically) guessed letter: cheap incremental filtering
            drop = known[-1]
            parent_mask = mask.replace(drop, BLANK)
            base = self._cached(parent_mask, tuple(c for c in guessed if c != drop))
        if not known:
            return base
        letter = known[-1]
        code = table[letter]
        where = [i for i, c in enumerate(mask) if c == letter]
        counts = self.counts[n][base, code]
        keep = counts == len(where)
        if where:
            codes = self.codes[n][base[:, None], np.asarray(where)]
            keep &= (codes == code).all(axis=1)
        return base[keep]

    def matching_words(self, state: State, limit: int | None = None) -> list[str]:
        """The dictionary words consistent with the state (the first `limit` of them)."""
        idx = self.candidates(state)
        words = self.words.get(state.length, ())
        return [words[i] for i in idx[:limit]]

    def shown_words(self, state: State, limit: int) -> list[str]:
        """The first `limit` consistent words fit to show a class (core.words.decency leaves the offensive out)."""
        from core.words import presentable

        idx = self.candidates(state)
        words = self.words.get(state.length, ())
        out: list[str] = []
        for start in range(0, len(idx), 4 * limit):
            out += presentable(words[i] for i in idx[start:start + 4 * limit])
            if len(out) >= limit:
                break
        return out[:limit]

    def presence(self, state: State, idx: np.ndarray | None = None) -> np.ndarray:
        """For each letter, how many candidate words contain it."""
        idx = self.candidates(state) if idx is None else idx
        if state.length not in self.counts or len(idx) == 0:
            return np.zeros(self.alphabet.size)
        return (self.counts[state.length][idx] > 0).sum(axis=0).astype(float)

    def occurrences(self, state: State, idx: np.ndarray | None = None) -> np.ndarray:
        """For each letter, how often it occurs over all candidate words."""
        idx = self.candidates(state) if idx is None else idx
        if state.length not in self.counts or len(idx) == 0:
            return np.zeros(self.alphabet.size)
        return self.counts[state.length][idx].sum(axis=0, dtype=np.int64).astype(float)

    def length_presence(self, length: int) -> np.ndarray:
        """For each letter, how many words of this length contain it."""
        return self._length_presence.get(length, np.zeros(self.alphabet.size))

    def all_occurrences(self) -> np.ndarray:
        """For each letter, how often it occurs over the whole list."""
        return self._all_occurrences

    def __getstate__(self):
        d = dict(self.__dict__)
        d.pop("_cached", None)
        return d

    def __setstate__(self, d):
        self.__dict__.update(d)
        self._setup_caches()

    def _setup_caches(self) -> None:
        self._cached = lru_cache(maxsize=512)(self._candidates)


# ------------------------------------------------------------------ character n-grams


@dataclass
class NgramTable:
    """The distinct n-grams of one order (rows of codes) with counts, and wildcard lookup indexes."""

    order: int
    grams: np.ndarray  # (m, n) codes
    counts: np.ndarray  # (m,) float
    lookups: dict[tuple[int, ...], tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)  # blanks -> (sorted keys, rows)


def ngram_counts(words: Sequence[str], alphabet: Alphabet, order: int) -> tuple[np.ndarray, np.ndarray]:
    """The distinct n-grams of boundary-padded words ('^word$' with one marker each side) and their counts."""
    table = alphabet.code()
    b, base = alphabet.boundary, alphabet.base
    keys_parts = []
    groups: dict[int, list[str]] = {}
    for w in words:
        groups.setdefault(len(w), []).append(w)
    powers = base ** np.arange(order - 1, -1, -1, dtype=np.int64)
    for n, ws in groups.items():
        if n + 2 < order:
            continue
        flat = np.fromiter((table[c] for w in ws for c in w), dtype=np.int64, count=n * len(ws)).reshape(len(ws), n)
        padded = np.full((len(ws), n + 2), b, dtype=np.int64)
        padded[:, 1:-1] = flat
        win = np.lib.stride_tricks.sliding_window_view(padded, order, axis=1).reshape(-1, order)
        keys_parts.append(win @ powers)
    if not keys_parts:
        return np.zeros((0, order), dtype=alphabet.dtype()), np.zeros(0)
    keys, counts = np.unique(np.concatenate(keys_parts), return_counts=True)
    grams = np.zeros((len(keys), order), dtype=np.int64)
    rest = keys.copy()
    for j in range(order - 1, -1, -1):
        grams[:, j] = rest % base
        rest //= base
    return grams.astype(alphabet.dtype()), counts.astype(float)


def build_table(words: Sequence[str], alphabet: Alphabet, order: int, max_blanks: int) -> NgramTable:
    """An n-gram table with lookup indexes for every placement of 1..max_blanks wildcards."""
    grams, counts = ngram_counts(words, alphabet, order)
    table = NgramTable(order, grams, counts)
    powers = alphabet.base ** np.arange(order - 1, -1, -1, dtype=np.int64)
    g64 = grams.astype(np.int64)
    for k in range(1, max_blanks + 1):
        for blanks in combinations(range(order), k):
            masked = g64.copy()
            masked[:, list(blanks)] = alphabet.wild
            keys = masked @ powers
            rows = np.argsort(keys, kind="stable").astype(np.int32)
            table.lookups[blanks] = (keys[rows], rows)
    return table


def window_matches(table: NgramTable, cells: Cells, wild: int, base: int) -> tuple[np.ndarray, np.ndarray]:
    """(letters at the blanks (k, blanks), counts (k,)) of the n-grams matching a window's known cells."""
    blanks = [j for j, c in enumerate(cells) if c < 0]
    sorted_keys, rows = table.lookups[tuple(blanks)]
    key = 0
    for c in cells:
        key = key * base + (wild if c < 0 else c)
    lo = int(np.searchsorted(sorted_keys, key, "left"))
    hi = int(np.searchsorted(sorted_keys, key, "right"))
    r = rows[lo:hi]
    sub = table.grams[r][:, blanks].astype(np.intp)
    return sub, table.counts[r]


class NgramModel:
    """Character n-gram tables of several orders over boundary-padded words."""

    def __init__(self, words: Sequence[str], alphabet: Alphabet, max_order: int = 6, max_blanks: dict[int, int] | None = None,
                 progress: Progress = no_progress) -> None:
        self.alphabet = alphabet
        self.max_order = max_order
        blanks = max_blanks or {}
        self.tables: dict[int, NgramTable] = {}
        for n in range(1, max_order + 1):
            progress(n - 1, max_order, f"letter patterns of {n} letters")
            self.tables[n] = build_table(words, alphabet, n, min(n - 1, blanks.get(n, 1)) if n > 1 else 1)
        progress(max_order, max_order, "letter patterns counted")
        uni = self.tables[1]
        self.unigram = np.zeros(alphabet.size)
        letters = uni.grams[:, 0] < alphabet.size
        self.unigram[uni.grams[letters, 0]] = uni.counts[letters]
        self._setup_cache()

    def max_blanks(self, order: int) -> int:
        """The most blanks a window of this order may hold."""
        keys = self.tables[order].lookups
        return max((len(k) for k in keys), default=0)

        self._setup_cache()

    def _setup_cache(self) -> None:
        self._matches = lru_cache(maxsize=50_000)(self._window_matches)

    def _window_matches(self, cells: Cells):
        a = self.alphabet
        sub, w = window_matches(self.tables[len(cells)], cells, a.wild, a.base)
        if sub.shape[1] == 1:
            hist = np.bincount(sub[:, 0], weights=w, minlength=a.base)
            return hist
        if sub.shape[1] == 2:  # a dense (letter at the first blank, letter at the second) count table
            pairs = np.bincount(sub[:, 0] * a.base + sub[:, 1], weights=w, minlength=a.base * a.base)
            return pairs.reshape(a.base, a.base).astype(np.float32)  # integer counts: exact in float32
        return sub, w

    def __getstate__(self):
        d = dict(self.__dict__)
        d.pop("_matches", None)
        return d

    def __setstate__(self, d):
        self.__dict__.update(d)
        self._setup_cache()

    def histograms(self, cells: Cells, bad: np.ndarray) -> tuple[list[int], np.ndarray, float]:
        """(blank offsets, histograms[blank, letter], total) of the n-grams matching a window.

        Known cells must match exactly; blank cells take any letter not blocked by `bad`
        (so a known miss rules out every n-gram that would put it in a blank).
        """
        size = self.alphabet.size
        blanks = [j for j, c in enumerate(cells) if c < 0]
        got = self._matches(tuple(cells))
        if isinstance(got, np.ndarray) and got.ndim == 1:
            hist = np.where(bad, 0.0, got)[:size]
            return blanks, hist[None, :], float(hist.sum())
        if isinstance(got, np.ndarray):  # two blanks: drop the pairs with a blocked letter, sum the margins
            keep = ~bad
            pairs = got * (keep[:, None] & keep[None, :])
            return blanks, np.stack([pairs.sum(axis=1)[:size], pairs.sum(axis=0)[:size]]).astype(float), float(pairs.sum())
        sub, w = got
        hists = np.zeros((len(blanks), size))
        if len(w) == 0:
            return blanks, hists, 0.0
        ok = ~bad[sub].any(axis=1)
        if not ok.any():
            return blanks, hists, 0.0
        sub, w = sub[ok], w[ok]
        for j in range(len(blanks)):
            hists[j] = np.bincount(sub[:, j], weights=w, minlength=size)[:size]
        return blanks, hists, float(w.sum())


def padded_cells(state: State, alphabet: Alphabet) -> list[int]:
    """The state's mask as codes with a boundary each side; -1 for blanks (and for letters the alphabet lacks)."""
    table = alphabet.code()
    b = alphabet.boundary
    return [b] + [(-1 if c == BLANK else table.get(c, -1)) for c in state.mask] + [b]


# ------------------------------------------------------------------ a whole-word language model


class WordLM:
    """An interpolated (Witten-Bell) character n-gram model of whole boundary-padded words, as dense log tables.

    Symbols are the letters plus the boundary code; logp[n][context..., next] for n = 1..order.
    """

    def __init__(self, ngrams: "NgramModel", order: int = 5, max_cells: int = 40_000_000) -> None:
        a = ngrams.alphabet
        v = a.size + 1
        while order > 2 and v ** order > max_cells:
            order -= 1
        self.order = order
        self.v = v
        raw = {n: self._dense_counts(ngrams, n, v) for n in range(1, order + 1)}
        uni = raw[1]
        prev = (uni + 1.0) / (uni.sum() + v)
        self.logp: dict[int, np.ndarray] = {1: np.log(prev).astype(np.float32)}
        for n in range(2, order + 1):
            cur = self._witten_bell(raw[n], prev)
            self.logp[n] = np.log(np.maximum(cur, 1e-12)).astype(np.float32)
            prev = cur

    @staticmethod
    def _dense_counts(ngrams: "NgramModel", n: int, v: int) -> np.ndarray:
        t = ngrams.tables[n]
        counts = np.zeros((v,) * n)
        keep = (t.grams < v).all(axis=1)
        counts[tuple(t.grams[keep].astype(np.intp).T)] = t.counts[keep]
        return counts

    @staticmethod
    def _witten_bell(counts: np.ndarray, lower: np.ndarray) -> np.ndarray:
        ctx = counts.sum(axis=-1, keepdims=True)
        types = (counts > 0).sum(axis=-1, keepdims=True)
        low = np.broadcast_to(lower[None, ...], counts.shape)
        denom = ctx + types
        safe = np.where(denom > 0, denom, 1)
        return np.where(denom > 0, (counts + types * low) / safe, low)

    def log_prob(self, padded: np.ndarray, positions: list[int] | None = None) -> np.ndarray:
        """log P of each row of boundary-padded word codes (F, L+2); only the given positions' terms when set."""
        f, width = padded.shape
        flat = self.flat
        cols = list(range(1, width)) if positions is None else list(positions)
        total = np.zeros(f)
        full = np.array([j for j in cols if j >= self.order - 1], dtype=np.intp)
        if len(full):
            n = self.order
            idx = np.zeros((f, len(full)), dtype=np.intp)
            for k in range(n):
                idx = idx * self.v + padded[:, full - n + 1 + k]
            total += flat[n][idx].sum(axis=1)
        for j in cols:
            if j < self.order - 1:
                n = j + 1
                idx = np.zeros(f, dtype=np.intp)
                for k in range(n):
                    idx = idx * self.v + padded[:, j - n + 1 + k]
                total += flat[n][idx]
        return total

    @property
    def flat(self) -> dict[int, np.ndarray]:
        """The log tables flattened (views, row-major: context first, next symbol last)."""
        return {n: t.reshape(-1) for n, t in self.logp.items()}
