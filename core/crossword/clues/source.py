"""One clue-source type: a clue and a pattern in, ranked answers with their sources out.

Every clue guesser is a `ClueSource` and registers in `GUESSERS` (core.crossword.clues.guessers and .packaged hold
them); the fill asks any of them the same way.
"""
from __future__ import annotations

from typing import Protocol, runtime_checkable

from core.registry import Registry

Guess = tuple[str, float]  # an answer and its confidence
Sourced = tuple[dict[str, float], dict[str, tuple[str, ...]]]  # answer -> confidence, answer -> its source tags
GUESSERS: Registry = Registry("crossword guesser")


@runtime_checkable
class ClueSource(Protocol):
    """A source of answers for a clue: its candidates at a length (with a pattern: among those that fit), the same
    with the sources that proposed each, and the k best fitting a pattern."""

    name: str
    models: object  # the fitted clue models it reads (knowledge.models.ClueModels; None: it reads none)

    def candidates(self, clue: str, length: int, pattern: str | None = None) -> dict[str, float]: ...

    def candidates_with_sources(self, clue: str, length: int, pattern: str | None = None) -> Sourced: ...

    def guess(self, clue: str, pattern: str, k: int = 20) -> list[Guess]: ...


class NamedSource:
    """A clue source that is the only source of its answers: each answer's source tag is the source's own name."""

    name = "guesser"

    def candidates(self, clue: str, length: int, pattern: str | None = None) -> dict[str, float]:
        """Answer -> confidence at this length (a subclass says how)."""
        raise NotImplementedError

    def candidates_with_sources(self, clue: str, length: int, pattern: str | None = None) -> Sourced:
        """(answer -> confidence, answer -> (this source's name,))."""
        conf = self.candidates(clue, length, pattern=pattern)
        return conf, {a: (self.name,) for a in conf}
