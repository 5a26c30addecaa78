"""The Absurdle host: a Wordle host that never commits to an answer (the shortest forced win is in research/).

After each guess the host splits the answers it still keeps by the feedback each would give and keeps the biggest
group. Ties (TIE_RULE): the group whose feedback shows the fewest green tiles, then the fewest yellow tiles (the
feedback that reveals least), then the lowest feedback code. The all-green group holds one answer, so the host
says "solved" only when a single answer is left and it is guessed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, NamedTuple, Sequence

import numpy as np

from core.solver import Solver
from core.wordle.harness import BENCH_LIMIT, Setup, State
from core.wordle.rules import GREEN, YELLOW, Pattern, Word, colours_of, feedback

TIE_RULE = ("the biggest group; among equal groups, the feedback with the fewest green tiles, then the fewest "
            "yellow tiles, then the same fixed order of colourings in every game")


class HostChoice(NamedTuple):
    """What the host answered to one guess: the feedback, the answers it keeps, and every group's size."""

    feedback: Pattern
    kept: tuple  # the kept answers, as given (indices or words)
    group_sizes: dict[Pattern, int]  # feedback code -> answers giving it, biggest first (in the host's order)


def host_rank(code: Pattern, size: int, length: int) -> tuple[int, int, int, int]:
    """The host's sort key of a feedback group (smaller is preferred): biggest, fewest greens, fewest yellows, code."""
    cols = colours_of(code, length)
    return (-size, sum(c == GREEN for c in cols), sum(c == YELLOW for c in cols), int(code))


def host_pick(group_sizes: Mapping[Pattern, int], length: int) -> Pattern:
    """The feedback the host gives, from the size of each feedback group (TIE_RULE breaks ties)."""
    if not group_sizes:
        raise ValueError("the host keeps no answer")
    return min(group_sizes, key=lambda c: host_rank(c, group_sizes[c], length))


def ordered_sizes(codes: np.ndarray, length: int) -> dict[Pattern, int]:
    """{feedback code: group size} of an array of codes, in the host's order of preference."""
    values, counts = np.unique(codes, return_counts=True)
    sizes = {int(v): int(c) for v, c in zip(values, counts)}
    return {c: sizes[c] for c in sorted(sizes, key=lambda c: host_rank(c, sizes[c], length))}


def host_choice(answers: Sequence[int | str], guess: Word, setup: Setup | None = None,
                rule: str = "standard") -> HostChoice:
    """The host's answer to a guess over the answers it still keeps.

    `answers` are words, or indices into `setup.answers` (then `setup` is required and its pattern matrix is used);
    `kept` comes back in the same form. Pure: the same answers and guess always give the same choice.
    """
    items = list(answers)
    if not items:
        raise ValueError("the host keeps no answer")
    if isinstance(items[0], str):
        rule = setup.rule if setup is not None else rule
        if any(len(w) != len(guess) for w in items):
            raise ValueError(f"the guess {guess!r} and the answers differ in length")
        codes = np.array([feedback(w, guess, rule) for w in items])
    else:
        if setup is None:
            raise ValueError("answer indices need the setup they index")
        codes = np.asarray(setup.row(guess))[np.asarray(items, dtype=np.int64)]
    length = len(guess)
    sizes = ordered_sizes(codes, length)
    code = next(iter(sizes))
    kept = tuple(a for a, c in zip(items, codes) if int(c) == code)
    return HostChoice(code, kept, sizes)


# ---------------------------------------------------------------- solvers against the host


@dataclass(frozen=True)
class HostGame:
    """A game played against the host: each guess, the feedback, and the answers kept after it."""

    guesses: tuple[Word, ...]
    feedbacks: tuple[Pattern, ...]
    kept: tuple[int, ...]  # answers the host keeps after each guess
    won: bool

    @property
    def n_guesses(self) -> int:
        """Guesses made (the winning guess included)."""
        return len(self.guesses)


def play_host(solver: Solver, setup: Setup, limit: int = BENCH_LIMIT, first: Word | None = None) -> HostGame:
    """A fitted solver plays against the host until the host must say all green (or the limit is reached)."""
    state, kept = State(), np.arange(len(setup.answers))
    guesses, codes, sizes = [], [], []
    for turn in range(limit):
        guess = first if (turn == 0 and first) else solver.choose(state)
        if guess not in setup.guess_index:
            raise ValueError(f"{guess!r} is not an allowed guess")
        choice = host_choice(kept, guess, setup)
        kept = np.asarray(choice.kept, dtype=np.int64)
        state = state.then(guess, choice.feedback)
        guesses.append(guess)
        codes.append(choice.feedback)
        sizes.append(len(kept))
        if choice.feedback == setup.solved:
            return HostGame(tuple(guesses), tuple(codes), tuple(sizes), True)
    return HostGame(tuple(guesses), tuple(codes), tuple(sizes), False)


def replay_against_host(guesses: Sequence[Word], setup: Setup) -> tuple[tuple[int, ...], bool]:
    """(answers kept after each guess, won) replaying guesses through the rules' feedback function (no matrix)."""
    kept: list[Word] = list(setup.answers)
    sizes = []
    for guess in guesses:
        choice = host_choice(kept, guess, rule=setup.rule)
        kept = list(choice.kept)
        sizes.append(len(kept))
        if choice.feedback == setup.solved:
            return tuple(sizes), True
    return tuple(sizes), False
