"""The Hangman board in large letters, on one line at any width (a word never breaks inside)."""
from __future__ import annotations

import html

from core.hangman.rules import BLANK

CELL_EM = 1.6  # one letter and its gap, in letter heights (monospace 0.6 + 0.2 spacing, twice: letter and space)


def mask_html(mask: str) -> str:
    """The mask as 'E T I _ _ E T T' on a single line, shrunk to the column's width for long words."""
    cells = html.escape(" ".join(c.upper() if c != BLANK else "_" for c in mask))
    size = f"min(2.2rem, calc(100cqw / {CELL_EM * max(len(mask), 1):.1f}))"
    return (f"<div style='container-type:inline-size;width:100%'><div class='hangman-mask' style='font-size:{size};"
            f"font-family:monospace;letter-spacing:0.2em;white-space:nowrap;overflow-x:auto'>{cells}</div></div>")
