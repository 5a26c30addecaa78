"""English word frequencies on the Zipf scale without importing wordfreq for plain words (added 2026-11-29).

A look-up asks how common a few clue words are ('Is "bond" too common a word to be a name?'). Importing wordfreq and
reading its English list cost about a second of each look-up; instead wordfreq's own `zipf_frequency` of every plain
word of its list (lower-case a-z) is worked out once and packed (core.crossword.knowledge.packed), keyed by
wordfreq's version and this module's code. A plain word wordfreq does not list is 0.0, as wordfreq says; any other
text (capitals, accents, digits, apostrophes, spaces) is still asked of wordfreq itself, so every answer is
wordfreq's own, bit for bit (tests/test_crossword_fast_lookup.py compares them).
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

PLAIN = re.compile(r"[a-z]+")  # a word wordfreq's tokenizer keeps whole as one token (English)
KINDS = {"zipf": "floats", "unknown": "value"}


def wordfreq_version() -> str:
    """The installed wordfreq's version ('' when it is not installed)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("wordfreq")
    except PackageNotFoundError:
        return ""


def plain_zipf_table() -> dict[str, object]:
    """wordfreq's Zipf frequency of every plain word (lower-case a-z) its English list holds, and the one it gives a
    plain word it does not list."""
    from wordfreq import get_frequency_dict, zipf_frequency

    listed = get_frequency_dict("en")
    unlisted = next("q" * n for n in range(8, 64) if "q" * n not in listed)
    return {"zipf": {w: zipf_frequency(w, "en") for w in listed if PLAIN.fullmatch(w)},
            "unknown": zipf_frequency(unlisted, "en")}


def table_folder(version: str) -> Path:
    """Where the packed table of a wordfreq version is kept (the packed-table artefact of its version and this
    module's code)."""
    from core.cache import code_version
    from core.crossword.knowledge.packed import packed_folder

    return packed_folder("english-zipf", f"wordfreq-{version}-{code_version('crossword/clues/frequency.py')}")


@lru_cache(maxsize=1)
def plain_zipf():
    """The packed table of plain words' Zipf frequencies ("zipf") and an unlisted one's ("unknown"), read once a
    process (None without wordfreq)."""
    from core.crossword.knowledge.packed import packed

    version = wordfreq_version()
    if not version:
        return None
    return packed(table_folder(version), KINDS, plain_zipf_table)


def english_zipf(word: str) -> float:
    """A word's Zipf frequency in English as wordfreq's `zipf_frequency(word, 'en')` gives it (0.0 when unknown or
    wordfreq is missing): plain words from the packed table, any other text from wordfreq."""
    table = plain_zipf()
    if table is None:
        return 0.0
    if PLAIN.fullmatch(word):
        return table["zipf"].get(word, table["unknown"])
    from wordfreq import zipf_frequency

    return zipf_frequency(word, "en")
