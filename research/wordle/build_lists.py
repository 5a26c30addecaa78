"""Build the built-in Wordle lists from their packages and write them to data/wordle/lists.

    python -m research.wordle.build_lists            # writes the four files
    python -m research.wordle.build_lists --check    # exit 1 when a shipped file differs from a fresh build

The guesses read SCOWL from Debian's `scowl` package (apt-get install scowl; `make test` installs it).
"""
from __future__ import annotations

import argparse
import sys

from core.words import SHIPPED_LISTS, shipped_list_path
from research.wordle.guess_list import SHIPPED_BUILDERS


def built(name: str) -> str:
    """A list's text as its builder makes it now (one word a line)."""
    return "\n".join(SHIPPED_BUILDERS[name]()) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write (or check) every shipped list; print one line per list."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare instead of writing")
    args = ap.parse_args(argv)
    status = 0
    for name in SHIPPED_LISTS:
        path, text = shipped_list_path(name), built(name)
        if args.check:
            same = path.is_file() and path.read_text(encoding="utf-8") == text
            status |= not same
            print(f"{name}: {'same' if same else 'DIFFERS'}")
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"{name}: {text.count(chr(10)):,} words -> {path}")
    return status


if __name__ == "__main__":
    sys.exit(main())
