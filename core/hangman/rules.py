"""Hangman rules as pure functions over an immutable state (mask, guessed letters, miss budget)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

Letter = str
Word = str
BLANK = "_"
MIN_WRONG, MAX_WRONG = 1, 25


class RuleError(ValueError):
    """A move or an answer the rules do not allow, with a message fit to show a person."""


@dataclass(frozen=True)
class State:
    """A game position: the mask ('_' for blanks), the letters guessed in order, the miss budget.

    misses, hits and blanks are computed once per state (cached_property: the fields never change).
    """

    mask: str
    guessed: tuple[Letter, ...] = ()
    max_wrong: int = 6

    @property
    def length(self) -> int:
        """The word length."""
        return len(self.mask)

    @cached_property
    def misses(self) -> tuple[Letter, ...]:
        """The guessed letters that are not in the word, in order."""
        return tuple(c for c in self.guessed if c not in self.mask)

    @cached_property
    def hits(self) -> tuple[Letter, ...]:
        """The guessed letters that are in the word, in order."""
        return tuple(c for c in self.guessed if c in self.mask)

    @property
    def wrong(self) -> int:
        """How many misses so far."""
        return len(self.misses)

    @property
    def lives_left(self) -> int:
        """Misses still allowed before the game is lost."""
        return self.max_wrong - self.wrong

    @cached_property
    def blanks(self) -> tuple[int, ...]:
        """The positions not yet revealed."""
        return tuple(i for i, c in enumerate(self.mask) if c == BLANK)

    @property
    def won(self) -> bool:
        """True when every letter is revealed (and the budget not spent)."""
        return BLANK not in self.mask and self.wrong < self.max_wrong

    @property
    def lost(self) -> bool:
        """True when the miss budget is spent."""
        return self.wrong >= self.max_wrong

    @property
    def over(self) -> bool:
        """True when the game is won or lost."""
        return self.won or self.lost


def new_game(length: int, max_wrong: int = 6) -> State:
    """The opening state of a word of the given length."""
    if length < 1:
        raise RuleError("The word must have at least one letter.")
    if not MIN_WRONG <= max_wrong <= MAX_WRONG:
        raise RuleError(f"The miss budget must be between {MIN_WRONG} and {MAX_WRONG}.")
    return State(BLANK * length, (), max_wrong)


def state_from_mask(mask: str, misses: str = "", max_wrong: int = 6) -> State:
    """A state from a mask like 'a__le' (or 'a _ _ l e') and the letters known to be absent."""
    cells = mask.replace(" ", "")
    hits = tuple(dict.fromkeys(c for c in cells if c != BLANK))
    bad = tuple(dict.fromkeys(misses))
    overlap = set(hits) & set(bad)
    if overlap:
        raise RuleError(f"{''.join(sorted(overlap))!r} cannot be both in the word and missed.")
    return State(cells, hits + bad, max_wrong)


def positions(secret: Word, letter: Letter) -> tuple[int, ...]:
    """The positions of a letter in the secret word."""
    return tuple(i for i, c in enumerate(secret) if c == letter)


def contradiction(state: State, letter: Letter, where: tuple[int, ...] | list[int]) -> str | None:
    """Why an answer 'letter is at these positions' cannot be right (None when it can)."""
    if state.over:
        return "The game is already over."
    if len(letter) != 1 or letter == BLANK:
        return f"{letter!r} is not a single letter."
    if letter in state.guessed:
        return f"{letter!r} was already guessed."
    for i in where:
        if not 0 <= i < state.length:
            return f"Position {i + 1} is outside a {state.length}-letter word."
        if state.mask[i] != BLANK:
            return f"Position {i + 1} already shows {state.mask[i]!r}; a cell holds one letter."
    if len(set(where)) != len(list(where)):
        return "A position is given twice."
    return None


def reveal(state: State, letter: Letter, where: tuple[int, ...] | list[int]) -> State:
    """The state after the answer 'letter is at these positions' (empty: a miss); RuleError if impossible."""
    reason = contradiction(state, letter, where)
    if reason:
        raise RuleError(reason)
    cells = list(state.mask)
    for i in where:
        cells[i] = letter
    return State("".join(cells), state.guessed + (letter,), state.max_wrong)


def guess(state: State, secret: Word, letter: Letter) -> State:
    """The state after guessing a letter against a secret word."""
    if len(secret) != state.length:
        raise RuleError("The secret does not fit the mask's length.")
    return reveal(state, letter, positions(secret, letter))


def consistent(word: Word, state: State) -> bool:
    """True when a word could be the secret behind this state (pattern and misses agree)."""
    if len(word) != state.length:
        return False
    guessed = set(state.guessed)
    for c, m in zip(word, state.mask):
        if m == BLANK:
            if c in guessed:
                return False
        elif c != m:
            return False
    return True


def secret_problem(secret: Word, alphabet: str) -> str | None:
    """Why a secret word cannot be played with this alphabet (None when it can)."""
    if not secret:
        return "Type a word first."
    if secret != secret.strip() or " " in secret:
        return "The word must not contain spaces."
    if BLANK in secret:
        return f"{BLANK!r} is reserved for blanks."
    outside = sorted(set(secret) - set(alphabet))
    if outside:
        return f"{''.join(outside)!r} is not in the word list's alphabet ({alphabet})."
    return None
