"""Packaged clue knowledge beyond glosses: WordNet's multi-word names and phrases, its sibling words and its whole
entries (gloss, synonyms, kinds and members), census first names and surnames and WordNet's named people
(core.crossword.clues.people), and a person's own word list.

Used only by the packaged models (no archive): `PackagedGuesser` is the hybrid guesser with these sources as
extra features, each with a source tag the Crosswords page shows ('dictionary phrase', 'dictionary name',
'dictionary sibling', 'dictionary definition', "people's names", "dictionary person's name", 'your word list').
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np

from core.crossword.clues import cluetypes
from core.crossword.knowledge.table import clue_tokens
from core.crossword.clues.guessers import GUESSERS, HybridGuesser, clue_number, feature_sources, fits
from core.crossword.knowledge.models import ClueModels
from core.crossword.clues.people import famous_name_answers, installed_names, name_answers, person_words, unknown_names
from core.crossword.clues.references import (References, antonym_answers, gcide_definition_answers, gcide_phrase_answers,
                                       installed_references, thesaurus_answers)

NAME_TAG = "people's names"
FAMOUS_TAG = "dictionary person's name"
THESAURUS_TAG = "thesaurus synonym"
SHORT_DEFINITION_TAG = "dictionary short definition"
GCIDE_TAG = "dictionary definition (GCIDE)"
OPPOSITE_TAG = "dictionary opposite"

# words too common to key a phrase or name on ('the', 'of' ...); phrases are found through the other words
STOPWORDS = frozenset("a an the of and or to in on at by for with from as is it its be e g eg say maybe perhaps "
                      "one some like who what where when which that this these those his her their our your".split())
MAX_PHRASE_WORDS = 5
HYPERNYMS = frozenset(("@", "@i"))


@dataclass(frozen=True)
class PackagedKnowledge:
    """WordNet's multi-word lemmas (words, proper name or not, gloss words) by word, and its hypernym links."""

    phrases: tuple  # phrase id -> tuple of lower-case words ('rio', 'de', 'janeiro')
    proper: tuple  # phrase id -> whether it is written capitalised (a name)
    gloss_words: tuple  # phrase id -> frozenset of the content words of its synsets' glosses
    by_word: dict  # word -> tuple of phrase ids holding it
    synset_words: dict  # lower-case lemma -> tuple of synset ids
    synset_answers: tuple  # synset id -> tuple of answers
    hypernyms: tuple  # synset id -> tuple of hypernym synset ids
    hyponyms: tuple  # synset id -> tuple of hyponym synset ids
    entry_words: dict = field(default_factory=dict)  # word stem -> int32 array of the synsets whose entry holds it
    entry_count: int = 0  # synsets indexed in entry_words (for the stems' idf)
    instances: frozenset = frozenset()  # synset ids of instances (a named person or place: 'Hanks', 'Bruce')
    first_non_noun: int = 0  # synset ids from here on are verbs, adjectives and adverbs (nouns come first)
    modifiers: tuple = ()  # synset id -> the other word of a two-word lemma naming its kind ('Amish_sect' -> AMISH)
    first_adjective: int | None = None  # synset ids from here on are adjectives and adverbs (None: all inflect)
    folder: Path | None = None  # the packed folder it was read from (None: built here, not cached)


def words_of(lemma: str) -> tuple[str, ...]:
    """A WordNet lemma as lower-case words ('Stratford-upon-Avon' -> ('stratford', 'upon', 'avon'))."""
    return tuple(w for w in re.split(r"[_\-\s]+", re.sub(r"\(.*\)$", "", lemma).lower()) if w)


def content_words(text: str) -> frozenset[str]:
    """The content words of a gloss or clue (no stopwords, no one- or two-letter words)."""
    return frozenset(w for w in clue_tokens(text.lower()) if len(w) > 2 and w not in STOPWORDS)


