"""Where each game's benchmark description lives (module names only: the framework imports no game)."""
from __future__ import annotations

import importlib
from types import ModuleType

from core.bench.run import GameBench

GAME_MODULES: dict[str, str] = {
    "hangman": "core.hangman.bench",
    "wordle": "core.wordle.bench",
    "tipgame": "core.tipgame.bench",
    "crossword": "core.crossword.bench",
}


class BenchError(ValueError):
    """A benchmark request that cannot run, with a one-line reason."""


def game_module(game: str) -> ModuleType:
    """A game's benchmark module (BenchError for an unknown game)."""
    if game not in GAME_MODULES:
        raise BenchError(f"unknown game {game!r}; choose from {', '.join(GAME_MODULES)}")
    return importlib.import_module(GAME_MODULES[game])


def game_bench(game: str) -> GameBench:
    """A game's description (its module's BENCH)."""
    return game_module(game).BENCH


def all_games() -> dict[str, GameBench]:
    """Every game's description, in menu order."""
    return {g: game_bench(g) for g in GAME_MODULES}
