"""The crossword coach: the solver's beliefs with a person's letters as evidence, and hints that nudge before they
tell (a slot to try, one letter, a slot's answer, a check of the person's letters).

A person's letter is strong evidence, not a certainty: it weighs TRUST against the other 25 letters in each slot
through its square, so crossings and clues that disagree strongly can still doubt it, and the check reads each
letter by what the rest of the grid says (its square's belief without the person's own letter).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import numpy as np

from core.crossword.explain import slot_title
from core.crossword.knowledge.models import ClueModels
from core.crossword.puzzle import Cell, Puzzle
from core.crossword.rules import read_slot, score_fill
from core.progress import Progress, no_progress

Letters = dict  # Cell -> the letter a person typed
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
COACH_SOLVER = "best"  # the strongest solver: its candidates and crossing-letter weighing
COACH_SWEEPS = 12  # rounds of crossing letters weighed per hint (the full solve: up to 25)
COACH_CANDIDATES = 10_000  # dictionary words a slot weighs besides its clue's candidates (the full solve: 40,000)
TRUST = 0.8  # a person's letter against the other 25 in its square, in each slot through it
DOUBT = 0.5  # a letter is doubted when the rest of the grid gives it less than this and likes another letter more
KINDS = ("nudge", "letter", "answer", "check")
KIND_WORDS = {"nudge": "nudge", "letter": "letter", "answer": "answer", "check": "check"}
# why the solver is sure of a slot, without saying the answer ({db}: where the clues come from)
NUDGE_WHY = {
    "exact": "this very clue appeared in {db}",
    "synonym": "the dictionary lists a word meaning the clue",
    "similar": "clues like this one in {db} agree",
    "meaning": "clues meaning the same in {db} agree",
    "words": "the clue's words match how the answer is described in {db}",
    "related": "the dictionary relates a word of this length to the clue",
    "related word": "the dictionary relates a word of this length to a word of the clue",
    "blank": "a common phrase completes the blank",
    "abbreviation": "the clue asks for an abbreviation and one fits",
    "foreign": "the clue asks in another language and a common word of it fits",
    "inflected": "an answer to the clue's plain form, made plural or past, fits",
    "dictionary phrase": "a phrase in the dictionary completes the blank",
    "dictionary name": "the dictionary has a name or phrase holding a word of the clue",
    "dictionary sibling": "the dictionary files a word of this length under the same kind of thing as the clue",
    "dictionary synonym of a part": "the dictionary lists a word meaning part of the clue",
    "people's names": "the clue asks for a person's name and a common one fits",
    "dictionary person's name": "the clue asks for a person's name and the dictionary knows the person",
    "thesaurus synonym": "the thesaurus lists a word of this length under the clue",
    "dictionary short definition": "a dictionary defines a word of this length in the clue's very words",
    "dictionary definition (GCIDE)": "a dictionary's definition of a word of this length holds most of the clue's words",
    "dictionary opposite": "the clue asks for an opposite and the dictionary gives one of this length",
}
CROSSINGS_ONLY = "the letters crossing it leave few words that fit"


@dataclass(frozen=True)
class Beliefs:
    """What the solver believes with the person's letters as crossings: per-square letter chances and each slot's
    likeliest words with their chances, best first."""

    probs: dict  # Cell -> 26 chances (sum 1)
    words: dict  # slot name -> tuple of (word, chance), best first
    sources: dict  # slot name -> {answer: source tags} (core.crossword.explain)


@dataclass(frozen=True)
class Hint:
    """One hint: its kind, the slot and square it speaks of, and its sentence."""

    kind: str
    sentence: str
    slot: str = ""
    cell: Cell | None = None


@dataclass(frozen=True)
class Doubt:
    """A person's letter the solver believes wrong: the square, their letter, the solver's, its confidence."""

    cell: Cell
    theirs: str
    solvers: str
    wrong_chance: float


def coach_solver(models: ClueModels):
    """The solver the coach thinks with: `best` with its crossing-letter weighing only, fewer rounds and dictionary
    words (quick enough per hint)."""
    from core.crossword.harness import make_solver

    return make_solver(COACH_SOLVER, models, phrase_weight=None, requery_weight=None, word_weight=None,
                       split_weight=None, iterations=COACH_SWEEPS, max_candidates=COACH_CANDIDATES)


def slot_candidates(models: ClueModels, puzzle: Puzzle, progress: Progress = no_progress) -> tuple[dict, dict]:
    """(slot -> {answer: chance}, slot -> {answer: source tags}): every clue asked once, as the solver asks it."""
    from core.crossword.fill.state import slot_evidence
    solver = coach_solver(models)
    return slot_evidence(puzzle, solver.guesser, progress, solver.settings.linked_weight, solver.settings.see_own)


def letter_weights(letter: str, trust: float = TRUST) -> np.ndarray:
    """A person's letter as evidence over the 26 letters: `trust` on it, the rest shared by the others."""
    w = np.full(26, (1.0 - trust) / 25)
    w[ALPHABET.index(letter)] = trust
    return w