def parse_knowledge(folder: Path) -> PackagedKnowledge:
    """The packaged knowledge from a folder of WordNet data.* files."""
    from core.words.wordnet import answer_form, synset_records

    ids: dict = {}
    parsed = []
    files = {"n": "noun", "v": "verb", "a": "adj", "s": "adj", "r": "adv"}
    for pos in ("noun", "verb", "adj", "adv"):
        for offset, lemmas, links, gloss in synset_records(folder, pos):
            ids[(pos, offset)] = len(parsed)
            parsed.append((lemmas, links, gloss.split('"')[0]))
    phrase_id: dict = {}
    phrases, proper, glosses = [], [], []
    synset_words: dict = {}
    answers, hyper = [], []
    for sid, (lemmas, links, gloss) in enumerate(parsed):
        words_here = content_words(gloss)
        for lemma in lemmas:
            words = words_of(lemma)
            synset_words.setdefault(" ".join(words), []).append(sid)
            if 2 <= len(words) <= MAX_PHRASE_WORDS:
                if words not in phrase_id:
                    phrase_id[words] = len(phrases)
                    phrases.append(words)
                    proper.append(lemma[:1].isupper())
                    glosses.append(set())
                i = phrase_id[words]
                glosses[i] |= words_here
                proper[i] = proper[i] or lemma[:1].isupper()
        answers.append(tuple(dict.fromkeys(a for a in map(answer_form, lemmas) if a.isalpha())))
        hyper.append(tuple(ids[(files[p], off)] for sym, off, p in links
                           if sym in HYPERNYMS and (files[p], off) in ids))
    modifiers = tuple(modifier_answers(lemmas, [parsed[up][0] for up in ups])
                      for (lemmas, _, _), ups in zip(parsed, hyper))
    hypo: list = [[] for _ in parsed]
    for sid, ups in enumerate(hyper):
        for up in ups:
            hypo[up].append(sid)
    by_word: dict = {}
    for i, words in enumerate(phrases):
        for w in set(words):
            by_word.setdefault(w, []).append(i)
    entries: dict = {}
    first_non_noun = next((sid for (pos, _), sid in ids.items() if pos != "noun"), len(parsed))
    for sid, (_, _, gloss) in enumerate(parsed):
        for stem in entry_stems(entry_lemmas(parsed, hyper, hypo, sid, first_non_noun), gloss):
            entries.setdefault(stem, []).append(sid)
    return PackagedKnowledge(tuple(phrases), tuple(proper), tuple(frozenset(g) for g in glosses),
                             {w: tuple(v) for w, v in by_word.items()},
                             {w: tuple(dict.fromkeys(v)) for w, v in synset_words.items()},
                             tuple(answers), tuple(hyper), tuple(tuple(h) for h in hypo),
                             {w: np.array(v, np.int32) for w, v in entries.items()}, len(parsed),
                             frozenset(sid for sid, (_, links, _) in enumerate(parsed)
                                       if any(sym == "@i" for sym, _, _ in links)),
                             first_non_noun,
                             modifiers,
                             next((sid for (pos, _), sid in ids.items() if pos in ("adj", "adv")), len(parsed)))


# an entry also holds the words of the kinds it is of, up to this many hypernym links up ('Horse-drawn vehicle' ->
# LANDAU; dev, 42 puzzles: 1 / 2 / 3 links +1.04 / +1.24 / +1.31 points of letters, s.e. 0.42 / 0.39 / 0.61: three
# within noise of two, so the fewer kept)
GENUS_DEPTH = 2
# ... and, for a noun with at most this many kinds of its own (hyponyms), their lemmas ('Wedding dress, e.g.' -> GOWN;
# dev, against the kinds alone: at most 10 / 30 / 100 members of any part of speech +1.32 / +1.43 / +1.01 points,
# s.e. 0.45 / 0.47 / 0.44, 30 within noise of 10, so the fewer kept; nouns only +0.96 (0.39), kept: with verbs read
# with their own kinds the jet demo broke, "Spot with your eyes" gave SPY and 1-Across JAT)
MEMBER_LIMIT = 10


def entry_lemmas(parsed: list, hyper, hypo, sid: int, first_non_noun: int) -> list[str]:
    """The lemmas a WordNet entry is read with: its own, its kinds' (GENUS_DEPTH links up) and, for a noun with at
    most MEMBER_LIMIT kinds of its own, theirs (GOWN's entry holds 'wedding dress')."""
    own = list(hypo[sid]) if sid < first_non_noun and len(hypo[sid]) <= MEMBER_LIMIT else []
    near = genus_ids(hyper, sid, GENUS_DEPTH) + own
    return list(parsed[sid][0]) + [lemma for other in near for lemma in parsed[other][0]]


def genus_ids(hyper, sid: int, depth: int) -> list[int]:
    """The synsets a synset is a kind of, up to `depth` hypernym links up (LANDAU -> carriage -> horse-drawn
    vehicle)."""
    out: list[int] = []
    level = [sid]
    for _ in range(depth):
        level = [up for s in level for up in hyper[s] if up not in out]
        out.extend(dict.fromkeys(level))
    return out


def modifier_answers(lemmas: list[str], hypernym_lemmas: list[list[str]]) -> tuple[str, ...]:
    """The other word of each two-word lemma whose one word is a word of a hypernym's lemma ('Amish_sect', a
    sect -> AMISH; 'Arno_River', a river -> ARNO; 'apple_tree', a fruit tree -> APPLE): the word a crossword
    answers with, where WordNet's lemma holds the kind too."""
    kinds = {w for lemma in (l for ls in hypernym_lemmas for l in ls) for w in words_of(lemma) if w not in STOPWORDS}
    out = []
    for lemma in lemmas:
        words = words_of(lemma)
        if len(words) == 2 and (words[0] in kinds) != (words[1] in kinds):
            other = words[1] if words[0] in kinds else words[0]
            if other.isalpha() and len(other) > 2 and other not in STOPWORDS:
                out.append(other.upper())
    return tuple(dict.fromkeys(out))


