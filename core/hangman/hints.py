"""Hints that nudge a person playing Hangman: how many words still fit, a letter worth trying, the solver's move.

Each hint is one plain sentence, and none names the word.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Sequence

from core.hangman.explain import article, move_facts, move_sentence
from core.hangman.rules import Letter, State, Word, consistent

HINT_KINDS = {"count": "how many words still fit", "letter": "a letter worth trying", "solver": "the solver's move",
              "chart": "the solver's chart"}


def fitting_words(words: Sequence[Word], state: State) -> list[Word]:
    """The list's words that fit the board and the misses (each once)."""
    return sorted({w for w in words if consistent(w, state)})


def count_hint(words: Sequence[Word], state: State) -> str:
    """'12 words of the list still fit the board.' (or none, or one)."""
    n = len(fitting_words(words, state))
    if n == 0:
        return "No word of the list fits the board any more: the word must be one the list lacks."
    if n == 1:
        return "Only one word of the list still fits the board: you can work it out from the letters shown."
    return f"{n:,} words of the list still fit the board."


def worth_trying(words: Sequence[Word], state: State) -> tuple[Letter | None, int, int]:
    """(the untried letter in the most fitting words, how many contain it, how many fit); with no fitting word,
    the letter in the most of the list's words of this length (and those counts)."""
    pool = fitting_words(words, state) or sorted({w for w in words if len(w) == state.length})
    counts = Counter(c for w in pool for c in set(w) if c not in state.guessed)
    if not counts:
        return None, 0, len(pool)
    letter = min(counts, key=lambda c: (-counts[c], c))
    return letter, counts[letter], len(pool)


def tied_letters(words: Sequence[Word], state: State, having: int) -> list[Letter]:
    """The other untried letters in as many of the hint's pool of words as the letter worth trying (alphabetical)."""
    pool = fitting_words(words, state) or sorted({w for w in words if len(w) == state.length})
    counts = Counter(c for w in pool for c in set(w) if c not in state.guessed)
    return sorted(c for c, n in counts.items() if n == having)


def compared(letter: Letter, ties: list[Letter], verb: str) -> str:
    """'more than any other letter you have not tried' when it leads alone, else 'as many as F (no letter ...)'."""
    others = [c.upper() for c in ties if c != letter]
    if not others:
        return f"more than {'have ' if verb == 'have' else ''}any other letter you have not tried"
    named = others[0] if len(others) == 1 else ", ".join(others[:-1]) + " and " + others[-1]
    return f"as many as {named} (no letter you have not tried is in more)"


def letter_hint(words: Sequence[Word], state: State) -> str:
    """'Try T: it is in 9 of the 12 words that still fit.' without naming any word; "more than any other letter" only
    when no untried letter is in as many."""
    letter, having, pool = worth_trying(words, state)
    if letter is None:
        return "Every letter the list's words use has been tried: try one they never use."
    L = letter.upper()
    ties = tied_letters(words, state, having)
    if not fitting_words(words, state):
        return (f"No word of the list fits any more; of its {pool:,} words of {state.length} letters, {having:,} "
                f"{'has' if having == 1 else 'have'} {article(letter)} {L}, {compared(letter, ties, 'have')}.")
    if having == pool:
        return f"Try {L}: every word that still fits has {article(letter)} {L}, so it cannot miss."
    return f"Try {L}: it is in {having:,} of the {pool:,} words that still fit, {compared(letter, ties, 'is in')}."


def solver_hint(solver, state: State) -> tuple[Letter | None, str]:
    """The solver's next letter and its reason in one sentence (never naming the only word left)."""
    letter = solver.choose(state)
    if letter is None:
        return None, "The solver has no letter left to try."
    reason = move_sentence(replace(move_facts(solver, state, letter), only_word=""), now=True)
    L = letter.upper()
    if reason.startswith(f"{L}: "):
        return letter, f"The solver would guess {reason}"
    return letter, f"The solver would guess {L}: {reason[0].lower()}{reason[1:]}"
