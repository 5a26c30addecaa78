"""People's first names and surnames for clues that ask for one ('Bond's first name' -> JAMES, 'Actress Longoria'
-> EVA, 'Saxophonist Stan' -> GETZ), ranked by how common the name is.

The lists are the US census name frequencies (1990: 1,219 male and 4,275 female first names, 88,799 surnames; a
work of the US government, public domain) as shipped by the MIT-licensed PyPI package `names`. Without it installed
the source proposes nothing (`NameLists.empty`). WordNet's named people and characters (its instances: James Bond,
Ravi Shankar) give the asked part of a name the clue holds the other part of (`famous_name_answers`).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from core.crossword.knowledge.table import clue_tokens
from core.crossword.clues.guessers import fits

FIRST, LAST = "first", "last"
FILES = {FIRST: ("dist.male.first", "dist.female.first"), LAST: ("dist.all.last",)}
# a clue that says which part of a name it wants
_ASKS_LAST = re.compile(r"\b(?:last|family|maiden) name\b|\bsurname\b")
_ASKS_FIRST = re.compile(r"\b(?:first|given|christian|middle|girl'?s|boy'?s) name\b|\bnickname\b")
# a name word at the clue's start followed by one of these names a person ('Redding who sang ...', 'Wilson of ...')
_PERSON_AFTER = ("who", "of")
# a clue word this common in English is read as a word, not a name ('Spiced Indian tea', 'House of Tudor woman')
MAX_WORD_ZIPF = 4.6
RARE_ZIPF = 3.0  # a clue word rarer than this after a kind of person is read as a surname no list holds
NOT_NAMES = frozenset("the and for with from who was his her him she you not but are one two all any".split())
ROLE_ENDINGS = ("er", "or", "ist", "ess", "ian", "ant", "ent", "ete", "aut")
MAX_CLUE_WORDS = 8  # longer clues rarely ask for a bare name
MAX_PROPOSALS = 100


@dataclass(frozen=True)
class NameLists:
    """Name -> census share (percent of people) for first names and surnames, and each kind's names of each length
    with their share among that length's names, commonest first."""

    first: dict = field(default_factory=dict)
    last: dict = field(default_factory=dict)
    ranked: dict = field(default_factory=dict)  # (kind, length) -> ((name, share of the length's names), ...)

    def of_kind(self, kind: str) -> dict:
        """The names of one kind (FIRST or LAST)."""
        return self.first if kind == FIRST else self.last

    @classmethod
    def of(cls, first: dict, last: dict) -> "NameLists":
        """The lists of these census shares, ranked by length."""
        ranked: dict = {}
        for kind, names in ((FIRST, first), (LAST, last)):
            by_length: dict = {}
            for name, percent in names.items():
                by_length.setdefault(len(name), []).append((name, percent))
            for n, found in by_length.items():
                total = sum(p for _, p in found) or 1.0
                ranked[(kind, n)] = tuple(sorted(((a, p / total) for a, p in found), key=lambda t: (-t[1], t[0])))
        return cls(dict(first), dict(last), ranked)

    @classmethod
    def empty(cls) -> "NameLists":
        """No names (the lists are not installed)."""
        return cls({}, {}, {})


def commonness(share: float) -> float:
    """A name's share among the names of its kind and length as 0-1 on a log scale: a tenth (JAMES among five-letter
    first names) -> 0.75, a ten-thousandth or less -> 0."""
    return min(1.0, max(0.0, 1.0 + math.log10(max(share, 1e-12)) / 4.0))


def read_census(lines) -> dict[str, float]:
    """Name -> census share (percent) from lines 'NAME  percent  cumulative  rank' (letters-only names)."""
    out: dict[str, float] = {}
    for line in lines:
        parts = line.split()
        if len(parts) >= 2 and parts[0].isalpha() and parts[0].isascii():
            name = parts[0].upper()
            out[name] = max(out.get(name, 0.0), float(parts[1]))
    return out


def census_folder() -> Path | None:
    """The installed `names` package's folder of census lists (None when it is not installed)."""
    import importlib.util

    spec = importlib.util.find_spec("names")
    if spec is None or not spec.origin:
        return None
    folder = Path(spec.origin).parent
    return folder if all((folder / f).exists() for files in FILES.values() for f in files) else None