def clean_letters(puzzle: Puzzle, letters: Letters) -> Letters:
    """The person's letters on white squares only, upper case A-Z (anything else dropped)."""
    white = set(puzzle.white_cells)
    return {cell: ch.upper() for cell, ch in letters.items()
            if cell in white and isinstance(ch, str) and len(ch) == 1 and ch.upper() in ALPHABET}


def solver_beliefs(models: ClueModels, puzzle: Puzzle, candidates: tuple[dict, dict], letters: Letters,
                   top: int = 5) -> Beliefs:
    """The solver's beliefs with the person's letters as crossings: each slot keeps only the words that agree with
    them (a slot none agrees with says nothing to its crossings), then the crossing letters are weighed."""
    solver = coach_solver(models)
    slots = solver._variables(puzzle, candidates[0])
    letters = clean_letters(puzzle, letters)
    for name, slot in puzzle.slots.items():
        var = slots[name]
        fixed = [(i, ALPHABET.index(letters[c])) for i, c in enumerate(slot.cells) if c in letters]
        if fixed and len(var.words):
            keep = np.all([var.codes[:, i] == code for i, code in fixed], axis=0)
            var.words, var.codes, var.logq = var.words[keep], var.codes[keep], var.logq[keep]
    solver._propagate(puzzle, slots, [], no_progress, "")
    _, _, probs = solver._marginals(puzzle, slots)
    return Beliefs(probs, {name: likeliest_words(solver, var, top) for name, var in slots.items() if len(var.words)},
                   candidates[1])


def likeliest_words(solver, var, top: int) -> tuple[tuple[str, float], ...]:
    """A slot's `top` likeliest words with their chances, best first (ties by spelling)."""
    b = solver._belief(var)
    order = np.argsort(-b, kind="stable")[:top * 4]
    ranked = sorted(((str(var.words[i]), float(b[i])) for i in order), key=lambda t: (-t[1], t[0]))
    return tuple(ranked[:top])


def rest_of_grid_beliefs(models: ClueModels, puzzle: Puzzle, candidates: tuple[dict, dict], letters: Letters,
                         trust: float = TRUST) -> dict:
    """Each of the person's squares' 26 letter chances from everything but their letter there: the crossing letters
    weighed with all their letters as strong evidence (TRUST in each slot through a square), then each square read
    without its own."""
    solver = coach_solver(models)
    slots = solver._variables(puzzle, candidates[0])
    letters = clean_letters(puzzle, letters)
    for cell, letter in letters.items():
        for name in puzzle.cell_slots[cell]:  # each slot through the square: a slot whose words lack the letter
            var, i = slots[name], puzzle.slots[name].cells.index(cell)  # leaves it to its crossing slot's words
            if len(var.words):
                var.logq = var.logq + np.log(letter_weights(letter, trust))[var.codes[:, i]]
    solver._propagate(puzzle, slots, [], no_progress, "")
    return {cell: rest_of_grid(puzzle, solver, slots, cell, letter, trust) for cell, letter in letters.items()}


def rest_of_grid(puzzle: Puzzle, solver, slots: dict, cell: Cell, letter: str, trust: float) -> np.ndarray:
    """A square's 26 letter chances from everything but the person's letter there: the product of the views of the
    slots through it, each without its crossing slot's message and without that letter (with the solver's floor)."""
    view = np.ones(26)
    for name in puzzle.cell_slots[cell]:
        var, i = slots[name], puzzle.slots[name].cells.index(cell)
        if not len(var.words):
            continue
        length = var.incoming.shape[0]
        lm = var.incoming[np.arange(length)[None, :], var.codes]
        total = var.logq + lm.sum(axis=1) - lm[:, i] - np.log(letter_weights(letter, trust))[var.codes[:, i]]
        own = np.bincount(var.codes[:, i], weights=np.exp(total - total.max()), minlength=26)
        view = view * (own / own.sum() * (1 - solver.settings.letter_floor) + solver.settings.letter_floor / 26)
    return view / view.sum()


