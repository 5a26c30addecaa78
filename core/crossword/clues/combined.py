"""The archive database's guesser: the archive's own sources and the packaged dictionary's, weighed together.

The archive knows how crosswords clue an answer; the packaged sources (WordNet's definitions, names and phrases,
census names, the thesaurus, GCIDE and WordNet's opposites) know what words mean. `CombinedGuesser` computes both
sets of features for every candidate, and one logistic model fitted on the archive's own practice puzzles
(core.crossword.preparation.calibrated) weighs them, so a source counts as much as it was right there:
where the archive knows better it wins, and where it has never seen a clue ("Capital of France") the dictionary
still answers. Added 2026-11-29.
"""
from __future__ import annotations

import numpy as np

from core.crossword.clues.guessers import CLOSE_SOURCE_COLUMNS, GUESSERS, HybridGuesser, feature_sources
from core.crossword.clues.packaged import SOURCE_FLOORS, PackagedGuesser, with_theme_candidates
from core.crossword.knowledge.models import ClueModels

NAME = "combined"


# the dictionary's columns again, each times how new the clue is to the archive (1 - its closest match: the exact
# clue's share or the best TF-IDF cosine): one additive weight per source let the archive's many loose neighbours
# ("Capital of Bulgaria" for "Capital of France") outweigh a dictionary entry holding every word of the clue; and the
# similarity sources' confidence times their best cosine (many loose neighbours are not one close one). Measured on
# the archive's 30 practice puzzles to 2010 (542,219 candidates, the last 30% held out): log-loss 0.01048 without,
# 0.01040 with the new-clue columns, 0.01036 with both; "Capital of France" PARIS 21st -> 1st, "Largest planet"
# JUPITER 5th -> 1st, "Organ that pumps blood" HEART 42nd -> 26th (2026-11-29)
WORDNET_COLUMNS = ("WordNet synonym of the clue", "WordNet relative of the clue", "WordNet relative of a clue word")
CLOSE_PAIRS = (("tfidf confidence", "tfidf best cosine"), ("word2vec confidence", "word2vec best cosine"),
               ("meaning confidence", "meaning best cosine"))


class CombinedGuesser(PackagedGuesser):
    """The hybrid guesser with the archive's meaning source and every packaged source as features of one model,
    the dictionary's weighed apart where the archive has seen nothing close."""

    name = NAME
    # fitted to convergence: at scikit-learn's default tolerance the fit stopped after 23 steps on the archive's
    # 542,219 practice candidates and left the dictionary's columns under-weighed (PARIS 12th; 1st at 1e-6)
    CALIBRATION_TOL = 1e-6

    def __init__(self, models: ClueModels, **kw) -> None:
        kw.setdefault("meaning", models.info.get("meaning", True))  # the archive's meaning source stays on
        super().__init__(models, **kw)

    @property
    def base_names(self) -> tuple[str, ...]:
        """The packaged guesser's columns, then the meaning columns when on (the rows candidates are tagged by)."""
        return super().feature_names

    @property
    def new_clue_sources(self) -> tuple[str, ...]:
        """The columns repeated times the clue's newness: the dictionary's and WordNet's."""
        first = len(HybridGuesser.FEATURES)
        return WORDNET_COLUMNS + PackagedGuesser.FEATURES[first:]

    @property
    def close_pairs(self) -> tuple[tuple[str, str], ...]:
        """(confidence, best cosine) column pairs of the similarity sources in use."""
        return tuple(p for p in CLOSE_PAIRS if p[0] in self.base_names)

    @property
    def feature_names(self) -> tuple[str, ...]:
        """The base columns, the dictionary's times the clue's newness, each similarity's confidence times closeness."""
        return (self.base_names + tuple(f"{n}, on a clue new to the archive" for n in self.new_clue_sources)
                + tuple(f"{c}, times its best cosine" for c, _ in self.close_pairs))

    @property
    def default_weights(self) -> tuple[float, ...]:
        """The packaged guesser's fallback weights, nothing on the added columns (no calibration fitted)."""
        return super().default_weights + (0.0,) * (len(self.feature_names) - len(self.base_names))

    def features(self, clue: str, length: int, exclude: str | None = None,
                 pattern: str | None = None) -> tuple[list[str], np.ndarray]:
        """(answers, feature matrix): the base columns and the added ones (see feature_names)."""
        answers, base = super().features(clue, length, exclude=exclude, pattern=pattern)
        return answers, self.with_added_columns(base)

    def with_added_columns(self, base: np.ndarray) -> np.ndarray:
        """The base feature matrix with the new-clue and closeness columns after it."""
        col = {n: i for i, n in enumerate(self.base_names)}
        nearest = np.maximum(base[:, col["exact share"]], base[:, col["tfidf best cosine"]])
        newness = 1.0 - np.clip(nearest, 0.0, 1.0)
        fresh = base[:, [col[n] for n in self.new_clue_sources]] * newness.reshape(-1, 1)
        close = base[:, [col[c] for c, _ in self.close_pairs]] * base[:, [col[b] for _, b in self.close_pairs]]
        return np.hstack([base, fresh, close])

    def candidates_with_sources(self, clue: str, length: int,
                                pattern: str | None = None) -> tuple[dict[str, float], dict[str, tuple]]:
        """(answer -> calibrated confidence, answer -> source tags: the archive's close evidence, then the
        dictionary's)."""
        answers, base = super().features(clue, length, pattern=pattern)
        conf = dict(zip(answers, self.probabilities(self.with_added_columns(base)).tolist())) if answers else {}
        tags = {a: combined_sources(row, len(self.SOURCES)) for a, row in zip(answers, base)}
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
