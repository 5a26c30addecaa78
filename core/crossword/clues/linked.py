"""Linked slots: answers split over several slots ("With 43-Across, yttrium or scandium" + "See 40-Down" = RARE
EARTH), found by asking for the whole phrase with the lead slot's clue and the slots' total length, then split.

Pure functions over a Puzzle and a guesser; the solver (core.crossword.fill.state.slot_evidence) merges the parts
into each slot's candidates, tagged "joined with 43-Across".
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from core.crossword.puzzle import Puzzle

_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”")
# one reference: "17-Across", "17 Across", "29-/30-Across", "5- and 9-Down", "17-, 27- and 57-Across"
_REFERENCE = re.compile(r"\b((?:\d+\s*-\s*(?:/|,|and|&|or)\s*(?:and\s+)?)*\d+)\s*-?\s*(across|down)\b", re.I)
_NUMBER = re.compile(r"\d+")
# the lead of a split answer: "With 43-Across, ..." (the references run up to the first comma or colon)
_WITH = re.compile(r"^\s*with\s+([^,:\"“”]*?(?:across|down))\s*[,:]?\s*(.*)$", re.I)
_SEE = re.compile(r"^\s*see\s+([^,:]*?(?:across|down))\s*\.?\s*$", re.I)
DIRECTIONS = {"across": "A", "down": "D"}
MAX_LENGTH = 30  # no archive answer is longer: a longer joint phrase is not asked for


def references(clue: str) -> tuple[str, ...]:
    """The slot names a clue refers to, in order, outside quotes ('With 29-/30-Across, ...' -> ('29A', '30A'))."""
    out = []
    for m in _REFERENCE.finditer(_QUOTED.sub(" ", clue)):
        direction = DIRECTIONS[m.group(2).lower()]
        out.extend(f"{n}{direction}" for n in _NUMBER.findall(m.group(1)))
    return tuple(dict.fromkeys(out))


def see_target(clue: str) -> tuple[str, ...]:
    """The slots a clue only points to ('See 17-Across' -> ('17A',)); () for any other clue."""
    m = _SEE.match(clue)
    return references(m.group(1)) if m else ()


@dataclass(frozen=True)
class LinkedGroup:
    """Slots whose answers read in order as one phrase, and the clue of the whole phrase."""

    names: tuple[str, ...]  # the lead slot first, then the slots it names, in its order
    clue: str  # the lead clue without its "With 43-Across," opening

    def length(self, puzzle: Puzzle) -> int:
        """The letters of the whole phrase."""
        return sum(puzzle.slots[n].length for n in self.names)


def linked_groups(puzzle: Puzzle) -> list[LinkedGroup]:
    """Every "With 43-Across, ..." lead whose named slots exist and are others, with those slots (puzzle order).

    A reference to a missing slot or to the lead itself drops the group; a slot already joined to an earlier lead
    is not joined again (a chain of leads keeps the first).
    """
    groups, taken = [], set()
    for name, slot in puzzle.slots.items():
        m = _WITH.match(slot.clue or "")
        if not m or not m.group(2).strip():
            continue
        refs = references(m.group(1))
        if not refs or name in refs or any(r not in puzzle.slots for r in refs):
            continue
        names = (name, *refs)
        if taken & set(names):
            continue
        taken.update(names)
        groups.append(LinkedGroup(names, m.group(2).strip()))
    return groups


def split_answer(answer: str, lengths: tuple[int, ...]) -> tuple[str, ...]:
    """A whole answer cut into parts of these lengths (() when the lengths do not add up)."""
    if len(answer) != sum(lengths):
        return ()
    out, i = [], 0
    for n in lengths:
        out.append(answer[i:i + n])
        i += n
    return tuple(out)


def joined_tag(names: tuple[str, ...], name: str) -> str:
    """The source tag of a part: 'joined with 43-Across' (the other slots of its group)."""
    titles = [f"{n[:-1]}-{'Across' if n[-1] == 'A' else 'Down'}" for n in names if n != name]
    return "joined with " + " and ".join(titles)


def joint_candidates(puzzle: Puzzle, guesser, k: int = 60, is_word=None) -> tuple[dict, dict]:
    """(slot -> {part: confidence}, slot -> {part: (tag,)}) from asking each group's clue for the whole phrase.

    Each whole answer's confidence (the guesser's, for the lead clue at the total length) goes to each of its parts;
    a part proposed by several whole answers keeps the highest. `is_word` (a part -> bool test) keeps only whole answers whose every part is a word: a wrong whole answer
    split at the slots' lengths mostly is not (CATCHINGSOMEZZ as CATCHI + NGS + OMEZZ).
    """
    cands: dict = {}
    tags: dict = {}

    def add(name: str, part: str, c: float, names: tuple) -> None:
        slot = cands.setdefault(name, {})
        if c > slot.get(part, 0.0):
            slot[part] = c
            tags.setdefault(name, {})[part] = (joined_tag(names, name),)

    for group in linked_groups(puzzle):
        total = group.length(puzzle)
        lengths = tuple(puzzle.slots[n].length for n in group.names)
        whole = guesser.candidates(group.clue, total) if total <= MAX_LENGTH else {}
        for answer, c in sorted(whole.items(), key=lambda t: -t[1])[:k]:
            parts = split_answer(answer, lengths)
            if is_word is not None and not all(map(is_word, parts)):
                continue
            for name, part in zip(group.names, parts):
                add(name, part, c, group.names)
    return cands, tags


def word_test(models):
    """A part -> bool test: the part is a dictionary word or a training answer of the models."""
    answers = models.table.answer_id

    def is_word(part: str) -> bool:
        return part in answers or part in models.dictionary.index(len(part))

    return is_word


def merge_candidates(cands: dict, sources: dict, extra: dict, extra_tags: dict, weight: float = 1.0) -> None:
    """Add extra candidates (scaled by weight, at most 1) to each slot's, keeping the higher confidence; tags appended."""
    for name, parts in extra.items():
        slot, tags = cands.setdefault(name, {}), sources.setdefault(name, {})
        for part, c in parts.items():
            slot[part] = max(slot.get(part, 0.0), min(1.0, weight * c))
            tags[part] = tuple(dict.fromkeys(tags.get(part, ()) + extra_tags.get(name, {}).get(part, ())))