def stem(word: str) -> str:
    """A crude stem that joins a word's plural and verb forms ('pumps', 'pumped', 'pumping' -> 'pump')."""
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            return word[: -len(suffix)]
    return word


def entry_stems(lemmas, gloss: str) -> frozenset[str]:
    """The stems of a WordNet entry: its gloss's content words and its lemmas' words (HEART's entry holds 'pump')."""
    words = set(content_words(gloss))
    for lemma in lemmas:
        words.update(w for w in words_of(lemma) if len(w) > 2 and w not in STOPWORDS)
    return frozenset(stem(w) for w in words)


def definition_answers(knowledge: PackagedKnowledge, clue: str, length: int, k: int = 100,
                       exceptions=None, irregular=None, heads=None) -> dict[str, float]:
    """Answers whose WordNet entry (gloss, synonyms, the kinds it is of and its own few kinds: see entry_lemmas)
    holds the clue's words ('Organ that pumps blood' -> HEART, whose entry holds organ, pump and blood): answer ->
    the idf-weighted share of the clue's content words found, the best entry's; the k best of this length. An
    inflected clue also gets its entries' answers inflected like it ('Rye breads' -> RYES; 'Took a seat' -> SAT,
    'took' read as 'take' through WordNet's exception lists).
    `exceptions` (inflected word -> ((base, inflection), ...)), `irregular` and `heads` (see
    cluetypes.inflected_forms) default to the installed WordNet's."""
    if exceptions is None:
        from core.words.wordnet import installed_exceptions

        exceptions = installed_exceptions()
    stems = clue_stems(clue)
    variants = [(stems, clue_endings(clue), True)]
    variants += [(base_stems, (ending,), False) for base_stems, ending in irregular_variants(clue, stems, exceptions)]
    out: dict[str, float] = {}
    for variant_stems, endings, plain in variants:
        score, total = entry_scores(knowledge, variant_stems)
        found = entry_answers(knowledge, score, length, endings, plain, irregular, heads)
        for answer, v in found.items():
            out[answer] = max(out.get(answer, 0.0), v / total)
    best = sorted(out.items(), key=lambda t: -t[1])[:k]
    return {a: float(v) for a, v in best if v > 0}


def entry_scores(knowledge: PackagedKnowledge, stems: set[str]) -> tuple[dict[int, float], float]:
    """(synset -> idf-weighted sum of the stems its entry holds, the idf of all the stems: a stem no entry holds
    weighs the most); nothing when no entry holds any."""
    found = [(knowledge.entry_words[s], s) for s in stems if s in knowledge.entry_words]
    if not stems or not found or not knowledge.entry_count:
        return {}, 1.0
    n = knowledge.entry_count
    idf = {s: np.log(n / len(ids)) for ids, s in found}
    total = sum(idf.values()) + np.log(n) * (len(stems) - len(found))
    score: dict[int, float] = {}
    for ids, s in found:
        for sid in ids.tolist():
            score[sid] = score.get(sid, 0.0) + idf[s]
    return score, float(total) or 1.0


INFLECTED_ENTRIES = 500  # the best-scored entries whose answers are inflected like the clue


def entry_answers(knowledge: PackagedKnowledge, score: dict[int, float], length: int, endings: tuple[str, ...],
                  plain: bool, irregular=None, heads=None) -> dict[str, float]:
    """Answer -> its best entry's score: the entries' own answers of this length (when `plain`) and the answers of
    the INFLECTED_ENTRIES best entries with each ending added (a noun's or verb's -S, a verb's -ED and -ING)."""
    out: dict[str, float] = {}
    modifiers = knowledge.modifiers or ((),) * len(knowledge.synset_answers)
    if plain:
        for sid, v in score.items():
            for answer in knowledge.synset_answers[sid] + modifiers[sid]:
                if len(answer) == length and v > out.get(answer, 0.0):
                    out[answer] = v
    if not endings:
        return out
    for sid, v in sorted(score.items(), key=lambda t: -t[1])[:INFLECTED_ENTRIES]:
        for ending in endings:
            if not inflects(knowledge, sid, ending):
                continue
            for answer in knowledge.synset_answers[sid] + modifiers[sid]:
                if length - 4 <= len(answer) <= length + 1:
                    for form in cluetypes.inflected_forms(answer, ending, irregular, heads):
                        if len(form) == length and v > out.get(form, 0.0):
                            out[form] = v
    return out


