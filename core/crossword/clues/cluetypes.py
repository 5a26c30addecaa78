"""Clue-type handlers: recognise a kind of clue (a blank, "Abbr.", a foreign word, a cross-reference, wordplay,
a plural or past tense) and propose answers of the slot's length with a confidence, each tagged with its source.

Every handler is a small pure function over a normalised clue (see core.crossword.knowledge.table.normalise_clue) and the
read-only knowledge it is given; the loaders at the bottom read packaged data (wordsegment's word and word-pair
counts, wordfreq's word lists) once and keep it read-only.
"""
from __future__ import annotations

import math
import os
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from core.crossword.knowledge.table import clue_tokens

Proposals = dict  # ANSWER -> confidence in (0, 1]

# --- recognising clue types ---

_ABBR = re.compile(r"\babbr\b\.?|\babbrev\b\.?|\bfor short\b|\binits?\b\.?|\bacronym\b")
_CROSS = re.compile(r"\b\d+\s*-?\s*(?:and\s+\d+\s*-?\s*)?(?:across|down)\b|\bstarred\b|\bthis puzzle'?s\b")
_SEE = re.compile(r"^see\s+\d+\s*-?\s*(?:across|down)\b")
_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”")
LANGUAGES = {  # a clue word -> wordfreq language code
    "french": "fr", "paris": "fr", "france": "fr", "lyon": "fr", "marseille": "fr",
    "quebec": "fr", "montreal": "fr", "bordeaux": "fr", "provence": "fr", "cannes": "fr", "normandy": "fr",
    "spanish": "es", "spain": "es", "madrid": "es", "mexico": "es", "barcelona": "es", "seville": "es",
    "toledo": "es", "tijuana": "es", "acapulco": "es", "havana": "es", "lima": "es", "juarez": "es",
    "cancun": "es", "andalusia": "es", "guadalajara": "es",
    "italian": "it", "italy": "it", "rome": "it", "milan": "it", "venice": "it", "naples": "it",
    "florence": "it", "turin": "it", "verona": "it", "sicily": "it", "genoa": "it",
    "german": "de", "germany": "de", "berlin": "de", "munich": "de", "vienna": "de", "bonn": "de",
    "hamburg": "de", "cologne": "de", "austria": "de", "frankfurt": "de", "dresden": "de",
    "portuguese": "pt", "lisbon": "pt", "portugal": "pt", "brazil": "pt",
    "dutch": "nl", "amsterdam": "nl", "holland": "nl", "rotterdam": "nl",
}
# where a language word counts: after "in" ("Friend, in Paris"), or a language opening the clue ("French friend")
_FOREIGN = re.compile(r"\bin (?:old |southern |northern )?([a-z]+)\b|^(french|spanish|italian|german|portuguese|dutch)\s")


def is_blank(clue: str) -> bool:
    """Whether a normalised clue has a fill-in-the-blank ('pop ___')."""
    return "___" in clue_tokens(clue)


def is_abbreviation(clue: str) -> bool:
    """Whether a normalised clue asks for an abbreviation ('doctor: abbr.', 'mil. rank (abbr.)', 'for short')."""
    return bool(_ABBR.search(_QUOTED.sub(" ", clue)))


def language_of(clue: str) -> str:
    """The wordfreq code of the language a normalised clue asks in ('friend, in paris' -> 'fr'), or ''."""
    text = _QUOTED.sub(" ", clue.replace(",", " "))
    for m in _FOREIGN.finditer(text):
        code = LANGUAGES.get(m.group(1) or m.group(2) or "")
        if code:
            return code
    return ""


def is_cross_reference(clue: str) -> bool:
    """Whether a normalised clue refers to another slot ('see 17-across', 'with 5-down, ...', 'starred clues')."""
    return bool(_CROSS.search(_QUOTED.sub(" ", clue)))


def is_see_only(clue: str) -> bool:
    """Whether a clue only points elsewhere ('see 17-across'): its own words say nothing of its answer."""
    return bool(_SEE.match(clue.strip()))


def is_wordplay(clue: str) -> bool:
    """Whether a normalised clue ends in a question mark outside quotes ('bad start?' yes, '"why not?" guy' no)."""
    return _QUOTED.sub("", clue).strip().endswith("?")


