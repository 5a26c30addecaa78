"""The evil host: it never commits to a word, and answers each letter so as to keep as many words possible as it can.

Rule, stated once: after a letter, the fitting words fall into groups by where the letter sits in them (a miss is the
group with the letter nowhere). The host keeps the largest group; on a tie, the group revealing fewest letters (so a
miss beats any hit of the same size); on a further tie, the group whose first revealed position is leftmost
(positions compared in order, as 1-2 before 1-3 before 2).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from core.hangman.rules import BLANK, Letter, RuleError, State, Word, new_game, reveal
from core.words import counted, presentable

TIE_RULE = ("the largest group of words; on a tie, the answer revealing the fewest letters (a miss first); "
            "then the one whose letters sit furthest left")


def positions_of(word: Word, letter: Letter) -> tuple[int, ...]:
    """Where a letter sits in a word (0-based)."""
    return tuple(i for i, c in enumerate(word) if c == letter)


def groups_after(words: Sequence[Word], letter: Letter) -> dict[tuple[int, ...], list[Word]]:
    """The words grouped by where the letter sits in them (() for words without it)."""
    out: dict[tuple[int, ...], list[Word]] = {}
    for w in words:
        out.setdefault(positions_of(w, letter), []).append(w)
    return out


def host_preference(item: tuple[tuple[int, ...], int]) -> tuple:
    """The host's ordering key for a (positions, group size): larger first, fewer revealed, then leftmost."""
    where, size = item
    return (-size, len(where), where)


def pattern_text(mask: str, letter: Letter, where: Sequence[int]) -> str:
    """The mask after placing the letter at the positions, upper case with blanks as '_': 'A _ _ L E'."""
    cells = list(mask)
    for i in where:
        cells[i] = letter
    return " ".join(c.upper() if c != BLANK else "_" for c in cells)


def where_text(where: Sequence[int]) -> str:
    """'not in the word', 'letter 2', 'letters 1 and 4'."""
    if not where:
        return "not in the word"
    names = [str(i + 1) for i in where]
    return f"letter {names[0]}" if len(names) == 1 else "letters " + ", ".join(names[:-1]) + " and " + names[-1]


@dataclass(frozen=True)
class HostChoice:
    """One answer of the host: the letter, every group (positions, size) in the host's order, the one it kept."""

    letter: Letter
    groups: tuple[tuple[tuple[int, ...], int], ...]
    chosen: tuple[int, ...]
    before: int

    @property
    def kept(self) -> int:
        """Words the host still keeps after this answer."""
        return dict(self.groups)[self.chosen]

    @property
    def hit(self) -> bool:
        """True when the host admitted the letter."""
        return bool(self.chosen)

    def reason(self) -> str:
        """Why the host answered as it did, in plain words."""
        L = self.letter.upper()
        n = len(self.groups)
        if self.before == 1:
            fact = f"{L} is at {where_text(self.chosen)}" if self.chosen else f"{L} is not in the word"
            return f"{L}: the host is down to one word, so it must answer truthfully: {fact}."
        head = f"{L}: of the {counted(self.before, 'word')} the host still kept, "
        if n == 1:
            return head + f"every one gives the same answer ({where_text(self.chosen)}), so the host had no choice."
        answer = "it says no" if not self.chosen else f"it places {L} at {where_text(self.chosen)}"
        rivals = [g for g in self.groups[1:] if g[1] == self.kept]
        why = f"because that keeps the most words ({self.kept:,})"
        if rivals:
            more = sum(len(w) > len(self.chosen) for w, _ in rivals)
            if more == len(rivals):
                rule = "it reveals fewer letters" if self.chosen else "a miss reveals nothing"
            elif more == 0:
                rule = "its letters sit furthest left"
            else:
                rule = "it reveals the fewest letters and, among those, sits furthest left"
            why += f", tied with {counted(len(rivals), 'other answer')}, and {rule}"
        return head + f"the answer could split them {n} ways; {answer} {why}."


def host_choice(words: Sequence[Word], letter: Letter) -> tuple[HostChoice, list[Word]]:
    """The host's answer to a letter over the words it still keeps, and the words it keeps after."""
    groups = groups_after(words, letter)
    order = sorted(((w, len(g)) for w, g in groups.items()), key=host_preference)
    chosen = order[0][0]
    return HostChoice(letter, tuple(order), chosen, len(words)), groups[chosen]


@dataclass(frozen=True)
class HostGame:
    """A game against the evil host: the board, the words it still keeps, its answers so far."""

    state: State
    words: tuple[Word, ...]
    choices: tuple[HostChoice, ...] = field(default_factory=tuple)

    @property
    def over(self) -> bool:
        """True when the board is full or the misses are spent."""
        return self.state.over

    def final_word(self) -> Word | None:
        """The word the host claims at the end: the only one left, else the first alphabetically that a class may see
        (None without any)."""
        fit_to_show = presentable(self.words)
        return min(fit_to_show or self.words) if self.words else None


def start_host(words: Sequence[Word], length: int, max_wrong: int = 6) -> HostGame:
    """A new game: the host keeps every word of the length (RuleError when the list has none)."""
    pool = tuple(sorted({w for w in words if len(w) == length}))
    if not pool:
        raise RuleError(f"The list has no {length}-letter word for the host to hide.")
    return HostGame(new_game(length, max_wrong), pool)


def host_answer(game: HostGame, letter: Letter) -> HostGame:
    """The game after the host answers a letter (RuleError for a repeated letter or a finished game)."""
    if game.over:
        raise RuleError("The game is already over.")
    if letter in game.state.guessed:
        raise RuleError(f"{letter!r} was already guessed.")
    choice, kept = host_choice(game.words, letter)
    return HostGame(reveal(game.state, letter, list(choice.chosen)), tuple(kept), game.choices + (choice,))


@dataclass(frozen=True)
class HostRecord:
    """A solver's game against the host: its letters, the host's answers, the final board."""

    length: int
    choices: tuple[HostChoice, ...]
    final: State
    word: Word | None

    @property
    def won(self) -> bool:
        """True when the solver filled the board within its misses."""
        return self.final.won

    @property
    def misses(self) -> int:
        """Misses made."""
        return self.final.wrong

    def as_dict(self) -> dict:
        """The JSON record a benchmark keeps."""
        return {"length": self.length, "won": self.won, "misses": self.misses, "guesses": len(self.choices),
                "word": self.word, "letters": "".join(c.letter for c in self.choices)}


def play_against_host(solver, words: Sequence[Word], length: int, max_wrong: int = 25) -> HostRecord:
    """A fitted solver's whole game against the evil host over the list's words of a length.

    With a large max_wrong (the default, the rules' maximum) the misses made are the misses the solver needs to pin
    the host down; the solver sees only the board, never the host's words.
    """
    game = start_host(words, length, max_wrong)
    while not game.over:
        letter = solver.choose(game.state)
        if letter is None:
            break
        game = host_answer(game, letter)
    return HostRecord(length, game.choices, game.state, game.final_word())
