"""Preparing the clue models: `prepare(source, progress) -> models` reads, fits, calibrates and warms them once.

A source is the archive (the shared NYT archive or your own, up to a date) or the packaged knowledge (WordNet and
the reference books). Everything prepared is cached on disk (core.artefacts lists each artefact and its key), so a
second call loads what the first built.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from core.cache import code_version, content_hash
from core.crossword.archives import ArchiveRead, ArchiveSource
from core.crossword.clues.candidates import guesser_name, hybrid_guesser
from core.crossword.clues.guessers import HybridGuesser, calibrate
from core.crossword.clues.packaged import PackagedGuesser
from core.crossword.data import TRAIN_UNTIL, model_dev_sample, training_table
from core.crossword.knowledge import fullmeaning, meaning
from core.crossword.knowledge.apart import prepare_meaning_apart
from core.crossword.knowledge.models import ClueModels, fit_models, model_folder, with_info
from core.crossword.puzzle import Puzzle
from core.progress import Progress, no_progress, share_progress


@dataclass(frozen=True)
class ModelSource:
    """Where clue models learn from: the archive at `path` up to `until` (its last `limit` puzzles when limit > 0,
    calibrated on `dev_size` practice puzzles), or the packaged knowledge when `path` is None."""

    path: ArchiveSource | None = None
    until: str = TRAIN_UNTIL
    limit: int = 0
    dev_size: int = 30
    word2vec: bool = True
    warm: bool = False
    meaning: str = "static"  # how clues are read for their meaning: "static", "full" or "best" (full when ready)
    books: bool = True  # the archive's models also read the packaged sources (ARCHIVE_GUESSER); False: the archive only

    @property
    def packaged(self) -> bool:
        """Whether the models learn from the packaged knowledge rather than an archive."""
        return self.path is None


def prepare(source: ModelSource, progress: Progress = no_progress, archive: ArchiveRead | None = None) -> ClueModels:
    """The clue models for a source, built on first use and loaded after, `progress` on one bar of 1,000 steps."""
    if source.packaged:
        return wordnet_models(progress, warm=source.warm, word2vec=source.word2vec)
    return archive_models(source.path, until=source.until, limit=source.limit, dev_size=source.dev_size,
                          progress=progress, word2vec=source.word2vec, warm=source.warm, archive=archive,
                          meaning_source=source.meaning, books=source.books)


# seconds of each stage of building the archive models (2010 split, 30 dev puzzles, a quiet 2-core machine: 134 s
# in all) and of the same stages when they are on disk already (a loaded machine), so the bar's time left is honest
# seconds; "meaning" is replaced by meaning.first_use_seconds (distilling the static model once, then encoding the
# clues not stored yet). Calibration and the warm-up on an empty cache (2 cores at load average 3, from the bar's own
# reports: archive_models(archive_path(), warm=True) with a timed progress callback): calibration 142 s, the
# warm-up's indexes 2 s (calibration leaves them built); the bar's time left is measured from its own pace anyway
# (ui.crossword.loading). Read from disk (load average 3.5): the table 2 s, the fitted models 2.3 s, the meaning
# vectors 5 s, the warm-up 7 s
# "books" reads (or builds) the packaged sources the archive's guesser reads too (wordnet_seconds' "knowledge", and
# the reference books' tables)
BUILD_SECONDS = {"table": 10.0, "fit": 58.0, "books": 40.0, "meaning": 5.0, "dev": 2.0, "calibrate": 142.0,
                 "warm": 2.0}
LOADED_SECONDS = {"table": 2.0, "fit": 2.3, "books": 1.5, "meaning": 5.0, "dev": 0.0, "calibrate": 0.0, "warm": 7.0}


def with_calibration(models: ClueModels, weights, bias: float, dev: str = "") -> ClueModels:
    """The models with the hybrid guesser's calibration attached."""
    info = dict(models.info, hybrid_calibration={"weights": [float(w) for w in weights], "bias": float(bias),
                                                 "dev": dev})
    return with_info(models, info)


