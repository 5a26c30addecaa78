"""Plain-word stories of a fill: for each solver step, the words that changed and why, from the solver's own evidence."""
from __future__ import annotations

from typing import Callable

from core.crossword.puzzle import Puzzle
from core.crossword.rules import read_slot
from core.progress import no_progress
from core.replay import Frame, Replay, counted

# source tag -> why it proposed an answer, in words ({a}: the answer in lower case; {db}: where clues come from)
SOURCE_WORDS = {
    "exact": "this very clue had {A} in {db}",
    "synonym": "the dictionary lists '{a}' as meaning the clue",
    "similar": "similar clues had {A} in {db}",
    "words": "the clue matches '{a}' in {dbdoc}",
    "related": "the dictionary relates '{a}' to the clue",
    "related word": "the dictionary relates '{a}' to a word of the clue",
    "phrase": "common words that fit the crossing letters spell it",
    "blank": "'{a}' completes the blank as a common phrase",
    "abbreviation": "the clue asks for an abbreviation and {A} is one",
    "foreign": "the clue asks in another language and '{a}' is a common word of it",
    "inflected": "an answer to the clue's plain form, made plural or past like the clue, gives {A}",
    "meaning": "clues that mean the same thing in other words had {A} in {db}",
    "loose": "clues only loosely like this one had {A} in {db}",
    "asked again": "the clue, asked again with the letters already sure, gave it",
    "tfidf": "similar clues had {A} in {db}",
    "word2vec": "clues of similar meaning had {A} in {db}",
    "dictionary": "it is a common word that fits",
    "given": "it was a given candidate",
    # the packaged guesser's sources (core.crossword.clues.packaged), without the archive
    "dictionary phrase": "a phrase in the dictionary completes the blank with '{a}'",
    "dictionary name": "the dictionary has a name or phrase holding a word of the clue and '{a}'",
    "dictionary sibling": "the dictionary files '{a}' under the same kind of thing as a word of the clue",
    "dictionary synonym of a part": "the dictionary lists '{a}' as meaning the clue's first words or a group of them",
    "dictionary definition": ("the dictionary's entry for '{a}', or for the word it is a form of, holds most of the "
                              "clue's words, counting what kind of thing the word is and its own few kinds"),
    "people's names": "the clue asks for a person's first name or surname, and '{a}' is a common one",
    "dictionary person's name": "the clue asks for a person's name, and the dictionary names someone '{a}' it mentions",
    "your word list": "'{a}' is a word of your own word list that fits",
    # the reference books (core.crossword.clues.references)
    "thesaurus synonym": "the thesaurus lists '{a}' under the clue's words",
    "dictionary short definition": "a second dictionary (GCIDE) defines '{a}' in the clue's very words",
    "dictionary definition (GCIDE)": "a second dictionary's (GCIDE's) definition of '{a}' holds most of the clue's words",
    "dictionary opposite": "the clue asks for the opposite of a word, and the dictionary gives '{a}' as one",
}
SHORT_WORDS = {"exact": "same clue", "synonym": "dictionary synonym", "similar": "similar clues",
               "words": "definition words", "related": "dictionary relative", "related word": "relative of a clue word",
               "phrase": "phrase of common words", "blank": "fill-in-the-blank phrase",
               "abbreviation": "abbreviation", "foreign": "foreign word", "inflected": "plural or past form",
               "meaning": "clues of the same meaning", "loose": "clues a little like this one",
               "asked again": "asked again with sure letters",
               "tfidf": "similar clues", "word2vec": "similar meaning", "dictionary": "common word", "given": "given",
               # the packaged sources' tags in plain words
               "dictionary phrase": "dictionary phrase", "dictionary name": "name in the dictionary",
               "dictionary sibling": "same kind of thing as a clue word",
               "dictionary synonym of a part": "dictionary synonym of part of the clue",
               "dictionary definition": "dictionary definition", "people's names": "common first name or surname",
               "dictionary person's name": "person the dictionary names", "your word list": "your word list"}
JOINED = "joined with "  # a part of a phrase split over linked slots ('joined with 43-Across', core.crossword.clues.linked)
NO_SOURCE = "not yet a word any source proposed; each letter is the likeliest from this clue and its crossings"
DIRECTIONS = {"A": "Across", "D": "Down"}


def slot_title(name: str) -> str:
    """'5D' -> '5-Down'."""
    return f"{name[:-1]}-{DIRECTIONS.get(name[-1], name[-1])}"


