"""AppTest: the Crosswords page reads your own archive (a typed path or an upload) with a report, and makes it a
clue database in the sidebar."""
from __future__ import annotations

import time
from pathlib import Path

from streamlit.testing.v1 import AppTest

from tests.test_crossword_archive_formats import puz_bytes, write, zipped

PAGE = str(Path(__file__).resolve().parent.parent / "pages" / "5_Crosswords.py")
READY_WAIT = 900  # seconds the own archive's database may take to prepare on a busy machine


def page() -> AppTest:
    """A fresh visit to the Crosswords page."""
    at = AppTest.from_file(PAGE, default_timeout=300)
    at.run()
    assert not at.exception, at.exception
    return at


def skipped_names(at: AppTest) -> list[str]:
    """The names of the skipped files the report lists (bold at the start of each line)."""
    text = next((m.value for m in at.markdown if m.value.startswith("- **")), "")
    return [line[4:line.index("**", 4)].replace("\\", "") for line in text.split("\n") if line.startswith("- **")]


def read_path(at: AppTest, path: str) -> AppTest:
    """Type a path into the own-archive panel and press Read."""
    at.text_input(key="cw_own_path").input(path).run()
    at.button(key="cw_own_read").click().run()
    assert not at.exception, at.exception
    return at


def test_a_typed_folder_is_read_with_its_report_and_becomes_the_clue_database(tmp_path):
    folder = write(tmp_path / "my puzzles", {"a.puz": puz_bytes(tmp_path, "a"), "b.puz": puz_bytes(tmp_path, "b"),
                                             "cut.puz": puz_bytes(tmp_path, "c")[:60], "bad.json": "{"})
    at = read_path(page(), str(folder))
    assert [s.value for s in at.success if s.value.startswith("Read ")] == ["Read 2 puzzles and 12 clue-answer pairs from 4 files (none of them "
                                             "dated); 2 skipped."]
    assert skipped_names(at) == ["bad.json", "cut.puz"]
    assert any("- **bad.json**: not valid JSON" in m.value for m in at.markdown)
    assert at.sidebar.radio(key="cw_db").value == "Your own archive: my puzzles"
    deadline = time.monotonic() + READY_WAIT
    while not any("clue-answer pairs" in c.value for c in at.sidebar.caption):
        assert not at.exception and not at.error, (at.exception, [e.value for e in at.error])
        assert any(b.text.startswith("Preparing your own archive (my puzzles)") for b in at.progress), \
            [b.text for b in at.progress]
        assert time.monotonic() < deadline, [b.text for b in at.progress]
        time.sleep(1.0)
        at.run()
    assert any(c.value.startswith("12 clue-answer pairs, 6 answers") for c in at.sidebar.caption)
    assert [s.value for s in at.success][0].startswith("Read 2 puzzles")  # the report stays on the next runs


def test_an_uploaded_zip_is_read_like_a_folder(tmp_path):
    at = page()
    data = zipped({"x/a.puz": puz_bytes(tmp_path), "x/pairs.tsv": "clue\tanswer\nOpera solo\tARIA\n", "x/empty.zip": b""})
    at.file_uploader(key="cw_own_upload").set_value(("mine.zip", data, "application/zip")).run()
    at.button(key="cw_own_read").click().run()
    assert not at.exception, at.exception
    assert [s.value for s in at.success if s.value.startswith("Read ")] == ["Read 1 puzzle and 7 clue-answer pairs from 3 files (none of them "
                                             "dated); 1 skipped."]
    assert skipped_names(at) == ["mine.zip/x/empty.zip"]
    assert "Your own archive: mine.zip" in at.sidebar.radio(key="cw_db").options


def test_an_archive_with_nothing_to_learn_says_so_and_adds_no_database(tmp_path):
    folder = write(tmp_path / "junk", {"my_notes*.txt": "hello", "no_answer.tsv": "clue\tnotes\nOpera solo\tshort\n"})
    at = read_path(page(), str(folder))
    assert len(at.error) == 1 and "There is nothing to learn from" in at.error[0].value
    assert skipped_names(at) == ["my_notes*.txt", "no_answer.tsv"]  # shown as named, not as formatting
    assert not any(o.startswith("Your own archive") for o in at.sidebar.radio(key="cw_db").options)


def test_a_path_that_is_not_there_is_said_plainly(tmp_path):
    at = read_path(page(), str(tmp_path / "nowhere"))
    assert [w.value for w in at.warning] == [f"There is no folder or file at {tmp_path / 'nowhere'} on the computer the "
                                             "lab runs on."]
    at = read_path(page(), "   ")
    assert [w.value for w in at.warning] == ["Type the path of a folder or file of puzzles, or upload a file."]
