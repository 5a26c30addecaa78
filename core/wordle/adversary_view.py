"""The Absurdle host as the page uses it: split the answers left by a guess's colours and keep the largest group.

A small stand-in for core/wordle/adversary.py's `host_choice` (engineer WCORE); the page reads only these names.
"""
from __future__ import annotations

from typing import Callable

import numpy as np

from core.wordle.game import Setup, State
from core.wordle.rules import GREEN, Pattern, Word, colours_of

HOST_RULE = ("The host keeps the colour group with the most answers; on a tie, the group showing fewer coloured "
             "(green or yellow) tiles, then fewer greens, then the lowest feedback code.")


def feedback_groups(setup: Setup, cands: np.ndarray, guess: Word) -> dict[Pattern, np.ndarray]:
    """The answer indices of each colour group a guess splits the candidates into."""
    codes = setup.row(guess)[cands]
    return {int(c): cands[codes == c] for c in np.unique(codes)}


def tie_key(code: Pattern, size: int, length: int) -> tuple:
    """The host's preference order for a group (smaller is preferred)."""
    cols = colours_of(code, length)
    return (-size, sum(1 for c in cols if c), sum(1 for c in cols if c == GREEN), code)


def host_choice(setup: Setup, cands: np.ndarray, guess: Word) -> Pattern:
    """The colours the host answers with: the group with the most answers left (ties by HOST_RULE)."""
    groups = feedback_groups(setup, cands, guess)
    return min(groups, key=lambda c: tie_key(c, len(groups[c]), setup.length))


def play_host(choose: Callable[[State], Word], setup: Setup, limit: int = 20) -> State:
    """A whole game of a chooser against the host (stops when solved or after `limit` guesses)."""
    state = State()
    for _ in range(limit):
        cands = setup.candidates(state)
        guess = choose(state)
        state = state.then(guess, host_choice(setup, cands, guess))
        if state.history[-1][1] == setup.solved:
            break
    return state
