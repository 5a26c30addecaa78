"""The word-list model: a validated list of words with its content hash and alphabet; normalising and checking
words; splits, samples and letter statistics."""
from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Iterable, Sequence

import numpy as np

from core.cache import content_hash

Word = str

MAX_UPLOAD_BYTES = 50 * 1024 * 1024
UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
MAX_WORDS = 2_000_000
ASCII_LETTERS = "abcdefghijklmnopqrstuvwxyz"
LANGUAGE_LETTERS: dict[str, frozenset[str]] = {
    "en": frozenset(ASCII_LETTERS),
    "de": frozenset(ASCII_LETTERS + "äöüß"),
}


class WordListError(ValueError):
    """A word list that cannot be used, with a message fit to show a person."""


@dataclass(frozen=True)
class WordList:
    """A named, normalised, duplicate-free list of words with its alphabet and content hash."""

    name: str
    words: tuple[Word, ...]
    source: str = ""
    frequencies: tuple[float, ...] | None = None
    alphabet: str = field(default="")
    hash: str = field(default="")

    def __post_init__(self) -> None:
        if not self.alphabet:
            object.__setattr__(self, "alphabet", alphabet_of(self.words))
        if not self.hash:
            object.__setattr__(self, "hash", content_hash("\n".join(self.words)))

    def __len__(self) -> int:
        return len(self.words)

    def __iter__(self):
        return iter(self.words)

    def __contains__(self, word: object) -> bool:
        return word in self.word_set

    @property
    def word_set(self) -> frozenset[Word]:
        """The words as a frozenset (built once per list)."""
        return _word_set(self.words)

    def lengths(self) -> list[int]:
        """The distinct word lengths, ascending."""
        return sorted({len(w) for w in self.words})

    def text(self) -> str:
        """The list as text: one word a line."""
        return "\n".join(self.words) + ("\n" if self.words else "")


@lru_cache(maxsize=32)
def _word_set(words: tuple[Word, ...]) -> frozenset[Word]:
    return frozenset(words)


def alphabet_of(words: Iterable[Word]) -> str:
    """The letters the words use: a-z plus any other letter used, sorted."""
    return "".join(sorted(set(ASCII_LETTERS) | set("".join(words))))


def normalise(text: str) -> Word:
    """A word normalised: Unicode NFC, stripped, lower-cased (ß kept, unlike str.casefold)."""
    return unicodedata.normalize("NFC", text.strip().lower())


def rejection_reason(word: Word, extra: str = "") -> str | None:
    """Why a normalised word is not a valid word (None when it is)."""
    if not word:
        return "empty"
    bad = [c for c in word if not (c.isalpha() or c in extra)]
    if not bad:
        return None
    if any(c.isdigit() for c in bad):
        return "contains a digit"
    if any(c.isspace() for c in bad):
        return "contains a space"
    return f"contains {bad[0]!r}"


_PLAIN_TEXT = re.compile(r"[a-z\n]*")


def _plain_normalised(raw: list[str]) -> list[str] | None:
    """The words lower-cased, when every one is plain a-z letters in any case (then that is its normal form), else None."""
    text = "\n".join(raw)
    if not text.isascii():
        return None
    low = text.lower()
    if not _PLAIN_TEXT.fullmatch(low):
        return None
    out = low.split("\n")
    return out if len(out) == len(raw) else None


def make_list(name: str, words: Iterable[str], source: str = "", frequencies: Sequence[float] | None = None) -> WordList:
    """A WordList from trusted words: normalised, invalid and duplicate words dropped, order kept."""
    raw = list(words)
    plain = _plain_normalised(raw)  # a list of a-z words (most lists): each is valid unless empty, no per-word checks
    normal = plain if plain is not None else [normalise(r) for r in raw]
    valid = bool if plain is not None else (lambda w: rejection_reason(w) is None)
    if frequencies is None:
        return WordList(name=name, words=tuple(dict.fromkeys(w for w in normal if valid(w))), source=source)
    freqs = list(frequencies)
    seen: dict[Word, float] = {}
    for i, w in enumerate(normal):
        if w not in seen and valid(w):
            seen[w] = freqs[i]
    return WordList(name=name, words=tuple(seen), source=source, frequencies=tuple(seen.values()))


def split(words: WordList, test_fraction: float, seed: int) -> tuple[WordList, WordList]:
    """A deterministic (train, test) split by fraction and seed."""
    if not 0.0 < test_fraction < 1.0:
        raise WordListError("The test fraction must lie strictly between 0 and 1.")
    order = np.random.default_rng(seed).permutation(len(words))
    n_test = int(round(len(words) * test_fraction))
    test_idx, train_idx = sorted(order[:n_test]), sorted(order[n_test:])
    tag = f"seed {seed}, {test_fraction:g} test"
    return (
        _subset(words, train_idx, f"{words.name} (train, {tag})"),
        _subset(words, test_idx, f"{words.name} (test, {tag})"),
    )


def _subset(words: WordList, idx: Sequence[int], name: str) -> WordList:
    freqs = tuple(words.frequencies[i] for i in idx) if words.frequencies else None
    return WordList(name=name, words=tuple(words.words[i] for i in idx), source=words.source, frequencies=freqs)


def with_lengths(words: WordList, lengths: Iterable[int]) -> WordList:
    """The words whose length is one of the given lengths."""
    keep = set(lengths)
    idx = [i for i, w in enumerate(words.words) if len(w) in keep]
    label = ",".join(str(n) for n in sorted(keep))
    return _subset(words, idx, f"{words.name} (length {label})")


def sample(words: WordList, n: int, seed: int) -> list[Word]:
    """A seeded sample of n words (all of them, shuffled, when n >= len)."""
    rng = np.random.default_rng(seed)
    idx = rng.permutation(len(words))[: max(0, n)]
    return [words.words[i] for i in idx]


def difference(words: WordList, other: WordList, name: str | None = None) -> WordList:
    """The words of one list that are not in another."""
    other_set = other.word_set
    return make_list(name or f"{words.name} minus {other.name}", (w for w in words.words if w not in other_set), words.source)


# ---------------------------------------------------------------- uploads

def renamed(words: WordList, name: str) -> WordList:
    """The same list under another name."""
    return replace(words, name=name)


def letter_counts(words: WordList) -> dict[str, int]:
    """How often each letter occurs over all words."""
    counts = Counter("".join(words.words))
    return dict(sorted(counts.items(), key=lambda kv: -kv[1]))


def position_matrix(words: WordList, max_len: int = 15) -> tuple[list[str], np.ndarray]:
    """(letters, matrix[letter, position]) of letter counts by position, up to max_len positions."""
    letters = sorted(set("".join(words.words)))
    mat = np.zeros((len(letters), max_len), dtype=np.int64)
    if not letters:
        return letters, mat
    codes = np.array(words.words, dtype=f"<U{max_len}").view(np.uint32).reshape(len(words.words), max_len)
    top = int(codes.max()) + 1  # code point 0 pads the words shorter than max_len
    counts = np.stack([np.bincount(codes[:, j], minlength=top) for j in range(max_len)], axis=1)
    for i, c in enumerate(letters):
        if ord(c) < top:
            mat[i] = counts[ord(c)]
    return letters, mat
