"""Every game's solver picker explains its solvers in plain words: the help a page shows under the (?) of a picker."""
from __future__ import annotations

import re

import pytest

from core.crossword.solvers import SOLVERS as CROSSWORD
from core.hangman.solvers import SOLVERS as HANGMAN
from core.tipgame.solvers import SOLVERS as TIPGAME
from core.wordle.solvers import SOLVERS as WORDLE
from tests.plain_words import terms_in

# words of the solvers' technical one-liners (the command line's help) that a picker's help must not use
SOLVER_JARGON = re.compile(r"\b(rollouts?|n-grams?|boosted|ranker|mask|heuristic|one-ply|pilot|beam|uniform prior|"
                           r"pruned|candidates? \(|dictionary evidence)\b", re.I)


@pytest.mark.parametrize("registry", [HANGMAN, WORDLE, TIPGAME, CROSSWORD], ids=lambda r: r.game)
def test_each_picker_help_line_speaks_plain_words(registry):
    text = registry.picker_help()
    assert terms_in(text) == [], terms_in(text)
    assert SOLVER_JARGON.findall(text) == [], text
    for name in registry.names():
        assert f"**{registry.plain_name(name)}**: " in text and registry.plain_help(name).strip()

