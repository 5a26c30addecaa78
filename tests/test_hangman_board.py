"""The Hangman board's letters stay on one line at any width and shrink for long words."""
import re

import pytest

from ui.hangman.board import mask_html


@pytest.mark.parametrize("mask, cells", [
    ("et__ett", "E T _ _ E T T"),
    ("a<b", "A &lt; B"),  # a list's odd letter is shown, never read as markup
    ("_" * 20, " ".join("_" * 20)),
])
def test_the_mask_is_one_unbreakable_line(mask, cells):
    out = mask_html(mask)
    assert "white-space:nowrap" in out and "overflow-wrap:anywhere" not in out
    assert cells in out


def test_long_words_get_smaller_letters_than_short_ones():
    def divisor(mask):
        return float(re.search(r"100cqw / ([\d.]+)", mask_html(mask)).group(1))
    assert divisor("_" * 16) == pytest.approx(2 * divisor("_" * 8))
