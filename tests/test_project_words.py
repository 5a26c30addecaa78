"""The project speaks of itself: its README, research notes and Python text never tell who did the work, in which
working period, for which tracker item, or in which folder of a working machine (say what changed and when instead)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PY_FOLDERS = ("core", "ui", "pages", "tests", "research")
THIS_FILE = "tests/test_project_words.py"

# this file's examples hold the words on purpose: the one text the scan leaves out
_ORDINALS = ("first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth"
             "|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth")
_LATE_ORDINALS = "tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth"
_PERIOD = "session|round"

WORK_WORDS: dict[str, re.Pattern] = {
    # "the fourteenth ...'s phrases", "Round 10", "round 5 of the fifth ..."
    "a numbered working period": re.compile(
        rf"\b(?:{_ORDINALS})[\s-]+(?:{_PERIOD})s?\b|\b(?:{_PERIOD})s?[\s-]+\d+\b", re.I),
    # "the code at the start of this round" (a solver's own rounds, "the last round of crossing letters", are fine)
    "a working period": re.compile(
        r"\b(?:start of|before|after|not done|measured|not tried|shipped) this (?:round|session)\b"
        r"|\bprevious rounds?\b|\bearlier sessions?\b", re.I),
    # "before the twelfth" (a fraction such as "a tenth of" is fine)
    "a work-history ordinal": re.compile(
        rf"(?<!\ba )(?<!\bone )\b(?:{_LATE_ORDINALS})\b(?![\s-]+(?:{_PERIOD}))", re.I),
    "a worker": re.compile(r"\bengineers?\b", re.I),
    # the person, not a crossword's lead clue or lead slot
    "a person who leads": re.compile(
        r"\(lead[;),]|\bby the lead\b|\bthe lead's\s+(?!clue\b)\w|\bthe lead\s+(?:on|will|merges|edits|fixes)\b", re.I),
    "a tracker item": re.compile(r"\bissues?\s+#?\d+|\(#\d+\)", re.I),
    "a machine path": re.compile(r"(?<![\w.~-])/(?:work|root)/"),
}


def project_texts() -> list[str]:
    """README.md, every research and data note, the Hangman settings' notes, and every Python file of the product, its tests and its research
    tools (but this file, whose examples hold the words on purpose)."""
    files = ["README.md", "Home.py", "app.py", "data/hangman/best_params.json"]  # the tuned settings' notes too
    for folder in ("research", "data"):
        files += sorted(str(p.relative_to(ROOT)) for p in (ROOT / folder).rglob("*.md"))
    for folder in PY_FOLDERS:
        files += sorted(str(p.relative_to(ROOT)) for p in (ROOT / folder).rglob("*.py"))
    return [f for f in files if (ROOT / f).is_file() and f != THIS_FILE]


def work_words_in(text: str) -> list[str]:
    """Each line that tells how the work was done, as 'line N: what (the words)'."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        for what, pattern in WORK_WORDS.items():
            for m in pattern.finditer(line):
                found.append(f"line {number}: {what} ({line[max(0, m.start() - 30):m.end() + 30].strip()})")
    return found


@pytest.mark.parametrize("text,expected", [
    ("92.9% before the fourteenth session's clues-by-meaning source", ["a numbered working period"]),
    ("## Round 10 (24 Nov 2026): the dictionary world's say", ["a numbered working period"]),
    ("the honest rule measured in rounds 8-10", ["a numbered working period"]),
    ("(round 5 of the fifth session) 5,000 candidates", ["a numbered working period", "a numbered working period"]),
    ("18.9% before the twelfth", ["a work-history ordinal"]),
    ("a tenth of the losses gone", []),  # a fraction
    ("wall-clock beside other engineers' jobs", ["a worker"]),
    ("Re-run by the lead on a quiet machine", ["a person who leads"]),
    ("### A word-sequence check at the end (lead; shipped)", ["a person who leads"]),
    ("against the lead's baseline rows of main", ["a person who leads"]),
    ("The lead clue asked for the whole phrase; the lead's clue without its opening", []),  # crossword words
    ("a chain: first lead, pointers with no lead", []),
    ("the held-out 70% target (issue #3)", ["a tracker item"]),
    ("package shape (issue 22)", ["a tracker item"]),
    ("WORDLAB_CACHE=/work/xw-cache python -m x", ["a machine path"]),
    ("saved to /root/.cache/x", ["a machine path"]),
    ("--out /tmp/hm/r4B.npz, data/wordle/trees/x.json, ../shared/data", []),  # a scratch file, the repo's folders
    ("the second ask, a third of its width, the first pass, rounds of belief propagation", []),
    ("uploads kept in this session only", []),  # the browser's session
    ("perhaps since an earlier swap this round; after the last round of crossing letters", []),  # a solver's rounds
    ("the code at the start of this round; not tried this round", ["a working period", "a working period"]),
    ("path by an earlier session is not a baseline", ["a working period"]),
])
def test_work_words_are_found_and_domain_words_are_not(text, expected):
    assert [f.split(": ", 1)[1].split(" (")[0] for f in work_words_in(text)] == expected


@pytest.mark.parametrize("path", project_texts())
def test_the_project_speaks_of_itself(path):
    found = work_words_in((ROOT / path).read_text(encoding="utf-8"))
    assert not found, f"{path} tells how the work was done; say what changed and when (a date, a commit):\n" + \
        "\n".join(found)


def test_the_scan_reads_the_readme_the_notes_and_the_code():
    files = project_texts()
    assert {"README.md", "research/crossword/README.md", "data/hangman/README.md"} <= set(files)
    assert {"core/crossword/solvers.py", "Home.py", "ui/bench_panel.py", "research/hangman/lengths.py"} <= set(files)
