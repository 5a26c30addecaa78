"""The letter that gives the best chance to win over words of one length, each with its own weight (since 2026-11-29).

Measured on the person world's dev parts (research.hangman.winbound, research/hangman/README.md); `best` does not
call it: at three letters the order it finds wins no more dev games than the shipped play.

An exact search (expectimax): a position is the set of words still fitting (a bitset over the words given) and the
lives left (the last one lost loses the game); a letter splits the set by the positions it would reveal, a miss costs
a life, and a position's value is the most weight of its words any order of letters wins. Compared with
core.hangman.expectimax it stores the best letter beside each value (so a game can be replayed from the memo), wins
a set whole when it holds no more words than lives (a letter that splits such a set rules out a word at least), and
gives a letter up part-way, as soon as what its answers won so far plus the weight of the answers still to play
cannot beat the best letter so far. A search that would expand more positions than its budget stops
(OutOfPositions), so a caller can fall back to a cheaper rule.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from core.hangman.expectimax import OutOfPositions, letter_splits

Position = tuple[int, int]  # (the fitting words as a bitset, lives left)


class WinSearch:
    """The best letter and its chance to win at any set of these words, memoised across calls."""

    def __init__(self, words: Sequence[str], weights: Sequence[float], budget: int = 1_000_000) -> None:
        if len(set(map(len, words))) > 1:
            raise ValueError("all words must have the same length")
        if len(words) != len(weights) or any(w < 0 for w in weights):
            raise ValueError("one weight of at least 0 per word")
        self.words = list(words)
        self.weights = np.asarray(weights, dtype=float)
        # (letter, [(positions revealed, words)], the words holding it, whether it is in several places of some word)
        self.letters: list[tuple[str, list[tuple[int, int]], int, bool]] = []
        for c, split in sorted(letter_splits(self.words).items()):
            held = sum(b for where, b in split if where)
            self.letters.append((c, split, held, sum(1 for where, _ in split if where) > 1))
        self.memo: dict[Position, tuple[float, str | None]] = {}
        self.budget, self.expanded = budget, 0
        self._mass: dict[int, float] = {}

    @property
    def everything(self) -> int:
        """The bitset of every word."""
        return (1 << len(self.words)) - 1

    def bits_of(self, words: Sequence[str]) -> int:
        """The bitset of the given words (each must be one of the search's words)."""
        where = {w: i for i, w in enumerate(self.words)}
        return sum(1 << where[w] for w in set(words))

    def mass(self, S: int) -> float:
        """The total weight of the words of a bitset."""
        got = self._mass.get(S)
        if got is None:
            if S & (S - 1) == 0:
                got = float(self.weights[S.bit_length() - 1]) if S else 0.0
            else:
                flags = np.unpackbits(np.frombuffer(S.to_bytes((len(self.words) + 7) // 8, "little"), np.uint8),
                                      bitorder="little")[:len(self.words)]
                got = float(self.weights @ flags)
            if len(self._mass) > 4 * self.budget:
                self._mass.clear()
            self._mass[S] = got
        return got

    def value(self, S: int, lives: int) -> float:
        """The most weight of S any letter order wins with `lives` lives."""
        return self.best(S, lives)[0]

    def best(self, S: int, lives: int) -> tuple[float, str | None]:
        """(the most weight of S any order wins, the letter that starts it; None when nothing is left to ask)."""
        if lives <= 0 or not S:
            return 0.0, None
        if S & (S - 1) == 0 or S.bit_count() <= lives:
            return self.mass(S), self._splitting_letter(S)
        key = (S, lives)
        got = self.memo.get(key)
        if got is None:
            self.expanded += 1
            if self.expanded > self.budget:
                raise OutOfPositions(f"more than {self.budget:,} positions")
            got = self.memo[key] = self._search(S, lives)
        return got

    def _splitting_letter(self, S: int) -> str | None:
        """The letter in the most weight of S that still tells its words apart (None for one word)."""
        if S & (S - 1) == 0:
            return None
        options = [(self.mass(held & S), c) for c, _, held, several in self.letters
                   if held & S and (held & S != S or several) and self._splits(c, S)]
        return max(options)[1] if options else None

    def _splits(self, letter: str, S: int) -> bool:
        """True when the letter gives S's words more than one answer."""
        split = next(split for c, split, _, _ in self.letters if c == letter)
        return sum(1 for _, b in split if S & b) > 1

    def _search(self, S: int, lives: int) -> tuple[float, str | None]:
        size = self.mass(S)
        options = []
        for c, split, held, several in self.letters:
            held &= S
            if not held or (held == S and not several):
                continue  # a sure miss, or a letter every word has in the same places
            parts = [(where, S & b) for where, b in split if S & b]
            if len(parts) < 2:
                continue
            miss = size - self.mass(held)
            options.append((size - miss, miss, c, parts))
        options.sort(key=lambda o: -o[0])
        best, letter = 0.0, None
        for hits, miss, c, parts in options:
            left = hits + (miss if lives > 1 else 0.0)  # the most this letter could still win
            if left <= best + 1e-12:
                continue
            total = 0.0
            for mass, where, b in sorted(((self.mass(b), where, b) for where, b in parts), reverse=True):
                if where:
                    total += self.best(b, lives)[0]
                elif lives > 1:
                    total += self.best(b, lives - 1)[0]
                else:
                    continue
                left -= mass
                if total + left <= best + 1e-12:
                    break  # even winning every word still to play would not beat the best
            else:
                if total > best + 1e-12:
                    best, letter = total, c
                    if best >= size - 1e-12:
                        break
        return best, letter

    def letter_values(self, S: int, lives: int, letters: Sequence[str]) -> dict[str, float]:
        """For each letter, the chance to win (the share of S's weight won) guessing it now, then playing best."""
        total = self.mass(S)
        if total <= 0:
            return {c: 0.0 for c in letters}
        splits = {c: split for c, split, _, _ in self.letters}
        out = {}
        for c in letters:
            parts = [(where, S & b) for where, b in splits.get(c, [(0, S)]) if S & b] or [(0, S)]
            won = sum(self.value(b, lives) if where else (self.value(b, lives - 1) if lives > 1 else 0.0)
                      for where, b in parts)
            out[c] = won / total
        return out

    def after(self, S: int, letter: str, secret: str) -> int:
        """The words of S that give the same answer to the letter as the secret."""
        where = sum(1 << k for k, ch in enumerate(secret) if ch == letter)
        split = next((split for c, split, _, _ in self.letters if c == letter), [(0, S)])
        return next((S & b for w, b in split if w == where), 0)

