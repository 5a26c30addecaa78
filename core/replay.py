"""A narrated replay as a value: a short game, each move's board and the sentence that explains it.

Each game's `core/<game>/explain.py` builds its replay (`replay(...) -> Replay`); a page only draws it.
"""
from __future__ import annotations

from dataclasses import dataclass


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
    """'1 word', '1,310 words': a count with its noun in the right number."""
    return f"{n:,} {noun if n == 1 else plural or noun + 's'}"


def replay_fields(replay: Replay) -> dict:
    """A replay as JSON-ready fields (game, setup, outcome, frames)."""
    return {"game": replay.game, "setup": replay.setup, "outcome": replay.outcome,
            "frames": [{"board": list(f.board), "sentence": f.sentence} for f in replay.frames]}


def replay_from_fields(doc: dict) -> Replay:
    """The Replay JSON fields hold (KeyError or TypeError when they do not hold one)."""
    frames = tuple(Frame(tuple(f["board"]), f["sentence"]) for f in doc["frames"])
    return Replay(doc["game"], doc["setup"], frames, doc["outcome"])
