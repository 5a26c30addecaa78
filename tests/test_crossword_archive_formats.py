"""Your own archive: folders and zips of .puz / .ipuz / NYT JSON files and clue tables read into the archive's
records, dated where the files say, every broken file named and skipped, and learned as the NYT archive is."""
import io
import json
import zipfile
from pathlib import Path

import pytest

from core.crossword.archives import (Upload, archive_records, parse_date, read_archive, report_sentence,
                                     table_pairs)
from core.crossword.data import file_hash, training_table
from core.crossword.puzzle import PuzzleError

# a 3x3 word square: across BAT ORE WED, down BOW ARE TED
ACROSS = {1: ("Cricket need", "BAT"), 4: ("Mined rock", "ORE"), 5: ("Got married", "WED")}
DOWN = {1: ("Archer's weapon", "BOW"), 2: ("Exist", "ARE"), 3: ("Talk giver, informally", "TED")}


def puz_bytes(tmp_path: Path, title: str = "Square") -> bytes:
    """A .puz file of the word square, written by puzpy."""
    import puz

    p = puz.Puzzle()
    p.width = p.height = 3
    p.solution = "BATOREWED"
    p.fill = "-" * 9
    p.title = title
    order = [(1, "A"), (1, "D"), (2, "D"), (3, "D"), (4, "A"), (5, "A")]
    p.clues = [(ACROSS if d == "A" else DOWN)[n][0] for n, d in order]
    path = tmp_path / f"{title}.puz"
    p.save(str(path))
    return path.read_bytes()


def nyt_day(date: str, dow: str = "") -> dict:
    """The word square as an NYT JSON day file (flat grid, size, "1. text" clues, M/D/YYYY date)."""
    doc = {"answers": {"across": [a for _, a in ACROSS.values()], "down": [a for _, a in DOWN.values()]},
           "clues": {"across": [f"{n}. {c}" for n, (c, _) in ACROSS.items()],
                     "down": [f"{n}. {c}" for n, (c, _) in DOWN.items()]},
           "date": date, "grid": list("BATOREWED"), "gridnums": [1, 2, 3, 4, 0, 0, 5, 0, 0],
           "size": {"cols": 3, "rows": 3}, "title": "NY TIMES"}
    if dow:
        doc["dow"] = dow
    return doc


def ipuz_doc(date: str = "") -> dict:
    """The word square as an ipuz document."""
    doc = {"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/crossword#1"],
           "dimensions": {"width": 3, "height": 3}, "puzzle": [[1, 2, 3], [4, 0, 0], [5, 0, 0]],
           "solution": [list("BAT"), list("ORE"), list("WED")],
           "clues": {"Across": [[n, c] for n, (c, _) in ACROSS.items()],
                     "Down": [[n, c] for n, (c, _) in DOWN.items()]}}
    if date:
        doc["date"] = date
    return doc


def write(folder: Path, files: dict[str, bytes | str]) -> Path:
    """Write {relative name: content} under a folder."""
    for name, content in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    return folder


