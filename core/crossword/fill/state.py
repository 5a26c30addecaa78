"""A fill's record: its steps, its result, the evidence each slot starts from, and which step a solver ends on."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from core.crossword.clues.guessers import in_clue
from core.crossword.clues.source import ClueSource
from core.crossword.clues.linked import joint_candidates, merge_candidates, see_target, word_test
from core.crossword.knowledge.table import normalise_clue
from core.crossword.puzzle import Puzzle
from core.crossword.rules import read_slot
from core.progress import no_progress

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
BELIEF_TOP = 20  # words kept per slot and step of the solver's beliefs (what the candidates panel shows)
FIRST_LOOK = "each clue's candidates, weighed once against the crossing letters"  # the first step of `best`


@dataclass(frozen=True)
class FillState:
    """One intermediate state of a fill: letters and per-cell confidence after a step."""

    label: str
    fill: dict
    confidence: dict
    # slot -> ((word, chance), ...): the words a solver that weighs crossing letters held likeliest for each slot at
    # this step, likeliest first (empty for solvers that write in the clue's own candidates)
    beliefs: dict = field(default_factory=dict)


@dataclass
class SolveResult:
    """A solver's final fill, per-cell confidence, per-cell letter probabilities (when it has them) and its steps."""

    solver: str
    fill: dict
    confidence: dict
    states: list = field(default_factory=list)
    letter_probs: dict | None = None  # Cell -> 26 probabilities
    seconds: float = 0.0
    sources: dict = field(default_factory=dict)  # slot name -> {answer: tuple of source tags} (see core.crossword.explain)
    kept_note: str = ""  # why the final fill is an earlier step's ("" when it is the last step's)
    by_letter: bool = False  # the fill is each square's likeliest letter (it may hold non-words where unsure)


def slot_evidence(puzzle: Puzzle, guesser: ClueSource, progress=no_progress, linked_weight: float | None = 1.0,
                  see_own: bool = False) -> tuple[dict, dict]:
    """(slot -> {answer: confidence}, slot -> {answer: source tags}) from one clue source, length-fitting, not in the
    clue.

    Linked slots ("With 43-Across, ..." and "See 40-Down") also get the parts of the whole phrase asked for with the
    lead clue at their total length (core.crossword.clues.linked), at `linked_weight` (None: not asked); `see_own=False` drops what a "See 40-Down" clue's own words proposed.
    """
    cands, sources = {}, {}
    slots = list(puzzle.slots.values())
    for i, s in enumerate(slots):
        norm = normalise_clue(s.clue)
        conf, tags = guesser.candidates_with_sources(s.clue, s.length)
        if not see_own and see_target(s.clue):
            conf = {}  # "See 17-Across" says nothing of its own answer: what similar clues had is noise
        cands[s.name] = {a: c for a, c in conf.items() if len(a) == s.length and not in_clue(a, norm)}
        sources[s.name] = {a: tags.get(a, ()) for a in cands[s.name]}
        progress(i + 1, len(slots), f"guessing {s.name}")
    if linked_weight is not None:
        is_word = word_test(guesser.models) if guesser.models is not None else None
        joint, tags = joint_candidates(puzzle, guesser, is_word=is_word)
        merge_candidates(cands, sources, joint, tags, linked_weight)
    return cands, sources


def fill_score(puzzle: Puzzle, fill: dict, lookup: dict, floor: float = -30.0) -> float:
    """A fill's score by the solver's own numbers: the sum over slots of the log weight of the word it reads."""
    return float(sum(lookup.get(name, {}).get(read_slot(puzzle, fill, name), floor) for name in puzzle.slots))


def keep_best_state(puzzle: Puzzle, result: SolveResult, lookup: dict, floor: float = -30.0) -> SolveResult:
    """The result, ending on its best-scoring step when a later step scored worse (with a note saying so)."""
    if len(result.states) < 2:
        return result
    scores = [fill_score(puzzle, st.fill, lookup, floor) for st in result.states]
    best = int(np.argmax(scores))
    if scores[best] <= scores[-1] + 1e-9:
        return result
    state = result.states[best]
    note = (f"Kept step {best + 1}: its words fit the clues better than the last step's, so the solver ends on it.")
    result.states.append(FillState(f"Final: step {best + 1} kept", dict(state.fill), dict(state.confidence),
                                   state.beliefs))
    result.fill, result.confidence, result.kept_note = dict(state.fill), dict(state.confidence), note
    return result


def expected_letters(fill: dict, probs: dict) -> float:
    """The expected number of right letters of a fill under per-cell letter probabilities (26 per cell)."""
    return float(sum(probs[cell][ALPHABET.index(letter)] for cell, letter in fill.items()
                     if cell in probs and letter in ALPHABET))


def keep_best_letters(result: SolveResult, probs: dict) -> SolveResult:
    """The result, ending on the step whose letters are expected to be right most often (with a note if not the last).

    The expectation is taken under the solver's final letter probabilities, its best knowledge of every cell.
    """
    if len(result.states) < 2:
        return result
    scores = [expected_letters(st.fill, probs) for st in result.states]
    best = int(np.argmax(scores))
    if scores[best] <= scores[-1] + 1e-9:
        return result
    state = result.states[best]
    note = f"Kept step {best + 1}: its letters are more likely right than the last step's, so the solver ends on it."
    result.states.append(FillState(f"Final: step {best + 1} kept", dict(state.fill), dict(state.confidence),
                                   state.beliefs))
    result.fill, result.confidence, result.kept_note = dict(state.fill), dict(state.confidence), note
    return result


def log_lookup(cands: dict) -> dict:
    """Slot -> {answer: log confidence}: the solver's own weight of each word, for fill_score."""
    return {name: {a: math.log(max(c, 1e-12)) for a, c in cs.items()} for name, cs in cands.items()}


def snapshot(label: str, fill: dict, conf: dict, beliefs: dict | None = None) -> FillState:
    """An immutable copy of a fill state."""
    return FillState(label, dict(fill), dict(conf), beliefs or {})
