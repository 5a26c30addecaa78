"""How far the person world's letter choice is from the one that wins most under its own weights (2026-11-29).

For each dev part's words of a length, every word is played by the exact win-maximising order of letters under the
person world's weights (research.hangman.winsearch over every word of that length a person may pick: the list's and the
everyday words, weighted as the page weighs them; six misses): no letter choice can win more of the prior's weight,
so the games it wins say whether a part's target is within reach of today's weights at all. Printed per part and
length: the words played, the games the exact order wins, and the prior's whole win chance from the empty board.

    python -m research.hangman.winbound --part short three wordle kinds dev nouns --lengths 3 4 5 --games 250

`--share S` keeps only the words weighing at least S of the heaviest (a smaller, faster search; a part's word outside
it counts as lost and is reported).
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time

from research.hangman.winsearch import WinSearch


def played(search: WinSearch, secret: str, lives: int) -> tuple[bool, str]:
    """(whether the exact order wins the secret, the letters it guessed)."""
    S, guessed = search.everything, []
    if secret not in search.words:
        return False, ""
    while True:
        _, letter = search.best(S, lives)
        if letter is None:
            return S == search.bits_of([secret]), "".join(guessed)  # the secret alone is left: its letters all hit
        guessed.append(letter)
        if letter not in secret:
            lives -= 1
            if lives <= 0:
                return False, "".join(guessed)
        S = search.after(S, letter, secret)


def weighing_solver(list_name: str, overrides: dict):
    """`best` in the person world over a list, with only what its word weights need (no letter models fitted)."""
    from core.hangman.model import WordIndex, alphabet_of_words
    from core.hangman.solvers import BestParams, BestSolver
    from core.words import load_list

    words = list(load_list(list_name).words)
    solver = BestSolver(BestParams(**{**BestParams.load().as_dict(), **overrides}))
    solver.alphabet = alphabet_of_words(words)
    solver.index = WordIndex(words, solver.alphabet)
    return solver.in_world("person")


def part_words(part: str, games: int) -> list[str]:
    """A part's words as `research.hangman.person tune` samples them (all, or a seeded sample of `games`)."""
    from research.hangman.person import everyday_words

    words = everyday_words(part)
    if games and games < len(words):
        words = random.Random(0).sample(words, games)
    return words


def bound(parts: list[str], lengths: list[int], games: int, share: float, misses: int, overrides: dict) -> None:
    """Print one JSON line per part and length (see the module's note)."""
    from research.hangman.person import TEST_PARTS, part_dictionary

    if set(parts) & set(TEST_PARTS):
        raise SystemExit("the bound is measured on dev words only")
    solvers, searches = {}, {}
    for part in parts:
        name = part_dictionary(part)
        if name not in solvers:
            solvers[name] = weighing_solver(name, overrides)
        solver = solvers[name]
        words = part_words(part, games)
        for n in lengths:
            secrets = [w for w in words if len(w) == n]
            if not secrets:
                continue
            if (name, n) not in searches:
                pool = solver.person_index.words[n]
                weights = solver.word_weights(n)
                keep = weights >= share * weights.max()
                searches[name, n] = WinSearch([w for w, k in zip(pool, keep) if k], weights[keep], budget=10**9)
            search = searches[name, n]
            start = time.process_time()
            root = search.value(search.everything, misses) / search.mass(search.everything)
            results = {w: played(search, w, misses) for w in secrets}
            won = sorted(w for w, (win, _) in results.items() if win)
            print(json.dumps({"part": part, "length": n, "words": len(secrets), "won": len(won),
                              "win_rate": round(len(won) / len(secrets), 4),
                              "outside": sum(1 for w in secrets if w not in search.words),
                              "prior_win_chance": round(root, 4), "searched_words": len(search.words),
                              "positions": len(search.memo), "cpu_s": round(time.process_time() - start, 1),
                              "lost": sorted(w for w in secrets if w not in won)}), flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--part", nargs="+", default=["short"])
    ap.add_argument("--lengths", nargs="+", type=int, default=[3, 4, 5])
    ap.add_argument("--games", type=int, default=0, help="the seeded sample `tune --games N` plays (default all)")
    ap.add_argument("--share", type=float, default=0.0)
    ap.add_argument("--misses", type=int, default=6)
    ap.add_argument("--variant", default="{}", help="BestParams overrides (JSON) for the weights")
    args = ap.parse_args(argv)
    bound(args.part, args.lengths, args.games, args.share, args.misses, json.loads(args.variant))
    return 0


if __name__ == "__main__":
    sys.exit(main())