def clue_kinds(clue: str) -> tuple[str, ...]:
    """The clue-type names of a normalised clue (empty for a plain one)."""
    tests = (("blank", is_blank), ("abbreviation", is_abbreviation), ("foreign", language_of),
             ("cross-reference", is_cross_reference), ("wordplay", is_wordplay), ("inflected", base_clues))
    return tuple(name for name, test in tests if test(clue))


def clue_kind(clue: str) -> str:
    """The first clue type of a normalised clue, or 'plain' (one label a clue, for recall tables)."""
    kinds = clue_kinds(clue)
    return kinds[0] if kinds else "plain"


# --- fill-in-the-blank: wordsegment's word and word-pair counts ---

@dataclass(frozen=True)
class PhraseCounts:
    """Word counts and word-pair counts of English web text (wordsegment), indexed for blank completion."""

    unigrams: dict  # word -> count
    bigrams: dict  # 'w1 w2' -> count
    after: dict  # w1 -> ((w2, count), ...) most common first
    before: dict  # w2 -> ((w1, count), ...) most common first
    after_by_length: dict  # (w1, letters of w2) -> ((w2, count), ...) most common first
    before_by_length: dict  # (w2, letters of w1) -> ((w1, count), ...) most common first

    def count(self, *words: str) -> float:
        """The count of one word or a pair of words (0 when unseen)."""
        return float(self.unigrams.get(words[0], 0)) if len(words) == 1 else float(self.bigrams.get(" ".join(words), 0))


def phrase_counts_from(unigrams: dict, bigrams: dict, per_word: int = 300, per_length: int = 25) -> PhraseCounts:
    """A PhraseCounts from raw counts (neighbour lists keep the `per_word` most common, by length `per_length`)."""
    after: dict = {}
    before: dict = {}
    after_len: dict = {}
    before_len: dict = {}
    for pair, n in sorted(bigrams.items(), key=lambda t: -t[1]):
        w1, _, w2 = pair.partition(" ")
        if not (w1.isascii() and w2.isascii() and w1.isalpha() and w2.isalpha()):
            continue
        if (len(w1) == 1 and w1 not in _PARTS) or (len(w2) == 1 and w2 not in _PARTS):
            continue
        for index, key, item, cap in ((after, w1, (w2, n), per_word), (before, w2, (w1, n), per_word),
                                      (after_len, (w1, len(w2)), (w2, n), per_length),
                                      (before_len, (w2, len(w1)), (w1, n), per_length)):
            bucket = index.setdefault(key, [])
            if len(bucket) < cap:
                bucket.append(item)
    freeze = (lambda d: {k: tuple(v) for k, v in d.items()})
    return PhraseCounts(dict(unigrams), dict(bigrams), freeze(after), freeze(before), freeze(after_len),
                        freeze(before_len))


@lru_cache(maxsize=1)
def phrase_counts() -> PhraseCounts:
    """wordsegment's counts (read once; empty when the package is missing)."""
    try:
        import wordsegment
    except ImportError:
        return PhraseCounts({}, {}, {}, {}, {}, {})
    if not wordsegment.UNIGRAMS:
        wordsegment.load()
    return phrase_counts_from(wordsegment.UNIGRAMS, wordsegment.BIGRAMS)


_SEGMENT = re.compile(r"[(),:;\"“”!?]| - | -- |—")
_PARTS = frozenset({"a", "i"})  # the one-letter words a phrase can hold


def blank_context(clue: str) -> tuple[str, str] | None:
    """(word before the blank, word after it) within the blank's own phrase ('' at an edge or punctuation).

    Words across a bracket, comma, colon or quote are not context: 'take for ___ (hoodwink)' -> ('for', ''); a
    lone possessive s is skipped: "st. john's ___" -> ('john', '').
    """
    for part in _SEGMENT.split(clue):
        words = [w for w in clue_tokens(part) if len(w) > 1 or w in _PARTS or w == "___"]
        if "___" in words:
            i = words.index("___")
            left = words[i - 1] if i > 0 and words[i - 1] != "___" else ""
            right = words[i + 1] if i + 1 < len(words) and words[i + 1] != "___" else ""
            return left, right
    return None