def source_phrase(tags, answer: str, archive: bool) -> str:
    """Why the strongest source proposed an answer, in a short clause."""
    db = "past puzzles" if archive else "the dictionary"
    dbdoc = "past puzzles' clues for it" if archive else "the dictionary"
    for tag in tags or ():
        if tag.startswith(JOINED):
            return (f"it is this slot's part of a phrase split over several slots ({tag}), "
                    f"which the lead clue asked for as a whole in {db}")
        if tag in SOURCE_WORDS:
            return SOURCE_WORDS[tag].format(A=answer, a=answer.lower(), db=db, dbdoc=dbdoc)
    return NO_SOURCE


def source_label(tags) -> str:
    """The sources of a candidate as a short list for a table ('same clue, similar clues')."""
    return ", ".join(SHORT_WORDS.get(t, t) for t in tags or ()) or "word list"


def agreeing_crossings(puzzle: Puzzle, fill: dict, name: str, sources: dict) -> tuple[int, int]:
    """(crossing letters whose crossing word a clue proposed, crossing letters) of a slot in a fill."""
    agree = total = 0
    for _, other, _ in puzzle.crossings(name):
        total += 1
        word = read_slot(puzzle, fill, other)
        agree += "_" not in word and word in sources.get(other, {})
    return agree, total


