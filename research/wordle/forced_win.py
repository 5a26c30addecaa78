"""The shortest forced win against the Absurdle host, and each solver's game against it (research: the page and the
benchmark use only the host itself, in core/wordle/adversary.py)."""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np

from core.progress import no_progress
from core.wordle.adversary import HostGame, host_choice, play_host, replay_against_host
from core.wordle.harness import BENCH_LIMIT, Setup
from core.wordle.rules import Word


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
