"""Where the crossword data comes from: the shared archive, date splits, seeded test samples, cached clue tables."""
from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np

from core.cache import cache_dir
from core.crossword.archives import (ArchiveRead, ArchiveSource, archive_records, archive_table_pairs, is_lines_file,
                                     read_archive, source_hash, source_name)
from core.crossword.knowledge.table import ClueTable, clue_table, normalise_clue, record_pairs
from core.crossword.puzzle import Puzzle, PuzzleError
from core.crossword.readers import iter_archive, puzzle_from_record
from core.progress import no_progress
from core.words import shared_data_dir

TRAIN_UNTIL = "2010-12-31"
TEST_SINCE = "2011-01-01"
DEMO_DIR = Path(__file__).resolve().parent.parent.parent / "data" / "crossword"
PACKAGED_CALIBRATION = DEMO_DIR / "packaged-calibration.json"  # research/crossword/calibrate_packaged.py


def archive_path() -> Path | None:
    """The NYT archive in the shared data folder, or None on a fresh machine."""
    root = shared_data_dir()
    if root is None:
        return None
    path = Path(root) / "crosswords" / "nyt.jsonl.gz"
    return path if path.exists() else None


def file_hash(path: ArchiveSource) -> str:
    """A content hash of an archive: a file's bytes (sha256, short), every file under a folder, or an upload."""
    return source_hash(path)


def source_records(source: ArchiveSource, since: str = "", until: str = "",
                   archive: ArchiveRead | None = None) -> list[dict]:
    """The puzzle records of an archive dated within [since, until]: the shared JSONL archive read line by line, any
    other archive (a folder, a .zip, one puzzle or table file, an upload) read whole (`archive`: already read)."""
    if archive is None and isinstance(source, Path) and is_lines_file(source):
        return list(iter_archive(source, since, until))
    return archive_records(archive or read_archive(source), since, until)


def _table_key(source: ArchiveSource, since: str, until: str, limit: int) -> str:
    """The cache key of an archive's clue table: its content, the dates, the limit and the code that reads it."""
    from core.artefacts import key

    name = "clue-table" if isinstance(source, Path) and is_lines_file(source) else "own-clue-table"
    return key(name, file_hash(source), since, until, str(limit))