def load_names(folder: Path | None) -> NameLists:
    """The census name lists of a folder (empty without one)."""
    if folder is None:
        return NameLists.empty()
    kinds = {}
    for kind, files in FILES.items():
        merged: dict = {}
        for f in files:
            with open(folder / f, encoding="ascii", errors="ignore") as fh:
                for name, v in read_census(fh).items():
                    merged[name] = max(merged.get(name, 0.0), v)
        kinds[kind] = merged
    return NameLists.of(kinds[FIRST], kinds[LAST])


def census_inputs() -> tuple[Path, ...]:
    """The installed census name files (none without them)."""
    folder = census_folder()
    return tuple(folder / f for names in FILES.values() for f in names) if folder else ()


def build_census(progress=None) -> None:
    """Read the census name lists and cache them now (the explicit build step)."""
    installed_names()


@lru_cache(maxsize=1)
def installed_names() -> NameLists:
    """The installed census name lists, read once a process (they never change while one runs) and cached on disk,
    keyed by the lists and this module's code (reading the text took 2.4 s of a look-up on a loaded machine)."""
    import os
    import pickle

    from core.artefacts import key
    from core.cache import cache_dir

    folder = census_folder()
    if folder is None:
        return NameLists.empty()
    path = cache_dir("crossword", "tables") / f"census-names-{key('census-names')}.pickle"
    if path.exists():
        with path.open("rb") as fh:  # our own cache file, never an upload
            return pickle.load(fh)
    names = load_names(folder)
    partial = path.with_suffix(f".{os.getpid()}.part")  # written aside, then renamed: readers never see half a file
    with partial.open("wb") as fh:
        pickle.dump(names, fh, protocol=pickle.HIGHEST_PROTOCOL)
    partial.replace(path)
    return names


def person_words(knowledge) -> frozenset[str]:
    """One-word WordNet nouns for kinds of person ('actress', 'golfer', 'saxophonist'): the hyponyms of 'person'
    that are no named instance ('Hanks', 'Bruce'), and either only nouns or of a person's ending ('green',
    'have' and 'bear' are no kinds of person in a clue; 'singer' and 'novelist' are)."""
    roots = knowledge.synset_words.get("person", ())[:1]
    seen, stack = set(roots), list(roots)
    while stack:
        for kid in knowledge.hyponyms[stack.pop()]:
            if kid not in seen and kid not in knowledge.instances:
                seen.add(kid)
                stack.append(kid)
    return frozenset(w for w, ids in knowledge.synset_words.items()
                     if " " not in w and w.isalpha() and any(i in seen for i in ids)
                     and (w.endswith(ROLE_ENDINGS) or all(i < knowledge.first_non_noun for i in ids)))


def name_kind_of(word: str, names: NameLists, frequency) -> str | None:
    """Whether a clue word reads as a first name or a surname (the commoner of the two), None if neither, or if it
    is too short or too common an English word to be read as a name ('to', 'tea', 'list')."""
    w = word.upper()
    if len(w) < 3 or word in NOT_NAMES or frequency(word) >= MAX_WORD_ZIPF:
        return None
    first, last = names.first.get(w, 0.0), names.last.get(w, 0.0)
    if not first and not last:
        return None
    return FIRST if first >= last else LAST


def other_kind(kind: str) -> str:
    """A first name's partner is a surname and the other way round."""
    return LAST if kind == FIRST else FIRST


def asked_name(clue: str, names: NameLists, roles: frozenset, frequency=None) -> str | None:
    """Which part of a person's name a normalised clue asks for (FIRST, LAST or None): said outright ('Bond's
    first name'), after a kind of person beside a blank ('Actor ___ Hanks'), a kind of person and one name at the
    end or before 'who'/'of' ('Actress Longoria' -> FIRST, 'Saxophonist Stan' -> LAST), or a rare English word
    before 'who'/'of' at the start ('Redding who sang ...' -> FIRST). `frequency`: a word's Zipf frequency in
    English (wordfreq's by default)."""
    if _ASKS_LAST.search(clue):
        return LAST
    if _ASKS_FIRST.search(clue):
        return FIRST
    words = clue_tokens(clue)
    if not words or len(words) > MAX_CLUE_WORDS:
        return None
    if frequency is None:
        from core.crossword.clues.cluetypes import word_frequency as frequency
    if "___" in words:
        i = words.index("___")
        after = name_kind_of(words[i + 1], names, frequency) if 1 <= i < len(words) - 1 and words[i - 1] in roles else None
        return other_kind(after) if after else None
    for i, w in enumerate(words[:-1]):
        name = words[i + 1]
        if w not in roles or not (i + 2 == len(words) or words[i + 2] in _PERSON_AFTER):
            continue
        kind = name_kind_of(name, names, frequency)
        if kind:
            return other_kind(kind)
        if name not in roles and len(name) > 2 and frequency(name) < RARE_ZIPF:
            return FIRST  # a surname too rare for the census list ('Painter Chagall' MARC)
    start = re.match(r"(\w+) (?:who|of) ", clue)  # no comma between: 'Hooks, of a sort' is no person
    if start and len(words) >= 3 and words[0] not in roles:
        kind = name_kind_of(words[0], names, frequency)
        return other_kind(kind) if kind else None
    return None


