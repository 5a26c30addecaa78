"""Plain words in what the Crosswords page shows outside its "How it works" panel: the progress bar's messages while
the clue models are fitted, the meaning model is prepared and a solver weighs crossings, and the sources named in
the candidate tables (2026-11-29: "training Word2Vec", "TF-IDF", "word piece 6,656 of 30,522", "dictionary sibling",
"loosely related clues")."""
from __future__ import annotations

import re

import pytest

from core.crossword.knowledge.table import clue_table, normalise_clue, puzzle_pairs
from core.crossword.explain import SHORT_WORDS, source_label
from core.crossword.knowledge.models import fit_models
from core.crossword.readers import puzzle_from_record
from core.crossword.solvers import SOLVERS
from tests.test_crossword_core import TINY

# terms a class cannot follow, each as a whole word (case-insensitive)
TECHNICAL = re.compile(r"\b(word2vec|tf-?idf|word pieces?|vectors?|gloss(es)?|sweeps?|sibling|loosely|"
                       r"embeddings?|cosine)\b", re.I)


def technical_terms(texts) -> list[str]:
    """The texts that use a technical term."""
    return [t for t in texts if TECHNICAL.search(t)]


@pytest.mark.parametrize("text, found", [("training Word2Vec, pass 1 of 5", True), ("TF-IDF", True),
                                         ("word piece 6,656 of 30,522", True), ("dictionary sibling", True),
                                         ("loosely related clues", True), ("clues a little like this one", False),
                                         ("learning which words go together, pass 1 of 5", False)])
def test_the_term_finder_catches_the_terms_the_issue_named(text, found):
    assert bool(technical_terms([text])) is found


def test_fitting_the_clue_models_reports_in_plain_words():
    pairs = puzzle_pairs([puzzle_from_record(TINY)]) * 3 + [(normalise_clue("Feline pet"), "CUB")]
    messages = []
    fit_models(clue_table(pairs), lambda done, total, message="": messages.append(message), use_cache=False,
               word2vec=True, extra_words=False)
    assert any("round" in m for m in messages)  # the word-pairs stage reported its rounds
    assert technical_terms(messages) == [], messages


def test_a_solver_weighing_crossings_reports_in_plain_words(tiny_models):
    messages = []
    SOLVERS.create("best", models=tiny_models).solve(puzzle_from_record(TINY),
                                                     lambda done, total, message="": messages.append(message))
    assert messages and technical_terms(messages) == [], messages


def test_the_meaning_models_preparation_reports_in_plain_words():
    pytest.importorskip("torch")
    from core.crossword.knowledge import distil
    messages = []
    for what in distil.PLAIN_WHAT:
        distil.mean_outputs([[101, 2000, 102], [101, 2001, 2002, 102]],
                            lambda done, total, message="": messages.append(message), what)
    assert len(messages) >= 2 * len(distil.PLAIN_WHAT) and technical_terms(messages) == [], messages


@pytest.mark.parametrize("tag", sorted(SHORT_WORDS))
def test_every_source_named_in_a_candidate_table_is_in_plain_words(tag):
    assert technical_terms([source_label((tag,))]) == []


@pytest.fixture(scope="module")
def tiny_models():
    """Models trained on the tiny puzzle's own clues (no cache, no word pairs, no meaning model)."""
    from core.crossword.knowledge.models import with_info

    pairs = puzzle_pairs([puzzle_from_record(TINY)]) * 3 + [(normalise_clue("Feline pet"), "CUB")]
    models = fit_models(clue_table(pairs), use_cache=False, word2vec=False, extra_words=False)
    return with_info(models, dict(models.info, meaning=False))