def inflects(knowledge: PackagedKnowledge, sid: int, ending: str) -> bool:
    """Whether a synset's answers take this inflection: -S for nouns and verbs, -ED and -ING for verbs only."""
    first_adjective = len(knowledge.synset_answers) if knowledge.first_adjective is None else knowledge.first_adjective
    if sid >= first_adjective:
        return False
    return ending == "s" or sid >= knowledge.first_non_noun


def clue_endings(clue: str) -> tuple[str, ...]:
    """The inflections a clue shows, which its answer usually shares: 's' for a plural last word or a verb's -s
    first word ('Rye breads', 'Pumps iron'), 'ed' for a past tense among its first two words, 'ing' for a first
    word in -ing."""
    words = [w for w in clue_tokens(clue.lower()) if w != "___"]
    if not words:
        return ()
    plural, past = clue_number(clue.lower())
    first = words[0]
    verb_s = len(words) > 1 and len(first) > 3 and first.endswith("s") and not first.endswith(("ss", "us", "is"))
    out = ["s"] if plural or verb_s else []
    out += ["ed"] if past else []
    out += ["ing"] if len(first) > 5 and first.endswith("ing") else []
    return tuple(out)


def irregular_variants(clue: str, stems: set[str], exceptions) -> list[tuple[set[str], str]]:
    """(the clue's stems with an irregular word read as its base, that word's inflection) for each irregular form
    WordNet's exception lists hold among the clue's first two words (a verb: 'took' -> 'take', 'ed') or its last
    (a plural noun: 'geese' -> 'goose', 's')."""
    words = [w for w in clue_tokens(clue.lower()) if w != "___"]
    out = []
    for i, w in enumerate(words):
        if (i >= 2 and i != len(words) - 1) or stem(w) not in stems:
            continue
        for base, ending in exceptions.get(w, ()):
            if i >= 2 and ending != "s":
                continue  # a clue's last word inflects as a plural noun
            if base != w and base.isalpha() and len(base) > 2 and base not in STOPWORDS:
                out.append(((stems - {stem(w)}) | {stem(base)}, ending))
    return out


def clue_stems(clue: str) -> set[str]:
    """The stems of a clue's content words ('Organ that pumps blood' -> organ, pump, blood)."""
    return {stem(w) for w in content_words(clue) if w != "___"}


def whole_definition_answers(definitions: dict[str, float], clue: str) -> dict[str, float]:
    """The answers of `definition_answers` whose one entry holds every content word of a clue of two or more
    (HEART's entry holds organ, pump and blood): answer -> 1. A one-word clue's full match never counts: fitted
    with one-word clues too, the column's weight came out negative (-0.94), as many entries hold any one word."""
    if len(clue_stems(clue)) < 2:
        return {}
    return {a: 1.0 for a, share in definitions.items() if share >= 1.0 - 1e-9}


def knowledge_path() -> Path | None:
    """Where the installed WordNet's packaged knowledge is cached, a packed folder (None without WordNet): keyed by
    this module's code and WordNet's data files (the packaged-knowledge artefact), and the code that packs it."""
    from core.artefacts import key
    from core.crossword.knowledge.packed import packed_folder
    from core.words.wordnet import wordnet_dir

    if wordnet_dir() is None:
        return None
    return packed_folder("packaged-knowledge", key("packaged-knowledge"))


def knowledge_inputs() -> tuple[Path, ...]:
    """The WordNet files the packaged knowledge is built from (none without WordNet)."""
    from core.words.wordnet import wordnet_dir

    folder = wordnet_dir()
    return tuple(folder / f"data.{pos}" for pos in ("noun", "verb", "adj", "adv")) if folder else ()


def knowledge_ready() -> bool:
    """Whether the packaged knowledge is cached already (or there is no WordNet to read)."""
    path = knowledge_path()
    return path is None or path.exists()


def build_knowledge(progress=None) -> None:
    """Read WordNet's names, phrases and word families and cache them now (the explicit build step)."""
    installed_knowledge()


# how the knowledge is packed (core.crossword.knowledge.packed): opened in milliseconds where unpickling it took most
# of a second of every look-up (since 2026-11-29)
KNOWLEDGE_KINDS = {"phrases": "word-rows", "proper": "flags", "gloss_words": "word-sets", "by_word": "int-lists",
                   "synset_words": "int-lists", "synset_answers": "word-rows", "hypernyms": "int-rows",
                   "hyponyms": "int-rows", "entry_words": "index", "entry_count": "value", "instances": "id-set",
                   "first_non_noun": "value", "modifiers": "word-rows", "first_adjective": "value"}


