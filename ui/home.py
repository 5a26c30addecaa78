"""The home page's short replays: a solver plays one game of each kind, one plain sentence per move (draws nothing)."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from core.progress import no_progress

VOWEL_SOUND_LETTERS = set("aefhilmnorsx")  # letters whose English name starts with a vowel sound: "an E", "an S"


@dataclass(frozen=True)
class Frame:
    """One move of a replay: the board after it (lines of text) and the sentence that explains it."""

    board: tuple[str, ...]
    sentence: str


@dataclass(frozen=True)
class Replay:
    """A short game: what is played, every move, and how it ended."""

    game: str
    setup: str
    frames: tuple[Frame, ...]
    outcome: str


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """'1 word', '1,310 words'."""
    return f"{n:,} {noun if n == 1 else plural or noun + 's'}"


def a_letter(letter: str) -> str:
    """'an E', 'a T' (the article as the letter's name is said)."""
    return f"{'an' if letter.lower() in VOWEL_SOUND_LETTERS else 'a'} {letter.upper()}"


def likelihood(share: float) -> str:
    """A share of the words in plain words."""
    if share >= 0.8:
        return "so a hit is very likely"
    if share >= 0.5:
        return "so a hit is likely"
    if share >= 0.25:
        return "a fair chance of a hit"
    return "a long shot, but the best one left"


# ---------------------------------------------------------------- hangman


def hangman_fits(word: str, mask: str, misses: set[str], guessed: set[str]) -> bool:
    """True when a word agrees with a mask ('_' for blanks) and avoids every missed letter."""
    if len(word) != len(mask):
        return False
    for w, m in zip(word, mask):
        if m != "_" and w != m:
            return False
        if m == "_" and w in guessed:
            return False
    return not (set(word) & misses)


def hangman_sentence(letter: str, fitting: int, containing: int, hit: bool, mask: str, lives: int) -> str:
    """One move of Hangman in plain words, from the counts the solver's choice rests on."""
    if fitting:
        verb = "contains" if containing == 1 else "contain"
        fit = "fits" if fitting == 1 else "fit"
        why = (f"{letter.upper()}: {containing:,} of the {counted(fitting, 'word')} that still {fit} {verb} "
               f"{a_letter(letter)}, {likelihood(containing / fitting)}.")
    else:
        why = f"{letter.upper()}: no word in the list fits any more, so it guesses the commonest letter left in the list."
    result = f"It is in the word: {' '.join(mask)}." if hit else \
        f"It is not in the word: {counted(lives, 'life', 'lives')} left."
    return f"{why} {result}"


def hangman_replay(words: Sequence[str], secret: str, solver_name: str = "frequency", max_wrong: int = 6) -> Replay:
    """The Hangman solver guessing a secret word, each letter explained by how many fitting words contain it."""
    from core.hangman.harness import play
    from core.hangman.solvers import SOLVERS

    solver = SOLVERS.create(solver_name).fit(list(words))
    record = play(solver, secret, max_wrong)
    same_length = [w for w in dict.fromkeys(words) if len(w) == len(secret)]
    frames = []
    for step in record.steps:
        before = step.before
        misses, guessed = set(before.misses), set(before.guessed)
        fitting = [w for w in same_length if hangman_fits(w, before.mask, misses, guessed)]
        containing = sum(1 for w in fitting if step.letter in w)
        mask = "".join(c if c == step.letter else m for c, m in zip(secret, before.mask))
        wrong = len(misses) + (0 if step.hit else 1)
        board = (" ".join(mask).upper(), "misses: " + (" ".join(sorted(misses | ({step.letter} - set(secret)))).upper() or "none"))
        frames.append(Frame(board, hangman_sentence(step.letter, len(fitting), containing, step.hit, mask.upper(),
                                                    max_wrong - wrong)))
    outcome = (f"Won: {secret.upper()} in {counted(record.guesses, 'guess', 'guesses')} with "
               f"{counted(record.misses, 'miss', 'misses')}." if record.won else
               f"Lost: the word was {secret.upper()}.")
    return Replay("Hangman", f"The solver guesses a {len(secret)}-letter word, learning only from "
                             f"{counted(len(same_length), 'word')} of that length.", tuple(frames), outcome)


# ---------------------------------------------------------------- wordle

TILE = {0: "⬜", 1: "🟨", 2: "🟩"}


def wordle_sentence(guess: str, worst: int, average: float, possible: int, left: int, solved: bool) -> str:
    """One Wordle guess in plain words: what it can leave whatever the colours, then what it did leave."""
    if solved and possible == 1:
        return f"{guess.upper()}: it is the only answer left, and the colours come back all green."
    why = (f"{guess.upper()} leaves at most {worst:,} and on average {average:,.0f} of the "
           f"{counted(possible, 'possible answer')}, whatever the colours.")
    return f"{why} " + ("The colours come back all green: solved." if solved else f"The colours leave {counted(left, 'answer')}.")


def wordle_replay(answers: Sequence[str], secret: str, guesses: Sequence[str] | None = None,
                  solver_name: str = "entropy", progress: Callable[[int, int, str], None] = no_progress) -> Replay:
    """The Wordle solver finding a secret word, each guess explained by the answers it can leave (`progress` is told
    how the colourings of every guess go: the first time they take a second or two, then they come from the disk)."""
    import numpy as np

    from core.wordle.harness import State, make_setup, play
    from core.wordle.rules import colours_of
    from core.wordle.solvers import SOLVERS

    setup = make_setup(answers, guesses)
    setup.prepare(progress)
    solver = SOLVERS.create(solver_name).fit(setup)
    record = play(solver, setup, setup.encoding.encode(secret))
    state, frames, board = State(), [], []
    for step in record.steps:
        cands = setup.candidates(state)
        _, sizes = np.unique(setup.row(step.guess)[cands], return_counts=True)
        worst, average = int(sizes.max()), float((sizes ** 2).sum() / sizes.sum())
        word = setup.decode(step.guess)
        board.append(word.upper() + " " + "".join(TILE[c] for c in colours_of(step.pattern, setup.length)))
        solved = step.pattern == setup.solved
        frames.append(Frame(tuple(board), wordle_sentence(word, worst, average, step.before, step.after, solved)))
        state = state.then(step.guess, step.pattern)
    outcome = f"Solved: {secret.upper()} in {counted(record.guesses, 'guess', 'guesses')}." if record.solved else \
        f"Not solved: the word was {secret.upper()}."
    return Replay("Wordle", f"The solver looks for a five-letter word among "
                            f"{counted(len(setup.answers), 'possible answer')}; each guess is the one whose colours "
                            "tell it the most.", tuple(frames), outcome)


# ---------------------------------------------------------------- tip game


def tipgame_replay(words: Sequence[str], secret: str) -> Replay:
    """The tip game's tree (the saved one for the list, else the greedy tree) finding a word, each tip explained."""
    from core.tipgame.explain import narrate
    from core.tipgame.harness import play
    from core.tipgame.rules import ANSWER_NAMES
    from core.tipgame.solvers import GreedySolver, TreeSolver
    from core.tipgame.store import best_saved_tree

    saved = best_saved_tree(list(words))
    root = saved[0] if saved else GreedySolver().fit(list(words)).tree()
    solver = TreeSolver(time_budget=0).fit(list(words), root=root)
    record = play(solver, secret, list(words))
    moves = narrate([s.tip for s in record.steps], secret, list(words))
    frames = []
    for i, m in enumerate(moves):
        trail = tuple(f'"{x.tip}": {ANSWER_NAMES[x.answer]}' for x in moves[: i + 1])
        frames.append(Frame(trail, m.sentence))
    tree = "the saved decision tree" if saved else "the quick greedy tree"
    outcome = f"Found {secret} in {counted(len(moves), 'try', 'tries')}." if record.solved else f"Gave up on {secret}."
    return Replay("Tip game", f"{tree.capitalize()} looks for a word among {counted(len(words), 'word')}, sending "
                              "pieces of text as tips.", tuple(frames), outcome)


# ---------------------------------------------------------------- crosswords


def grid_lines(puzzle, fill: dict) -> tuple[str, ...]:
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


def crossword_sentence(number: int, changed: list[tuple[str, str, str, bool | None]], filled: int, cells: int,
                       right: int | None) -> str:
    """One step of a crossword fill in plain words: the answers written or changed with their clues, and how full the
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


def crossword_replay(puzzle, solver, progress: Callable[[int, int, str], None] = no_progress,
                     learned_from: str = "") -> Replay:
    """A crossword solver filling a puzzle, each step told by the answers it wrote (with their clues) and how many
    squares are right; `learned_from` says in plain words what the solver's clue models learned from."""
    from core.crossword.rules import read_slot

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
        frames.append(Frame(grid_lines(puzzle, fill), crossword_sentence(i, changed, filled, cells, right)))
        before = fill
    final = result.fill
    right = None if solution is None else sum(1 for c in puzzle.white_cells if final.get(c) == solution.get(c))
    outcome = f"Finished: {right} of {cells} squares right." if right is not None else "Finished."
    source = f", learning from {learned_from}" if learned_from else ""
    return Replay("Crosswords", f"A solver fills the {puzzle.rows}×{puzzle.cols} demo puzzle from its clues{source}.",
                  tuple(frames), outcome)


# The Home page's crossword replay is stored (made by `python -m research.crossword.home_replay`, 2026-11-29): on a
# fresh machine computing it reads a dictionary and fits models first (about 30 to 45 seconds), the stored one shows
# at once. tests/test_home_replays.py replays the solver and fails when its moves differ from the stored ones.
HOME_CROSSWORD = "demo-5x5-heart"
STORED_CROSSWORD = Path(__file__).resolve().parent.parent / "data" / "crossword" / "home-replay.json"
DICTIONARY_WORDS = "an English dictionary's definitions"


def demo_puzzle_hash(puzzle_name: str) -> str:
    """The content hash of a shipped demo puzzle's file ("" when there is none)."""
    from core.cache import path_hash
    from core.crossword.data import DEMO_DIR

    path = DEMO_DIR / f"{puzzle_name}.ipuz"
    return path_hash(path) if path.is_file() else ""


def demo_crossword_replay(puzzle_name: str, progress: Callable[[int, int, str], None] = no_progress) -> Replay:
    """The crossword solver's replay on a demo puzzle, computed: models on the dictionary's definitions without word
    vectors (the quickest to build on a fresh machine), warmed under the bar, then the page's default solver."""
    from core.crossword.data import demo_puzzles
    from core.crossword.harness import make_solver
    from core.crossword.knowledge.preparation import wordnet_models
    from ui.crossword.watch import DEFAULT_SOLVER

    models = wordnet_models(progress, word2vec=False, warm=True)
    return crossword_replay(demo_puzzles()[puzzle_name], make_solver(DEFAULT_SOLVER, models), progress,
                            learned_from=DICTIONARY_WORDS)


def replay_document(replay: Replay, puzzle_name: str) -> dict:
    """A replay as a JSON-ready document, keyed by the puzzle it plays and that puzzle file's content."""
    return {"puzzle": puzzle_name, "puzzle_hash": demo_puzzle_hash(puzzle_name), "game": replay.game,
            "setup": replay.setup, "outcome": replay.outcome,
            "frames": [{"board": list(f.board), "sentence": f.sentence} for f in replay.frames]}


def replay_from_document(doc: dict) -> Replay:
    """The Replay a stored document holds."""
    frames = tuple(Frame(tuple(f["board"]), f["sentence"]) for f in doc["frames"])
    return Replay(doc["game"], doc["setup"], frames, doc["outcome"])


def stored_crossword_replay(puzzle_name: str, path: Path = STORED_CROSSWORD) -> Replay | None:
    """The stored replay of a demo puzzle, or None when none is stored for it or its puzzle file has changed since."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if doc.get("puzzle") != puzzle_name or doc.get("puzzle_hash") != demo_puzzle_hash(puzzle_name):
        return None
    try:
        return replay_from_document(doc)
    except (KeyError, TypeError):
        return None