def zipped(files: dict[str, bytes | str]) -> bytes:
    """A .zip holding the files."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, content in files.items():
            z.writestr(name, content)
    return buf.getvalue()


def square_pairs(records) -> set:
    """(clue, answer) of every clue in the records."""
    return {(c[1], a) for r in records for d in ("across", "down") for c, a in zip(r["clues"][d], r["answers"][d])}


EXPECTED = {(c, a) for c, a in [*ACROSS.values(), *DOWN.values()]}


def test_puz_files_written_by_puzpy_become_puzzles_with_their_answers(tmp_path):
    folder = write(tmp_path / "mine", {"a.puz": puz_bytes(tmp_path, "one"), "sub/b.puz": puz_bytes(tmp_path, "two")})
    got = read_archive(folder)
    assert (got.puzzles, got.clue_pairs, got.skipped, got.files, got.dated) == (2, 12, (), 2, 0)
    assert square_pairs(got.records) == EXPECTED
    assert [r["date"] for r in got.records] == ["", ""]  # a .puz carries no date field


def test_the_nyt_json_layout_is_read_with_dates_and_weekdays(tmp_path):
    folder = write(tmp_path / "nyt", {"2012/01/02.json": json.dumps(nyt_day("1/2/2012", "Monday")),
                                      "2012/01/07.json": json.dumps(nyt_day("1/7/2012")),
                                      "2013/05/06.json": json.dumps({**nyt_day(""), "date": None})})
    got = read_archive(folder)
    assert [(r["date"], r["dow"]) for r in got.records] == [("2012-01-02", "Monday"), ("2012-01-07", "Saturday"),
                                                           ("2013-05-06", "Monday")]  # the last dated by its path
    assert square_pairs(got.records) == EXPECTED and got.clue_pairs == 18
    assert [r["date"] for r in archive_records(got, "2012-01-05", "2012-12-31")] == ["2012-01-07"]


def test_ipuz_files_are_dated_by_their_date_field(tmp_path):
    folder = write(tmp_path / "ipuz", {"dated.ipuz": json.dumps(ipuz_doc("03/04/2012")), "undated.ipuz": json.dumps(ipuz_doc())})
    got = read_archive(folder)
    assert sorted(r["date"] for r in got.records) == ["", "2012-03-04"]
    assert square_pairs(got.records) == EXPECTED


@pytest.mark.parametrize("name,text,pairs", [
    ("named.tsv", "clue\tanswer\nOpera solo\taria\nNot early\tLATE\n", [("Opera solo", "ARIA", ""), ("Not early", "LATE", "")]),
    ("answer_first.csv", "Answer,Clue,Date\nARIA,Opera solo,2012-01-02\n\"ICE CREAM\",\"Cone filler, often\",1/3/2012\n",
     [("Opera solo", "ARIA", "2012-01-02"), ("Cone filler, often", "ICECREAM", "2012-01-03")]),
    ("word_header.tsv", "word\tclue\nARIA\tOpera solo\n", [("Opera solo", "ARIA", "")]),
    ("two_columns_answer_first.tsv", "ARIA\tOpera solo\nLATE\tNot early\n",
     [("Opera solo", "ARIA", ""), ("Not early", "LATE", "")]),
    ("two_columns_clue_first.csv", "Opera solo,ARIA\nNot early,LATE\n", [("Opera solo", "ARIA", ""), ("Not early", "LATE", "")]),
])
def test_clue_tables_find_their_clue_and_answer_columns(name, text, pairs):
    assert table_pairs(text.encode(), name)[0] == pairs


def test_table_rows_without_a_usable_answer_are_counted_not_learned():
    pairs, bad = table_pairs(b"clue\tanswer\nOpera solo\tARIA\nA number\t42\nNo answer\t\n", "t.tsv")
    assert (pairs, bad) == ([("Opera solo", "ARIA", "")], 2)


BROKEN = {
    "truncated.puz": ("truncated", "damaged or not an Across Lite .puz file"),
    "bad.json": (b'{"grid": ["AB", ', "not valid JSON"),
    "no_answer.tsv": (b"clue\tnotes\nOpera solo\tshort\n", "no answer column"),
    "empty.zip": (zipped({}), "the zip file is empty"),
    "notes.txt": (b"hello", "not a crossword file"),
    "locked.ipuz": (json.dumps({k: v for k, v in ipuz_doc().items() if k != "solution"}).encode(), "no solution"),
}


@pytest.mark.parametrize("broken", list(BROKEN))
def test_a_broken_file_is_named_and_skipped_and_the_good_ones_kept(tmp_path, broken):
    content, reason = BROKEN[broken]
    if content == "truncated":
        content = puz_bytes(tmp_path)[:60]
    folder = write(tmp_path / "mixed", {"good.puz": puz_bytes(tmp_path), broken: content})
    got = read_archive(folder)
    assert got.puzzles == 1 and square_pairs(got.records) == EXPECTED
    assert [s.name for s in got.skipped] == [broken] and reason in got.skipped[0].reason, got.skipped
    assert broken not in report_sentence(got) and "1 skipped" in report_sentence(got)


def test_a_zip_upload_reads_as_the_same_files_in_a_folder(tmp_path):
    files = {"2012/01/02.json": json.dumps(nyt_day("1/2/2012")), "x.puz": puz_bytes(tmp_path),
             "pairs.tsv": "clue\tanswer\nOpera solo\tARIA\n", "broken.json": "{"}
    folder, upload = read_archive(write(tmp_path / "f", files)), read_archive(Upload("mine.zip", zipped(files)))
    assert (upload.puzzles, upload.clue_pairs, len(upload.skipped)) == (folder.puzzles, folder.clue_pairs, 1) == (2, 13, 1)
    assert upload.skipped[0].name == "mine.zip/broken.json"
    assert report_sentence(upload) == ("Read 2 puzzles and 13 clue-answer pairs from 4 files (1 of them dated); "
                                       "1 skipped.")


def test_a_jsonl_archive_keeps_its_good_lines_and_names_the_bad_one(tmp_path):
    good = json.dumps({"date": "2012-01-02", "grid": ["BAT", "ORE", "WED"],
                       "clues": {"across": [[n, c] for n, (c, _) in ACROSS.items()],
                                 "down": [[n, c] for n, (c, _) in DOWN.items()]},
                       "answers": {"across": [a for _, a in ACROSS.values()], "down": [a for _, a in DOWN.values()]}})
    got = read_archive(write(tmp_path / "j", {"mine.jsonl": f"{good}\nnot json\n"}))
    assert got.puzzles == 1 and [s.name for s in got.skipped] == ["mine.jsonl line 2"]
    assert got.records[0]["dow"] == "Monday"


@pytest.mark.parametrize("text,date", [("2013-12-31", "2013-12-31"), ("12/31/2013", "2013-12-31"),
                                       ("1/2/2012", "2012-01-02"), ("2012/01/02", "2012-01-02"), ("soon", ""), ("", "")])
def test_dates_read_in_the_layouts_puzzle_files_use(text, date):
    assert parse_date(text) == date


def test_a_folder_archive_is_hashed_and_learned_without_a_traceback(tmp_path):
    folder = write(tmp_path / "arch", {"2009/01/05.json": json.dumps(nyt_day("1/5/2009")), "x.puz": puz_bytes(tmp_path),
                                       "pairs.tsv": "clue\tanswer\tdate\nOpera solo\tARIA\t2012-02-02\n"})
    key = file_hash(folder)  # a folder was an IsADirectoryError before 2026-11-29
    table = training_table(folder, until="2010-12-31")
    assert ("opera solo" in table.clues) is False and "BOW" in table.answers  # the 2012 row is after the split
    everything = training_table(folder, until="")
    assert "ARIA" in everything.answers and everything.n_pairs == 13  # two squares and one table row
    write(folder, {"pairs.tsv": "clue\tanswer\tdate\nOpera solo\tSOLO\t2012-02-02\n"})
    assert file_hash(folder) != key and "SOLO" in training_table(folder, until="").answers  # keyed by content


def test_an_archive_with_nothing_to_learn_says_so(tmp_path):
    folder = write(tmp_path / "none", {"notes.txt": "hello"})
    with pytest.raises(PuzzleError, match="no clue-answer pairs"):
        training_table(folder, until="")


# ---------------------------------------------------------------- the command lines take --train PATH


def test_the_benchmark_takes_a_folder_and_says_when_it_has_nothing_in_the_dates(tmp_path, capsys):
    from core.bench.cli import main

    folder = write(tmp_path / "later", {"2012/01/02.json": json.dumps(nyt_day("1/2/2012"))})
    assert main(["crossword", "--train", str(folder), "--quiet", "--solver", "best", "--guesser", "none"]) == 2
    err = capsys.readouterr().err
    assert "later has no clue-answer pairs in these dates to learn from" in err and "Traceback" not in err


def test_the_benchmark_names_a_missing_archive(tmp_path, capsys):
    from core.bench.cli import main

    assert main(["crossword", "--train", str(tmp_path / "nowhere"), "--quiet"]) == 2
    assert "no such file or folder" in capsys.readouterr().err


@pytest.mark.parametrize("files,message", [
    (None, "There is no file or folder at"),
    ({"notes.txt": "hello"}, "Nothing to learn from junk: junk has no clue-answer pairs to learn from."),
])
def test_the_look_up_takes_your_own_archive_and_says_what_is_wrong(tmp_path, capsys, files, message):
    from core.crossword.lookup import main

    path = write(tmp_path / "junk", files) if files else tmp_path / "junk"
    assert main(["Opera solo", "4", "--train", str(path)]) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("files,sentence", [
    ({"t.tsv": "clue\tanswer\tdate\nOpera solo\tARIA\t2012-01-02\nA number\t42\t\n"},
     "Read 1 clue-answer pair from 1 file (all of them dated); 1 table row has no usable answer."),
    ({"a.ipuz": json.dumps(ipuz_doc("01/02/2012")), "b.ipuz": json.dumps(ipuz_doc())},
     "Read 2 puzzles and 12 clue-answer pairs from 2 files (1 of them dated)."),
    ({"x.txt": "hello"}, "Read 0 clue-answer pairs from 1 file (none of them dated); 1 skipped."),
])
def test_the_report_says_what_was_read_in_one_sentence(tmp_path, files, sentence):
    assert report_sentence(read_archive(write(tmp_path / "r", files))) == sentence


def test_reading_an_archive_moves_one_bar_from_empty_to_full(tmp_path):
    folder = write(tmp_path / "bar", {f"{i}.puz": puz_bytes(tmp_path, str(i)) for i in range(3)})
    reports = []
    training_table(folder, until="", progress=lambda d, n, m="": reports.append((d, n)))
    assert reports[0] == (0, 2000) and reports[-1] == (2000, 2000)
    assert all(isinstance(d, int) and d <= n == 2000 for d, n in reports)
    assert [d for d, _ in reports] == sorted(d for d, _ in reports) and len(reports) >= 6  # a step per file