def fits(answer: str, pattern: str | None) -> bool:
    """Whether an answer fits a pattern's known letters (any answer when there is no pattern)."""
    return not pattern or (len(answer) == len(pattern) and all(p == a or not "A" <= p <= "Z"
                                                              for p, a in zip(pattern, answer)))


def blank_answers(clue: str, length: int, counts: PhraseCounts, k: int = 100,
                  pattern: str | None = None) -> Proposals:
    """Completions of a blank of this many letters, one word or two ('pop ___' -> ART; '___ of the above' -> NONE).

    A completion w scores P(w | word before) x P(word after | w) from word-pair counts (a side without a word
    counts 1; an unseen pair counts a little); two-word completions ('ICEAGE') also need the pair itself.
    Confidences are shares of the total score among the proposals.
    """
    ctx = blank_context(clue)
    if ctx is None or not counts.unigrams:
        return {}
    left, right = ctx
    if not left and not right:
        return {}
    floor = 1e-4

    def p_after(prev: str, w: str) -> float:
        if not prev:
            return 1.0
        return counts.count(prev, w) / max(counts.count(prev), 1.0) or floor * 1e-3

    def p_before(w: str, nxt: str) -> float:
        if not nxt:
            return 1.0
        return counts.count(w, nxt) / max(counts.count(w), 1.0) or floor * 1e-3

    scores: dict = {}
    singles = {w for w, _ in counts.after.get(left, ())} | {w for w, _ in counts.before.get(right, ())}
    for w in singles:
        if len(w) == length and fits(w.upper(), pattern):
            scores[w.upper()] = p_after(left, w) * p_before(w, right)
    pairs = set()  # two-word completions touching the context: (w1, w2, count of the pair)
    for w1, _ in counts.after.get(left, ()) if left else ():
        pairs.update((w1, w2, n) for w2, n in counts.after_by_length.get((w1, length - len(w1)), ()))
    for w2, _ in counts.before.get(right, ()) if right else ():
        pairs.update((w1, w2, n) for w1, n in counts.before_by_length.get((w2, length - len(w2)), ()))
    for w1, w2, n in pairs:
        key = (w1 + w2).upper()
        if fits(key, pattern):
            s = p_after(left, w1) * (n / max(counts.count(w1), 1.0)) * p_before(w2, right)
            scores[key] = max(scores.get(key, 0.0), s)
    return shares(scores, k)


def shares(scores: dict, k: int) -> Proposals:
    """The k best scores as shares of their total (best first)."""
    top = sorted(scores.items(), key=lambda t: (-t[1], t[0]))[:k]
    total = sum(s for _, s in top)
    return {a: s / total for a, s in top} if total > 0 else {}


# --- abbreviations ---

def strip_abbreviation(clue: str) -> str:
    """A normalised clue without its abbreviation marker ('doctor: abbr.' -> 'doctor')."""
    text = _ABBR.sub(" ", clue)
    return " ".join(re.sub(r"[():,]", " ", text).split()).strip(" .")


def initials(clue: str, length: int) -> Proposals:
    """The initials of a clue's words when they have this many letters ('national football league: abbr.' -> NFL)."""
    words = [w for w in clue_tokens(strip_abbreviation(clue)) if w not in ("of", "the", "and", "for", "a", "___")]
    letters = "".join(w[0] for w in words if w[0].isalpha()).upper()
    return {letters: 1.0} if len(letters) == length else {}


def abbreviation_answers(clue: str, length: int, synonyms, abbreviations: frozenset) -> Proposals:
    """Abbreviations of the clue's meaning: synonyms of the clue (without 'abbr.') that WordNet writes as
    abbreviations (DR for 'doctor'), and the clue's initials."""
    if not is_abbreviation(clue):
        return {}
    out = {a: 1.0 for a in synonyms if len(a) == length and a in abbreviations}
    for a, c in initials(clue, length).items():
        out.setdefault(a, 0.5 * c)
    return out


# --- foreign words: wordfreq's lists of common words in other languages ---

def plain_letters(word: str) -> str:
    """A word without accents, upper case ('été' -> 'ETE'; '' when it has other characters)."""
    text = unicodedata.normalize("NFKD", word)
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).upper()
    return text if text.isascii() and text.isalpha() else ""