@lru_cache(maxsize=1)
def calibration_code() -> str:
    """The version of the code a calibration depends on: the hybrid guesser and all it imports, the dev sampler, and
    the meaning model's table (its settings are in distil.py, which meaning.py imports as a name of its package);
    worked out once a process (reading the modules' sources twice cost 1.8 s of a profiled archive look-up on a
    loaded machine; since 2026-11-29)."""
    from core.artefacts import artefact

    return code_version(*artefact("calibration").code_modules())


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


def calibration_path(table, coverage: bool, dev_label: str, source: str = "static", guesser: str = "hybrid") -> Path:
    """Where a calibration is cached: beside the table's models, keyed by the features, the dev sample, the code,
    the meaning source (the full model's cosines are weighed on their own) and the guesser weighed (its features)."""
    cover = "cover" if coverage else "nocover"
    full = ("full", fullmeaning.store_key()) if source == "full" else ()
    own = (f"guesser={guesser}",) if guesser != "hybrid" else ()
    # the calibration artefact's key (core.artefacts): its code's version, then the inputs
    return model_folder(table) / f"calibration-{content_hash(calibration_code(), cover, dev_label, *full, *own)}.json"


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
    path = calibration_path(models.table, bool(models.info.get("coverage")), dev_label,
                            fullmeaning.meaning_source(models), guesser_name(models))
    if use_cache and path.exists():
        doc = json.loads(path.read_text())
        return with_calibration(models, doc["weights"], doc["bias"], dev_label)
    w, b = calibrate(hybrid_guesser(models), _ReportingPuzzles(dev_puzzles, progress))
    if use_cache:
        path.write_text(json.dumps({"weights": [float(x) for x in w], "bias": b}))
    return with_calibration(models, w, b, dev_label)


# the archive's models read the packaged sources too (core.crossword.clues.combined), weighed with the archive's own on
# its practice puzzles: with the archive alone "Capital of France" gave ACCRA, SOFIA, DAKAR and no PARIS in the top 20
ARCHIVE_GUESSER = "combined"


def reads_books(clues: str) -> bool:
    """Whether the archive's models read the packaged sources for a `--clues` choice ("archive-only": they do not)."""
    return clues != "archive-only"


def with_guesser(models: ClueModels, books: bool) -> ClueModels:
    """The archive's models set to ask ARCHIVE_GUESSER (the archive's sources and the packaged ones) in every fill
    when `books`, else the hybrid guesser (the archive's sources only)."""
    if not books:
        return models
    ask = {"guesser": ARCHIVE_GUESSER}
    return with_info(models, dict(models.info, solver_settings={"best": ask, "threshold": ask,
                                                                  "cell-confidence": ask}))


def dev_size_for(limit: int) -> int:
    """Dev puzzles to calibrate on: 30, or none when learning from only the last `limit` puzzles (a quick model)."""
    return 0 if limit else 30


