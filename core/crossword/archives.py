"""Your own archive: a folder (or .zip) of .puz / .ipuz files, the NYT JSON layout (YYYY/MM/DD.json), clue-answer
tables (TSV/CSV) or archive JSONL, read into the archive's records and clue pairs with a report of what was skipped.

Every file is read on its own: a broken one is named with its reason and skipped, the rest are kept.
"""
from __future__ import annotations

import csv
import datetime as dt
import gzip
import io
import json
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Iterator, Union

from core.cache import content_hash, path_hash
from core.crossword.puzzle import BLOCK, Puzzle, PuzzleError
from core.crossword.readers import _numbered_clue, json_problem, puzzle_from_record, read_ipuz, read_puz
from core.progress import Progress, no_progress

PUZZLE_SUFFIXES = (".puz", ".ipuz", ".json")
TABLE_SUFFIXES = (".tsv", ".csv")
LINES_SUFFIXES = (".jsonl", ".jsonl.gz")
ARCHIVE_SUFFIXES = PUZZLE_SUFFIXES + TABLE_SUFFIXES + LINES_SUFFIXES + (".zip",)
MAX_FILE_BYTES = 200 * 1024 * 1024
CLUE_HEADERS = ("clue", "clues", "question", "hint")
ANSWER_HEADERS = ("answer", "answers", "word", "solution", "entry", "fill", "response")
DATE_HEADERS = ("date", "pubdate", "published", "day")
_LETTERS = re.compile(r"^[A-Z]+$")
_DATE_FORMATS = ("%Y-%m-%d", "%m/%d/%Y", "%Y/%m/%d", "%d %B %Y", "%B %d, %Y")
_PATH_DATE = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2})\.json$")

Pair = tuple[str, str, str]  # (clue text, answer, date "YYYY-MM-DD" or "")


@dataclass(frozen=True)
class Upload:
    """A file a person uploaded: its name and bytes (kept in their browser session and never written to disk; what
    is learned from it is cached by its content, see core.crossword.data.training_table)."""

    name: str
    data: bytes


ArchiveSource = Union[Path, Upload]


@dataclass(frozen=True)
class Skipped:
    """A file (or a line of one) left out, with the reason in plain words."""

    name: str
    reason: str


@dataclass(frozen=True)
class ArchiveRead:
    """What an archive gave: puzzle records (the archive's JSONL layout), table pairs, and what was skipped."""

    name: str
    records: tuple[dict, ...]
    pairs: tuple[Pair, ...]
    skipped: tuple[Skipped, ...]
    files: int
    rows_skipped: int = 0

    @property
    def puzzles(self) -> int:
        """How many puzzles were read."""
        return len(self.records)

    @property
    def clue_pairs(self) -> int:
        """How many clue-answer pairs were read: every clue of the puzzles with an answer, and every table row."""
        return sum(len(a) for r in self.records for a in (r.get("answers") or {}).values()) + len(self.pairs)

    @property
    def dated(self) -> int:
        """How many puzzles and table rows carry a date."""
        return sum(1 for r in self.records if r.get("date")) + sum(1 for p in self.pairs if p[2])


def is_lines_file(path: Path) -> bool:
    """Whether a path is one archive JSONL file (plain or gzip): the shared NYT archive's layout."""
    return path.is_file() and path.name.lower().endswith(LINES_SUFFIXES)


def source_name(source: ArchiveSource) -> str:
    """The name a person knows an archive by (the folder's or file's name)."""
    return source.name


def source_hash(source: ArchiveSource) -> str:
    """The content hash of an archive: of its file, of every file under its folder (names included), or of an
    upload's name and bytes."""
    if isinstance(source, Upload):
        return content_hash(source.name, source.data)
    return path_hash(source)


def parse_date(text: object) -> str:
    """A date as YYYY-MM-DD from '2013-12-31', '12/31/2013', '2013/12/31' and the like ("" when not a date)."""
    text = str(text or "").strip()
    for fmt in _DATE_FORMATS:
        try:
            return dt.datetime.strptime(text, fmt).date().isoformat()
        except ValueError:
            continue
    return ""


def weekday_of(date: str) -> str:
    """The weekday's name of a YYYY-MM-DD date ("" when undated)."""
    return dt.date.fromisoformat(date).strftime("%A") if date else ""


def path_date(name: str) -> str:
    """The date a YYYY/MM/DD.json path names ("" for any other path)."""
    m = _PATH_DATE.search(name.replace("\\", "/"))
    return parse_date(f"{m.group(1)}-{int(m.group(2)):02d}-{int(m.group(3)):02d}") if m else ""


