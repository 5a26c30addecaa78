"""A clue's candidates as people see them: ranked answers with their sources and chances, for the page and the CLI."""
from __future__ import annotations

import numpy as np

from core.crossword.clues.guessers import GUESSERS, HybridGuesser
from core.crossword.clues import combined, packaged  # noqa: F401  (registers the "combined" and "packaged" guessers)
from core.crossword.knowledge.models import ClueModels
from core.crossword.knowledge.table import normalise_clue
from core.crossword.puzzle import Puzzle


def guesser_name(models: ClueModels) -> str:
    """The name of the calibrated guesser the models' `best` fill asks: the packaged one for the packaged models, the
    combined one for the archive's (its sources and the packaged ones), or the hybrid (the archive's sources only)."""
    return models.info.get("solver_settings", {}).get("best", {}).get("guesser", "hybrid")


def hybrid_guesser(models: ClueModels) -> HybridGuesser:
    """The models' calibrated guesser (see guesser_name), as the `best` fill asks it."""
    return GUESSERS.create(guesser_name(models), models=models)


def make_guesser(name: str, models: ClueModels):
    """A guesser from the registry bound to the models."""
    return GUESSERS.create(name, models=models)


def clue_neighbourhood(models: ClueModels, clue: str, k: int = 15):
    """(2-D points, clue labels, answers) of a clue and its k nearest training clues by Word2Vec, via PCA."""
    from sklearn.decomposition import PCA

    v = models.clue_vector(normalise_clue(clue))
    if v is None or models.clue_vecs is None:
        return None
    sims = models.clue_vecs @ v
    top = np.argsort(-sims)[:k]
    order, offsets = models.table.pairs_by_clue
    answers = ["?"]
    for i in top:
        rows = order[offsets[i]:offsets[i + 1]]
        answers.append(models.table.answers[models.table.pair_answer[rows[0]]] if len(rows) else "")
    vecs = np.vstack([v[None, :], models.clue_vecs[top]])
    points = PCA(n_components=2, random_state=0).fit_transform(vecs)
    return points, [clue] + [models.table.clues[i] for i in top], answers


def linked_evidence(models: ClueModels, puzzle: Puzzle, name: str) -> tuple[dict, dict]:
    """(answer -> confidence, answer -> source tags) a linked slot gets from its group's whole phrase (see
    core.crossword.clues.linked; empty for a slot in no "With 43-Across, ..." group)."""
    from core.crossword.clues.linked import joint_candidates, linked_groups, word_test

    if not any(name in g.names for g in linked_groups(puzzle)):
        return {}, {}
    cands, tags = joint_candidates(puzzle, hybrid_guesser(models), is_word=word_test(models))
    return cands.get(name, {}), tags.get(name, {})


def clue_chances(models: ClueModels, clue: str, pattern: str, solved: dict | None = None,
                 linked: tuple[dict, dict] | None = None) -> tuple[dict[str, float], dict[str, tuple]]:
    """(answer -> chance from the clue alone, answer -> source tags) for a slot's clue, by the hybrid guesser: each
    answer's share of one whole chance (explain.answer_shares over the answers that fit, so the chances shown add up
    to 100% at most; the solver itself weighs the guesser's own calibrated chances).

    `solved` ({answer: source tags} the solver recorded for this slot) adds the sources found during the solve
    (phrases, a second ask with sure letters), and the answers they proposed that fit the pattern (chance 0);
    `linked` (see linked_evidence) adds the parts of a linked slot's whole phrase with their chance.
    """
    from core.crossword.explain import answer_shares
    from core.crossword.clues.guessers import fits, in_clue
    from core.crossword.clues.linked import merge_candidates, see_target

    conf, tags = hybrid_guesser(models).candidates_with_sources(clue, len(pattern), pattern)
    if see_target(clue):  # a bare "See 17-Across" says nothing of its answer: the solver drops what it proposed
        conf, tags = {}, {}
    if linked and linked[0]:
        box, box_tags = {"slot": dict(conf)}, {"slot": dict(tags)}
        merge_candidates(box, box_tags, {"slot": linked[0]}, {"slot": linked[1]})
        conf, tags = box["slot"], box_tags["slot"]
    solved = solved or {}
    extra = {a: 0.0 for a in solved if a not in conf and fits(a, pattern) and "given" not in solved[a]}
    sources = {a: tuple(dict.fromkeys(tags.get(a, ()) + tuple(solved.get(a, ())))) for a in {**extra, **conf}}
    norm = normalise_clue(clue)
    shown = {a: c for a, c in {**extra, **conf}.items() if fits(a, pattern) and not in_clue(a, norm)}
    return answer_shares(shown), sources


def sourced_candidates(models: ClueModels, clue: str, pattern: str, k: int = 10,
                       solved: dict | None = None, linked: tuple[dict, dict] | None = None) -> list[dict]:
    """Rows (answer, chance, proposed by) of the k answers likeliest by the clue alone (clue_chances) that fit the
    pattern."""
    from core.crossword.explain import source_label
    from core.crossword.clues.guessers import fits, in_clue

    chances, sources = clue_chances(models, clue, pattern, solved, linked)
    norm = normalise_clue(clue)
    rows = []
    for answer, c in sorted(chances.items(), key=lambda t: (-t[1], t[0])):
        if not fits(answer, pattern) or in_clue(answer, norm):
            continue
        rows.append({"answer": answer, "chance": c, "proposed by": source_label(sources[answer])})
        if len(rows) >= k:
            break
    return rows


def weighed_candidates(models: ClueModels, clue: str, pattern: str, beliefs: tuple, k: int = 10,
                       solved: dict | None = None, linked: tuple[dict, dict] | None = None) -> list[dict]:
    """Rows (answer, chance at the step, chance from the clue alone, proposed by) of the words a solver weighed for
    a slot at one step (`beliefs`: (word, chance) pairs, likeliest first, see FillState.beliefs) that fit the pattern:
    the candidates the step's letters were chosen from, each beside what its clue alone gave it."""
    from core.crossword.explain import source_label
    from core.crossword.clues.guessers import fits

    chances, sources = clue_chances(models, clue, pattern, solved, linked)
    rows = [{"answer": word, "chance": chance, "clue chance": chances.get(word, 0.0),
             "proposed by": source_label(sources.get(word, ()))} for word, chance in beliefs if fits(word, pattern)]
    return rows[:k]


def candidate_table(models: ClueModels, clue: str, pattern: str, k: int = 10) -> list[dict]:
    """Rows (guesser, answer, confidence) of each guesser's top candidates for a slot."""
    rows = []
    for name in GUESSERS.names():
        if (name == "word2vec" and models.w2v is None) or (name == "meaning" and not models.info.get("meaning", True)):
            continue  # a source these models do not use (the packaged models: no Word2Vec, no meaning index)
        for answer, conf in make_guesser(name, models).guess(clue, pattern, k):
            rows.append({"guesser": name, "answer": answer, "confidence": round(conf, 4)})
    return rows