def load_knowledge(folder: Path | None = None) -> PackagedKnowledge:
    """The installed WordNet's packaged knowledge (cached on disk, packed), or the one of a given folder of data
    files."""
    from core.crossword.knowledge.packed import packed

    if folder is not None:
        return parse_knowledge(folder)
    path = knowledge_path()
    if path is None:
        return PackagedKnowledge((), (), (), {}, {}, (), (), ())

    def build() -> dict:
        from core.words.wordnet import wordnet_dir

        values = vars(parse_knowledge(wordnet_dir()))
        return {field: values[field] for field in KNOWLEDGE_KINDS}

    return PackagedKnowledge(**packed(path, KNOWLEDGE_KINDS, build), folder=path)


@lru_cache(maxsize=1)
def installed_knowledge() -> PackagedKnowledge:
    """The installed WordNet's packaged knowledge, read once a process (it never changes while one runs)."""
    return load_knowledge()


def known_person_words(knowledge: PackagedKnowledge) -> frozenset[str]:
    """The knowledge's words for kinds of person (people.person_words); for knowledge read from its packed folder,
    worked out once and packed beside it (walking every WordNet lemma cost most of a second of each look-up; since
    2026-11-29)."""
    from core.cache import code_version
    from core.crossword.knowledge.packed import META, packed_folder, write_packed

    if knowledge.folder is None:
        return person_words(knowledge)
    folder = packed_folder("person-words", f"{knowledge.folder.name}-{code_version('crossword/clues/people.py')}")
    if not (folder / META).exists():
        write_packed(folder, {"words": "strings"}, {"words": sorted(person_words(knowledge))})
    return packed_person_words(folder)


@lru_cache(maxsize=2)
def packed_person_words(folder: Path) -> frozenset[str]:
    """The person words packed in `folder`, read once a process."""
    from core.crossword.knowledge.packed import read_packed

    return frozenset(read_packed(folder)["words"])


def _join(words) -> str:
    """Words as one grid answer ('de', 'janeiro' -> 'DEJANEIRO')."""
    return re.sub(r"[^A-Za-z]", "", "".join(words)).upper()


def blank_words(clue: str) -> tuple[list[str], list[str]] | None:
    """(up to two words before the blank, up to two after) within the blank's own phrase (None without a blank)."""
    for part in cluetypes._SEGMENT.split(clue.replace("&", " and ")):
        words = [w for w in clue_tokens(part) if len(w) > 1 or w in ("a", "i", "___")]
        if "___" in words:
            i = words.index("___")
            before = words[:i][-2:]
            after = words[i + 1:][:2]
            return [w for w in before if w != "___"], [w for w in after if w != "___"]
    return None


def blank_phrase_answers(knowledge: PackagedKnowledge, clue: str, length: int) -> dict[str, float]:
    """Answers filling a blank clue's gap with a WordNet phrase ('___ de Janeiro' -> RIO): answer -> 0.8 x the share
    of the blank's neighbouring words (two a side) the phrase matches + 0.2 x the share of the clue's other words
    in the phrase's gloss ('___ Major (constellation)': URSA before DRUM)."""
    context = blank_words(clue)
    if context is None:
        return {}
    before, after = context
    if not before and not after:
        return {}
    keys = [w for w in before + after if w not in STOPWORDS] or before + after
    others = content_words(clue) - set(before) - set(after)
    out: dict[str, float] = {}
    seen: set = set()
    for key in keys:
        for i in knowledge.by_word.get(key, ()):
            if i in seen:
                continue
            seen.add(i)
            words = knowledge.phrases[i]
            for start in range(len(words)):
                for end in range(start + 1, len(words) + 1):
                    answer = _join(words[start:end])
                    if len(answer) != length:
                        continue
                    left = _matched(words[:start][::-1], before[::-1])
                    right = _matched(words[end:], after)
                    if left + right == 0 or (start and not left) or (end < len(words) and not right):
                        continue  # the phrase's words beside the gap must be the clue's words beside the blank
                    overlap = len(others & knowledge.gloss_words[i]) / len(others) if others else 0.0
                    score = 0.8 * (left + right) / (len(before) + len(after)) + 0.2 * overlap
                    out[answer] = max(out.get(answer, 0.0), min(1.0, score))
    return out


def _matched(phrase_side, clue_side) -> int:
    """How many words from the gap outward the phrase and the clue share (0 when the first differs)."""
    n = 0
    for a, b in zip(phrase_side, clue_side):
        if a != b:
            break
        n += 1
    return n


