"""Readers for the archive's JSONL records, Across Lite .puz (puzpy) and .ipuz (JSON) files."""
from __future__ import annotations

import gzip
import html
import json
import re
from pathlib import Path
from typing import Iterator

from core.crossword.puzzle import BLOCK, Puzzle, PuzzleError, block_set, build_puzzle

MAX_PUZZLE_BYTES = 5 * 1024 * 1024
_TAG = re.compile(r"<[^>]+>")
_LETTERS = re.compile(r"^[A-Z]+$")
# why a puzzle has no solution to score against (each is one of the puzzle's `gimmick` reasons)
LOCKED = "locked (scrambled) solution"
NO_SOLUTION = "no solution"
BLANK_CELLS = "blank cells in the solution"
_UNSCORABLE = {
    LOCKED: "This .puz has a locked (scrambled) solution, so the fill cannot be checked.",
    BLANK_CELLS: "This puzzle's solution has blank cells, so the fill cannot be scored.",
    NO_SOLUTION: "This puzzle has no solution, so the fill cannot be scored.",
}


def clean_clue(text: object) -> str:
    """Clue text with HTML entities decoded, tags removed and spaces squeezed."""
    text = html.unescape(_TAG.sub("", str(text or "")))
    return " ".join(text.split())


def puzzle_from_record(rec: dict, source: str = "archive", locked: bool = False) -> Puzzle:
    """A Puzzle from one archive record (grid rows, gridnums, clues, answers); `locked`: its letters are scrambled."""
    if not isinstance(rec, dict):
        raise PuzzleError("a puzzle record must be a JSON object")
    for key in ("grid", "clues"):
        if key not in rec:
            raise PuzzleError(f"the record has no {key!r} field")
    grid = rec["grid"]
    if not isinstance(grid, list) or not grid or not all(isinstance(r, str) for r in grid):
        raise PuzzleError("'grid' must be a non-empty list of row strings")
    rows, cols = len(grid), len(grid[0])
    if any(len(r) != cols for r in grid):
        lens = sorted({len(r) for r in grid})
        raise PuzzleError(f"the grid's rows differ in length ({', '.join(map(str, lens))})")
    if rec.get("rows") not in (None, rows) or rec.get("cols") not in (None, cols):
        raise PuzzleError(f"the record says {rec.get('rows')}x{rec.get('cols')} but the grid is {rows}x{cols}")
    blocks = block_set(grid)
    clues, answers = {}, {}
    for direction, d in (("across", "A"), ("down", "D")):
        items = (rec.get("clues") or {}).get(direction, [])
        ans = (rec.get("answers") or {}).get(direction, [None] * len(items))
        if len(ans) != len(items):
            raise PuzzleError(f"{direction}: {len(items)} clues but {len(ans)} answers")
        for item, answer in zip(items, ans):
            number, text = _numbered_clue(item)
            clues[f"{number}{d}"] = clean_clue(text)
            if answer is not None:
                answers[f"{number}{d}"] = str(answer).upper()
    rebus = {}
    for k, v in (rec.get("rebus") or {}).items():
        idx = int(k)
        rebus[(idx // cols, idx % cols)] = str(v).upper()
    solution = {(r, c): ch.upper() for r, row in enumerate(grid) for c, ch in enumerate(row) if ch != BLOCK}
    unsolved = _missing_solution(solution, locked)
    puzzle = build_puzzle(rows, cols, blocks, clues, answers, None if unsolved else solution, rebus=rebus,
                          title=str(rec.get("title", "")), date=str(rec.get("date", "")),
                          weekday=str(rec.get("dow", "")), source=source)
    if puzzle.solution and any(s.answer is None for s in puzzle.slots.values()):
        from dataclasses import replace

        slots = {k: s if s.answer is not None else replace(s, answer="".join(puzzle.solution[c] for c in s.cells))
                 for k, s in puzzle.slots.items()}
        puzzle = replace(puzzle, slots=slots)
    return _flag_gimmick(puzzle, unsolved)


def _missing_solution(solution: dict, locked: bool) -> str:
    """Why the grid's letters are no solution (LOCKED, NO_SOLUTION, BLANK_CELLS), or "" when they are one."""
    if locked:
        return LOCKED
    blank = sum(1 for ch in solution.values() if not ch.strip())
    if not blank:
        return ""
    return NO_SOLUTION if blank == len(solution) else BLANK_CELLS


def unscorable_reason(puzzle: Puzzle) -> str:
    """A sentence saying why a fill of the puzzle cannot be scored, or "" when it can."""
    if puzzle.has_solution:
        return ""
    reasons = puzzle.gimmick.split("; ")
    return next((text for reason, text in _UNSCORABLE.items() if reason in reasons), _UNSCORABLE[NO_SOLUTION])


def _numbered_clue(item) -> tuple[int, str]:
    """(number, text) from [num, text] or {"number":..., "clue":...} or "12. text"."""
    if isinstance(item, dict):
        number, text = item.get("number"), item.get("clue", item.get("text", ""))
    elif isinstance(item, (list, tuple)) and len(item) >= 2:
        number, text = item[0], item[1]
    elif isinstance(item, str) and re.match(r"^\s*\d+", item):
        m = re.match(r"^\s*(\d+)\W*\s*(.*)$", item)
        number, text = m.group(1), m.group(2)
    else:
        raise PuzzleError(f"cannot read clue {str(item)[:40]!r}: expected [number, text]")
    try:
        return int(str(number).strip()), str(text)
    except ValueError:
        raise PuzzleError(f"clue number {number!r} is not a number") from None


def _flag_gimmick(puzzle: Puzzle, unsolved: str = "") -> Puzzle:
    """The puzzle with `gimmick` set when a missing solution, rebus cells or answers that differ from the grid make
    plain scoring wrong (`unsolved`: why the solution is missing)."""
    from dataclasses import replace

    reasons = []
    if puzzle.rebus:
        reasons.append(f"{len(puzzle.rebus)} rebus cell(s)")
    if puzzle.solution is None:
        reasons.append(unsolved or NO_SOLUTION)
    elif any(not _LETTERS.match(ch) for ch in puzzle.solution.values()):
        reasons.append("non-letter cells")
    if puzzle.solution:
        differ = [s.name for s in puzzle.slots.values()
                  if s.answer is not None and s.answer != "".join(puzzle.solution[c] for c in s.cells)]
        if differ:
            reasons.append(f"answers differ from the grid in {', '.join(differ[:4])}{'…' if len(differ) > 4 else ''}")
    return replace(puzzle, gimmick="; ".join(reasons)) if reasons else puzzle


def iter_archive(path: str | Path, since: str = "", until: str = "") -> Iterator[dict]:
    """The raw archive records (JSON objects) dated within [since, until], read line by line (gzip or plain)."""
    path = Path(path)
    if not path.exists():
        raise FileNotFoundError(f"no archive at {path}")
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as err:
                raise PuzzleError(f"{path.name} line {lineno}: not valid JSON ({err.msg})") from None
            date = str(rec.get("date", ""))
            if since and date < since:
                continue
            if until and date > until:
                continue
            yield rec


def read_puz(data: bytes, name: str = "upload.puz") -> Puzzle:
    """A Puzzle from Across Lite .puz bytes (via puzpy)."""
    import puz

    try:
        p = puz.load(data)
    except Exception as err:  # puzpy raises several kinds on corrupt input
        raise PuzzleError(f"{name} is not a puzzle we can read: it is damaged or not an Across Lite .puz file. "
                          "Try saving it again from the program that made it, or upload an .ipuz file.") from None
    rows, cols = p.height, p.width
    if rows <= 0 or cols <= 0 or len(p.solution) != rows * cols:
        raise PuzzleError(f"{name}: the grid is truncated ({len(p.solution)} cells for {rows}x{cols})")
    locked = p.is_solution_locked()  # the letters are scrambled: keep the blocks, drop the letters
    letters = "".join(ch if ch == BLOCK or not locked else " " for ch in p.solution)
    grid = [letters[r * cols:(r + 1) * cols] for r in range(rows)]
    from core.crossword.puzzle import numbered_slots

    runs = sorted(numbered_slots(rows, cols, block_set(grid)), key=lambda t: (t[0], t[1]))
    if len(runs) != len(p.clues):
        raise PuzzleError(f"{name}: {len(p.clues)} clues for {len(runs)} slots in the grid")
    rec = {"grid": grid, "title": p.title, "clues": {"across": [], "down": []}}
    for (number, d, _), text in zip(runs, p.clues):
        rec["clues"]["across" if d == "A" else "down"].append([number, text])
    if p.has_rebus():
        rebus = p.rebus()
        rec["rebus"] = {str(i): rebus.get_rebus_solution(i) for i in rebus.get_rebus_squares()}
    return puzzle_from_record(rec, source=name, locked=locked)


def json_problem(err: ValueError) -> str:
    """What is wrong with a file that is not valid JSON, in a few words (the parser's message, or the bad bytes')."""
    return err.msg if isinstance(err, json.JSONDecodeError) else str(err)


def read_ipuz(data: bytes | str, name: str = "upload.ipuz") -> Puzzle:
    """A Puzzle from .ipuz JSON (dimensions, puzzle grid, solution, Across/Down clues)."""
    try:
        doc = json.loads(data)
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise PuzzleError(f"{name}: not valid JSON ({json_problem(err)})") from None
    if not isinstance(doc, dict) or "puzzle" not in doc:
        raise PuzzleError(f"{name}: not an ipuz crossword (no 'puzzle' grid)")
    block = str(doc.get("block", "#"))
    grid_in = doc["puzzle"]
    sol_in = doc.get("solution")
    if not isinstance(grid_in, list) or not grid_in or not all(isinstance(r, list) for r in grid_in):
        raise PuzzleError(f"{name}: 'puzzle' must be a list of rows")
    cols = len(grid_in[0])
    if any(len(r) != cols for r in grid_in):
        raise PuzzleError(f"{name}: the grid's rows differ in length")
    dims = doc.get("dimensions") or {}
    if dims and (dims.get("height") != len(grid_in) or dims.get("width") != cols):
        raise PuzzleError(f"{name}: dimensions {dims.get('width')}x{dims.get('height')} do not match the grid")
    if sol_in is not None and (len(sol_in) != len(grid_in) or any(len(r) != cols for r in sol_in)):
        raise PuzzleError(f"{name}: the solution grid does not match the puzzle grid")
    rows = []
    for r, row in enumerate(grid_in):
        chars = []
        for c, cell in enumerate(row):
            value = cell.get("cell") if isinstance(cell, dict) else cell
            if value is None or str(value) == block:
                chars.append(BLOCK)
                continue
            letter = sol_in[r][c] if sol_in is not None else None
            letter = letter.get("value") if isinstance(letter, dict) else letter
            chars.append(str(letter)[0].upper() if letter and str(letter) != block else " ")
        rows.append("".join(chars))
    clues_in = doc.get("clues") or {}
    rec = {"grid": rows, "title": doc.get("title", ""), "clues": {"across": [], "down": []}, "rebus": {}}
    for key, items in clues_in.items():
        d = key.split(":")[0].strip().lower()
        if d not in ("across", "down"):
            continue
        rec["clues"][d] = [_ipuz_clue(item) for item in items]
    if sol_in is not None:
        for r, row in enumerate(sol_in):
            for c, v in enumerate(row):
                v = v.get("value") if isinstance(v, dict) else v
                if isinstance(v, str) and len(v) > 1 and v != block:
                    rec["rebus"][str(r * cols + c)] = v
    return puzzle_from_record(rec, source=name)


def _ipuz_clue(item):
    """An ipuz clue ([num, text], {"number","clue"}) as [num, text]."""
    if isinstance(item, dict):
        return [item.get("number"), item.get("clue", "")]
    return item


def read_puzzle_file(data: bytes, name: str) -> Puzzle:
    """A Puzzle from uploaded bytes, by extension: .puz, .ipuz, .json (ipuz or an archive record)."""
    try:
        return _read_puzzle_file(data, name)
    except PuzzleError:
        raise
    except (TypeError, AttributeError, KeyError, IndexError, ValueError) as err:
        raise PuzzleError(f"{name}: malformed puzzle ({type(err).__name__}: {err})") from None


def _read_puzzle_file(data: bytes, name: str) -> Puzzle:
    """read_puzzle_file without the catch-all."""
    if len(data) > MAX_PUZZLE_BYTES:
        raise PuzzleError(f"{name}: file too large ({len(data):,} bytes)")
    if not data:
        raise PuzzleError(f"{name}: the file is empty")
    lower = name.lower()
    if lower.endswith(".puz"):
        return read_puz(data, name)
    if lower.endswith((".ipuz", ".json", ".jsonl")):
        try:
            doc = json.loads(data.decode("utf-8").splitlines()[0] if lower.endswith(".jsonl") else data)
        except (json.JSONDecodeError, UnicodeDecodeError) as err:
            raise PuzzleError(f"{name}: not valid JSON ({json_problem(err)})") from None
        if isinstance(doc, dict) and "puzzle" in doc:
            return read_ipuz(data, name)
        return puzzle_from_record(doc, source=name)
    raise PuzzleError(f"{name}: unknown puzzle format (use .puz, .ipuz or .json)")


def puzzle_to_ipuz(puzzle: Puzzle) -> dict:
    """The puzzle as an ipuz JSON document (solution included when known)."""
    grid, sol = [], []
    for r in range(puzzle.rows):
        grow, srow = [], []
        for c in range(puzzle.cols):
            if (r, c) in puzzle.blocks:
                grow.append("#")
                srow.append("#")
            else:
                grow.append(puzzle.numbers.get((r, c), 0))
                srow.append((puzzle.solution or {}).get((r, c)))
        grid.append(grow)
        sol.append(srow)
    doc = {"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/crossword#1"], "title": puzzle.title,
           "dimensions": {"width": puzzle.cols, "height": puzzle.rows}, "puzzle": grid,
           "clues": {"Across": [[s.number, s.clue] for s in puzzle.slots.values() if s.direction == "A"],
                     "Down": [[s.number, s.clue] for s in puzzle.slots.values() if s.direction == "D"]}}
    if puzzle.solution:
        doc["solution"] = sol
    return doc

