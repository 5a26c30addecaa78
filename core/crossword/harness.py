"""The crossword harness: models for a training split, hybrid calibration, solving and scoring puzzles."""
from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np

from core.cache import code_version, module_closure
from core.crossword.archives import ArchiveRead, ArchiveSource
from core.crossword.clues import normalise_clue
from core.crossword import fullmeaning, meaning
from core.crossword.data import TRAIN_UNTIL, model_dev_sample, training_table
from core.crossword.guessers import GUESSERS, HybridGuesser, calibrate
from core.crossword.models import ClueModels, fit_models, model_folder, with_info
from core.crossword.packaged import PackagedGuesser
from core.crossword.puzzle import Puzzle
from core.crossword.rules import read_slot, score_fill
from core.crossword.solvers import SOLVERS
from core.crossword.stats import WEEKDAYS
from core.progress import Progress, no_progress, share_progress


# seconds of each stage of building the archive models (2010 split, 30 dev puzzles, a quiet 2-core machine: 134 s
# in all) and of the same stages when they are on disk already (a loaded machine), so the bar's time left is honest
# seconds; "meaning" is replaced by meaning.first_use_seconds (distilling the static model once, then encoding the
# clues not stored yet). Calibration and the warm-up, re-measured on an empty cache (2026-11-26, 2 cores at load
# average 3, from the bar's own reports: archive_models(archive_path(), warm=True) with a timed progress callback):
# calibration now reads the meaning source too and took 142 s (it was 63 s), and it leaves the warm-up's indexes
# built (2 s, not 21 s); the bar's time left is measured from its own pace anyway (ui.crossword.loading). Read from
# disk (the same command again, load average 3.5): the table 2 s, the fitted models 2.3 s (they were counted 47 s),
# the meaning vectors 5 s, the warm-up 7 s (21 s)
BUILD_SECONDS = {"table": 10.0, "fit": 58.0, "meaning": 5.0, "dev": 2.0, "calibrate": 142.0, "warm": 2.0}
LOADED_SECONDS = {"table": 2.0, "fit": 2.3, "meaning": 5.0, "dev": 0.0, "calibrate": 0.0, "warm": 7.0}


def with_calibration(models: ClueModels, weights, bias: float, dev: str = "") -> ClueModels:
    """The models with the hybrid guesser's calibration attached."""
    info = dict(models.info, hybrid_calibration={"weights": [float(w) for w in weights], "bias": float(bias),
                                                 "dev": dev})
    return with_info(models, info)


def calibration_code() -> str:
    """The version of the code a calibration depends on: the hybrid guesser and all it imports, the dev sampler, and
    the meaning model's table (its settings are in distil.py, which meaning.py imports as a name of its package)."""
    return code_version(*module_closure("crossword/guessers.py", "crossword/data.py", "crossword/distil.py"))


class _ReportingPuzzles(list):
    """A list of puzzles that reports progress each time one is taken while iterating (calibration's bar)."""

    def __init__(self, puzzles: list[Puzzle], progress: Progress) -> None:
        super().__init__(puzzles)
        self.progress = progress

    def __iter__(self):
        n = len(self)
        for i, p in enumerate(list.__iter__(self)):
            self.progress(i, n, f"weighing the clue sources on practice puzzle {i + 1} of {n}")
            yield p
        self.progress(n, n, "clue sources weighed")


def calibration_path(table, coverage: bool, dev_label: str, source: str = "static") -> Path:
    """Where a calibration is cached: beside the table's models, keyed by the features, the dev sample, the code and
    the meaning source (the full model's cosines are weighed on their own)."""
    cover = "cover" if coverage else "nocover"
    full = f"-full-{fullmeaning.store_key()}" if source == "full" else ""
    return model_folder(table) / (f"calibration-{HybridGuesser.FEATURE_VERSION}-{cover}-{dev_label}-"
                                  f"{calibration_code()}{full}.json")


def chosen_meaning(requested: str, clues) -> str:
    """The meaning source to read clues with: "static", "full", or for "best" the full model when its vectors of
    these clues are ready, else the static table."""
    if requested not in (*fullmeaning.SOURCES, "best"):
        raise ValueError(f"unknown meaning source {requested!r}: choose static, full or best")
    if requested == "best":
        return "full" if fullmeaning.is_ready(clues) else "static"
    return requested


