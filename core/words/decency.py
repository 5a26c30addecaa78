"""Words never shown to a person from a built-in or shared list (obscenities, slurs, sexual terms): one rule for every
sample, caption, suggestion, replay and table. A person may still play such a word; an uploaded list shows its own words.

Sources: better_profanity's word list (MIT licence, read at run time from the installed package, never
copied), the words WordNet 3.0 marks as slurs or obscenities, and the lab's own lists in core.words.lexicon."""
from __future__ import annotations

import importlib.resources
from functools import lru_cache
from typing import Iterable

from core.words.lexicon import NEVER_CHOSEN

Word = str

# Words better_profanity lists (or WordNet marks in half their senses) whose commonest sense is innocent and not sexual (a class may see them: "kill the
# lights", "organ", "slope", "pawn"); everything else it lists stays hidden.
INNOCENT = frozenset("""
god gods kill murder stupid fat drunk ugly strip pot weed stroke slave organ organs facial screw screwed screwing jerk
jerked thrust slope heroin woody vodka rum sniper dummy paddy pawn vomit urine womb meth hiv omg lmao lmfao wtf xx
gay gays lesbian lesbians suck sucked sucking lust snatch penetrate penetration oral orally hemp opium revue seaman
seamen enlargement wang nazi nazism hitler reich pee poop fart potty nappy maxi whiz loin loins uterus ovary
menstruation rectal rectum hump tramp pasty toots homey nimrod doofus dopey undies racy steamy vixen thug stoned
junkie weirdo sissy sadist sadism leper wench prude unwed teat hooch hookah napalm uzi valium viagra opiate peyote pcp
pms gai len flange rump testes auto kinky peter jerry knob taco hun pom cummings fairy erect erected snuff ninny
""".split())
# Stems no innocent everyday word contains: a word with one is hidden (motherfucker, bullshit, vulvovaginitis).
STEMS = ("fuck", "shit", "cunt", "vagina", "vaginit", "vulv", "penis", "clitor", "dildo", "jizz", "porn", "nigger", "nigga",
         "whore", "masturb", "orgasm", "ejacul", "faggot", "blowjob", "cumshot")


def profanity_words() -> frozenset[Word]:
    """better_profanity's single-word entries in lower case (empty when the package is missing)."""
    try:
        text = importlib.resources.files("better_profanity").joinpath("profanity_wordlist.txt").read_text("utf-8")
    except (ModuleNotFoundError, FileNotFoundError):
        return frozenset()
    return frozenset(w for w in (line.strip().lower() for line in text.splitlines()) if w.isalpha())


@lru_cache(maxsize=1)
def blocked_words() -> frozenset[Word]:
    """Every word the lab never shows from a built-in or shared list (the stems aside)."""
    from core.words.lexicon import wordnet_offensive

    try:
        rude = wordnet_offensive()
    except Exception:  # WordNet data missing: the other sources still hold
        rude = frozenset()
    return ((profanity_words() | rude) - INNOCENT) | NEVER_CHOSEN


def is_offensive(word: Word) -> bool:
    """True for a word never shown from a built-in or shared list: a listed obscenity or slur, its plural, or a word
    with an unmistakable stem."""
    low = word.lower()
    blocked = blocked_words()
    if low in blocked or (low.endswith("s") and not low.endswith("ss") and low[:-1] in blocked and len(low) > 3):
        return True
    return any(stem in low for stem in STEMS)


def presentable(words: Iterable[Word]) -> list[Word]:
    """The words fit to show a class, in their order (the offensive ones left out)."""
    return [w for w in words if not is_offensive(w)]