@lru_cache(maxsize=8)
def foreign_words(language: str, limit: int = 30000) -> dict:
    """Letters -> ((WORD, share of that length's frequency), ...) of a language's most common words (wordfreq)."""
    try:
        from wordfreq import top_n_list, word_frequency
    except ImportError:
        return {}
    by_len: dict = {}
    for w in top_n_list(language, limit):
        a = plain_letters(w)
        if len(a) >= 3:
            by_len.setdefault(len(a), {}).setdefault(a, word_frequency(w, language))
    out = {}
    for n, ws in by_len.items():
        total = sum(ws.values()) or 1.0
        out[n] = tuple((a, f / total) for a, f in sorted(ws.items(), key=lambda t: -t[1]))
    return out


def foreign_answers(clue: str, length: int, k: int = 100, pattern: str | None = None) -> Proposals:
    """The k most common words of this length in the language the clue names ('friend, in paris' -> AMI among
    French 3-letter words); the confidence is the word's share of that length's frequency."""
    language = language_of(clue)
    if not language:
        return {}
    return dict([(a, c) for a, c in foreign_words(language).get(length, ()) if fits(a, pattern)][:k])


# --- plurals and tenses: ask for the base form, inflect the answers ---

# particles a phrasal-verb answer ends in: the inflection goes on its verb ('HACKUP' + 's' -> 'HACKSUP')
PARTICLES = ("UP", "OUT", "ON", "OFF", "IN", "DOWN", "AWAY", "OVER", "BY", "IT", "AT", "TO", "BACK", "AROUND",
             "ASIDE", "FOR", "INTO", "ALONG", "ABOUT", "THROUGH")
MIN_ZIPF = 2.5  # a base form must be at least this common an English word (wordfreq's Zipf scale)


def word_frequency(word: str) -> float:
    """A lower-case word's Zipf frequency in English (wordfreq's, read from a packed table since 2026-11-29; 0 when
    unknown or wordfreq is missing)."""
    from core.crossword.clues.frequency import english_zipf

    return english_zipf(word)


def verb_base(word: str, ending: str, frequency=word_frequency) -> str | None:
    """The plain form of an inflected lower-case word ('getting' -> 'get', 'lured' -> 'lure', 'fixes' -> 'fix'):
    of the forms the ending can come from, the most common word of 3+ letters (None when none is common enough)."""
    if not word.endswith(ending):
        return None
    stem = word[: -len(ending)]
    forms = [stem]
    if ending == "s" and word.endswith("es"):
        forms += [word[:-2]] + ([word[:-3] + "y"] if word.endswith("ies") else [])
    if ending in ("ed", "ing"):
        forms += [stem + "e"] + ([stem[:-1]] if len(stem) > 2 and stem[-1] == stem[-2] else [])
        forms += [stem[:-1] + "y"] if ending == "ed" and stem.endswith("i") else []
    scored = [(frequency(f), f) for f in forms if len(f) >= 3 and f.isalpha()]
    best = max(scored, default=(0.0, None), key=lambda t: t[0])
    return best[1] if best[0] >= MIN_ZIPF else None


def base_clues(clue: str, frequency=word_frequency) -> list[tuple[str, str]]:
    """(clue with its inflected word made plain, inflection) for a plural, past-tense, -ing or -s verb clue.

    'loud dogs' -> [('loud dog', 's')]; 'walked slowly' -> [('walk slowly', 'ed')]; 'getting square' ->
    [('get square', 'ing')]; 'cuts to pieces' -> [('cuts to piece', 's'), ('cut to pieces', 's')]. The inflected
    word is the last one for a plural (a noun phrase's head), one of the first two for a past tense (a verb's), the
    first for -ing and for a verb's -s (a clue of two words or more). `frequency` tells common words (wordfreq).
    """
    words = clue.split()
    if not words or is_blank(clue) or is_cross_reference(clue):
        return []
    out = []
    last = words[-1]
    core = last.rstrip(".,;:!?")
    if len(core) > 3 and core.isalpha() and core.endswith("s") and not core.endswith(("ss", "us", "is")):
        base = core[:-3] + "y" if core.endswith("ies") else core[:-1]
        out.append((" ".join(words[:-1] + [base]), "s"))
    for i, w in enumerate(words[:2]):
        core = w.rstrip(".,;:!?")
        if len(core) > 4 and core.isalpha() and core.endswith("ed"):
            base = verb_base(core, "ed", frequency) or (core[:-3] + "y" if core.endswith("ied") else core[:-2])
            out.append((" ".join(words[:i] + [base] + words[i + 1:]), "ed"))
            break
    first = words[0].rstrip(".,;:!?")
    rest = words[1:]
    if len(first) > 5 and first.isalpha() and first.endswith("ing"):
        base = verb_base(first, "ing", frequency)
        if base:
            out.append((" ".join([base] + rest), "ing"))
    if rest and len(first) > 3 and first.isalpha() and first.endswith("s") and not first.endswith(("ss", "us", "is")):
        base = verb_base(first, "s", frequency)
        if base:
            out.append((" ".join([base] + rest), "s"))
    return list(dict.fromkeys(out))