def calibrated(models: ClueModels, dev_puzzles: list[Puzzle], dev_label: str, use_cache: bool = True,
               progress: Progress = no_progress) -> ClueModels:
    """Calibrate the hybrid guesser on leave-one-out dev puzzles (cached beside the models)."""
    path = calibration_path(models.table, bool(models.info.get("coverage")), dev_label, fullmeaning.meaning_source(models))
    if use_cache and path.exists():
        doc = json.loads(path.read_text())
        return with_calibration(models, doc["weights"], doc["bias"], dev_label)
    w, b = calibrate(HybridGuesser(models), _ReportingPuzzles(dev_puzzles, progress))
    if use_cache:
        path.write_text(json.dumps({"weights": [float(x) for x in w], "bias": b}))
    return with_calibration(models, w, b, dev_label)


def dev_size_for(limit: int) -> int:
    """Dev puzzles to calibrate on: 30, or none when learning from only the last `limit` puzzles (a quick model)."""
    return 0 if limit else 30


def archive_models(path: ArchiveSource, until: str = TRAIN_UNTIL, limit: int = 0, dev_size: int = 30,
                   progress: Progress = no_progress, word2vec: bool = True, warm: bool = False,
                   archive: ArchiveRead | None = None, meaning_source: str = "static") -> ClueModels:
    """Fitted, calibrated models for archive puzzles dated up to `until` (the last `limit` when limit > 0).

    `path` is the shared JSONL archive or your own (a folder, a .zip, a puzzle or clue-table file, an upload);
    `archive`: your own archive already read (core.crossword.archives.read_archive), so it is not read again.
    `meaning_source`: "static" (the distilled table), "full" (the full model's vectors, built by
    core.crossword.upgrade; FullMeaningNotReady until then) or "best" (the full model when ready).

    `progress` gets one bar of 1,000 steps: reading the archive, fitting (or loading), the dev sample and
    calibration, each as its share of the expected time (less when on disk already); `warm` also builds the
    indexes the first guess would build (by answer length, answer documents, phrases, WordNet) under the bar.
    """
    wanted = [k for k in BUILD_SECONDS if (k not in ("dev", "calibrate") or dev_size > 0) and (k != "warm" or warm)]
    first = share_progress(progress, {k: BUILD_SECONDS[k] for k in wanted})
    table = training_table(path, until=until, limit=limit, progress=first("table"), archive=archive)
    label = f"{until}-{dev_size}-{limit}"
    source = chosen_meaning(meaning_source, table.clues)
    if source == "full" and not fullmeaning.is_ready(table.clues):
        raise fullmeaning.FullMeaningNotReady(f"the full meaning model is not ready for these {len(table.clues):,} "
                                              "clues: run python -m core.crossword.upgrade prepare")
    on_disk = {"fit": (model_folder(table) / "done.json").exists(),
               "calibrate": dev_size > 0 and calibration_path(table, False, label, source).exists()}
    on_disk["dev"] = on_disk["calibrate"]
    seconds = {k: (LOADED_SECONDS if on_disk.get(k) else BUILD_SECONDS)[k] for k in wanted if k != "table"}
    seconds["meaning"] = 5.0 + (meaning.first_use_seconds(table.clues) if source == "static" else 10.0)
    stage = share_progress(progress, seconds, start=int(round(1000 * BUILD_SECONDS["table"]
                                                                / sum(BUILD_SECONDS[k] for k in wanted))))
    models = fit_models(table, stage("fit"), word2vec=word2vec)
    if source == "full":
        models = fullmeaning.with_full_meaning(models)
    else:
        meaning.text_vectors(table.clues, stage("meaning"))  # the static source's clue vectors (encoded once, stored)
    models.meaning_by_length  # its search index by answer length, built now rather than at the first guess
    if dev_size > 0:
        if on_disk["calibrate"]:
            models = calibrated(models, [], label)
        else:
            stage("dev")(0, 1, "choosing practice puzzles")
            dev = model_dev_sample(path, until, dev_size, archive=archive)
            stage("dev")(1, 1, "practice puzzles chosen")
            models = calibrated(models, dev, label, progress=stage("calibrate"))
    if warm:
        warm_up(models, stage("warm"))
    progress(1000, 1000, "clue models ready")
    return models


