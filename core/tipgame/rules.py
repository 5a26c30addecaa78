"""The rules of the tip game: the answer to a tip, with the course game's exact precedence."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

Word = str
Tip = str
Answer = int

NO, CONTAINS, ENDS, BEGINS, BOTH, IS = 0, 1, 2, 3, 4, 5
ANSWER_NAMES: tuple[str, ...] = (
    "doesn't contain",
    "contains",
    "ends with",
    "begins with",
    "begins and ends with",
    "is",
)
N_ANSWERS = len(ANSWER_NAMES)
NON_IS_CODES: tuple[Answer, ...] = (NO, CONTAINS, ENDS, BEGINS, BOTH)


def answer(word: Word, tip: Tip) -> Answer:
    """The answer to a tip: is > begins and ends with > begins with > ends with > contains > doesn't contain."""
    if not tip:
        raise ValueError("A tip must be a non-empty string.")
    if tip == word:
        return IS
    begins, ends = word.startswith(tip), word.endswith(tip)
    if begins and ends:
        return BOTH
    if begins:
        return BEGINS
    if ends:
        return ENDS
    if tip in word:
        return CONTAINS
    return NO


def answer_name(code: Answer) -> str:
    """The answer's words as the game says them."""
    return ANSWER_NAMES[code]


def answer_code(name: str) -> Answer:
    """The answer code of an answer's words (ValueError for unknown words)."""
    try:
        return ANSWER_NAMES.index(name)
    except ValueError:
        raise ValueError(f"unknown answer {name!r}; expected one of {', '.join(ANSWER_NAMES)}") from None


@dataclass(frozen=True)
class TipState:
    """A game in progress: the tips sent so far and their answers."""

    history: tuple[tuple[Tip, Answer], ...] = ()

    def after(self, tip: Tip, code: Answer) -> "TipState":
        """The state after one more tip and its answer."""
        return TipState(self.history + ((tip, code),))

    @property
    def tries(self) -> int:
        """How many tips were sent."""
        return len(self.history)

    @property
    def solved(self) -> bool:
        """True once a tip was answered "is"."""
        return bool(self.history) and self.history[-1][1] == IS


def consistent(word: Word, state: TipState) -> bool:
    """True when a word would have given every answer so far."""
    return all(answer(word, tip) == code for tip, code in state.history)


def remaining(words: Iterable[Word], state: TipState) -> list[Word]:
    """The words (duplicates kept) still possible after the answers so far."""
    return [w for w in words if consistent(w, state)]


def split_words(words: Sequence[Word], tip: Tip) -> dict[Answer, list[Word]]:
    """The words grouped by the answer a tip would get."""
    groups: dict[Answer, list[Word]] = {}
    for w in words:
        groups.setdefault(answer(w, tip), []).append(w)
    return groups