def name_part_answers(knowledge: PackagedKnowledge, clue: str, length: int, limit: int = 400) -> dict[str, float]:
    """The other part of a WordNet name or phrase holding a clue word ('Sitar player Shankar' -> RAVI, from 'Ravi
    Shankar'): answer -> 0.1 + share of the clue's other words in the phrase's gloss (names a little more)."""
    words = [w for w in clue_tokens(clue) if w != "___"]
    clue_words = content_words(clue)
    out: dict[str, float] = {}
    for key in dict.fromkeys(w for w in words if len(w) > 2 and w not in STOPWORDS):
        ids = knowledge.by_word.get(key, ())
        if len(ids) > limit:
            continue  # a very common word ('new', 'city') keys too many phrases to say anything
        others = clue_words - {key}
        for i in ids:
            phrase = knowledge.phrases[i]
            if any(w in words for w in phrase if w != key and w not in STOPWORDS):
                continue  # the clue already holds the rest of the phrase
            rest = [w for w in phrase if w != key]
            overlap = len(others & knowledge.gloss_words[i]) / len(others) if others else 0.0
            score = 0.1 + 0.9 * overlap + (0.1 if knowledge.proper[i] else 0.0)
            for answer in {_join(rest), *(_join([w]) for w in rest if len(rest) > 1 and w not in STOPWORDS)}:
                if len(answer) == length:
                    out[answer] = max(out.get(answer, 0.0), min(1.0, score))
    return out


def sibling_answers(knowledge: PackagedKnowledge, clue: str, length: int, limit: int = 60) -> dict[str, float]:
    """Co-hyponyms of a short clue's words ('Rooster's mate' -> HEN: both kinds of chicken): answer -> 1 for the
    whole clue's siblings, 0.5 for one word's (each hypernym with at most `limit` hyponyms)."""
    words = [w for w in clue_tokens(clue) if w != "___" and w not in STOPWORDS and len(w) > 1]
    if not words or len(words) > 4:
        return {}
    out: dict[str, float] = {}
    keys = [(" ".join(words), 1.0)] + ([(w, 0.5) for w in words if len(w) > 2] if len(words) > 1 else [])
    for key, score in keys:
        for sid in knowledge.synset_words.get(key, ()) or knowledge.synset_words.get(key.rstrip("s"), ()):
            for up in knowledge.hypernyms[sid]:
                kids = knowledge.hyponyms[up]
                if len(kids) > limit:
                    continue
                for kid in kids:
                    if kid == sid:
                        continue
                    for answer in knowledge.synset_answers[kid]:
                        if len(answer) == length:
                            out[answer] = max(out.get(answer, 0.0), score)
    return out


_CLAUSE = re.compile(r"[,;:()\[\]]")


def part_synonym_answers(graph, clue: str, length: int) -> dict[str, float]:
    """Synonyms and relatives of the clue's head clause and its word groups found in WordNet ('Turn down, as a
    manuscript' -> REJECT from 'turn down'; 'Got ready, with "up"' -> GEARED from 'got ready'): answer -> 1 for a
    synonym of the whole head clause, 0.8 for one of a word group of two or more, 0.5 for a relative of either."""
    from core.words.wordnet import related_answers

    head = _CLAUSE.split(clue)[0]
    words = [w for w in clue_tokens(head) if w != "___"]
    if not words:
        return {}
    groups = [(" ".join(words), 1.0)] if head.strip() != clue.strip() else []
    groups += [(" ".join(words[i:i + n]), 0.8) for n in range(min(4, len(words) - 1), 1, -1)
               for i in range(len(words) - n + 1)]
    out: dict[str, float] = {}
    for phrase, score in groups:
        syn, rel = related_answers(graph, phrase)
        for found, weight in ((syn, score), (rel, 0.5 * score)):
            for answer in found:
                if len(answer) == length:
                    out[answer] = max(out.get(answer, 0.0), weight)
    return out


