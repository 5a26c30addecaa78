"""Plain-word figures and sentences for Wordle moves: how many answers a guess leaves, at worst and on average."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np

from core.wordle.harness import Setup, State
from core.progress import no_progress
from core.replay import Frame, Replay
from core.wordle.rules import COLOUR_EMOJI, SLICE_CELLS, Word, colours_of, group_sizes


@dataclass(frozen=True)
class GuessFigures:
    """What one guess does to the answers still possible (the answer itself counts as one answer left)."""

    guess: Word
    before: int  # answers possible before the guess
    worst: int  # answers left in the worst case (the largest feedback group)
    mean: float  # answers left on average over the possible answers (sum of group sizes squared / before)
    chance: float  # chance the guess is the answer (0 when it cannot be)
    groups: int  # how many different colourings it can get


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """'1 answer', '2,315 answers': a count with its noun in the right number."""
    return f"{n:,} {noun if n == 1 else (plural or noun + 's')}"


def number(x: float) -> str:
    """A figure as a person reads it: whole numbers with commas from 10 up, one decimal below."""
    if abs(x - round(x)) < 1e-9 or x >= 10:
        return f"{round(x):,}"
    return f"{x:.1f}"


def figure_arrays(setup: Setup, cands: np.ndarray, pool: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(worst, mean, groups) of every guess row in pool over the candidate answer indices."""
    n = len(cands)
    if n == 0:
        zeros = np.zeros(len(pool))
        return zeros.astype(int), zeros, zeros.astype(int)
    worst, mean, groups = (np.empty(len(pool), dtype=np.int64), np.empty(len(pool)), np.empty(len(pool), dtype=np.int64))
    rows = max(1, SLICE_CELLS // n)  # in slices that stay in the processor's cache
    for start in range(0, len(pool), rows):
        part = slice(start, start + rows)
        sizes = group_sizes(np.ascontiguousarray(setup.matrix[np.ix_(pool[part], cands)])).astype(np.int64)
        worst[part], mean[part], groups[part] = sizes.max(axis=1), (sizes ** 2).sum(axis=1) / n, (sizes > 0).sum(axis=1)
    return worst, mean, groups


def figures_of(setup: Setup, state: State, guesses: Sequence[Word]) -> list[GuessFigures]:
    """The figures of each given guess after a history."""
    cands = setup.candidates(state)
    rows = np.array([setup.guess_index[g] for g in guesses], dtype=np.int64)
    worst, mean, groups = figure_arrays(setup, cands, rows)
    possible = {setup.answers[i] for i in cands}
    return [GuessFigures(g, len(cands), int(w), float(m), (1 / len(cands)) if g in possible else 0.0, int(k))
            for g, w, m, k in zip(guesses, worst, mean, groups)]


def best_by_average(setup: Setup, state: State, top: int = 1) -> list[GuessFigures]:
    """The allowed guesses leaving the fewest answers on average (ties: could be the answer, then fewer at worst)."""
    cands = setup.candidates(state)
    pool = np.flatnonzero(setup.valid_guesses(state))
    worst, mean, _ = figure_arrays(setup, cands, pool)
    possible = np.isin(pool, setup.answer_rows[cands])
    order = np.lexsort((pool, worst, ~possible, np.round(mean, 9)))[:top]
    return figures_of(setup, state, [setup.guesses[int(pool[i])] for i in order])


def top_guesses(setup: Setup, state: State, ranking: Sequence[Word], chosen: Word, k: int = 6) -> list[GuessFigures]:
    """The solver's own top guesses, its choice first, without runs of look-alike guesses that cannot be the answer.

    With two answers or fewer only the answers themselves are listed; otherwise a guess that cannot be the answer
    is listed only when no guess listed before it leaves the same numbers (so tied non-answers like aaaaa, aaaah
    never fill the table)."""
    possible = {setup.answers[i] for i in setup.candidates(state)}
    order = [chosen] + [w for w in ranking if w != chosen]
    if len(possible) <= 2:
        order = [chosen] + [w for w in order[1:] if w in possible] + sorted(possible - set(order))
    figures = figures_of(setup, state, order[: max(60, 10 * k)])
    seen: set[tuple[int, float]] = set()
    out = []
    for f in figures:
        shape = (f.worst, round(f.mean, 9))
        if f.guess != chosen and f.chance == 0 and (shape in seen or f.mean >= f.before):
            continue
        seen.add(shape)
        out.append(f)
        if len(out) == k:
            break
    return out


def move_sentence(word: str, f: GuessFigures) -> str:
    """One plain sentence on what a guess can leave, from the same numbers as the table."""
    w = word.upper()
    if f.before == 1:
        return f"{w} is the only answer left, so it wins."
    if f.chance and f.groups == f.before:
        return (f"{w} could be the answer (a 1 in {f.before:,} chance), and whatever the colours the answer "
                f"is known after it.")
    text = (f"{w} leaves at most {number(f.worst)} and on average {number(f.mean)} of the "
            f"{counted(f.before, 'possible answer')}, whatever the colours.")
    if f.chance:
        text += f" It could itself be the answer (a 1 in {f.before:,} chance)."
    return text


def result_sentence(after: int, solved: bool) -> str:
    """What the colours actually left."""
    if solved:
        return "All green: solved."
    if after == 0:
        return "No answer fits these colours."
    return f"The colours left {counted(after, 'answer')}."


# ---------------------------------------------------------------- hints that nudge (a person's own game)


def count_hint(setup: Setup, state: State) -> str:
    """How many answers still fit, in one sentence."""
    n = len(setup.candidates(state))
    if n == 1:
        return "Only one answer still fits the colours so far."
    return f"{counted(n, 'answer')} still fit the colours so far."


def hint_letter(setup: Setup, state: State) -> tuple[str, int, int] | None:
    """(letter, answers holding it, answers left): the letter not yet played that splits the answers left most
    evenly (in closest to half of them); None when no such letter splits them."""
    cands = setup.candidates(state)
    played = {c for guess, _ in state.history for c in guess}
    letters = setup.guess_array[setup.answer_rows[cands]]  # (answers left, length) symbol indices
    best: tuple[float, str, int] | None = None
    for i, symbol in enumerate(setup.symbols):
        if symbol in played:
            continue
        holding = int((letters == i).any(axis=1).sum())
        if 0 < holding < len(cands):
            score = abs(holding - len(cands) / 2)
            if best is None or score < best[0]:
                best = (score, symbol, holding)
    return None if best is None else (best[1], best[2], len(cands))


def letter_hint(setup: Setup, state: State) -> str:
    """A letter worth trying, without the word, in one sentence."""
    found = hint_letter(setup, state)
    if found is None:
        return "No letter you have not played yet tells the answers left apart: try a word that could be the answer."
    letter, holding, left = found
    return (f"Try a word with {setup.decode(letter).upper()}: it is in {holding:,} of the {counted(left, 'answer')} "
            "that still fit, so whether it is there or not splits them well.")


def move_hint(word: str, solver_name: str, f: GuessFigures) -> str:
    """The solver's best move, in one sentence with what it can leave."""
    return f"{solver_name.capitalize()} would play {word.upper()} next: {move_sentence(word, f)}"


def familiar_choice(choice: Word, scores: dict[Word, float], higher_is_better: bool, familiarity: dict[Word, float],
                    fit_to_show: Callable[[Word], bool] = lambda w: True, possible: frozenset[Word] = frozenset()) -> Word:
    """The guess to show a person: among the guesses fit to show that score as well as the solver's choice (to a part
    in a billion) and, when the choice may be the answer, may be it too, the most familiar (familiarity: everyday
    frequency; the choice wins a tie); when the choice is not fit to show, the same around the best-scoring guess that is."""
    shown = [w for w in scores if fit_to_show(w)]
    if choice not in scores or not shown:
        return choice
    sign = 1 if higher_is_better else -1
    anchor = choice if fit_to_show(choice) else max(shown, key=lambda w: (sign * scores[w], w in possible))
    level, answer_only = scores[anchor], anchor in possible
    ties = [w for w in shown if abs(scores[w] - level) <= 1e-9 * max(1.0, abs(level)) and (w in possible or not answer_only)]
    return max(ties, key=lambda w: (familiarity.get(w, 0.0), w == anchor))


# ---------------------------------------------------------------- the Home page's replay

REPLAY_SOLVER = "entropy"  # the replay's solver picks the guess whose colours tell it the most, as its setup says


def replay_sentence(guess: str, worst: int, average: float, possible: int, left: int, solved: bool) -> str:
    """One guess of a replay in plain words: what it can leave whatever the colours, then what it did leave."""
    if solved and possible == 1:
        return f"{guess.upper()}: it is the only answer left, and the colours come back all green."
    why = (f"{guess.upper()} leaves at most {worst:,} and on average {average:,.0f} of the "
           f"{counted(possible, 'possible answer')}, whatever the colours.")
    return f"{why} " + ("The colours come back all green: solved." if solved else f"The colours leave {counted(left, 'answer')}.")


def replay(answers: Sequence[str], secret: str, guesses: Sequence[str] | None = None,
           progress: Callable[[int, int, str], None] = no_progress) -> Replay:
    """A solver finding a secret word, each guess explained by the answers it can leave (`progress`
    is told how the colourings of every guess go: the first time they take a second or two, then they come from the
    disk)."""
    from core.wordle.harness import make_setup, play
    from core.wordle.solvers import SOLVERS

    setup = make_setup(answers, guesses)
    setup.prepare(progress)
    solver = SOLVERS.create(REPLAY_SOLVER).fit(setup)
    record = play(solver, setup, setup.encoding.encode(secret))
    state, frames, board = State(), [], []
    for step in record.steps:
        cands = setup.candidates(state)
        _, sizes = np.unique(setup.row(step.guess)[cands], return_counts=True)
        worst, average = int(sizes.max()), float((sizes ** 2).sum() / sizes.sum())
        word = setup.decode(step.guess)
        board.append(word.upper() + " " + "".join(COLOUR_EMOJI[c] for c in colours_of(step.pattern, setup.length)))
        solved = step.pattern == setup.solved
        frames.append(Frame(tuple(board), replay_sentence(word, worst, average, step.before, step.after, solved)))
        state = state.then(step.guess, step.pattern)
    outcome = f"Solved: {secret.upper()} in {counted(record.guesses, 'guess', 'guesses')}." if record.solved else \
        f"Not solved: the word was {secret.upper()}."
    return Replay("Wordle", f"The solver looks for a five-letter word among "
                            f"{counted(len(setup.answers), 'possible answer')}; each guess is the one whose colours "
                            "tell it the most.", tuple(frames), outcome)