def nyt_record(doc: dict, name: str = "") -> dict:
    """The archive record of one NYT JSON day file (flat `grid`, `size`, "12. text" clues, M/D/YYYY date); a record
    already in the archive's layout (grid rows) is returned with its date and weekday filled in."""
    rec = dict(doc)
    grid = doc.get("grid")
    if isinstance(grid, list) and isinstance(doc.get("size"), dict):
        rows, cols = int(doc["size"].get("rows", 0)), int(doc["size"].get("cols", 0))
        if rows * cols != len(grid):
            raise PuzzleError(f"the grid has {len(grid)} squares for {rows}x{cols}")
        cells = [str(c) if c else BLOCK for c in grid]
        rec["grid"] = ["".join(c[:1] for c in cells[r * cols:(r + 1) * cols]) for r in range(rows)]
        rec["rows"], rec["cols"] = rows, cols
        rebus = {str(i): c.upper() for i, c in enumerate(cells) if len(c) > 1}
        if rebus:
            rec["rebus"] = rebus
        rec.pop("size", None)
    clues = doc.get("clues")
    if isinstance(clues, dict):
        rec["clues"] = {d: [list(_numbered_clue(item)) for item in clues.get(d) or []] for d in ("across", "down")}
    date = parse_date(doc.get("date")) or path_date(name)
    rec["date"] = date
    rec["dow"] = str(doc.get("dow") or weekday_of(date))
    return rec


def puzzle_record(puzzle: Puzzle, date: str = "") -> dict:
    """The archive record of a Puzzle read from a .puz or .ipuz file (its answers are the solution's words)."""
    if not puzzle.solution or all(s.answer is None for s in puzzle.slots.values()):
        raise PuzzleError("it has no solution (or a locked one), so there are no answers to learn from")
    grid = ["".join(BLOCK if (r, c) in puzzle.blocks else (puzzle.solution.get((r, c)) or " ")[:1]
                    for c in range(puzzle.cols)) for r in range(puzzle.rows)]
    rec: dict = {"date": date, "dow": weekday_of(date), "rows": puzzle.rows, "cols": puzzle.cols, "grid": grid,
                 "title": puzzle.title, "clues": {"across": [], "down": []}, "answers": {"across": [], "down": []}}
    for slot in puzzle.slots.values():
        direction = "across" if slot.direction == "A" else "down"
        rec["clues"][direction].append([slot.number, slot.clue])
        rec["answers"][direction].append(slot.answer or "")
    return rec


def checked(rec: dict) -> dict:
    """The record, once it reads as a puzzle with at least one answer (PuzzleError with the reason otherwise)."""
    if not any((rec.get("answers") or {}).values()):
        raise PuzzleError("it has no answers to learn from")
    puzzle_from_record(rec)
    return rec


def json_record(data: bytes, name: str) -> dict:
    """The archive record of a .json file: an NYT day file, an archive record, or an ipuz crossword."""
    try:
        doc = json.loads(data)
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise PuzzleError(f"not valid JSON ({json_problem(err)})") from None
    if not isinstance(doc, dict):
        raise PuzzleError("not a puzzle (the JSON is not an object)")
    if "puzzle" in doc:
        return ipuz_record(data, name)
    return checked(nyt_record(doc, name))


def ipuz_record(data: bytes, name: str) -> dict:
    """The archive record of an .ipuz file, dated by its "date" field (ipuz writes MM/DD/YYYY)."""
    try:
        doc = json.loads(data)
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise PuzzleError(f"not valid JSON ({json_problem(err)})") from None
    date = parse_date(doc.get("date")) if isinstance(doc, dict) else ""
    return puzzle_record(read_ipuz(data, name), date)


