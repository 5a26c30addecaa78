"""Secret words to draw: common everyday words of a list by default (wordfreq's frequencies), any word on request."""
from __future__ import annotations

import random
from typing import Sequence

COMMON_ZIPF = 3.0  # Zipf frequency 3: about once per million words of text ("house" is 5.7, "aalii" 0)
GERMAN_LETTERS = set("äöüß")


def list_language(alphabet: str) -> str:
    """'de' for a list whose alphabet has ä, ö, ü or ß, else 'en' (the lab's lists are English or German)."""
    return "de" if set(alphabet) & GERMAN_LETTERS else "en"


def dictionary_words(lang: str) -> frozenset[str] | None:
    """Entries of a real dictionary written in lower case (no names, no abbreviations), less the words WordNet marks
    offensive: Webster's 2nd for English; None for other languages (frequency alone decides)."""
    if lang != "en":
        return None
    from english_words import get_english_words_set

    from core.words import wordnet_offensive

    rude = wordnet_offensive()  # words WordNet marks as slurs or obscenities (bastard, crap, negro, turd)
    return frozenset(w for w in get_english_words_set(["web2"], lower=False, alpha=True) if w.islower() and w not in rude)


def frequent_words(lang: str, min_zipf: float = COMMON_ZIPF) -> frozenset[str]:
    """The words of a language whose frequency in everyday text is at least `min_zipf` on wordfreq's Zipf scale."""
    from wordfreq import cB_to_freq, get_frequency_list

    floor = 10 ** (min_zipf - 9)  # Zipf z means a frequency of 10**z per billion words
    out: set[str] = set()
    for index, bucket in enumerate(get_frequency_list(lang)):  # buckets of equal frequency, commonest first
        if cB_to_freq(-index) < floor:
            break
        out.update(bucket)
    return frozenset(out)


def common_words(words: Sequence[str], lang: str = "en", min_zipf: float = COMMON_ZIPF,
                 dictionary: frozenset[str] | None = None) -> tuple[str, ...]:
    """The words of a list whose frequency in everyday text is at least `min_zipf` on wordfreq's Zipf scale (and,
    given a dictionary, that are dictionary entries: this drops web tokens and names such as www or aaron); never an
    obscenity, slur or word whose commonest sense is vulgar, however common."""
    from core.words import is_offensive

    frequent = frequent_words(lang, min_zipf)
    return tuple(w for w in words if w in frequent and not is_offensive(w) and (dictionary is None or w in dictionary))


def everyday_words(words: Sequence[str], words_hash: str, alphabet: str) -> tuple[str, ...]:
    """The list's everyday words (frequent in text and, in English, a dictionary entry), worked out once per list and
    kept on disk, keyed by the list's content and the code that picks them."""
    from core import artefacts
    from core.cache import cache_dir

    lang = list_language(alphabet)
    path = cache_dir("hangman") / f"everyday-{artefacts.key('everyday-words', words_hash, lang)}.txt"
    if path.is_file():
        return tuple(path.read_text(encoding="utf-8").split())
    common = common_words(words, lang, dictionary=dictionary_words(lang))
    tmp = path.with_name(f"{path.name}.{id(common)}.tmp")
    tmp.write_text("\n".join(common) + "\n", encoding="utf-8")
    tmp.replace(path)
    return common


def draw_word(words: Sequence[str], common: Sequence[str], any_word: bool, rng: random.Random) -> str:
    """A word drawn from the common words (or from the whole list when asked, or when none of it is common)."""
    pool = words if any_word or not common else common
    return rng.choice(list(pool))


def word_frequencies(lang: str) -> dict[str, float]:
    """wordfreq's everyday frequency of every word it knows in a language (a fraction of all words of text), in English
    less the offensive words (core.words.decency: nobody is told a person likely thinks of one)."""
    from wordfreq import get_frequency_dict

    freq = get_frequency_dict(lang)
    if lang != "en":
        return freq
    from core.words import is_offensive

    return {w: f for w, f in freq.items() if not is_offensive(w)}


def commonest_words(lang: str, n: int, letters: str) -> list[str]:
    """The language's `n` commonest words (wordfreq) written in lower case with the given letters only, of 2+ letters
    (in English, no offensive word)."""
    from wordfreq import top_n_list

    from core.words import is_offensive

    allowed = set(letters)
    return [w for w in top_n_list(lang, n) if len(w) >= 2 and w.isalpha() and w.islower() and set(w) <= allowed
            and not (lang == "en" and is_offensive(w))]