def doubled(head: str) -> str | None:
    """A short verb ending consonant-vowel-consonant with its last letter doubled before -ED/-ING ('HOP' -> 'HOPP')."""
    vowels = "AEIOU"
    if 3 <= len(head) <= 4 and head[-1] not in vowels + "WXY" and head[-2] in vowels and head[-3] not in vowels:
        return head + head[-1]
    return None


def inflected_forms(answer: str, ending: str, irregular: dict | None = None,
                    heads: dict | None = None) -> tuple[str, ...]:
    """The forms an answer takes with an inflection: the whole answer's (DOG -> DOGS; HOP -> HOPPED) and, for a
    phrasal verb, its verb's (HACKUP -> HACKSUP; PAYUP -> PAYINGUP; KEEPPACE -> KEPTPACE, a WordNet verb phrase),
    with the irregular forms of WordNet's exception lists besides (GETTO -> GOTTO; KEEP -> KEPT). `irregular` maps
    (BASE, inflection) -> forms and `heads` a verb phrase's answer -> its first words' (the installed WordNet's)."""
    from core.words.wordnet import inflect, installed_verb_phrase_heads, irregular_answers

    table = irregular_answers() if irregular is None else irregular
    phrase_heads = installed_verb_phrase_heads() if heads is None else heads

    def forms(head: str) -> list[str]:
        double = doubled(head) if ending in ("ed", "ing") else None
        return ([inflect(head, ending), head + ending.upper()] + ([double + ending.upper()] if double else [])
                + list(table.get((head, ending), ())))

    out = forms(answer)
    for particle in PARTICLES:
        head = answer[: -len(particle)]
        if answer.endswith(particle) and len(head) >= 2:
            out += [f + particle for f in forms(head)]
    for head in phrase_heads.get(answer, ()):
        out += [f + answer[len(head):] for f in forms(head)]
    return tuple(dict.fromkeys(f for f in out if f != answer))


def inflected_answers(bases: dict, ending: str, length: int) -> Proposals:
    """Base answers with an inflection added that have this many letters (DOG + 's' -> DOGS), same confidence."""
    out: dict = {}
    for a, c in bases.items():
        for form in inflected_forms(a, ending):
            if len(form) == length:
                out[form] = max(out.get(form, 0.0), c)
    return out


def base_lengths(length: int, ending: str) -> tuple[int, ...]:
    """The base answer lengths an inflection can bring to this length (+S, +ES; +D, +ED, +PED; +ING, -E+ING, +PING)."""
    if ending == "s":
        return (length - 1, length - 2)
    return (length - 1, length - 2, length - 3) if ending == "ed" else (length - 2, length - 3, length - 4)


def confidence_of(share: float) -> float:
    """A proposal's share as a bounded feature: log-scaled to 0..1 (1 for a certain one, 0 below one in 10^6)."""
    return max(0.0, 1.0 + math.log10(max(share, 1e-12)) / 6.0) if share > 0 else 0.0


# --- fill-in-the-blank from the archive's own phrases (names and titles web word pairs lack) ---

def phrase_words(text: str) -> list[list[str]]:
    """The word runs of a normalised clue text, one per phrase (brackets, commas, colons and quotes end a run)."""
    out = []
    for part in _SEGMENT.split(text):
        words = [w for w in clue_tokens(part) if len(w) > 1 or w in _PARTS]
        if words:
            out.append(words)
    return out