class PackagedGuesser(HybridGuesser):
    """The hybrid guesser of the packaged models: the WordNet sources plus phrase blanks, name parts and siblings."""

    name = "packaged"
    SOURCES = (("dictionary phrase", "WordNet phrase completing the blank"),
               ("dictionary name", "WordNet name or phrase holding a clue word"),
               ("dictionary sibling", "WordNet sibling of the clue"),
               ("dictionary synonym of a part", "WordNet synonym of the clue's head clause or a word group"),
               ("dictionary definition", "share of the clue's words in a WordNet entry (gloss and synonyms)"),
               (NAME_TAG, "census first name or surname the clue asks for (1 / rank by how common)"),
               (FAMOUS_TAG, "the asked part of a WordNet person's or character's name holding a clue word"),
               (THESAURUS_TAG, "Moby Thesaurus synonym of the clue or its head clause"),
               (SHORT_DEFINITION_TAG, "a GCIDE short definition is the clue or its head clause"),
               (GCIDE_TAG, "share of the clue's words in a GCIDE sense"),
               (OPPOSITE_TAG, "WordNet antonym of what a negated clue negates ('Not early')"))
    # the definition share enters the logistic model linearly (HEART's 1.0 was 0.8 logit above LIVER's 0.59), so an
    # entry holding every word of the clue has its own column
    WHOLE_DEFINITION = "every word of a clue of two or more in one WordNet entry"
    # a clue that asks for a name ("Bond's first name") is seldom answered by a word that is no name (NAMER, ALIAS)
    NO_NAME = "the clue asks for a name and the answer is none the census or the dictionary's people know"
    FEATURES = HybridGuesser.FEATURES + tuple(f for _, f in SOURCES) + (WHOLE_DEFINITION, NO_NAME)
    FEATURE_VERSION = HybridGuesser.FEATURE_VERSION + "-p8"
    DEFAULT_WEIGHTS = HybridGuesser.DEFAULT_WEIGHTS + (3.0, 1.0, 1.0, 2.0, 2.0, 2.0, 3.0, 1.0, 2.0, 1.0, 3.0,
                                                       2.0, -1.0)

    def __init__(self, models: ClueModels, **kw) -> None:
        # the meaning source (clues against WordNet's glosses by the static model of core.crossword.knowledge.meaning) is
        # off: refitted and solved on packaged dev it lost letters (the first four puzzles, Monday to Thursday:
        # 23.5 / 47.1 / 15.3 / 23.6% against 31.1 / 40.1 / 20.1 / 30.4% without)
        kw.setdefault("meaning", False)
        super().__init__(models, **kw)
        self.knowledge = installed_knowledge()
        self.names = installed_names()
        self.roles = known_person_words(self.knowledge)
        self.references = installed_references()

    def clue_type_proposals(self, clue: str, length: int, pattern: str | None, syn: dict, rel: dict,
                            exclude: str | None = None) -> dict:
        """The hybrid's handlers' proposals and the packaged sources' (keyed by their source tags)."""
        out = super().clue_type_proposals(clue, length, pattern, syn, rel, exclude)
        found = {"dictionary phrase": blank_phrase_answers(self.knowledge, clue, length),
                 "dictionary name": {} if cluetypes.is_blank(clue) else name_part_answers(self.knowledge, clue, length),
                 "dictionary sibling": sibling_answers(self.knowledge, clue, length),
                 "dictionary synonym of a part": part_synonym_answers(self.models.wordnet, clue, length)
                 if self.use_wordnet else {},
                 "dictionary definition": definition_answers(self.knowledge, clue, length),
                 NAME_TAG: name_answers(clue, length, self.names, self.roles, pattern),
                 FAMOUS_TAG: famous_name_answers(self.knowledge, clue, length, self.names, self.roles)}
        found.update(reference_answers(self.references, clue, length))
        for tag, answers in found.items():
            answers = {a: c for a, c in answers.items() if fits(a, pattern or "_" * length)}
            if answers:
                out[tag] = answers
        return out

    def candidates(self, clue: str, length: int, pattern: str | None = None) -> dict[str, float]:
        """Answer -> calibrated confidence, with the person's own word list's words that fit (see with_theme_words)."""
        return self.candidates_with_sources(clue, length, pattern)[0]

    def clue_type_features(self, clue: str, answers: list[str], feats: np.ndarray, kinds: dict,
                           exclude: str | None) -> np.ndarray:
        """The hybrid's clue-type columns, one column a packaged source (its proposal's score), then the whole
        definition match and the no-name mark of a name clue."""
        base = super().clue_type_features(clue, answers, feats, kinds, exclude)
        extra = np.array([[kinds.get(tag, {}).get(a, 0.0) for tag, _ in self.SOURCES] for a in answers], float)
        whole = whole_definition_answers(kinds.get("dictionary definition", {}), clue)
        nameless = unknown_names(clue, answers, self.names, self.roles, kinds.get(FAMOUS_TAG, {}))
        return np.hstack([base, extra.reshape(len(answers), len(self.SOURCES)),
                          np.array([[whole.get(a, 0.0), nameless.get(a, 0.0)] for a in answers],
                                   float).reshape(len(answers), 2)])

    def candidates_with_sources(self, clue: str, length: int,
                                pattern: str | None = None) -> tuple[dict[str, float], dict[str, tuple]]:
        """(answer -> calibrated confidence, answer -> source tags, the packaged sources' after the hybrid's)."""
        answers, feats = self.features(clue, length, pattern=pattern)
        first = len(HybridGuesser.FEATURES)
        conf = dict(zip(answers, self.probabilities(feats).tolist())) if answers else {}
        tags = dict(zip(answers, (packaged_sources(row, first, self.SOURCES) for row in feats))) if answers else {}
        return with_theme_candidates(conf, tags, self.models.info.get("theme_words", ()), clue, length, pattern)


