"""The letter with the best chance to win when the secret is one of a few words, each with its own weight.

Exact expectimax: a position is the set of words still fitting (a bitset over the words given) and the lives left; a
letter splits the set by the positions it would reveal, a miss costs a life, and the value of a position is the most
weight of its words any order of letters wins. Memoised, letters tried in order of the weight they hit, and a letter
cut when even winning every word of its answers could not beat the best so far. A search that would expand more
positions than its budget stops (OutOfPositions), so a caller can fall back to a cheaper rule. When every word weighs 1
the search counts whole words and also gives a letter up part-way, once its answers cannot beat the best so far; a
SearchShelf keeps such searches across boards and games, since the value of a set of words and lives never changes.
"""
from __future__ import annotations

from typing import Sequence

Split = list[tuple[int, int]]  # (positions revealed as a bit mask, 0 for a miss; the words giving it, as a bitset)


class OutOfPositions(Exception):
    """The search expanded as many positions as its budget allows."""


def letter_splits(words: Sequence[str]) -> dict[str, Split]:
    """For each letter, the words (as bitsets) grouped by the positions the letter would reveal."""
    out: dict[str, dict[int, int]] = {}
    for i, w in enumerate(words):
        bit = 1 << i
        for c in set(w):
            where = sum(1 << k for k, ch in enumerate(w) if ch == c)
            groups = out.setdefault(c, {})
            groups[where] = groups.get(where, 0) | bit
    full = (1 << len(words)) - 1
    for c, groups in out.items():  # the words without the letter: its miss
        rest = full & ~sum(groups.values())
        if rest:
            groups[0] = rest
    return {c: list(g.items()) for c, g in out.items()}