def clue_phrase_texts(clue: str, answer: str) -> list[str]:
    """The phrase texts one training clue gives: a blank clue with its answer written in ('mona ___', LISA ->
    'mona lisa'); any other clue as it reads (its names and titles: 'mona lisa painter')."""
    if is_blank(clue):
        return [clue.replace("___", answer.lower(), 1).replace("___", " ")]
    return [clue]


def count_phrases(texts) -> tuple[dict, dict]:
    """(word counts, word-pair counts) over (text, count) items, pairs within each text's phrases."""
    unigrams: dict = {}
    bigrams: dict = {}
    for text, n in texts:
        for words in phrase_words(text):
            for w in words:
                unigrams[w] = unigrams.get(w, 0) + n
            for pair in zip(words, words[1:]):
                key = " ".join(pair)
                bigrams[key] = bigrams.get(key, 0) + n
    return unigrams, bigrams


def table_phrase_texts(table) -> list[tuple[str, int]]:
    """(phrase text, count) of every training pair of a clue table: blank clues filled in, other clues once each."""
    out, seen = [], set()
    for c, a, n in zip(table.pair_clue.tolist(), table.pair_answer.tolist(), table.pair_count.tolist()):
        clue = table.clues[c]
        if is_blank(clue):
            out.extend((t, n) for t in clue_phrase_texts(clue, table.answers[a]))
        elif c not in seen:
            seen.add(c)
            out.append((clue, 1))
    return out


def archive_phrase_counts(table) -> PhraseCounts:
    """Word and word-pair counts of a training clue table's own phrases (cached on disk by content and code)."""
    import pickle

    from core.artefacts import key
    from core.cache import cache_dir

    path = cache_dir("crossword", "tables") / f"phrases-{key('clue-phrases', table.hash)}.pkl"
    if not path.exists():
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        with tmp.open("wb") as f:
            pickle.dump(count_phrases(table_phrase_texts(table)), f, protocol=pickle.HIGHEST_PROTOCOL)
        tmp.replace(path)
    return _saved_phrase_counts(str(path))


@lru_cache(maxsize=2)
def _saved_phrase_counts(path: str) -> PhraseCounts:
    """The PhraseCounts of a saved (word counts, word-pair counts) file (read once; read-only afterwards)."""
    import pickle

    with open(path, "rb") as f:
        return phrase_counts_from(*pickle.load(f))


def archive_blank_answers(table, clue: str, length: int, pattern: str | None = None,
                          exclude: str | None = None) -> Proposals:
    """Completions of a blank from the training clues' own phrases; `exclude` (the true answer, in calibration)
    takes this clue's own occurrence out first."""
    counts = archive_phrase_counts(table)
    if exclude:
        counts = without_pair(counts, clue, exclude)
    return blank_answers(clue, length, counts, pattern=pattern)


def without_pair(counts: PhraseCounts, clue: str, answer: str, n: int = 1) -> PhraseCounts:
    """The counts less one training pair's phrases (leave-one-out: a clue must not complete itself)."""
    unigrams, bigrams = count_phrases((t, n) for t in clue_phrase_texts(clue, answer))
    uni, bi = dict(counts.unigrams), dict(counts.bigrams)
    for d, minus in ((uni, unigrams), (bi, bigrams)):
        for k, v in minus.items():
            if k in d:
                d[k] = max(0, d[k] - v)
    gone = {tuple(k.split(" ")) for k in bigrams if bi.get(k, 0) <= 0}
    if not gone:
        return PhraseCounts(uni, bi, counts.after, counts.before, counts.after_by_length, counts.before_by_length)
    after, before = dict(counts.after), dict(counts.before)
    after_len, before_len = dict(counts.after_by_length), dict(counts.before_by_length)
    for w1, w2 in gone:  # a pair no longer seen leaves the neighbour lists too
        for index, key, other in ((after, w1, w2), (before, w2, w1), (after_len, (w1, len(w2)), w2),
                                  (before_len, (w2, len(w1)), w1)):
            if key in index:
                index[key] = tuple(item for item in index[key] if item[0] != other)
    return PhraseCounts(uni, bi, after, before, after_len, before_len)