def name_answers(clue: str, length: int, names: NameLists, roles: frozenset, pattern: str | None = None,
                 k: int = MAX_PROPOSALS, frequency=None) -> dict[str, float]:
    """The k commonest names of the kind the clue asks for that fit the slot: answer -> 1 / its rank among them
    (the commonest 1, the second 0.5 ...; names below a ten-thousandth of their kind and length are left out)."""
    kind = asked_name(clue, names, roles, frequency)
    if kind is None:
        return {}
    pattern = pattern or "_" * length
    out: dict[str, float] = {}
    for name, share in names.ranked.get((kind, length), ()):
        if commonness(share) <= 0 or len(out) >= k:
            break
        if fits(name, pattern):
            out[name] = 1.0 / (len(out) + 1)
    return out


_QUOTED = re.compile(r'"[^"]*"')
# clue words that say what is asked, never the person named ('first', 'name' in "Bond's first name")
ASKING_WORDS = frozenset("first last given family maiden middle christian name names surname nickname girl boy "
                         "girls boys".split())


def famous_name_answers(knowledge, clue: str, length: int, names: NameLists, roles: frozenset,
                        frequency=None) -> dict[str, float]:
    """The asked part of the names of WordNet's named people and characters holding a clue word ("Bond's first
    name" -> JAMES from the instance James Bond, 'Sitar player Shankar' -> RAVI, 'Author Fleming' -> IAN): answer ->
    0.5 + half the share of the clue's other content words in the person's gloss (1 when it has none). Only for
    clues that ask for a name (asked_name); a part said outright ('first name') is taken from its own side of the clue's name only."""
    kind = asked_name(clue, names, roles, frequency)
    if kind is None:
        return {}
    if frequency is None:
        from core.crossword.clues.cluetypes import word_frequency as frequency
    outright = bool(_ASKS_LAST.search(clue) or _ASKS_FIRST.search(clue))
    words = [w for w in clue_tokens(clue) if w != "___"]
    unquoted = clue_tokens(_QUOTED.sub(" ", clue))  # a title's words name no person ('"The Hague" ...')
    keys = [w for w in dict.fromkeys(unquoted) if len(w) > 2 and w not in ASKING_WORDS and w not in NOT_NAMES
            and frequency(w) < MAX_WORD_ZIPF]  # 'king' keys King Arthur, King Lear ...: too common to be the name
    out: dict[str, float] = {}
    for key in keys:
        others = {w for w in words if len(w) > 2 and w != key and w not in ASKING_WORDS}
        for i in knowledge.by_word.get(key, ()):
            phrase = knowledge.phrases[i]
            if not knowledge.proper[i] or len(phrase) != 2 or phrase.count(key) != 1:
                continue
            if not any(s in knowledge.instances for s in knowledge.synset_words.get(" ".join(phrase), ())):
                continue  # a named person or character, not a phrase ('savings bond')
            part = phrase[1 - phrase.index(key)]
            if outright and (phrase.index(key) == 0) != (kind == LAST):
                continue  # the first name sits before the clue's name, the surname after it
            answer = part.upper()
            if len(answer) != length or not answer.isalpha():
                continue
            overlap = len(others & knowledge.gloss_words[i]) / len(others) if others else 1.0
            out[answer] = max(out.get(answer, 0.0), 0.5 + 0.5 * overlap)
    return out


def unknown_names(clue: str, answers, names: NameLists, roles: frozenset, known=(), frequency=None) -> dict[str, float]:
    """The answers that are no name of the kind a name clue asks for (neither in that census list nor in `known`,
    the dictionary's people): answer -> 1 ("Bond's first name": NAMER, BRAND; never JAMES). Nothing for other
    clues."""
    kind = asked_name(clue, names, roles, frequency)
    if kind is None or not names.of_kind(kind):
        return {}
    listed = names.of_kind(kind)
    return {a: 1.0 for a in answers if a not in listed and a not in known}