def plural(n: int, word: str) -> str:
    """'1 letter', '3 letters'."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def slot_sentence(puzzle: Puzzle, fill: dict, name: str, sources: dict, archive: bool) -> str:
    """One sentence on a slot as a fill reads it: its word, which source proposed it, how many crossings agree."""
    word = read_slot(puzzle, fill, name)
    if "_" in word:
        return f"{slot_title(name)} now reads {word.replace('_', '·')}: some of its letters are not written yet."
    why = source_phrase(sources.get(name, {}).get(word), word, archive)
    agree, total = agreeing_crossings(puzzle, fill, name, sources)
    if not total:
        return f"{slot_title(name)} {word}: {why}."
    if agree == total:
        tail = f"and all {plural(total, 'crossing letter')} agree" if total > 1 else "and its crossing letter agrees"
    elif agree == 0:
        tail = "but no crossing word is backed by its own clue yet"
    else:
        tail = f"and {agree} of {plural(total, 'crossing letter')} agree"
    return f"{slot_title(name)} {word}: {why}, {tail}."


def changed_slots(puzzle: Puzzle, before: dict, after: dict) -> list[str]:
    """The slots whose letters differ between two fills, in puzzle order."""
    return [name for name in puzzle.slots if read_slot(puzzle, before, name) != read_slot(puzzle, after, name)]


def step_story(puzzle: Puzzle, before: dict, after: dict, sources: dict, archive: bool,
               limit: int = 6) -> list[str]:
    """Sentences for one step: each slot that changed and why (at most `limit`, then how many more)."""
    names = changed_slots(puzzle, before, after)
    if not names:
        return ["No word changed: the solver grew surer of the letters it had."]
    out = [slot_sentence(puzzle, after, n, sources, archive) for n in names[:limit]]
    if len(names) > limit:
        out.append(f"… and {plural(len(names) - limit, 'more word')} changed.")
    return out


def move_log(puzzle: Puzzle, states, sources: dict, archive: bool, limit: int = 6) -> list[tuple[str, list[str]]]:
    """(step label, sentences) for every step of a solve, each compared with the step before it."""
    out, before = [], {}
    for state in states:
        out.append((state.label, step_story(puzzle, before, state.fill, sources, archive, limit)))
        before = state.fill
    return out


def reading_note(name: str, word: str, rows: list[dict], lift: float = 2.0) -> str:
    """A sentence on how the word a slot reads relates to the candidates panel's rows (answer, chance, clue chance)
    at the step: a word the crossing letters carried more than its clue ('1-Across reads HEART because its crossing
    letters back it: ...'), or letters that spell none of the words listed; '' when the rows say it already."""
    if "_" in word:
        return ""
    row = next((r for r in rows if r["answer"] == word), None)
    if row is None:
        return (f"{slot_title(name)} reads {word}: each square shows its likeliest letter, counting both words "
                "through it, and here the letters spell none of the words listed.")
    if row["chance"] < lift * row["clue chance"] or row["chance"] < 0.5:
        return ""
    return (f"{slot_title(name)} reads {word} because its crossing letters back it: its clue alone gives {word} "
            f"{row['clue chance']:.1%}, and with the crossing letters the solver gives it {row['chance']:.1%}.")


# chances as a person reads them: the calibrated guesser gives each answer its own chance, and those
# need not add up to 100% (PARIS 70.5%, LILLE 27.6% and VICHY 22.9% for one clue); what is shown is each answer's
# share of one whole, the rest left for an answer no source proposed
SURE = 1 - 1e-9  # a calibrated chance is kept below 1, so that its odds stay finite
VERDICTS = ((90.0, "very likely right"), (50.1, "more likely right than wrong"), (50.0, "as likely right as wrong"),
            (20.0, "my best guess, but more likely wrong than right"), (0.0, "my best guess, but unlikely"))  # floors
# on the percentage as shown (to a tenth)


def answer_shares(confidences: dict[str, float]) -> dict[str, float]:
    """Each answer's share of one whole chance: its odds (c / (1 - c)) over one plus all the answers' odds, so the
    shares add up to less than 1 and the rest is the chance of an answer not proposed; one answer alone keeps its
    own chance."""
    odds = {a: min(max(c, 0.0), SURE) / (1 - min(max(c, 0.0), SURE)) for a, c in confidences.items()}
    whole = 1.0 + sum(odds.values())
    return {a: o / whole for a, o in odds.items()}


def chance_text(chance: float) -> str:
    """A chance as a person reads it: '70.5%', and 'under 0.1%' rather than a 0.0% that reads as impossible."""
    return "under 0.1%" if 0 < chance < 0.0005 else f"{chance:.1%}"


def chance_verdict(chance: float) -> str:
    """Plain words that fit a chance as shown (to a tenth of a percent): 'very likely right' at 90.0% or more, down
    to 'my best guess, but unlikely' under 20.0%."""
    shown = round(chance * 100, 1)  # the number beside the words, as chance_text rounds it
    return next(words for floor, words in VERDICTS if shown >= floor)


# ---------------------------------------------------------------- the Home page's replay

def grid_lines(puzzle: Puzzle, fill: dict) -> tuple[str, ...]:
    """The grid as text: letters, '·' for an empty square, '■' for a block."""
    lines = []
    for r in range(puzzle.rows):
        row = []
        for c in range(puzzle.cols):
            cell = (r, c)
            row.append("■" if cell in puzzle.blocks else (fill.get(cell) or "·")[:1].upper())
        lines.append(" ".join(row))
    return tuple(lines)


def slot_name(name: str) -> str:
    """'1A' -> '1-Across', '5D' -> '5-Down' (other names unchanged)."""
    if name[:-1].isdigit() and name[-1] in "AD":
        return f"{name[:-1]}-{'Across' if name[-1] == 'A' else 'Down'}"
    return name


def replay_sentence(number: int, changed: list[tuple[str, str, str, bool | None]], filled: int, cells: int,
                    right: int | None) -> str:
    """One step of a replay's fill in plain words: the answers written or changed with their clues, and how full the
    grid is (`changed` holds slot name, clue, answer, and whether it is right when the solution is known)."""
    if changed:
        shown = [f'{slot_name(n)} "{clue}": {w}' + ("" if ok is None else " (right)" if ok else " (wrong)")
                 for n, clue, w, ok in changed[:3]]
        more = f" and {len(changed) - 3} more" if len(changed) > 3 else ""
        what = f"it writes {counted(len(changed), 'answer')}: {'; '.join(shown)}{more}"
    elif filled == 0:
        what = "no answer is sure enough to write yet"
    else:
        what = "it keeps every answer and only grows more sure of its letters"
    tally = f"{filled} of {cells} squares are filled" + (f", {right} of them right" if right is not None else "")
    return f"Step {number}: {what}; {tally}."


def replay(puzzle: Puzzle, solver, progress: Callable[[int, int, str], None] = no_progress,
           learned_from: str = "") -> Replay:
    """A crossword solver filling a puzzle, each step told by the answers it wrote (with their clues) and how many
    squares are right; `learned_from` says in plain words what the solver's clue models learned from."""
    result = solver.solve(puzzle, progress)
    cells = len(puzzle.white_cells)
    solution = puzzle.solution if puzzle.has_solution else None
    frames, before = [], {}
    for i, state in enumerate(result.states, start=1):
        fill = state.fill
        changed = []
        for name in puzzle.slots:
            now = read_slot(puzzle, fill, name)
            if now != read_slot(puzzle, before, name) and "_" not in now:
                ok = None if solution is None else all(fill.get(c) == solution.get(c) for c in puzzle.slots[name].cells)
                changed.append((name, puzzle.slots[name].clue, now, ok))
        filled = sum(1 for c in puzzle.white_cells if fill.get(c))
        right = None if solution is None else sum(1 for c in puzzle.white_cells if fill.get(c) and fill.get(c) == solution.get(c))
        frames.append(Frame(grid_lines(puzzle, fill), replay_sentence(i, changed, filled, cells, right)))
        before = fill
    final = result.fill
    right = None if solution is None else sum(1 for c in puzzle.white_cells if final.get(c) == solution.get(c))
    outcome = f"Finished: {right} of {cells} squares right." if right is not None else "Finished."
    source = f", learning from {learned_from}" if learned_from else ""
    return Replay("Crosswords", f"A solver fills the {puzzle.rows}×{puzzle.cols} demo puzzle from its clues{source}.",
                  tuple(frames), outcome)