def archive_models(path: ArchiveSource, until: str = TRAIN_UNTIL, limit: int = 0, dev_size: int = 30,
                   progress: Progress = no_progress, word2vec: bool = True, warm: bool = False,
                   archive: ArchiveRead | None = None, meaning_source: str = "static",
                   books: bool = True) -> ClueModels:
    """Fitted, calibrated models for archive puzzles dated up to `until` (the last `limit` when limit > 0).

    `path` is the shared JSONL archive or your own (a folder, a .zip, a puzzle or clue-table file, an upload);
    `archive`: your own archive already read (core.crossword.archives.read_archive), so it is not read again.
    `meaning_source`: "static" (the distilled table), "full" (the full model's vectors, built by
    core.crossword.knowledge.upgrade; FullMeaningNotReady until then) or "best" (the full model when ready).
    `books`: the guesser reads the packaged sources too (definitions, names, thesaurus, GCIDE, opposites), weighed
    with the archive's on its practice puzzles (ARCHIVE_GUESSER); False, or no practice puzzles (dev_size 0: nothing
    to weigh them on), the archive's sources only.

    `progress` gets one bar of 1,000 steps: reading the archive, fitting (or loading), the dev sample and
    calibration, each as its share of the expected time (less when on disk already); `warm` also builds the
    indexes the first guess would build (by answer length, answer documents, phrases, WordNet) under the bar.
    """
    books = books and dev_size > 0
    wanted = [k for k in BUILD_SECONDS if (k not in ("dev", "calibrate") or dev_size > 0) and (k != "warm" or warm)
              and (k != "books" or books)]
    first = share_progress(progress, {k: BUILD_SECONDS[k] for k in wanted})
    table = training_table(path, until=until, limit=limit, progress=first("table"), archive=archive)
    label = f"{until}-{dev_size}-{limit}"
    source = chosen_meaning(meaning_source, table.clues)
    if source == "full" and not fullmeaning.is_ready(table.clues):
        raise fullmeaning.FullMeaningNotReady(f"the full meaning model is not ready for these {len(table.clues):,} "
                                              "clues: run python -m core.crossword.knowledge.upgrade prepare")
    guesser = ARCHIVE_GUESSER if books else "hybrid"
    on_disk = {"fit": (model_folder(table) / "done.json").exists(),
               "calibrate": dev_size > 0 and calibration_path(table, False, label, source, guesser).exists()}
    on_disk["dev"] = on_disk["calibrate"]
    on_disk["books"] = packaged_knowledge_on_disk()
    seconds = {k: (LOADED_SECONDS if on_disk.get(k) else BUILD_SECONDS)[k] for k in wanted if k != "table"}
    distilling = source == "static" and not meaning.table_ready()
    seconds["meaning"] = 5.0 + (meaning.first_use_seconds(table.clues) - (meaning.DISTIL_SECONDS if distilling else 0.0)
                                if source == "static" else 10.0)
    if distilling:  # first, while this process holds only the clue table
        seconds = {"distil": meaning.DISTIL_SECONDS, **seconds}
    stage = share_progress(progress, seconds, start=int(round(1000 * BUILD_SECONDS["table"]
                                                                / sum(BUILD_SECONDS[k] for k in wanted))))
    if distilling:
        prepare_meaning_apart(stage("distil"))  # torch and the distillation's memory leave with its own process
    models = with_guesser(fit_models(table, stage("fit"), word2vec=word2vec), books)
    if books:
        warm_packaged(stage("books"))  # the packaged sources' names, phrases and books (built once, cached on disk)
    if source == "full":
        models = fullmeaning.with_full_meaning(models)
    elif meaning.missing_count(table.clues):  # the static source's clue vectors, encoded once and stored (when
        meaning.text_vectors(table.clues, stage("meaning"))  # stored, meaning_by_length below reads them: read once)
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
    on_disk = dev_size <= 0 or calibration_path(models.table, False, label, "full", guesser_name(models)).exists()
    stage = share_progress(progress, {"meaning": 10.0, "calibrate": LOADED_SECONDS["calibrate"] if on_disk
                                      else BUILD_SECONDS["calibrate"]})
    stage("meaning")(0, 1, f"loading {fullmeaning.FULL_NAME}")
    full = fullmeaning.with_full_meaning(models)
    full.meaning_by_length  # its vectors read now (each length gathered when first asked for)
    stage("meaning")(1, 1, f"{fullmeaning.FULL_NAME} loaded")
    if dev_size > 0:
        dev = [] if on_disk else model_dev_sample(path, until, dev_size, archive=archive)
        full = calibrated(full, dev, label, progress=stage("calibrate"))
    progress(1000, 1000, f"{fullmeaning.FULL_NAME} ready")
    return full


WARM_PARTS = ((lambda m: m.rows_by_length, "sorting the training clues by answer length"),
              (lambda m: m.tfidf_by_length, "sorting the clue-word index by answer length"),
              (lambda m: m.vecs_by_length, "sorting the clue vectors by answer length"),
              (lambda m: dict(m.meaning_by_length), "sorting the clues' meanings by answer length"),
              (lambda m: m.answer_docs, "loading each answer's clues"), (lambda m: m.phrases, "loading common phrases"),
              (lambda m: m.wordnet, "loading WordNet's synonyms and related words"))  # each reads a lazy index


