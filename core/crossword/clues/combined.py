"""The archive database's guesser: the archive's own sources and the packaged dictionary's, weighed together.

The archive knows how crosswords clue an answer; the packaged sources (WordNet's definitions, names and phrases,
census names, the thesaurus, GCIDE and WordNet's opposites) know what words mean. `CombinedGuesser` computes both
sets of features for every candidate, and one logistic model fitted on the archive's own practice puzzles
(core.crossword.knowledge.preparation.calibrated) weighs them, so a source counts as much as it was right there:
where the archive knows better it wins, and where it has never seen a clue ("Capital of France") the dictionary
still answers. Added 2026-11-29.
"""
from __future__ import annotations

import numpy as np

from core.crossword.clues.guessers import CLOSE_SOURCE_COLUMNS, GUESSERS, HybridGuesser, feature_sources
from core.crossword.clues.packaged import SOURCE_FLOORS, PackagedGuesser, with_theme_candidates
from core.crossword.knowledge.models import ClueModels

NAME = "combined"


class CombinedGuesser(PackagedGuesser):
    """The hybrid guesser with the archive's meaning source and every packaged source as features of one model."""

    name = NAME

    def __init__(self, models: ClueModels, **kw) -> None:
        kw.setdefault("meaning", models.info.get("meaning", True))  # the archive's meaning source stays on
        super().__init__(models, **kw)

    def candidates_with_sources(self, clue: str, length: int,
                                pattern: str | None = None) -> tuple[dict[str, float], dict[str, tuple]]:
        """(answer -> calibrated confidence, answer -> source tags: the archive's close evidence, then the
        dictionary's)."""
        answers, feats = self.features(clue, length, pattern=pattern)
        conf = dict(zip(answers, self.probabilities(feats).tolist())) if answers else {}
        tags = {a: combined_sources(row, len(self.SOURCES)) for a, row in zip(answers, feats)}
        return with_theme_candidates(conf, tags, self.models.info.get("theme_words", ()), clue, length, pattern)


def archive_columns(row: np.ndarray, sources: int) -> np.ndarray:
    """A combined feature row cut to the hybrid guesser's layout (its columns, then the meaning columns if any): the
    packaged sources' columns and the two after them (whole definition, no name) taken out."""
    first = len(HybridGuesser.FEATURES)
    return np.concatenate([row[:first], row[first + sources + 2:]])


def combined_sources(row: np.ndarray, sources: int) -> tuple[str, ...]:
    """The source tags of one candidate's combined feature row: the archive's close evidence (as the archive's own
    guesser tags it), then each packaged source above its floor; "loose" only when no source is close."""
    first = len(HybridGuesser.FEATURES)
    own = tuple(tag for j, (tag, _) in enumerate(PackagedGuesser.SOURCES[:sources])
                if row[first + j] > SOURCE_FLOORS.get(tag, 0.0))
    base = feature_sources(archive_columns(row, sources), CLOSE_SOURCE_COLUMNS)
    if own and base in (("words",), ("loose",)):
        base = ()
    return tuple(dict.fromkeys(base + own))


@GUESSERS.register(NAME, help="the archive's sources and the packaged dictionary's, weighed on archive puzzles")
def _combined(models: ClueModels, **kw) -> CombinedGuesser:
    return CombinedGuesser(models, **kw)