def lines_records(data: bytes, name: str) -> tuple[list[dict], list[Skipped]]:
    """The records of an archive JSONL file (gzip or plain), each bad line skipped and named."""
    if name.lower().endswith(".gz"):
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as err:
            raise PuzzleError(f"not a readable gzip file ({err})") from None
    records, skipped = [], []
    for lineno, line in enumerate(data.decode("utf-8", errors="replace").splitlines(), 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
            records.append(checked(nyt_record(rec, name)) if isinstance(rec, dict) else _not_object())
        except json.JSONDecodeError as err:
            skipped.append(Skipped(f"{name} line {lineno}", f"not valid JSON ({err.msg})"))
        except (PuzzleError, TypeError, ValueError, KeyError, IndexError) as err:
            skipped.append(Skipped(f"{name} line {lineno}", str(err)))
    return records, skipped


def _not_object() -> dict:
    """Raise: a JSONL line that is not a JSON object."""
    raise PuzzleError("the line is not a JSON object")


def table_columns(header: list[str], rows: list[list[str]]) -> tuple[int, int, int, bool]:
    """(clue column, answer column, date column or -1, whether the first row is a header) of a clue table.

    Header names like clue / answer / word / date are found in the first row; without them a table of two columns
    is read as clue and answer, the answer being the column whose values are single words. PuzzleError when no
    clue or no answer column can be found.
    """
    names = [h.strip().lower() for h in header]
    clue = next((i for i, h in enumerate(names) if h in CLUE_HEADERS), -1)
    answer = next((i for i, h in enumerate(names) if h in ANSWER_HEADERS), -1)
    date = next((i for i, h in enumerate(names) if h in DATE_HEADERS), -1)
    if clue >= 0 and answer >= 0:
        return clue, answer, date, True
    if clue >= 0 or answer >= 0:
        missing = "answer" if clue >= 0 else "clue"
        raise PuzzleError(f"it has no {missing} column (its columns are: {', '.join(h for h in header if h)})")
    if len(header) != 2:
        raise PuzzleError(f"no clue and answer columns: name them clue and answer in the first row "
                          f"(it has {len(header)} unnamed columns)")
    sample = [header] + rows[:200]
    words = [sum(bool(_LETTERS.match(_answer_letters(r[i]))) and " " not in r[i].strip()
                 for r in sample if len(r) > i) for i in (0, 1)]
    answer = 0 if words[0] > words[1] else 1
    return 1 - answer, answer, -1, False


def _answer_letters(text: str) -> str:
    """An answer as the grid writes it: upper case with spaces, hyphens and apostrophes dropped."""
    return re.sub(r"[\s\-'’.]", "", str(text)).upper()


def table_pairs(data: bytes, name: str) -> tuple[list[Pair], int]:
    """(clue, answer, date) rows of a TSV/CSV clue table, and how many rows had no usable answer."""
    text = data.decode("utf-8-sig", errors="replace")
    delimiter = "\t" if name.lower().endswith(".tsv") or ("\t" in text.split("\n", 1)[0]) else ","
    rows = [r for r in csv.reader(io.StringIO(text), delimiter=delimiter) if any(c.strip() for c in r)]
    if not rows:
        raise PuzzleError("the table is empty")
    clue, answer, date, header = table_columns(rows[0], rows[1:])
    pairs, bad = [], 0
    for row in rows[1:] if header else rows:
        word = _answer_letters(row[answer]) if len(row) > answer else ""
        text_ = row[clue].strip() if len(row) > clue else ""
        if not text_ or not _LETTERS.match(word):
            bad += 1
            continue
        pairs.append((text_, word, parse_date(row[date]) if 0 <= date < len(row) else ""))
    if not pairs:
        raise PuzzleError("no row has both a clue and an answer of letters A to Z")
    return pairs, bad


def source_files(source: ArchiveSource) -> list[tuple[str, object]]:
    """(name, the file's bytes or a Path to read them from) of every file an archive holds, in name order."""
    if isinstance(source, Upload):
        return [(source.name, source.data)]
    if source.is_dir():
        return [(p.relative_to(source).as_posix(), p) for p in sorted(source.rglob("*"))
                if p.is_file() and not any(part.startswith(".") for part in p.relative_to(source).parts)]
    if source.is_file():
        return [(source.name, source)]
    raise FileNotFoundError(f"no file or folder at {source}")


def file_bytes(item: object) -> bytes:
    """A file's bytes (read from disk when given a Path)."""
    if isinstance(item, Path):
        if item.stat().st_size > MAX_FILE_BYTES:
            raise PuzzleError(f"the file is too large ({item.stat().st_size:,} bytes)")
        return item.read_bytes()
    return bytes(item)


def zip_files(data: bytes, name: str) -> list[tuple[str, bytes]]:
    """(name inside the zip, bytes) of every file a .zip holds (hidden files and folders left out)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = [i for i in archive.infolist() if not i.is_dir()
                 and not any(part.startswith((".", "__MACOSX")) for part in PurePosixPath(i.filename).parts)]
        if sum(i.file_size for i in infos) > MAX_FILE_BYTES:
            raise PuzzleError("its files are too large to read")
        return [(f"{name}/{i.filename}", archive.read(i)) for i in sorted(infos, key=lambda i: i.filename)]
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, NotImplementedError) as err:
        raise PuzzleError(f"not a readable zip file ({err})") from None


def read_file(name: str, data: bytes) -> tuple[list[dict], list[Pair], list[Skipped], int]:
    """(records, table pairs, skipped lines, rows with no usable answer) of one file, by its name's ending;
    PuzzleError with the reason when the whole file cannot be used."""
    lower = name.lower()
    if not data:
        raise PuzzleError("the file is empty")
    if lower.endswith(".puz"):
        return [puzzle_record(read_puz(data, PurePosixPath(name).name))], [], [], 0
    if lower.endswith(".ipuz"):
        return [ipuz_record(data, name)], [], [], 0
    if lower.endswith(".json"):
        return [json_record(data, name)], [], [], 0
    if lower.endswith(LINES_SUFFIXES):
        records, skipped = lines_records(data, name)
        if not records and not skipped:
            raise PuzzleError("the file holds no puzzle")
        return records, [], skipped, 0
    if lower.endswith(TABLE_SUFFIXES):
        pairs, bad = table_pairs(data, name)
        return [], pairs, [], bad
    raise PuzzleError("not a crossword file (.puz, .ipuz, .json, .jsonl, .tsv, .csv or .zip)")


def expanded_files(source: ArchiveSource) -> Iterator[tuple[str, object]]:
    """Every file of an archive, the files inside each .zip in place of the zip ((name, PuzzleError) for a zip
    that cannot be opened or holds nothing)."""
    for name, item in source_files(source):
        if not name.lower().endswith(".zip"):
            yield name, item
            continue
        try:
            inner = zip_files(file_bytes(item), name)
        except PuzzleError as err:
            yield name, err
            continue
        if not inner:
            yield name, PuzzleError("the zip file is empty")
        yield from inner


def read_archive(source: ArchiveSource, progress: Progress = no_progress) -> ArchiveRead:
    """Every puzzle and clue pair an archive holds (a folder, a .zip, or one file), each file read on its own: a
    file that cannot be used is skipped and named with its reason (`progress` is told after each file)."""
    files = list(expanded_files(source))
    records, pairs, skipped, bad_rows = [], [], [], 0
    for i, (name, item) in enumerate(files):
        progress(i, len(files), f"reading {name}")
        try:
            if isinstance(item, PuzzleError):
                raise item
            got, table, lines, bad = read_file(name, file_bytes(item))
        except PuzzleError as err:
            skipped.append(Skipped(name, _reason(str(err), name)))
            continue
        except (TypeError, AttributeError, KeyError, IndexError, ValueError, OSError, RecursionError) as err:
            skipped.append(Skipped(name, f"it is malformed ({type(err).__name__}: {err})"))
            continue
        records.extend(got)
        pairs.extend(table)
        skipped.extend(lines)
        bad_rows += bad
    progress(len(files), len(files), "archive read")
    records.sort(key=lambda r: str(r.get("date", "")))
    return ArchiveRead(source_name(source), tuple(records), tuple(pairs), tuple(skipped), len(files), bad_rows)


def _reason(message: str, name: str) -> str:
    """A reader's message without the file's own name in front (the report names the file beside it)."""
    base = PurePosixPath(name).name
    for prefix in (f"{name}: ", f"{base}: "):
        if message.startswith(prefix):
            return message[len(prefix):]
    return message.replace(f"{base} is", "it is", 1) if message.startswith(base) else message


def dated_within(date: str, since: str, until: str) -> bool:
    """Whether a date falls within [since, until] (an undated item falls within any window that has no start)."""
    return not (since and date < since) and not (until and date > until)


def archive_records(archive: ArchiveRead, since: str = "", until: str = "") -> list[dict]:
    """The archive's puzzle records dated within [since, until], oldest first."""
    return [r for r in archive.records if dated_within(str(r.get("date", "")), since, until)]


def archive_table_pairs(archive: ArchiveRead, since: str = "", until: str = "") -> list[tuple[str, str]]:
    """The (clue, answer) rows of the archive's clue tables dated within [since, until]."""
    return [(clue, answer) for clue, answer, date in archive.pairs if dated_within(date, since, until)]


def report_sentence(archive: ArchiveRead) -> str:
    """One plain sentence: puzzles and clue pairs read, how many carry dates, and how many files were skipped."""
    items = archive.puzzles + len(archive.pairs)
    dated = ("none of them dated" if not archive.dated else "all of them dated" if archive.dated == items
             else f"{archive.dated:,} of them dated")
    puzzles = f"{archive.puzzles:,} puzzle{'s' if archive.puzzles != 1 else ''} and " if archive.puzzles else ""
    read = (f"Read {puzzles}{archive.clue_pairs:,} clue-answer pair{'s' if archive.clue_pairs != 1 else ''} "
            f"from {archive.files:,} file{'s' if archive.files != 1 else ''} ({dated})")
    skipped = len(archive.skipped)
    rows = (f"; {archive.rows_skipped:,} table row{' has' if archive.rows_skipped == 1 else 's have'} no usable answer"
            if archive.rows_skipped else "")
    return f"{read}; {skipped:,} skipped{rows}." if skipped else f"{read}{rows}."
