"""A reverse dictionary: the WordNet 3.0 lemmas whose definitions best match a clue (answers past puzzles never had)."""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from core.crossword.answerdocs import AnswerDocs, fit_answer_docs
from core.crossword.clues import ClueTable

GLOSS_SOURCE = "WordNet 3.0 glosses"  # the source name of wordnet_table(), whose models need no reverse dictionary


def definition_docs(table: ClueTable) -> AnswerDocs | None:
    """Each answer of a definition table as one TF-IDF document of its definitions (None for an empty table)."""
    if not table.clues:
        return None
    vocabulary, idf, raw = fit_answer_docs(table)
    return AnswerDocs(table, vocabulary, idf, raw)


@lru_cache(maxsize=1)
def wordnet_definitions() -> AnswerDocs | None:
    """WordNet's lemmas as documents of their definitions (read once, a few seconds; None without WordNet)."""
    from core.crossword.wordnet import wordnet_table

    return definition_docs(wordnet_table())


def definition_matches(docs: AnswerDocs | None, clue: str, length: int, k: int = 30,
                       pattern: str | None = None) -> dict[str, float]:
    """The k answers of this length (fitting the pattern's known letters) whose definitions are nearest the clue.

    Answer -> cosine of the normalised clue to the answer's definitions (only answers with a positive cosine).
    """
    if docs is None or k <= 0:
        return {}
    local, sims = docs.scores(clue, length)
    if not len(sims):
        return {}
    ids = docs.by_length[length][0]
    if pattern and any("A" <= ch <= "Z" for ch in pattern):
        codes = docs.codes[length]
        fit = np.ones(len(ids), bool)
        for i, ch in enumerate(pattern):
            if "A" <= ch <= "Z":
                fit &= codes[:, i] == ord(ch) - 65
        sims = np.where(fit, sims, 0)
    top = np.argpartition(-sims, k)[:k] if len(sims) > k else np.arange(len(sims))
    return {docs.table.answers[ids[i]]: float(sims[i]) for i in top if sims[i] > 0}
