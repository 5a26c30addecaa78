"""Write sample "own archives" from the NYT archive in every format the lab reads, then time reading each.

From the archive's puzzles in a date range it writes, under --out (outside the repo; the puzzles are the NYT's and
stay on this machine): a folder of NYT JSON day files (YYYY/MM/DD.json, flat grid, "1. text" clues, M/D/YYYY
dates), a folder of .puz files (puzpy), a folder of .ipuz files (dated), a clue table (clue, answer, date TSV), and
a .zip of the JSON folder; each folder also gets two broken files (a truncated .puz, a bad JSON file). Then it reads
each with core.crossword.archives.read_archive and prints one JSON line per format: puzzles, clue pairs, files
skipped, seconds (added 2026-11-29):

    nice -n 10 .venv/bin/python -m research.crossword.own_archive --out "$(mktemp -d)" --since 2009-01-01 \
        --until 2012-12-31
"""
from __future__ import annotations

import argparse
import json
import shutil
import time
from pathlib import Path

from core.crossword.archives import read_archive, report_sentence
from core.crossword.data import archive_path
from core.crossword.readers import iter_archive, puzzle_from_record, puzzle_to_ipuz
from core.crossword.puzzle import PuzzleError


def day_file(rec: dict) -> dict:
    """An archive record in the NYT JSON day file's layout (flat grid, size, "1. text" clues, M/D/YYYY date)."""
    y, m, d = rec["date"].split("-")
    cells = [ch for row in rec["grid"] for ch in row]
    for k, v in (rec.get("rebus") or {}).items():
        cells[int(k)] = v
    return {"answers": rec["answers"], "author": rec.get("author", ""), "date": f"{int(m)}/{int(d)}/{y}",
            "dow": rec.get("dow", ""), "editor": rec.get("editor", ""), "grid": cells, "gridnums": rec.get("gridnums"),
            "size": {"cols": rec["cols"], "rows": rec["rows"]}, "title": rec.get("title", ""),
            "clues": {d: [f"{n}. {t}" for n, t in rec["clues"][d]] for d in ("across", "down")}}


def puz_bytes(rec: dict, folder: Path) -> bytes:
    """The puzzle as an Across Lite .puz file written by puzpy (rebus squares keep their first letter)."""
    import puz

    p = puzzle_from_record(rec)
    out = puz.Puzzle()
    out.width, out.height = p.cols, p.rows
    out.solution = "".join("." if (r, c) in p.blocks else (p.solution or {}).get((r, c), "X")[:1]
                           for r in range(p.rows) for c in range(p.cols))
    out.fill = "".join("." if ch == "." else "-" for ch in out.solution)
    out.title = p.title
    slots = sorted(p.slots.values(), key=lambda s: (s.number, s.direction))
    out.clues = [s.clue for s in slots]
    path = folder / "tmp.puz"
    out.save(str(path))
    return path.read_bytes()


def write_samples(out: Path, since: str, until: str) -> dict[str, Path]:
    """Write the sample archives; {format: path}."""
    records = list(iter_archive(archive_path(), since, until))
    paths = {"nyt-json": out / "nyt_json", "puz": out / "puz", "ipuz": out / "ipuz"}
    for folder in paths.values():
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "broken.json").write_text('{"grid": ["AB", ', encoding="utf-8")
    rows = ["clue\tanswer\tdate"]
    for rec in records:
        y, m, d = rec["date"].split("-")
        day = paths["nyt-json"] / y / m / f"{d}.json"
        day.parent.mkdir(parents=True, exist_ok=True)
        day.write_text(json.dumps(day_file(rec)), encoding="utf-8")
        try:
            puzzle = puzzle_from_record(rec)
            (paths["puz"] / f"{rec['date']}.puz").write_bytes(puz_bytes(rec, out))
            doc = {**puzzle_to_ipuz(puzzle), "date": f"{m}/{d}/{y}"}
            (paths["ipuz"] / f"{rec['date']}.ipuz").write_text(json.dumps(doc), encoding="utf-8")
        except (PuzzleError, ValueError, KeyError):
            pass  # a puzzle puzpy cannot write: left out of the .puz and .ipuz samples
        for direction in ("across", "down"):
            for (_, clue), answer in zip(rec["clues"][direction], rec["answers"][direction]):
                rows.append(f"{' '.join(str(clue).split())}\t{answer}\t{rec['date']}")
    truncated = next(paths["puz"].glob("*.puz")).read_bytes()[:100]
    for folder in paths.values():
        (folder / "truncated.puz").write_bytes(truncated)
    paths["tsv"] = out / "pairs.tsv"
    paths["tsv"].write_text("\n".join(rows) + "\n", encoding="utf-8")
    paths["zip"] = Path(shutil.make_archive(str(out / "nyt_json"), "zip", paths["nyt-json"]))
    (out / "tmp.puz").unlink(missing_ok=True)
    return paths


def main(argv: list[str] | None = None) -> int:
    """Write the samples, read each, print one JSON line per format."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True, help="an empty folder outside the repo")
    parser.add_argument("--since", default="2009-01-01")
    parser.add_argument("--until", default="2012-12-31")
    parser.add_argument("--tables", action="store_true",
                        help="also time building each one's clue table from its files (use an empty WORDLAB_CACHE)")
    parser.add_argument("--existing", action="store_true", help="read the samples already under --out")
    args = parser.parse_args(argv)
    out = Path(args.out)
    samples = ({"nyt-json": out / "nyt_json", "puz": out / "puz", "ipuz": out / "ipuz", "tsv": out / "pairs.tsv",
                "zip": out / "nyt_json.zip"} if args.existing else write_samples(out, args.since, args.until))
    for fmt, path in samples.items():
        start = time.monotonic()
        got = read_archive(path)
        seconds = time.monotonic() - start
        print(json.dumps({"format": fmt, "files": got.files, "puzzles": got.puzzles, "clue_pairs": got.clue_pairs,
                          "dated": got.dated, "skipped": [[s.name, s.reason] for s in got.skipped],
                          "rows_skipped": got.rows_skipped, "seconds": round(seconds, 1),
                          "report": report_sentence(got), **(table_figures(path) if args.tables else {})}))
    return 0


def table_figures(path: Path) -> dict:
    """Seconds to build the archive's clue table from its files, with its pairs and distinct clues and answers."""
    from core.crossword.data import training_table

    start = time.monotonic()
    table = training_table(path, until="")
    return {"table_seconds": round(time.monotonic() - start, 1), "table_pairs": table.n_pairs,
            "table_clues": len(table.clues), "table_answers": len(table.answers)}


if __name__ == "__main__":
    raise SystemExit(main())
