"""The clue database learned from training puzzles: normalised clues, answers, pair counts, by answer length."""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from typing import Iterable

import numpy as np

from core.cache import content_hash
from core.crossword.readers import clean_clue

Clue = str
Answer = str
Pair = tuple[Clue, Answer]
_BLANK = re.compile(r"_{2,}|-{3,}|…{1,}")
_WORD = re.compile(r"[a-z0-9]+|___")
_ANSWER = re.compile(r"^[A-Z]+$")


def normalise_clue(text: str) -> Clue:
    """A clue in lookup form: cleaned, lower case, blanks as '___', spaces squeezed."""
    text = _BLANK.sub(" ___ ", clean_clue(text).lower())
    return " ".join(text.split())


def clue_tokens(text: str) -> list[str]:
    """The words of a normalised clue (with '___' kept as a token)."""
    return _WORD.findall(text)


def record_pairs(records: Iterable[dict]) -> list[Pair]:
    """(normalised clue, answer) for every clue of the records whose answer is plain A-Z letters."""
    out = []
    for rec in records:
        clues, answers = rec.get("clues") or {}, rec.get("answers") or {}
        for d in ("across", "down"):
            for item, answer in zip(clues.get(d, []), answers.get(d, [])):
                answer = str(answer).upper()
                if _ANSWER.match(answer) and isinstance(item, (list, tuple)) and len(item) > 1:
                    out.append((normalise_clue(item[1]), answer))
    return out


def puzzle_pairs(puzzles) -> list[Pair]:
    """(normalised clue, answer) for every slot of Puzzle objects with known plain answers."""
    out = []
    for p in puzzles:
        for s in p.slots.values():
            if s.answer and _ANSWER.match(s.answer):
                out.append((normalise_clue(s.clue), s.answer))
    return out


@dataclass(frozen=True)
class ClueTable:
    """Unique clues and answers, and (clue id, answer id, count) pair rows."""

    clues: tuple[str, ...]
    answers: tuple[str, ...]
    pair_clue: np.ndarray
    pair_answer: np.ndarray
    pair_count: np.ndarray
    source: str = ""

    @cached_property
    def hash(self) -> str:
        """Content hash of the table (keys the on-disk model cache)."""
        return content_hash("\n".join(self.clues), "\n".join(self.answers), self.pair_clue.tobytes(),
                            self.pair_answer.tobytes(), self.pair_count.tobytes())

    @cached_property
    def clue_id(self) -> dict:
        """Normalised clue text -> clue id."""
        return {c: i for i, c in enumerate(self.clues)}

    @cached_property
    def answer_id(self) -> dict:
        """Answer -> answer id."""
        return {a: i for i, a in enumerate(self.answers)}

    @cached_property
    def answer_lengths(self) -> np.ndarray:
        """Length of each answer."""
        return np.fromiter((len(a) for a in self.answers), dtype=np.int32, count=len(self.answers))

    @cached_property
    def answer_counts(self) -> np.ndarray:
        """How many training clues each answer had."""
        return np.bincount(self.pair_answer, weights=self.pair_count, minlength=len(self.answers)).astype(np.int64)

    @cached_property
    def pairs_by_clue(self) -> tuple[np.ndarray, np.ndarray]:
        """(order, offsets): pair rows sorted by clue id and where each clue's rows start."""
        order = np.argsort(self.pair_clue, kind="stable")
        offsets = np.searchsorted(self.pair_clue[order], np.arange(len(self.clues) + 1))
        return order, offsets

    def exact(self, clue: Clue) -> dict[Answer, int]:
        """Answers seen in training for exactly this normalised clue, with counts."""
        i = self.clue_id.get(clue)
        if i is None:
            return {}
        order, offsets = self.pairs_by_clue
        rows = order[offsets[i]:offsets[i + 1]]
        return {self.answers[self.pair_answer[r]]: int(self.pair_count[r]) for r in rows}

    @property
    def n_pairs(self) -> int:
        """Total clue-answer occurrences."""
        return int(self.pair_count.sum())


def clue_table(pairs: Iterable[Pair], source: str = "") -> ClueTable:
    """The ClueTable of (clue, answer) occurrences."""
    counts = Counter(pairs)
    clues = sorted({c for c, _ in counts})
    answers = sorted({a for _, a in counts})
    cid = {c: i for i, c in enumerate(clues)}
    aid = {a: i for i, a in enumerate(answers)}
    keys = sorted(counts)
    return ClueTable(tuple(clues), tuple(answers),
                     np.fromiter((cid[c] for c, _ in keys), dtype=np.int32, count=len(keys)),
                     np.fromiter((aid[a] for _, a in keys), dtype=np.int32, count=len(keys)),
                     np.fromiter((counts[k] for k in keys), dtype=np.int32, count=len(keys)), source)
