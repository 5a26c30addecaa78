"""The Home page's crossword replay: computed on a demo puzzle (models on the dictionary's definitions, the pages'
default solver), or read from the stored copy that shows at once.

The stored replay is made by `python -m research.crossword.home_replay`: on a fresh machine computing it reads a
dictionary and fits models first (about 30 to 45 seconds), the stored one shows at once. tests/test_home_replays.py
replays the solver and fails when its moves differ from the stored ones.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

from core.crossword.explain import replay
from core.progress import no_progress
from core.replay import Replay, replay_fields, replay_from_fields

HOME_CROSSWORD = "demo-5x5-heart"
STORED_CROSSWORD = Path(__file__).resolve().parent.parent.parent / "data" / "crossword" / "home-replay.json"
DICTIONARY_WORDS = "an English dictionary's definitions"


def demo_puzzle_hash(puzzle_name: str) -> str:
    """The content hash of a shipped demo puzzle's file ("" when there is none)."""
    from core.cache import path_hash
    from core.crossword.data import DEMO_DIR

    path = DEMO_DIR / f"{puzzle_name}.ipuz"
    return path_hash(path) if path.is_file() else ""


def demo_replay(puzzle_name: str, progress: Callable[[int, int, str], None] = no_progress) -> Replay:
    """The crossword solver's replay on a demo puzzle, computed: models on the dictionary's definitions without word
    vectors (the quickest to build on a fresh machine), warmed under the bar, then the pages' default solver."""
    from core.crossword.data import demo_puzzles
    from core.crossword.harness import make_solver
    from core.crossword.preparation import wordnet_models
    from core.crossword.solvers import SOLVERS

    models = wordnet_models(progress, word2vec=False, warm=True)
    return replay(demo_puzzles()[puzzle_name], make_solver(SOLVERS.default(), models), progress,
                  learned_from=DICTIONARY_WORDS)


def replay_document(replay: Replay, puzzle_name: str) -> dict:
    """A replay as a JSON-ready document, keyed by the puzzle it plays and that puzzle file's content."""
    return {"puzzle": puzzle_name, "puzzle_hash": demo_puzzle_hash(puzzle_name), **replay_fields(replay)}


def stored_replay(puzzle_name: str, path: Path = STORED_CROSSWORD) -> Replay | None:
    """The stored replay of a demo puzzle, or None when none is stored for it or its puzzle file has changed since."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if doc.get("puzzle") != puzzle_name or doc.get("puzzle_hash") != demo_puzzle_hash(puzzle_name):
        return None
    try:
        return replay_from_fields(doc)
    except (KeyError, TypeError):
        return None