def full_meaning_models(models: ClueModels, path: ArchiveSource, until: str = TRAIN_UNTIL, limit: int = 0,
                        dev_size: int = 30, progress: Progress = no_progress,
                        archive: ArchiveRead | None = None) -> ClueModels:
    """Models already loaded, upgraded to the full meaning model once its vectors are ready: the same fitted models,
    the full vectors, weighed again on the dev sample (cached beside the models). One bar of 1,000 steps."""
    label = f"{until}-{dev_size}-{limit}"
    on_disk = dev_size <= 0 or calibration_path(models.table, False, label, "full").exists()
    stage = share_progress(progress, {"meaning": 10.0, "calibrate": LOADED_SECONDS["calibrate"] if on_disk
                                      else BUILD_SECONDS["calibrate"]})
    stage("meaning")(0, 1, f"loading {fullmeaning.FULL_NAME}")
    full = fullmeaning.with_full_meaning(models)
    full.meaning_by_length
    stage("meaning")(1, 1, f"{fullmeaning.FULL_NAME} loaded")
    if dev_size > 0:
        dev = [] if on_disk else model_dev_sample(path, until, dev_size, archive=archive)
        full = calibrated(full, dev, label, progress=stage("calibrate"))
    progress(1000, 1000, f"{fullmeaning.FULL_NAME} ready")
    return full


WARM_PARTS = (("rows_by_length", "sorting the training clues by answer length"),
              ("tfidf_by_length", "sorting the clue-word index by answer length"),
              ("vecs_by_length", "sorting the clue vectors by answer length"),
              ("answer_docs", "loading each answer's clues"), ("phrases", "loading common phrases"),
              ("wordnet", "loading WordNet's synonyms and related words"))


def warm_up(models: ClueModels, progress: Progress = no_progress) -> ClueModels:
    """Build the models' lazy indexes now (each reported), so the first solve does not wait on them."""
    for i, (name, message) in enumerate(WARM_PARTS):
        progress(i, len(WARM_PARTS), message)
        getattr(models, name)
    models.answer_docs.by_length
    models.answer_docs.codes
    progress(len(WARM_PARTS), len(WARM_PARTS), "indexes ready")
    return models


def score_row(puzzle: Puzzle, solver, slot_rows: bool = False) -> dict:
    """Solve one puzzle and score it: one row of the benchmark (date, weekday, accuracies, seconds).

    `slot_rows` adds "slots": one row per slot (clue, answer, the word the fill reads, its right letters).
    """
    t0 = time.monotonic()
    result = solver.solve(puzzle)
    sc = score_fill(puzzle, result.fill)
    row = {"date": puzzle.date, "weekday": puzzle.weekday, "size": puzzle.size,
           "letter_accuracy": sc.letter_accuracy, "word_accuracy": sc.word_accuracy,
           "fill_percentage": sc.fill_percentage, "filled_accuracy": sc.filled_accuracy, "perfect": sc.perfect,
           "seconds": time.monotonic() - t0, "cells": sc.cells}
    if slot_rows:
        row["slots"] = [slot_row(puzzle, result, s) for s in puzzle.slots.values() if s.answer]
    return row


def slot_row(puzzle: Puzzle, result, slot) -> dict:
    """One slot's outcome: date, name, clue, answer, the word the fill reads and how many of its letters are right."""
    word = read_slot(puzzle, result.fill, slot.name)
    return {"date": puzzle.date, "weekday": puzzle.weekday, "slot": slot.name, "clue": slot.clue,
            "answer": slot.answer, "fill": word, "right": sum(a == b for a, b in zip(word, slot.answer)),
            "length": slot.length, "sources": list(result.sources.get(slot.name, {}).get(slot.answer, ()))}


def evaluate(puzzles: list[Puzzle], solver, progress=no_progress) -> dict:
    """Solve and score each puzzle: totals, by weekday, and per puzzle rows."""
    rows = []
    for i, p in enumerate(puzzles):
        rows.append(score_row(p, solver))
        progress(i + 1, len(puzzles), f"{solver.name} {p.date}")
    return summarise(rows)


