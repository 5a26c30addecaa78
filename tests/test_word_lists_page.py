"""The Word lists page in words a person reads: the lengths of a list."""
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

PAGE = str(Path(__file__).resolve().parent.parent / "pages" / "1_Word_lists.py")


@pytest.mark.parametrize("data, lengths", [(b"crane\nslate\nsloth\n", "5 letters"), (b"a\n", "1 letter"),
                                           (b"cat\nhorse\n", "3–5 letters")])
def test_the_lengths_read_as_one_length_when_every_word_shares_it(data, lengths):
    at = AppTest.from_file(PAGE, default_timeout=120).run()
    at.file_uploader(key="wordlists_upload").upload("mine.txt", data, "text/plain").run()
    assert not at.exception
    assert next(m.value for m in at.metric if m.label == "Lengths") == lengths


def test_the_second_list_stays_a_different_list_after_an_upload():
    at = AppTest.from_file(PAGE, default_timeout=120).run()
    at.file_uploader(key="wordlists_upload").upload("mine.txt", b"crane\nslate\n", "text/plain").run()
    assert not at.exception
    assert at.selectbox(key="wordlists_pick").value == "mine.txt (uploaded)"
    assert at.selectbox(key="wordlists_other").value != "mine.txt (uploaded)"
