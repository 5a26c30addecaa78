"""The tip game's word lists as the game plays them: a word listed twice is drawn twice as often."""
from __future__ import annotations

import gzip
from collections import Counter
from pathlib import Path
from typing import Iterable, Sequence

from core.words import WordList, decode_bytes, load_list, normalise, parse_upload

Word = str


def listed_words(text: str, accepted: Iterable[Word], filename: str = "list.txt") -> list[Word]:
    """Every accepted word in the order and as often as the text lists it (one word a line; for .csv/.tsv the first
    field of a line that is an accepted word)."""
    keep = frozenset(accepted)
    lower = filename.lower().removesuffix(".gz")
    delimiter = "\t" if lower.endswith(".tsv") else "," if lower.endswith(".csv") else None
    out: list[Word] = []
    for line in text.splitlines():
        fields = line.split(delimiter) if delimiter else [line]
        word = next((w for w in (normalise(f.strip().strip('"')) for f in fields) if w in keep), None)
        if word is not None:
            out.append(word)
    return out


def listed_in_upload(data: bytes, filename: str, wl: WordList) -> list[Word]:
    """The words of an already checked upload as often as the file lists them."""
    raw = gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data
    text, _ = decode_bytes(raw)
    return listed_words(text, wl.words, filename) or list(wl.words)


def game_words_from_upload(data: bytes, filename: str) -> tuple[WordList, list[Word]]:
    """An upload checked as every list is (WordListError for a bad one), and its words as the game draws them."""
    wl, _ = parse_upload(data, filename)
    return wl, listed_in_upload(data, filename, wl)


def load_game_words(name_or_path: str) -> list[Word]:
    """A list by catalogue name (its words), or a file with its duplicates kept, as the game draws them."""
    wl = load_list(name_or_path)
    path = Path(name_or_path)
    if path.is_file():
        return game_words_from_upload(path.read_bytes(), path.name)[1]
    return list(wl.words)


def duplicates(words: Sequence[Word]) -> dict[Word, int]:
    """The words listed more than once, with how often."""
    return {w: n for w, n in Counter(words).items() if n > 1}


def duplicates_note(words: Sequence[Word]) -> str:
    """One plain sentence on how the game treats the list's repeated words (empty when none repeats)."""
    dup = duplicates(words)
    if not dup:
        return ""
    distinct = len(set(words))
    shown = ", ".join(f"{w} ({n} times)" for w, n in list(dup.items())[:5]) + (" …" if len(dup) > 5 else "")
    repeated = f"{len(dup):,} word{' is' if len(dup) == 1 else 's are'} listed more than once: {shown}"
    return (f"{repeated}. The game draws a word as often as the list holds it, so it plays all {len(words):,} "
            f"entries ({distinct:,} different words) and a repeated word counts that many times in every average.")
