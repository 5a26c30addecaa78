"""Play one game step by step through the rules (the page, the benchmark and the tests all play through it)."""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from core.hangman.rules import Letter, State, Word, guess, new_game, positions


@dataclass(frozen=True)
class Step:
    """One turn: the state before it, the letter guessed, where it hit, and the solver's scores."""

    before: State
    letter: Letter
    hit_positions: tuple[int, ...]
    scores: dict[Letter, float] = field(default_factory=dict)

    @property
    def hit(self) -> bool:
        """True when the letter was in the word."""
        return bool(self.hit_positions)


@dataclass(frozen=True)
class GameRecord:
    """A finished (or abandoned) game: the secret, every step, and the final state."""

    secret: Word
    steps: tuple[Step, ...]
    final: State
    seconds: float = 0.0
    cpu_seconds: float = 0.0

    @property
    def won(self) -> bool:
        """True when the solver revealed the word within its miss budget."""
        return self.final.won

    @property
    def misses(self) -> int:
        """Misses made."""
        return self.final.wrong

    @property
    def guesses(self) -> int:
        """Letters guessed."""
        return len(self.steps)


def next_step(solver, state: State, secret: Word, record_scores: bool = True) -> tuple[Step | None, State]:
    """The solver's next step against a secret, and the state after it (None when it has no letter left)."""
    if record_scores:
        scores = solver.scores(state)
        letter = max(scores, key=scores.__getitem__) if scores else None
    else:
        scores, letter = {}, solver.choose(state)
    if letter is None:
        return None, state
    after = guess(state, secret, letter)
    return Step(state, letter, positions(secret, letter), scores), after


def play(solver, secret: Word, max_wrong: int = 6, record_scores: bool = False) -> GameRecord:
    """Play one game of a fitted solver against a secret word, recording every step."""
    state = new_game(len(secret), max_wrong)
    steps: list[Step] = []
    start, cpu = time.perf_counter(), time.process_time()
    while not state.over:
        step, state = next_step(solver, state, secret, record_scores)
        if step is None:
            break
        steps.append(step)
    return GameRecord(secret, tuple(steps), state, time.perf_counter() - start, time.process_time() - cpu)


def check_game(record: GameRecord) -> bool:
    """True when replaying a record through the rules gives the same final state (the score is honest)."""
    state = new_game(len(record.secret), record.final.max_wrong)
    for step in record.steps:
        if step.before != state:
            return False
        state = guess(state, record.secret, step.letter)
    return state == record.final
