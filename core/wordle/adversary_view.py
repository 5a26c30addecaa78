"""The Absurdle host as the page uses it: split the answers left by a guess's colours and keep the largest group.

The page's view of core/wordle/adversary.py: the same host and tie rule (`host_rank`), over a Setup's answer indices.
"""
from __future__ import annotations

from typing import Callable

import numpy as np

from core.wordle.harness import Setup, State
from core.wordle.adversary import TIE_RULE, host_rank
from core.wordle.rules import Pattern, Word

HOST_RULE = "The host keeps the colour group with the most answers; on a tie, " + TIE_RULE.split("; among equal groups, ", 1)[1] + "."


def feedback_groups(setup: Setup, cands: np.ndarray, guess: Word) -> dict[Pattern, np.ndarray]:
    """The answer indices of each colour group a guess splits the candidates into."""
    codes = setup.row(guess)[cands]
    return {int(c): cands[codes == c] for c in np.unique(codes)}


def host_choice(setup: Setup, cands: np.ndarray, guess: Word) -> Pattern:
    """The colours the host answers with: the group with the most answers left (ties by HOST_RULE)."""
    groups = feedback_groups(setup, cands, guess)
    return min(groups, key=lambda c: host_rank(c, len(groups[c]), setup.length))


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
