"""Uploads judged line by line (2026-11-29): a line longer than any word is rejected with its number, and a stray byte
spoils its own line only, so "naïve" stays naïve; a whole Latin-1 file is still read as Latin-1."""
from __future__ import annotations

import pytest

from core.words import WordListError, parse_upload

NAIVE = "naïve\ncafé\ntree\n".encode()


@pytest.mark.parametrize("name,data,words,rejected_lines,encoding", [
    ("a 5,000-character junk line is no word", b"tree\n" + b"x" * 5000 + b"\nfrog\n", ("tree", "frog"), [2], "UTF-8"),
    ("46 letters is one too many", b"tree\n" + b"a" * 46 + b"\n", ("tree",), [2], "UTF-8"),
    ("45 letters is a word", b"a" * 45 + b"\n", ("a" * 45,), [], "UTF-8"),
    ("one bad byte rejects its own line only", NAIVE + b"bad\xffbyte\nfrog\n", ("naïve", "café", "tree", "frog"), [4],
     "UTF-8, line by line"),
    ("a Latin-1 file is read as Latin-1", "äpfel\nbirne\n".encode("latin-1"), ("äpfel", "birne"), [], "Latin-1"),
])
def test_an_upload_is_judged_line_by_line(name, data, words, rejected_lines, encoding):
    wl, report = parse_upload(data, "w.txt")
    assert wl.words == words, name
    assert [r.line for r in report.examples] == rejected_lines, name
    assert report.encoding.startswith(encoding), name


def test_the_rejections_say_why_in_words():
    _, report = parse_upload(NAIVE + b"bad\xffbyte\n" + b"x" * 5000 + b"\n", "w.txt")
    reasons = {r.line: r.reason for r in report.examples}
    assert "not valid UTF-8" in reasons[4]
    assert reasons[5] == "is 5,000 characters long: no word has over 45 letters"


def test_a_file_of_junk_lines_only_names_its_first_problem():
    with pytest.raises(WordListError, match=r"line 1, 'xxxx.*no word has over 45 letters"):
        parse_upload(b"x" * 5000 + b"\n", "w.txt")


@pytest.mark.parametrize("page,key,setup", [
    ("pages/1_Word_lists.py", "wordlists_upload", {}),
    ("pages/3_Wordle.py", "wordle_upload", {}),
    ("pages/4_Tip_game.py", "tipgame_upload", {}),
])
def test_the_latest_uploads_result_is_in_view_after_an_earlier_upload(page, key, setup):
    """After a good upload the upload section collapses; the next upload's error ("The file is empty.") once sat
    inside it, so nothing seemed to happen."""
    from streamlit.testing.v1 import AppTest

    from tests.plain_words import ROOT
    from tests.test_plain_words import visible_texts

    at = AppTest.from_file(str(ROOT / page), default_timeout=300).run()
    at.file_uploader(key=key).upload("first.txt", b"crane\nslate\nhouse\n", "text/plain").run()
    assert not at.exception, [e.value for e in at.exception]
    assert any("3 words accepted" in t for t in visible_texts(at._tree))
    at.file_uploader(key=key).upload("second.txt", b"\n\n", "text/plain").run()
    assert not at.exception, [e.value for e in at.exception]
    assert any("The file is empty." in t for t in visible_texts(at._tree)), visible_texts(at._tree)