class WeightedExpectimax:
    """The most weight of a set of words any letter order wins, memoised across calls on the same words."""

    def __init__(self, words: Sequence[str], weights: Sequence[float], budget: int = 20_000) -> None:
        if len(set(map(len, words))) > 1:
            raise ValueError("all words must have the same length")
        if len(words) != len(weights) or any(w < 0 for w in weights):
            raise ValueError("one weight of at least 0 per word")
        self.words, self.weights = list(words), [float(w) for w in weights]
        self.splits = letter_splits(self.words)
        self.holders = {c: (sum(b for where, b in split if where), sum(1 for where, _ in split if where) > 1)
                        for c, split in self.splits.items()}  # the words holding each letter; whether in several places
        self.memo: dict[tuple[int, int], float] = {}  # (words as a bitset, lives) -> weight won (a count when even)
        self.budget, self.expanded = budget, 0
        self._mass: dict[int, float] = {}
        self.even = all(w == 1.0 for w in self.weights)  # every word weighs 1: a set's weight is its size
        self.letters = [(split, *self.holders[c]) for c, split in self.splits.items()]  # the even search's loop

    @property
    def everything(self) -> int:
        """The bitset of every word."""
        return (1 << len(self.words)) - 1

    def mass(self, S: int) -> float:
        """The total weight of the words of a bitset."""
        if self.even:
            return float(S.bit_count())
        got = self._mass.get(S)
        if got is None:
            got, rest = 0.0, S
            while rest:
                low = rest & -rest
                got += self.weights[low.bit_length() - 1]
                rest ^= low
            self._mass[S] = got
        return got

    def letter_values(self, S: int, lives: int, letters: Sequence[str]) -> dict[str, float]:
        """For each letter, the chance of winning (the share of S's weight won) when guessing it now and then playing
        perfectly; a letter none of S's words has is a sure miss."""
        total = self.mass(S)
        if total <= 0:
            return {c: 0.0 for c in letters}
        return {c: self._after(self._parts(S, c), lives) / total for c in letters}

    def _parts(self, S: int, letter: str) -> list[tuple[int, int]]:
        return [(where, S & b) for where, b in self.splits.get(letter, [(0, S)]) if S & b] or [(0, S)]

    def _after(self, parts: list[tuple[int, int]], lives: int) -> float:
        """The most weight won over a letter's answers (positions revealed, words giving them)."""
        if self.even:
            return float(sum(self.count_won(b, lives) if where else (self.count_won(b, lives - 1) if lives > 1 else 0)
                             for where, b in parts))
        return sum(self.wins(b, lives) if where else (self.wins(b, lives - 1) if lives > 1 else 0.0) for where, b in parts)

    def wins(self, S: int, lives: int) -> float:
        """The most weight of S any letter order wins with `lives` lives (losing at the last one)."""
        if self.even:
            return float(self.count_won(S, lives))
        if S & (S - 1) == 0:
            return self.mass(S)  # one word (or none) left: its letters, no misses
        key = (S, lives)
        got = self.memo.get(key)
        if got is not None:
            return got
        self.expanded += 1
        if self.expanded > self.budget:
            raise OutOfPositions(f"more than {self.budget:,} positions")
        size = self.mass(S)
        options = []
        for c, split in self.splits.items():
            held, several = self.holders[c]
            held &= S
            if not held or (held == S and not several):
                continue  # a sure miss, or a letter every word has in the same places
            parts = [(where, S & b) for where, b in split if S & b]
            if len(parts) < 2:
                continue  # a sure miss, or a letter every word has in the same places (free; changes nothing)
            miss = next((self.mass(b) for where, b in parts if where == 0), 0.0)
            options.append((size - miss, miss, parts))
        options.sort(key=lambda o: -o[0])
        best = 0.0
        for hits, miss, parts in options:
            if hits + (miss if lives > 1 else 0.0) <= best + 1e-12:
                continue  # even winning every word of this letter's answers would not beat the best
            total = self._after(parts, lives)
            if total > best:
                best = total
                if best >= size - 1e-12:
                    break
        self.memo[key] = best
        return best

    def count_won(self, S: int, lives: int) -> int:
        """wins() when every word weighs 1, in whole words: the same search over counts, and a letter given up as soon
        as what its answers won so far plus the size of the answers still to play cannot beat the best so far."""
        size = S.bit_count()
        if size <= 1 or size <= lives:
            return size  # one word, or no more words than lives: a letter that splits them rules out one at least
        key = (S, lives)
        got = self.memo.get(key)
        if got is not None:
            return got
        self.expanded += 1
        if self.expanded > self.budget:
            raise OutOfPositions(f"more than {self.budget:,} positions")
        options = []
        for split, held, several in self.letters:
            held &= S
            if not held or (held == S and not several):
                continue  # a sure miss, or a letter every word has in the same places
            miss = (S & ~held).bit_count()
            options.append((size - miss, miss, split))
        options.sort(key=lambda o: -o[0])
        best = 0
        for hits, miss, split in options:
            left = hits + (miss if lives > 1 else 0)  # the most this letter could still win
            if left <= best:
                continue
            parts = [(b.bit_count(), where, b) for where, b in ((where, S & b) for where, b in split) if b]
            if len(parts) < 2:
                continue  # every word has it in the same places (free; changes nothing)
            parts.sort(reverse=True)  # the largest answers first: where most can be lost, so a cut comes soonest
            total = 0
            for n, where, b in parts:
                if where:
                    total += self.count_won(b, lives)
                elif lives > 1:
                    total += self.count_won(b, lives - 1)
                else:
                    continue
                left -= n
                if total + left <= best:
                    break  # even winning every word still to play would not beat the best
            else:
                if total > best:
                    best = total
                    if best >= size:
                        break
        self.memo[key] = best
        return best


class SearchShelf:
    """Even searches (every word weighing 1) kept across boards and games: a board whose words are all among a kept
    search's words is searched there, reusing what it found (the value of a set of words and lives never changes).
    Bounded: at most `keep` searches and about `positions` remembered positions, the least recently used dropped."""

    def __init__(self, budget: int, keep: int = 64, positions: int = 200_000) -> None:
        self.budget, self.keep, self.positions = budget, keep, positions
        self.shelf: dict[tuple[str, ...], tuple[dict[str, int], WeightedExpectimax]] = {}  # least recently used first

    def search_for(self, words: Sequence[str]) -> tuple[WeightedExpectimax, int]:
        """A search holding every one of these words (kept or new) and their bitset in it."""
        for key in reversed(list(self.shelf)):
            kept = self.shelf.get(key)  # None when another board (another page's thread) has just dropped it
            if kept is None:
                continue
            where, search = kept
            S = 0
            for w in words:
                bit = where.get(w)
                if bit is None:
                    break
                S |= 1 << bit
            else:
                self.shelf.pop(key, None)
                self.shelf[key] = kept  # the most recently used now
                return search, S
        search = WeightedExpectimax(words, [1.0] * len(words), self.budget)
        self.shelf[tuple(words)] = ({w: i for i, w in enumerate(search.words)}, search)
        while len(self.shelf) > self.keep or (len(self.shelf) > 1 and self.remembered() > self.positions):
            self.shelf.pop(next(iter(list(self.shelf)), None), None)
        return search, search.everything

    def remembered(self) -> int:
        """How many positions the kept searches remember."""
        return sum(len(search.memo) for _, search in list(self.shelf.values()))
