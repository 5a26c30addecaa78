"""Build the shipped English Wordle lists (data/wordle/lists): dictionary words from WordNet 3.0 and their regular
inflections, the most frequent of them as answers, and SCOWL's words as guesses.

Used by `python -m research.wordle.build_lists`; the running app reads the shipped files.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable

from core.words import CONTRACTIONS, OBSCENE, Lexicon, WordListError, english_lexicon

_ROMAN = re.compile(r"^m{0,4}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$")
# Regular inflections by WordNet part of speech (WordNet's own "morphy" rules): (suffix, replacement).
_INFLECTIONS: dict[str, tuple[tuple[str, str], ...]] = {
    "n": (("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"), ("ies", "y"),
          ("men", "man")),
    "v": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", ""), ("ied", "y")),
    "a": (("er", ""), ("est", ""), ("er", "e"), ("est", "e"), ("ier", "y"), ("iest", "y")),
}


def inflection_bases(word: str) -> list[tuple[str, str]]:
    """(base, part of speech) pairs a word could be a regular inflection of ('stopped' -> ('stop', 'v'), ...)."""
    out: list[tuple[str, str]] = []
    for tag, rules in _INFLECTIONS.items():
        for suffix, repl in rules:
            if word.endswith(suffix) and len(word) - len(suffix) >= 2:
                base = word[: -len(suffix)] + repl
                if not _spelled_right(base, suffix, repl):
                    continue
                out.append((base, tag))
                doubled = tag in "va" and suffix in ("ed", "ing", "er", "est") and len(base) >= 3 and base[-1] == base[-2]
                if doubled:
                    out.append((base[:-1], tag))
    return out


def _spelled_right(base: str, suffix: str, repl: str) -> bool:
    """Whether English spelling adds the suffix to the base this way ('boxes' from 'box', never 'cowes' from 'cow';
    'denies', never 'denys')."""
    if suffix == "es" and repl == "":
        return base.endswith(("s", "x", "z", "ch", "sh", "o"))
    if suffix == "s" and repl == "":
        return not (base.endswith("y") and base[-2:-1] not in "aeiou") and not base.endswith(("s", "x", "z", "ch", "sh"))
    return True


def _shaped(word: str, length: int) -> bool:
    """A lower-case a-z word of the length that is no Roman numeral."""
    return len(word) == length and word.isascii() and word.isalpha() and word.islower() and not _ROMAN.match(word)


def _plain(word: str, length: int, lex: Lexicon) -> bool:
    """A lower-case a-z word of the length that is no Roman numeral, obscenity or slur."""
    return _shaped(word, length) and word not in lex.offensive and word not in OBSCENE and word not in CONTRACTIONS


def is_lemma_word(word: str, lex: Lexicon) -> bool:
    """A WordNet lower-case lemma also found in pyspellchecker or web2, or WordNet's irregular form of one (began,
    women). A lower-case WordNet sense makes a word common even when it is also a name (rose, mark, bill)."""
    if word in lex.lemmas:
        return word in lex.spelled or word in lex.web2_lower
    bases = lex.irregular.get(word, ())
    return word in lex.spelled and any(b in lex.lemmas for b in bases)


def is_inflected_word(word: str, lex: Lexicon) -> bool:
    """A regular inflection of a WordNet lemma of the right part of speech that pyspellchecker also spells
    (plurals, -ed, -ing, -er, -est)."""
    if word in lex.capitalised or word not in lex.spelled:
        return False
    return any(tag in lex.lemmas.get(base, ()) for base, tag in inflection_bases(word))


def is_dictionary_word(word: str, lex: Lexicon) -> bool:
    """A lemma word or a regular inflection (neither a capitalised-only name nor a string no dictionary holds)."""
    return is_lemma_word(word, lex) or is_inflected_word(word, lex)


def dictionary_words(length: int) -> list[str]:
    """Every valid dictionary word of the length (a Wordle guess list), sorted."""
    lex = english_lexicon()
    pool = set(lex.lemmas) | set(lex.irregular) | lex.spelled
    return sorted(w for w in pool if _plain(w, length, lex) and is_dictionary_word(w, lex))


def common_words(length: int, n: int) -> list[str]:
    """The n most frequent (wordfreq) dictionary words of the length that are no regular inflection and that SCOWL
    does not call an abbreviation (a Wordle answer list: no plurals or -ed forms, no corp or tech), most frequent
    first."""
    from wordfreq import zipf_frequency

    lex, abbreviations = english_lexicon(), scowl_words().abbreviations
    pool = [w for w in dictionary_words(length) if is_lemma_word(w, lex) and w not in abbreviations]
    ranked = sorted(pool, key=lambda w: (-zipf_frequency(w, "en"), w))
    return ranked[:n]


# SCOWL (Debian's `scowl` package): lower-case words up to this size are valid guesses; size 80 adds rarer words that
# pyspellchecker, web2 or WordNet also hold. Sizes above 80 are obscure and are not read.
SCOWL_DIR = Path("/usr/share/dict/scowl")
SCOWL_COMMON_SIZE, SCOWL_SIZE, SCOWL_RARE_SIZE = 35, 70, 80
# SCOWL's spellings read: words of every spelling, American only, British only (-ise and -ize).
SCOWL_SPELLINGS = ("english", "american", "british", "british_z")


@dataclass(frozen=True)
class Scowl:
    """SCOWL's words in American and British spelling: each lower-case a-z word, and each name or capitalised word
    (lower-cased), with the smallest size (10 = most common ... 80) that lists it."""

    words: dict[str, int]
    capitalised: dict[str, int]
    abbreviations: frozenset[str] = frozenset()  # lower-cased abbreviations (corp, tech) SCOWL never lists as words


@lru_cache(maxsize=1)
def scowl_words(folder: Path = SCOWL_DIR) -> Scowl:
    """SCOWL's word lists (the `scowl` Debian package, read from /usr/share/dict/scowl)."""
    if not folder.is_dir():
        raise WordListError("The built-in English guess list is built from SCOWL: install Debian's `scowl` package "
                            "(apt-get install scowl).")
    words: dict[str, int] = {}
    capitalised: dict[str, int] = {}
    abbreviations: set[str] = set()
    for path in sorted(folder.iterdir()):
        category, _, size_text = path.name.rpartition(".")
        spelling, _, kind = category.partition("-")
        if spelling not in SCOWL_SPELLINGS or not size_text.isdigit() or int(size_text) > SCOWL_RARE_SIZE:
            continue
        size = int(size_text)
        for w in path.read_text(encoding="utf-8").split():
            if kind == "words" and w.isascii() and w.isalpha() and w.islower():
                words[w] = min(words.get(w, size), size)
            elif kind in ("proper-names", "upper") and w[:1].isupper():
                low = w.lower()
                capitalised[low] = min(capitalised.get(low, size), size)
            elif kind == "abbreviations" and w.rstrip(".").isalpha():
                abbreviations.add(w.rstrip(".").lower())
    return Scowl(words, capitalised, frozenset(abbreviations - set(words)))