def summarise(rows: list[dict]) -> dict:
    """Mean metrics over per-puzzle rows (letter accuracy weighted per puzzle), with a by-weekday breakdown."""
    def mean(key, rs):
        return float(np.mean([r[key] for r in rs])) if rs else 0.0

    by_day = {}
    for day in WEEKDAYS:
        rs = [r for r in rows if r["weekday"] == day]
        if rs:
            by_day[day] = {"puzzles": len(rs), "letter_accuracy": mean("letter_accuracy", rs),
                           "word_accuracy": mean("word_accuracy", rs), "perfect_puzzles": sum(r["perfect"] for r in rs),
                           "seconds_per_puzzle": mean("seconds", rs)}
    balanced = float(np.mean([d["letter_accuracy"] for d in by_day.values()])) if by_day else 0.0
    return {"puzzles": len(rows), "letter_accuracy": mean("letter_accuracy", rows),
            "weekday_balanced_letter_accuracy": balanced,
            "word_accuracy": mean("word_accuracy", rows), "fill_percentage": mean("fill_percentage", rows),
            "filled_accuracy": mean("filled_accuracy", rows),
            "perfect_puzzles": sum(1 for r in rows if r["perfect"]),
            "seconds_per_puzzle": mean("seconds", rows), "by_weekday": by_day, "per_puzzle": rows}


def guesser_accuracy(guesser, puzzles: list[Puzzle], progress=no_progress) -> dict:
    """Top-1/5/20 accuracy of a guesser on every slot of the puzzles (no crossing letters given)."""
    hits, n = [0, 0, 0], 0
    for i, p in enumerate(puzzles):
        for s in p.slots.values():
            if not s.answer:
                continue
            ranked = [a for a, _ in guesser.guess(s.clue, "_" * s.length, 20)]
            n += 1
            for j, k in enumerate((1, 5, 20)):
                hits[j] += s.answer in ranked[:k]
        progress(i + 1, len(puzzles), f"{guesser.name} {p.date}")
    return {"guesser": guesser.name, "clues": n, "top1": hits[0] / n if n else 0.0,
            "top5": hits[1] / n if n else 0.0, "top20": hits[2] / n if n else 0.0}


def make_solver(name: str, models: ClueModels, **settings):
    """A solver from the registry bound to the models, with the settings the models carry for it (then `settings`)."""
    return SOLVERS.create(name, models=models, **{**models.info.get("solver_settings", {}).get(name, {}), **settings})


# `best` on the packaged models: settings chosen on packaged dev puzzles (2011-2012, 3 a weekday: Monday 41.1% of
# letters with a flat dictionary prior and spread 1.5, 27.4% with the earlier demo-chosen settings); its guesser is
# the packaged one (core.crossword.packaged: WordNet phrases, names and siblings besides the hybrid's sources); the
# non-word swap of the word-aware ending loses there (packaged dev, 21 puzzles: 17.9% of letters with it, 18.8% without)
WORDNET_BEST = {"spread": 1.5, "letter_floor": 0.3, "count_power": 0.0, "guesser": "packaged", "word_weight": None}


def hybrid_guesser(models: ClueModels) -> HybridGuesser:
    """The models' hybrid guesser: the packaged one for the packaged models, else the archive's."""
    if models.info.get("solver_settings", {}).get("best", {}).get("guesser") == "packaged":
        return PackagedGuesser(models)
    return HybridGuesser(models)


