"""The Absurdle host: a Wordle host that never commits to an answer, and the shortest forced win against it.

After each guess the host splits the answers it still keeps by the feedback each would give and keeps the biggest
group. Ties (TIE_RULE): the group whose feedback shows the fewest green tiles, then the fewest yellow tiles (the
feedback that reveals least), then the lowest feedback code. The all-green group holds one answer, so the host
says "solved" only when a single answer is left and it is guessed.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Mapping, NamedTuple, Sequence

import numpy as np

from core.progress import no_progress
from core.wordle.game import BENCH_LIMIT, Setup, Solver, State
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


def solver_vs_host(names: Sequence[str], setup: Setup, limit: int = BENCH_LIMIT) -> dict[str, HostGame]:
    """Each registered solver's game against the host (one game each: the host is deterministic)."""
    from core.wordle.solvers import SOLVERS

    return {name: play_host(SOLVERS.create(name).fit(setup), setup, limit) for name in names}


# ---------------------------------------------------------------- the shortest forced win


@dataclass(frozen=True)
class ForcedWin:
    """A guess sequence that beats the host, how many guesses it takes, and how it was proved shortest."""

    guesses: tuple[Word, ...]
    kept: tuple[int, ...]  # answers the host keeps after each guess
    proof: str  # why no shorter win exists
    seconds: float


def host_sizes_all(setup: Setup, kept: np.ndarray) -> np.ndarray:
    """For every allowed guess, the size of the group the host would keep from `kept`."""
    from core.wordle.rules import group_sizes

    return group_sizes(setup.matrix[:, kept]).max(axis=1)


def splits_apart(setup: Setup, kept: np.ndarray) -> np.ndarray:
    """The guesses whose feedback tells every kept answer apart (the host must then keep one answer)."""
    sub = np.sort(setup.matrix[:, kept], axis=1)
    distinct = 1 + np.count_nonzero(sub[:, 1:] != sub[:, :-1], axis=1)
    return np.flatnonzero(distinct == len(kept))


def most_feedbacks(setup: Setup) -> int:
    """The most different feedbacks any allowed guess gives over all the answers."""
    from core.wordle.rules import group_sizes

    return int((group_sizes(setup.matrix) > 0).sum(axis=1).max())


def win_within(setup: Setup, kept: np.ndarray, depth: int, width: int | None = None, feedbacks: int = 243,
               progress: Callable[[int, int, str], None] = no_progress) -> list[Word] | None:
    """Guesses that beat the host from the kept answers within `depth` guesses (None when none is found).

    The last two guesses are searched over every allowed guess (one that tells every kept answer apart, then the
    answer left); each earlier guess over the `width` guesses leaving the smallest kept group (all when None).
    """
    if len(kept) == 1:
        return [setup.answers[int(kept[0])]]
    if depth <= 1:
        return None
    if depth == 2:
        apart = splits_apart(setup, kept)
        if not len(apart):
            return None
        g = setup.guesses[int(apart[0])]
        return [g, setup.answers[int(host_choice(kept, g, setup).kept[0])]]
    sizes = host_sizes_all(setup, kept)
    order = np.argsort(sizes, kind="stable")
    order = order[sizes[order] < len(kept)]
    order = order[sizes[order] <= feedbacks ** (depth - 2)]  # more than that cannot be told apart in time
    if width is not None:
        order = order[:width]
    for i, g in enumerate(order):
        progress(i, len(order), f"trying {setup.guesses[g]}")
        rest = np.asarray(host_choice(kept, setup.guesses[g], setup).kept)
        found = win_within(setup, rest, depth - 1, width, feedbacks)
        if found is not None:
            return [setup.guesses[g]] + found
    return None


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


def shortest_forced_win(setup: Setup, max_guesses: int = 6, width: int | None = 40,
                        progress: Callable[[int, int, str], None] = no_progress) -> ForcedWin | None:
    """The shortest forced win found against the host, verified by replay (None when none within max_guesses).

    Each shorter length is ruled out by a counting bound (the host keeps more answers after the first guess than
    the guesses left can tell apart) or, when no bound applies, by a search; the proof says which, and whether the
    search tried every first guess (width None) or only the `width` best.
    """
    start = time.perf_counter()
    everything = np.arange(len(setup.answers))
    f = most_feedbacks(setup)
    smallest = int(host_sizes_all(setup, everything).min()) if len(everything) > 1 else 1
    why: list[str] = []
    for depth in range(1, max_guesses + 1):
        if depth == 1 and len(everything) > 1:
            why.append("no win in 1: more than one answer")
            continue
        if depth >= 2 and smallest > f ** (depth - 2):
            why.append(f"no win in {depth}: after any first guess the host keeps at least {smallest} answers, more "
                       f"than {f}^{depth - 2} = {f ** (depth - 2)} ({f} = the most feedbacks any guess gives)")
            continue
        found = win_within(setup, everything, depth, width, f, progress)
        if found is None:
            scope = ("every guess" if width is None or width >= len(setup.guesses)
                     else f"the {width} guesses leaving the fewest answers at each step before the last two")
            why.append(f"no win in {depth}: a search over {scope} found none")
            continue
        sizes, won = replay_against_host(found, setup)
        if not won:
            raise AssertionError(f"the sequence {found} does not beat the host on replay")
        return ForcedWin(tuple(found), sizes, "; ".join(why) or "one answer: guessed at once", time.perf_counter() - start)
    return None