def best_word(beliefs: Beliefs, name: str) -> tuple[str, float]:
    """The slot's likeliest word and its chance ('' and 0 when it has no candidate)."""
    ws = beliefs.words.get(name) or ()
    return ws[0] if ws else ("", 0.0)


def square_name(puzzle: Puzzle, cell: Cell, name: str | None = None) -> str:
    """'square 3 of 5-Across' (in the given slot, else the first slot through the square)."""
    name = name or puzzle.cell_slots[cell][0]
    return f"square {puzzle.slots[name].cells.index(cell) + 1} of {slot_title(name)}"


def open_slots(puzzle: Puzzle, letters: Letters) -> list[str]:
    """The slots with at least one square the person has not filled."""
    return [n for n, s in puzzle.slots.items() if any(c not in letters for c in s.cells)]


def why_sure(beliefs: Beliefs, name: str, word: str, archive: bool) -> str:
    """Why the solver believes a slot's word, without saying it."""
    db = "past puzzles" if archive else "the dictionary"
    for tag in beliefs.sources.get(name, {}).get(word, ()):
        if tag in NUDGE_WHY:
            return NUDGE_WHY[tag].format(db=db)
    return CROSSINGS_ONLY


def nudge(puzzle: Puzzle, beliefs: Beliefs, letters: Letters, archive: bool) -> Hint:
    """The unfinished slot the solver is surest of and why, without its answer."""
    names = open_slots(puzzle, letters)
    if not names:
        return Hint("nudge", "Every square has a letter: ask for a check of your letters.")
    name = max(names, key=lambda n: (best_word(beliefs, n)[1], -list(puzzle.slots).index(n)))
    word, chance = best_word(beliefs, name)
    slot = puzzle.slots[name]
    have = sum(c in letters for c in slot.cells)
    mine = f" You have {have} of its {slot.length} letters." if have else ""
    return Hint("nudge", f"Try {slot_title(name)}, \u201c{slot.clue}\u201d ({slot.length} letters): the solver is "
                         f"{chance:.0%} sure of its answer, because {why_sure(beliefs, name, word, archive)}.{mine}",
                name)


def letter_hint(puzzle: Puzzle, beliefs: Beliefs, letters: Letters, name: str) -> Hint:
    """The solver's likeliest letter for the square of a slot it is surest of, among the person's empty ones."""
    empty = [c for c in puzzle.slots[name].cells if c not in letters]
    if not empty:
        return Hint("letter", f"Every square of {slot_title(name)} has your letter: ask for a check instead.", name)
    cell = max(empty, key=lambda c: float(beliefs.probs[c].max()))
    p = beliefs.probs[cell]
    return Hint("letter", f"The solver's likeliest letter for {square_name(puzzle, cell, name)} is "
                          f"{ALPHABET[int(np.argmax(p))]}, {float(p.max()):.0%} sure.", name, cell)


def answer_hint(puzzle: Puzzle, beliefs: Beliefs, name: str) -> Hint:
    """The solver's likeliest answer for a slot with its chance."""
    word, chance = best_word(beliefs, name)
    if not word:
        return Hint("answer", f"The solver has no answer for {slot_title(name)}.", name)
    return Hint("answer", f"The solver's answer for {slot_title(name)} is {word}, {chance:.0%} sure.", name)


def doubts(rest: dict, letters: Letters) -> list[Doubt]:
    """The person's letters the rest of the grid (rest_of_grid_beliefs) makes unlikely (below DOUBT, another letter
    likelier), surest first."""
    out = []
    for cell, letter in letters.items():
        p = rest.get(cell)
        if p is None:
            continue
        mine, top = float(p[ALPHABET.index(letter)]), ALPHABET[int(np.argmax(p))]
        if top != letter and mine < DOUBT:
            out.append(Doubt(cell, letter, top, 1.0 - mine))
    return sorted(out, key=lambda d: (-d.wrong_chance, d.cell))