def is_scowl_word(word: str, lex: Lexicon, scowl: Scowl) -> bool:
    """A lower-case SCOWL word up to size 70 that SCOWL lists no commoner as a name (miles, french; not louis, kelly),
    or a size-80 one that is never capitalised and that pyspellchecker, web2 or WordNet also holds."""
    size = scowl.words.get(word)
    if size is None:
        return False
    if size <= SCOWL_SIZE:
        return scowl.capitalised.get(word, size) >= size
    return (word not in scowl.capitalised and word not in lex.capitalised
            and (word in lex.spelled or word in lex.web2_lower or word in lex.lemmas))


def is_guess_word(word: str, lex: Lexicon, scowl: Scowl) -> bool:
    """A valid guess: a dictionary word (WordNet and its inflections) or a SCOWL word, never an obscenity."""
    return word not in OBSCENE and (is_dictionary_word(word, lex) or is_scowl_word(word, lex, scowl))


def _plain_guess(word: str, length: int, lex: Lexicon, scowl: Scowl) -> bool:
    """Plain, except that a word among SCOWL's commonest (size 35) stays a guess even where WordNet's marks call it
    offensive (fairy, taco, rabble); answers keep WordNet's marks."""
    common = scowl.words.get(word, SCOWL_RARE_SIZE) <= SCOWL_COMMON_SIZE
    return _plain(word, length, lex) or (common and _shaped(word, length) and word not in OBSCENE | CONTRACTIONS)


def guess_words(length: int) -> list[str]:
    """Every valid guess of the length (the Wordle guess list), sorted."""
    lex, scowl = english_lexicon(), scowl_words()
    pool = set(dictionary_words(length)) | {w for w in scowl.words if len(w) == length}
    return sorted(w for w in pool if _plain_guess(w, length, lex, scowl) and is_guess_word(w, lex, scowl))


def _five_letter_guesses() -> list[str]:
    return guess_words(5)


# The builders of the built-in lists shipped in data/wordle/lists (core reads the files, never builds them).
SHIPPED_BUILDERS: dict[str, Callable[[], list[str]]] = {
    "English 5-letter answers": lambda: sorted(common_words(5, 2_500)),
    "English 5-letter guesses": _five_letter_guesses,
    "English 6-letter common": lambda: sorted(common_words(6, 3_000)),
    "English 4-letter common": lambda: sorted(common_words(4, 1_500)),
}
