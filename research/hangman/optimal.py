"""The best any strategy can do on words in the dictionary: `python -m research.hangman.optimal --length 3`.

Exact expectimax over every dictionary word of one length, each equally likely: a state is the set of words still
consistent (a bitset) and the lives left; a letter splits the set by the positions it would reveal. Memoised, with
letters tried in order of hits and cut when even winning every hit and every miss could not beat the best so far.
Compared with `candidates` playing the same words, it measures how far that strategy is from optimal.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Callable, Sequence

Split = list[tuple[int, int]]  # (positions revealed as a bit mask, 0 for a miss; the words giving it, a bitset)


def letter_splits(words: Sequence[str]) -> dict[str, Split]:
    """For each letter, the words (as bitsets) grouped by the positions the letter would reveal."""
    out: dict[str, dict[int, int]] = {}
    letters = sorted({c for w in words for c in w})
    for c in letters:
        groups = out.setdefault(c, {})
        for i, w in enumerate(words):
            where = sum(1 << k for k, ch in enumerate(w) if ch == c)
            groups[where] = groups.get(where, 0) | (1 << i)
    return {c: list(g.items()) for c, g in out.items()}


class Expectimax:
    """Exact win counts over sets of equally likely words (bitsets over one list), memoised across calls."""

    def __init__(self, words: Sequence[str], progress: Callable[[int], None] | None = None, every: int = 100_000) -> None:
        if len(set(map(len, words))) > 1:
            raise ValueError("all words must have the same length")
        self.size = len(words)
        self.splits = letter_splits(words)
        self.memo: dict[tuple[int, int], int] = {}
        self.progress, self.every = progress, every

    @property
    def everything(self) -> int:
        """The bitset of every word."""
        return (1 << self.size) - 1

    def letter_wins(self, S: int, lives: int, letter: str) -> int:
        """The most words of S won when guessing `letter` now and playing perfectly after (a miss costs a life)."""
        return self._after([(where, S & b) for where, b in self.splits.get(letter, [(0, S)]) if S & b], lives)

    def _after(self, parts: list[tuple[int, int]], lives: int) -> int:
        """The most words won over a letter's answers (positions revealed, words giving them)."""
        return sum(self.wins(b, lives) if where else (self.wins(b, lives - 1) if lives > 1 else 0) for where, b in parts)

    def wins(self, S: int, lives: int) -> int:
        """The most words of S any strategy wins with `lives` lives (losing at the last one)."""
        size = S.bit_count()
        if size <= 1:
            return size  # one word left: its letters, no misses
        key = (S, lives)
        got = self.memo.get(key)
        if got is not None:
            return got
        options = []
        for split in self.splits.values():
            parts = [(where, S & b) for where, b in split if S & b]
            if len(parts) < 2:
                continue  # a sure miss, or a letter every word has in the same places (free; changes nothing)
            miss = next((b for where, b in parts if where == 0), 0).bit_count()
            options.append((size - miss, miss, parts))
        options.sort(key=lambda o: -o[0])
        best = 0
        for hits, miss, parts in options:
            if hits + (miss if lives > 1 else 0) <= best:
                continue  # even winning every word of this letter's branches would not beat the best
            total = self._after(parts, lives)
            if total > best:
                best = total
                if best == size:
                    break
        self.memo[key] = best
        if self.progress is not None and len(self.memo) % self.every == 0:
            self.progress(len(self.memo))
        return best


def optimal_wins(words: Sequence[str], lives: int = 6, progress: Callable[[int], None] | None = None,
                 every: int = 100_000) -> tuple[int, int]:
    """(the most words any strategy wins, losing at the `lives`-th miss; the number of states searched); `progress`
    is called with the number of states searched every `every` states."""
    search = Expectimax(words, progress, every)
    if not words or lives < 1:
        return 0, 0
    return search.wins(search.everything, lives), len(search.memo)


def main(argv: list[str] | None = None) -> int:
    """Print the optimal and the `candidates` win counts over every word of the given lengths."""
    ap = argparse.ArgumentParser(prog="python -m research.hangman.optimal", description=__doc__.splitlines()[0])
    ap.add_argument("--words", default="Trexquant hangman 227k", help="a word-list file or a built-in list name")
    ap.add_argument("--length", type=int, action="append", required=True, help="word length (repeatable)")
    ap.add_argument("--max-wrong", type=int, default=6)
    ap.add_argument("--sample", type=int, default=0,
                    help="play only a seeded sample of this many words of each length, as the whole dictionary (0: all)")
    ap.add_argument("--seed", type=int, default=0, help="seed of --sample")
    args = ap.parse_args(argv)
    from core.hangman.harness import play
    from core.hangman.solvers import SOLVERS
    from core.words import load_list, make_list, sample

    wl = load_list(args.words)
    whole = None if args.sample else SOLVERS.create("candidates").fit(wl.words)
    for length in args.length:
        words = [w for w in wl.words if len(w) == length]
        if args.sample:
            words = sorted(sample(make_list(f"length {length}", words, wl.source), args.sample, args.seed))
        solver = whole if whole is not None else SOLVERS.create("candidates").fit(words)  # a sample is the whole dictionary of its game
        start = time.perf_counter()
        best, states = optimal_wins(words, args.max_wrong,
                                    lambda n: print(f"length {length}: {n:,} states searched", file=sys.stderr, flush=True))
        seconds = time.perf_counter() - start
        ours = sum(play(solver, w, args.max_wrong).won for w in words)
        print(json.dumps({"length": length, "words": len(words), "optimal_wins": best, "candidates_wins": ours,
                          "states": states, "seconds": round(seconds, 1)}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