def training_table(path: ArchiveSource, since: str = "", until: str = TRAIN_UNTIL, limit: int = 0,
                   progress=no_progress, archive: ArchiveRead | None = None) -> ClueTable:
    """The clue table of an archive's puzzles and clue-table rows within the dates (the last `limit` puzzles when
    limit > 0), cached on disk by the archive's content (`archive`: the archive already read)."""
    name = source_name(path) + (f" ≤ {until}" if until else "")
    key = _table_key(path, since, until, limit)
    folder = cache_dir("crossword", "tables", key)
    if (folder / "done").exists():
        arrays = np.load(folder / "pairs.npz")
        clues = tuple((folder / "clues.txt").read_text(encoding="utf-8").split("\n"))
        answers = tuple((folder / "answers.txt").read_text(encoding="utf-8").split("\n"))
        return ClueTable(clues, answers, arrays["clue"], arrays["answer"], arrays["count"], name)
    progress(0, 2000, "reading the puzzle archive")
    extra: list = []
    if archive is None and not (isinstance(path, Path) and is_lines_file(path)):
        archive = read_archive(path, lambda d, n, m="": progress(1000 * d // max(n, 1), 2000, m))
    if archive is not None:
        extra = archive_table_pairs(archive, since, until)
    records = source_records(path, since, until, archive)
    if limit:
        records = records[-limit:]
    progress(1000, 2000, "pairing every clue with its answer")
    pairs = record_pairs(records) + [(normalise_clue(c), a) for c, a in extra]
    if not pairs:
        raise PuzzleError(f"{source_name(path)} has no clue-answer pairs{' in these dates' if since or until else ''} "
                          "to learn from")
    table = clue_table(pairs, name)
    np.savez(folder / "pairs.npz", clue=table.pair_clue, answer=table.pair_answer, count=table.pair_count)
    (folder / "clues.txt").write_text("\n".join(table.clues), encoding="utf-8")
    (folder / "answers.txt").write_text("\n".join(table.answers), encoding="utf-8")
    (folder / "done").write_text(json.dumps({"records": len(records), "table_rows": len(extra)}))
    progress(2000, 2000, "clue table ready")
    return table


def readable_puzzles(records) -> tuple[list[Puzzle], list[tuple[str, str]]]:
    """(puzzles, [(date, reason)]) for records: malformed and gimmick ones go to the skipped list."""
    good, skipped = [], []
    for rec in records:
        try:
            p = puzzle_from_record(rec)
        except PuzzleError as err:
            skipped.append((str(rec.get("date", "?")), str(err)))
            continue
        if p.gimmick:
            skipped.append((p.date, p.gimmick))
        else:
            good.append(p)
    return good, skipped


def test_sample(path: ArchiveSource, since: str = TEST_SINCE, until: str = "", limit: int = 100,
                seed: int = 0, archive: ArchiveRead | None = None) -> tuple[list[Puzzle], list[tuple[str, str]]]:
    """A seeded sample of `limit` records in the dates, parsed: (scorable puzzles, skipped (date, reason))."""
    records = source_records(path, since, until, archive)
    if limit and limit < len(records):
        records = random.Random(seed).sample(records, limit)
        records.sort(key=lambda r: r.get("date", ""))
    return readable_puzzles(records)


def per_weekday_sample(path: ArchiveSource, since: str = TEST_SINCE, until: str = "", n: int = 14,
                       seed: int = 0) -> tuple[list[Puzzle], list[tuple[str, str]]]:
    """A seeded sample of n scorable puzzles of each weekday in the dates: (puzzles by date, skipped (date, reason)).

    Each weekday's records are shuffled with its own seeded generator and read in that order until n of them
    parse as scorable puzzles, so one weekday never crowds out another and a gimmick puzzle is replaced, not lost.
    """
    from core.crossword.stats import WEEKDAYS

    by_day: dict[str, list[dict]] = {}
    for rec in source_records(path, since, until):
        by_day.setdefault(str(rec.get("dow", "")), []).append(rec)
    chosen, skipped = [], []
    for k, day in enumerate(WEEKDAYS):
        records = sorted(by_day.get(day, []), key=lambda r: str(r.get("date", "")))
        random.Random(seed * 7 + k).shuffle(records)
        got = 0
        for rec in records:
            if got >= n:
                break
            good, bad = readable_puzzles([rec])
            chosen.extend(good)
            skipped.extend(bad)
            got += len(good)
    chosen.sort(key=lambda p: p.date)
    return chosen, skipped


def weekday_rounds(puzzles: list[Puzzle]) -> list[Puzzle]:
    """Puzzles reordered in rounds of one per weekday (Monday first), so a run cut short stays weekday-balanced."""
    from core.crossword.stats import WEEKDAYS

    by_day = {d: [p for p in puzzles if p.weekday == d] for d in WEEKDAYS}
    rest = [p for p in puzzles if p.weekday not in by_day]
    rounds = max((len(v) for v in by_day.values()), default=0)
    return [by_day[d][i] for i in range(rounds) for d in WEEKDAYS if i < len(by_day[d])] + rest


def demo_puzzles() -> dict[str, Puzzle]:
    """The demo puzzles shipped in data/crossword (name -> Puzzle)."""
    from core.crossword.readers import read_puzzle_file

    out = {}
    if DEMO_DIR.exists():
        for f in sorted(DEMO_DIR.glob("*.ipuz")):
            out[f.stem] = read_puzzle_file(f.read_bytes(), f.name)
    return out


def model_dev_sample(path: ArchiveSource, until: str = TRAIN_UNTIL, size: int = 30, seed: int = 1,
                     archive: ArchiveRead | None = None) -> list[Puzzle]:
    """Dev puzzles for calibration: a seeded sample from the last year of the training period, or of the whole
    archive when `until` is "" (scored leave-one-out)."""
    year = str(int(until[:4]) - 0) if until else ""
    since = f"{year}-01-01" if year else ""
    return test_sample(path, since=since, until=until, limit=size, seed=seed, archive=archive)[0]