def reference_answers(references: References, clue: str, length: int) -> dict[str, dict[str, float]]:
    """The reference books' proposals for a clue, keyed by source tag (thesaurus, GCIDE, WordNet's opposites)."""
    return {THESAURUS_TAG: thesaurus_answers(references.thesaurus, clue, length),
            SHORT_DEFINITION_TAG: gcide_phrase_answers(references.dictionary, clue, length),
            GCIDE_TAG: gcide_definition_answers(references.dictionary, clue, length),
            OPPOSITE_TAG: antonym_answers(references.antonyms, clue, length)}


def reference_books_text(models: ClueModels) -> str:
    """One plain sentence naming the reference books the packaged guesser reads and those missing here ('' for
    models learned from an archive, which do not read them)."""
    from core.crossword.clues.references import books_sentence, reference_books

    if models.info.get("solver_settings", {}).get("best", {}).get("guesser") != "packaged":
        return ""
    return books_sentence(reference_books(installed_references()))


# a definition share below this is no close evidence: most candidates' entries hold one word of the clue
SOURCE_FLOORS = {"dictionary definition": 0.6, GCIDE_TAG: 0.6}


def packaged_sources(row: np.ndarray, first: int, sources) -> tuple[str, ...]:
    """The source tags of one packaged candidate's feature row: the hybrid's, then the packaged sources'."""
    own = tuple(tag for j, (tag, _) in enumerate(sources) if row[first + j] > SOURCE_FLOORS.get(tag, 0.0))
    base = feature_sources(row[:first])
    return tuple(dict.fromkeys((own + base) if own and base == ("words",) else (base + own)))


@GUESSERS.register("packaged", help="hybrid + WordNet phrases, names and siblings (the packaged models' guesser)")
def _packaged(models: ClueModels, **kw) -> PackagedGuesser:
    return PackagedGuesser(models, **kw)


# --- a person's own word list (theme words) joins the answer vocabulary ---

THEME_TAG = "your word list"
THEME_CONFIDENCE = 0.1  # a theme word that fits a slot: far above one of the dictionary's 40,000 words of a length


def theme_words(words) -> tuple[str, ...]:
    """The words of an uploaded list usable as answers: letters only (spaces and hyphens dropped), 3-21 of them,
    upper case, each once."""
    out = (re.sub(r"[\s\-'.]", "", str(w)).upper() for w in words)
    return tuple(dict.fromkeys(w for w in out if w.isascii() and w.isalpha() and 3 <= len(w) <= 21))


def with_theme_words(models: ClueModels, words) -> ClueModels:
    """The models with a person's word list joined to the answers: its words lead the dictionary of their length
    (so the fill may write them) and each slot they fit proposes them ('your word list')."""
    from core.crossword.letters import letter_codes
    from core.crossword.knowledge.models import Dictionary, with_info

    theme = theme_words(words)
    if not theme:
        return models
    old = models.dictionary
    by_len: dict = {}
    for w in theme:
        by_len.setdefault(len(w), []).append(w)
    words_, letters, weights = dict(old.words), dict(old.letters), dict(old.weights)
    for n, new in by_len.items():
        rest = [w for w in old.words.get(n, ()) if w not in set(new)]
        prior = dict(zip(old.words.get(n, ()), old.weights.get(n, np.zeros(0))))
        top = max(prior.values(), default=1.0)
        words_[n] = tuple(new + rest)
        letters[n] = letter_codes(words_[n], n)
        w = np.array([top] * len(new) + [prior[x] for x in rest], float)
        weights[n] = w / w.sum()
    indexes = {n: {w: i for i, w in enumerate(ws)} for n, ws in words_.items()}
    out = with_info(models, dict(models.info, theme_words=theme))
    out.dictionary = Dictionary(words_, letters, weights, indexes)
    return out


def with_theme_candidates(conf: dict, tags: dict, theme: tuple, clue: str, length: int,
                          pattern: str | None) -> tuple[dict, dict]:
    """The candidates with every theme word that fits the slot, tagged as the person's (never a word of the clue
    itself): its chance from the clue's sources raised by THEME_CONFIDENCE (own + (1 - own) THEME_CONFIDENCE),
    so a theme word the clue backs stays above one it does not (with one chance for all, HERMIONE would lead
    HOGWARTS for "School of wizardry" by its spelling)."""
    from core.crossword.clues.guessers import in_clue
    from core.crossword.knowledge.table import normalise_clue

    if not theme:
        return conf, tags
    conf, tags = dict(conf), dict(tags)
    norm = normalise_clue(clue)
    for w in theme:
        if len(w) == length and fits(w, pattern or "_" * length) and not in_clue(w, norm):
            conf[w] = conf.get(w, 0.0) + (1.0 - conf.get(w, 0.0)) * THEME_CONFIDENCE  # 0.1 exactly for no backing
            tags[w] = tuple(dict.fromkeys(tags.get(w, ()) + (THEME_TAG,)))
    return conf, tags
