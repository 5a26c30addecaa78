"""The technical terms a page may show only inside a collapsed panel, and the pages with their owners (shared by the
AppTest and the browser test)."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

TERMS: dict[str, re.Pattern] = {
    "bits": re.compile(r"\bbits\b|\b\d[\d.,]*\s*bit\b", re.I),  # the unit ("4.2 bits", "1 bit"), not "a bit of"
    "information": re.compile(r"\binformation\b", re.I),
    "entropy": re.compile(r"\bentrop(y|ies)\b", re.I),
    "PCA": re.compile(r"\bPCA\b"),
    "belief propagation": re.compile(r"\bbelief propagation\b", re.I),
    "f(H)": re.compile(r"\bf\(H\)"),
    "hash": re.compile(r"\bhash(es|ed)?\b", re.I),
    "seed": re.compile(r"\bseeds?\b", re.I),
    "Dask": re.compile(r"\bdask\b", re.I),
    "scheduler": re.compile(r"\bschedulers?\b", re.I),
    "confidence interval": re.compile(r"\bconfidence intervals?\b", re.I),
    "calibration": re.compile(r"\bcalibrat(ion|ed|e)\b", re.I),
}

def all_pages() -> list[str]:
    """app.py and every pages/*.py, relative to the repo."""
    return ["app.py"] + sorted(str(p.relative_to(ROOT)) for p in (ROOT / "pages").glob("*.py"))


def terms_in(text: str) -> list[str]:
    """The banned terms a text uses, each with the words around it."""
    found = []
    for name, pattern in TERMS.items():
        for m in pattern.finditer(text):
            found.append(f"{name}: …{text[max(0, m.start() - 40):m.end() + 40]}…".replace("\n", " "))
    return found