def wordnet_models(progress=no_progress, calibrated: bool = True, warm: bool = False, word2vec: bool = True) -> ClueModels:
    """Models on the WordNet 3.0 gloss database (the fresh-machine fallback) with `best`'s settings for it.

    `calibrated`: attach the hybrid weights fitted on dev puzzles (data/crossword/packaged-calibration.json).
    `progress` gets one bar of 1,000 steps: WordNet's names and phrases for the packaged guesser, reading WordNet,
    fitting (or loading), and with `warm` the indexes the first guess would build, each as its share of the
    expected time (less when on disk already). `word2vec`: train word vectors too (the slowest stage on a fresh
    machine; the home page's demo leaves them out).
    """
    from core.crossword.data import PACKAGED_CALIBRATION
    from core.crossword.wordnet import wordnet_table, wordnet_table_folder

    on_disk = {"table": (wordnet_table_folder() / "done").exists(), "knowledge": packaged_knowledge_on_disk()}
    first = share_progress(progress, wordnet_seconds(on_disk, warm, word2vec))
    warm_packaged(first("knowledge"))  # the packaged guesser reads it at its first guess: under the bar, first
    table = wordnet_table(first("table"))
    on_disk["fit"] = (model_folder(table, word2vec) / "done.json").exists()
    seconds = wordnet_seconds(on_disk, warm, word2vec)
    stage = share_progress(progress, {k: v for k, v in seconds.items() if k not in ("knowledge", "table")},
                           start=int(round(1000 * (seconds["knowledge"] + seconds["table"]) / sum(seconds.values()))))
    models = fit_models(table, stage("fit"), word2vec=word2vec)
    # the share of a clue's words found in an answer's definitions: the packaged models need it (a short clue
    # against a long gloss: HEART for "Organ that pumps blood"); on the archive it showed no dev gain (85.1% of
    # letters against 85.7% without, 2011-2012, 3 puzzles a weekday), so archive models leave it off
    # every clue-type handler: on the packaged dev sample they neither gained nor lost (14.8% of letters both),
    # on the demo puzzles they lift motor city from 39% to 50% of letters (research/crossword/README.md)
    # the meaning source is off here: on WordNet's glosses it lost letters on packaged dev (core.crossword.packaged)
    models = with_info(models, dict(models.info, solver_settings={"best": WORDNET_BEST}, coverage=True,
                                    clue_types=HybridGuesser.ALL_CLUE_TYPES, meaning=False))
    if calibrated and PACKAGED_CALIBRATION.exists():
        doc = json.loads(PACKAGED_CALIBRATION.read_text())
        if doc.get("feature_version") == PackagedGuesser.FEATURE_VERSION:
            models = with_calibration(models, doc["weights"], doc["bias"], doc.get("dev", ""))
    if warm:
        warm_up(models, stage("warm"))
    progress(1000, 1000, "clue models ready")
    return models


def packaged_knowledge_on_disk() -> bool:
    """Whether the packaged guesser's WordNet names, phrases and siblings are cached on disk already."""
    from core.crossword.packaged import knowledge_path

    path = knowledge_path()
    return path is None or path.exists()


def warm_packaged(progress: Progress = no_progress) -> None:
    """Read (or build) the packaged guesser's WordNet names, phrases and siblings and its reference books now, under
    the bar."""
    from core.crossword.packaged import installed_knowledge
    from core.crossword.references import installed_references

    progress(0, 2, "reading WordNet's names, phrases and word families")
    installed_knowledge()
    progress(1, 2, "reading the thesaurus, the dictionary and WordNet's opposites")
    installed_references()
    progress(2, 2, "names, phrases and reference books ready")


def wordnet_seconds(on_disk: dict, warm: bool, word2vec: bool = True) -> dict[str, float]:
    """The WordNet models' stages and their expected seconds on this machine (built, or read from disk), first the
    packaged knowledge (names, phrases, siblings). Built: measured on an empty cache on a loaded 2-core machine
    (2026-11-25): knowledge 11 s, reading the definitions 30 s (10 s once usage examples are found without a
    pattern per lemma), fitting 79 s (26 s without word vectors), the first guess's indexes 8 s."""
    built = {"knowledge": 11.0, "table": 10.0, "fit": 80.0 if word2vec else 26.0, "warm": 8.0}
    loaded = {"knowledge": 0.7, "table": 0.2, "fit": 1.2, "warm": 8.0}
    return {k: (loaded if on_disk.get(k) else built)[k] for k in built if k != "warm" or warm}


def packaged_models(progress=no_progress) -> ClueModels:
    """Models from packaged knowledge only (no archive): what `--clues packaged` and a fresh machine use."""
    return wordnet_models(progress)


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
    core.crossword.linked; empty for a slot in no "With 43-Across, ..." group)."""
    from core.crossword.linked import joint_candidates, linked_groups, word_test

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
    from core.crossword.guessers import fits, in_clue
    from core.crossword.linked import merge_candidates, see_target

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
    from core.crossword.guessers import fits, in_clue

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
    from core.crossword.guessers import fits

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
