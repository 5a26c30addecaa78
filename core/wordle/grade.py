"""Grade a person's Wordle game move by move: what each guess left against the best guess, a skill and a luck figure.

Skill (0-100) of a move, from the best figures that apply:
- guesses: 100 x (expected guesses to finish with best play) / (expected guesses to finish after your guess, then
  best play), from the saved optimal tree where the position is in it, else from a quick search when at most
  SEARCH_UP_TO answers are left;
- else one step: 100 x ln(n / your average answers left) / ln(n / the best guess's average answers left), n the
  answers possible before the move (a move leaving as few on average as the best scores 100, one that narrows
  nothing scores 0).
Luck (points, -50 to +50, 0 an average draw; the scale every game's grade uses: 0 average, above lucky, below unlucky):
the share of the possible answers that would have left more answers than yours did, ties counting half, minus one half,
in points (+50: the best colours this guess could get; -50: the worst).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np

from core.wordle.explain import GuessFigures, best_by_average, figures_of
from core.wordle.harness import BENCH_LIMIT, Setup, State
from core.wordle.rules import Encoding, Pattern, Word, feedback, hard_mode_violation, pattern_of
from core.wordle.tree import INF, SearchLimits, Tree, TreeSearch, expected_guesses_left, node_at, search_limits

SEARCH_UP_TO = 300  # answers left at most for a search of the expected guesses when the saved tree does not apply
GREY_MARKS = "-_.0bxw⬜⬛"
YELLOW_MARKS = "y1🟨"
GREEN_MARKS = "g2🟩"
SKILL_FORMULA = ("100 × best ÷ yours, in expected guesses to finish (from the saved optimal tree, or a quick search "
                 "when at most 300 answers are left, which can miss the very best move); otherwise 100 × ln(n ÷ your average answers left) ÷ ln(n ÷ the best "
                 "guess's average answers left), n being the answers possible before the move")
LUCK_FORMULA = ("points from -50 to +50: the share of the possible answers that would have left more answers than yours "
                "did (ties counting half), minus one half. 0 is an average draw, +50 the best colours this guess could "
                "get, -50 the worst")


class GradeError(ValueError):
    """A game that cannot be graded, with a message fit to show a person."""


@dataclass(frozen=True)
class MoveGrade:
    """One graded move."""

    turn: int
    guess: Word
    pattern: Pattern
    before: int  # answers possible before the move
    after: int  # answers possible after its colours (the answer counts as one)
    yours: GuessFigures
    best: GuessFigures  # the guess leaving the fewest answers on average
    skill: float
    luck: float | None  # None when only one answer was possible
    basis: str  # "saved tree", "search" or "one step"
    best_guesses: float | None = None  # expected guesses to finish from here with best play
    your_guesses: float | None = None  # expected guesses to finish after this guess, then best play


def parse_colours(text: str, length: int) -> Pattern:
    """A feedback code from marks like 'gy--g' (g green, y yellow, - . b x 0 grey) or coloured squares."""
    marks = [c for c in text.strip().lower() if not c.isspace()]
    if len(marks) != length:
        raise GradeError(f"the colours {text.strip()!r} have {len(marks)} marks, not {length}")
    cols = []
    for c in marks:
        if c in GREEN_MARKS:
            cols.append(2)
        elif c in YELLOW_MARKS:
            cols.append(1)
        elif c in GREY_MARKS:
            cols.append(0)
        else:
            raise GradeError(f"{c!r} in {text.strip()!r} is not a colour: use g (green), y (yellow) or - (grey)")
    return pattern_of(cols)


def parse_moves(text: str, length: int, encoding: Encoding = Encoding()) -> list[tuple[Word, Pattern | None]]:
    """(word, colours or None) per non-empty line of 'word' or 'word colours'."""
    moves: list[tuple[Word, Pattern | None]] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        parts = raw.replace(",", " ").split()
        if not parts:
            continue
        if len(parts) > 2:
            raise GradeError(f"line {n}: expected a word and (optionally) its colours, got {raw.strip()!r}")
        word = encoding.encode(parts[0].lower())
        if len(word) != length:
            raise GradeError(f"line {n}: {parts[0]!r} has {len(word)} letters, not {length}")
        try:
            moves.append((word, parse_colours(parts[1], length) if len(parts) > 1 else None))
        except GradeError as err:
            raise GradeError(f"line {n}: {err}") from None
    if not moves:
        raise GradeError("Type at least one guess.")
    return moves


def one_step_skill(yours: GuessFigures, best: GuessFigures, is_answer: bool) -> float:
    """100 x ln(n / your average left) / ln(n / the best average left)."""
    n = yours.before
    if n <= 1:
        return 100.0 if is_answer else 0.0
    top = math.log(n / best.mean)
    return 100.0 if top <= 0 else max(0.0, min(100.0, 100.0 * math.log(n / yours.mean) / top))


def luck_of(sizes: Sequence[int], mine: int) -> float | None:
    """Points (-50 to +50, 0 average): the share of answers whose colours would have left more than `mine`, ties
    counting half, minus one half."""
    n = sum(sizes)
    if n <= 1:
        return None
    more = sum(s for s in sizes if s > mine)
    same = sum(s for s in sizes if s == mine)
    return 100.0 * (more + same / 2) / n - 50.0


def resolve(setup: Setup, moves: Sequence[tuple[Word, Pattern | None]], answer: Word | None) -> list[tuple[Word, Pattern]]:
    """Each move with its colours (from the answer when given, checked against any colours typed)."""
    if answer is not None and answer not in set(setup.answers):
        raise GradeError(f"{setup.decode(answer)!r} is not one of the {len(setup.answers):,} answers.")
    out, state = [], State()
    for i, (word, typed) in enumerate(moves, start=1):
        if word not in setup.guess_index:
            raise GradeError(f"Guess {i}: {setup.decode(word)!r} is not in the allowed list.")
        if setup.hard and (why := hard_mode_violation(word, state.history, setup.rule)):
            raise GradeError(f"Guess {i}: hard mode refuses {setup.decode(word)!r} ({why}).")
        if state.history and state.history[-1][1] == setup.solved:
            raise GradeError(f"Guess {i}: the game was already solved by guess {i - 1}.")
        code = typed
        if answer is not None:
            code = feedback(answer, word, setup.rule)
            if typed is not None and typed != code:
                raise GradeError(f"Guess {i}: against {setup.decode(answer)!r}, {setup.decode(word)!r} gets other "
                                 "colours than the ones typed: check them, or leave the answer empty.")
        if code is None:
            raise GradeError(f"Guess {i}: give its colours (like gy--g) or the answer.")
        state = state.then(word, code)
        if len(setup.candidates(state)) == 0:
            raise GradeError(f"Guess {i}: no answer in the list fits these colours; check them.")
        out.append((word, int(code)))
    return out


def expected_guesses(setup: Setup, search: TreeSearch, state: State, guess: Word, tree: Tree | None,
                     search_up_to: int) -> tuple[float | None, float | None, str]:
    """(best play's, your guess's) expected guesses to finish, and the basis ('saved tree', 'search', 'one step')."""
    h = setup.candidates(state).astype(np.int32)
    n = len(h)
    valid = np.flatnonzero(setup.valid_guesses(state)).astype(np.int32) if setup.hard else None
    depth = BENCH_LIMIT
    node = node_at(tree, state) if tree is not None else None
    if node is not None:
        best = expected_guesses_left(node, [setup.answers[i] for i in h], setup)
        if node.get("guess") == guess:
            return best, best, "saved tree"
        if n <= search_up_to:
            yours = search.cost_of(h, valid, setup.guess_index[guess], INF, depth) / n
            return min(best, yours), yours, "saved tree"
        return None, None, "one step"
    if n > search_up_to:
        return None, None, "one step"
    best_total = search.solve(h, valid, INF, depth)
    yours_total = search.cost_of(h, valid, setup.guess_index[guess], INF, depth)
    if best_total >= INF or yours_total >= INF:
        return None, None, "one step"
    return min(best_total, yours_total) / n, yours_total / n, "search"


def grade_game(setup: Setup, moves: Sequence[tuple[Word, Pattern | None]], answer: Word | None = None,
               tree: Tree | None = None, search_up_to: int = SEARCH_UP_TO, limits: SearchLimits | None = None,
               best_at: Callable[[State], GuessFigures] | None = None) -> list[MoveGrade]:
    """Every move of a game graded (raises GradeError for a game the lists or rules cannot have produced); best_at
    may supply a cached best_by_average."""
    played = resolve(setup, moves, answer)
    search = TreeSearch(setup, limits or search_limits("quick"))
    grades, state = [], State()
    for turn, (word, code) in enumerate(played, start=1):
        cands = setup.candidates(state)
        yours = figures_of(setup, state, [word])[0]
        best = best_at(state) if best_at is not None else best_by_average(setup, state)[0]
        sizes = np.unique(setup.row(word)[cands], return_counts=True)[1]
        after_state = state.then(word, code)
        after = len(setup.candidates(after_state))
        best_g, your_g, basis = expected_guesses(setup, search, state, word, tree, search_up_to)
        if best_g is not None and your_g is not None:
            skill = 100.0 * best_g / your_g
        else:
            skill = one_step_skill(yours, best, yours.chance > 0)
        grades.append(MoveGrade(turn, word, code, len(cands), after, yours, best, round(skill, 1),
                                None if (lk := luck_of(sizes.tolist(), after)) is None else round(lk, 1),
                                basis, best_g, your_g))
        state = after_state
    return grades