def really_wrong(puzzle: Puzzle, letters: Letters) -> list[Cell]:
    """The person's squares whose letter differs from the puzzle's solution (none when it has no solution)."""
    if not puzzle.has_solution:
        return []
    return sorted(c for c, ch in letters.items() if puzzle.solution.get(c) and puzzle.solution[c] != ch)


def check_hint(puzzle: Puzzle, rest: dict, letters: Letters) -> Hint:
    """Which of the person's letters the solver doubts (with its confidence) and, with a solution, which are wrong."""
    if not letters:
        return Hint("check", "There are no letters of yours to check yet.")
    found = doubts(rest, letters)
    n = len(letters)
    if found:
        listed = "; ".join(f"{square_name(puzzle, d.cell)}: your {d.theirs}, it would say {d.solvers} "
                           f"({d.wrong_chance:.0%} sure yours is wrong)" for d in found[:6])
        more = f"; and {len(found) - 6} more" if len(found) > 6 else ""
        said = f"The solver doubts {len(found)} of your {n} letters: {listed}{more}."
    else:
        said = f"The solver doubts none of your {n} letters."
    if puzzle.has_solution:
        wrong = really_wrong(puzzle, letters)
        if wrong:
            said += (f" The puzzle's solution says {len(wrong)} {'is' if len(wrong) == 1 else 'are'} wrong: "
                     + ", ".join(square_name(puzzle, c) for c in wrong[:8]) + ("…" if len(wrong) > 8 else "") + ".")
        else:
            said += " The puzzle's solution agrees with all of them."
    return Hint("check", said)


def write_word(puzzle: Puzzle, letters: Letters, name: str, typed: str) -> Letters:
    """The person's letters with a typed word written into a slot: a letter fills its square, '?' or '_' or '.'
    empties it; ValueError with a plain sentence when the word is longer than the slot or holds other characters."""
    slot = puzzle.slots[name]
    typed = typed.strip().replace(" ", "").upper()
    if len(typed) > slot.length:
        raise ValueError(f"{slot_title(name)} has {slot.length} squares; \u201c{typed}\u201d has {len(typed)}.")
    bad = sorted({ch for ch in typed if ch not in ALPHABET and ch not in "?_."})
    if bad:
        raise ValueError("Type letters A to Z, and ? for a square to leave empty; not " + " ".join(bad) + ".")
    out = dict(letters)
    for cell, ch in zip(slot.cells, typed):
        if ch in ALPHABET:
            out[cell] = ch
        else:
            out.pop(cell, None)
    return out


def slot_pattern(puzzle: Puzzle, letters: Letters, name: str) -> str:
    """The slot as the person has it: their letters and '?' for empty squares."""
    return read_slot(puzzle, letters, name, empty="?")


def hint_counts(used: list[str]) -> Counter:
    """How many hints of each kind were used."""
    return Counter(k for k in used if k in KINDS)


def hints_sentence(used: list[str]) -> str:
    """'3 hints: 1 nudge, 2 letters.' or 'No hints.'"""
    counts = hint_counts(used)
    total = sum(counts.values())
    if not total:
        return "No hints used."
    parts = ", ".join(f"{counts[k]} {KIND_WORDS[k]}{'' if counts[k] == 1 else 's'}" for k in KINDS if counts[k])
    return f"{total} hint{'' if total == 1 else 's'} used: {parts}."


def finish_summary(puzzle: Puzzle, letters: Letters, solver_fill: dict) -> dict:
    """The person's grid against the solver's own solve: squares filled, and letters right when the solution is known."""
    cells = len(puzzle.white_cells)
    out = {"squares": cells, "yours_filled": len(clean_letters(puzzle, letters)),
           "solver_filled": sum(1 for c in puzzle.white_cells if solver_fill.get(c))}
    if puzzle.has_solution:
        out["yours_right"] = score_fill(puzzle, letters).correct_cells
        out["solver_right"] = score_fill(puzzle, solver_fill).correct_cells
    return out


def own_solve(models: ClueModels, puzzle: Puzzle, progress: Progress = no_progress):
    """The coach's solver solving the puzzle alone, in full (what the person's grid is compared with at the end)."""
    from core.crossword.harness import make_solver

    return make_solver(COACH_SOLVER, models).solve(puzzle, progress)