def warm_up(models: ClueModels, progress: Progress = no_progress) -> ClueModels:
    """Build the models' lazy indexes now (each reported), so the first solve does not wait on them."""
    for i, (build, message) in enumerate(WARM_PARTS):
        progress(i, len(WARM_PARTS), message)
        build(models)
    models.answer_docs.by_length
    models.answer_docs.codes
    progress(len(WARM_PARTS), len(WARM_PARTS), "indexes ready")
    return models


# `best` on the packaged models: settings chosen on packaged dev puzzles (2011-2012, 3 a weekday: Monday 41.1% of
# letters with a flat dictionary prior and spread 1.5, 27.4% with the earlier demo-chosen settings); its guesser is
# the packaged one (core.crossword.clues.packaged: WordNet phrases, names and siblings besides the hybrid's sources); the
# non-word swap of the word-aware ending loses there (packaged dev, 21 puzzles: 17.9% of letters with it, 18.8% without)
WORDNET_BEST = {"spread": 1.5, "letter_floor": 0.3, "count_power": 0.0, "guesser": "packaged", "word_weight": None}


def wordnet_models(progress=no_progress, calibrated: bool = True, warm: bool = False, word2vec: bool = True) -> ClueModels:
    """Models on the WordNet 3.0 gloss database (the fresh-machine fallback) with `best`'s settings for it.

    `calibrated`: attach the hybrid weights fitted on dev puzzles (data/crossword/packaged-calibration.json).
    `progress` gets one bar of 1,000 steps: WordNet's names and phrases for the packaged guesser, reading WordNet,
    fitting (or loading), and with `warm` the indexes the first guess would build, each as its share of the
    expected time (less when on disk already). `word2vec`: train word vectors too (the slowest stage on a fresh
    machine; the home page's demo leaves them out).
    """
    from core.crossword.data import PACKAGED_CALIBRATION
    from core.crossword.knowledge.wordnet_table import wordnet_table, wordnet_table_folder

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
    # the meaning source is off here: on WordNet's glosses it lost letters on packaged dev (core.crossword.clues.packaged)
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
    from core.crossword.clues.packaged import knowledge_path

    path = knowledge_path()
    return path is None or path.exists()


def warm_packaged(progress: Progress = no_progress) -> None:
    """Read (or build) the packaged guesser's WordNet names, phrases and siblings and its reference books now, under
    the bar."""
    from core.crossword.clues.packaged import installed_knowledge
    from core.crossword.clues.references import installed_references

    progress(0, 2, "reading WordNet's names, phrases and word families")
    installed_knowledge()
    progress(1, 2, "reading the thesaurus, the dictionary and WordNet's opposites")
    installed_references()
    progress(2, 2, "names, phrases and reference books ready")


def wordnet_seconds(on_disk: dict, warm: bool, word2vec: bool = True) -> dict[str, float]:
    """The WordNet models' stages and their expected seconds on this machine (built, or read from disk), first the
    packaged knowledge (names, phrases, siblings). Built: measured on an empty cache on a loaded 2-core machine:
    knowledge 11 s, reading the definitions 10 s, fitting 79 s (26 s without word vectors), the first guess's
    indexes 8 s."""
    built = {"knowledge": 11.0, "table": 10.0, "fit": 80.0 if word2vec else 26.0, "warm": 8.0}
    loaded = {"knowledge": 0.7, "table": 0.2, "fit": 1.2, "warm": 8.0}
    return {k: (loaded if on_disk.get(k) else built)[k] for k in built if k != "warm" or warm}


def packaged_models(progress=no_progress) -> ClueModels:
    """Models from packaged knowledge only (no archive): what `--clues packaged` and a fresh machine use."""
    return wordnet_models(progress)


def build_archive_models(progress: Progress = no_progress) -> ClueModels:
    """Prepare the shared archive's models as the Crosswords page uses them (the explicit build step)."""
    from core.crossword.data import archive_path

    path = archive_path()
    if path is None:
        raise FileNotFoundError("The archive of past crosswords is not on this machine.")
    return prepare(ModelSource(path, warm=True), progress)


def build_packaged_models(progress: Progress = no_progress) -> ClueModels:
    """Prepare the packaged knowledge's models as the Crosswords page uses them (the explicit build step)."""
    return prepare(ModelSource(None, warm=True), progress)
