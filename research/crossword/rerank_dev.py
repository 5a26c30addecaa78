"""measure.py with the meaning source's re-reading depth set: `python -m research.crossword.rerank_dev K ARGS...`.

K is how many of the static model's nearest past clues all-MiniLM-L6-v2 re-reads (research.crossword.rerank; 0:
none, the shipped static model alone). The calibration's cache key holds core's code, not K, so give each K its own
WORDLAB_CACHE. The rest of the arguments are measure.py's.
"""
from __future__ import annotations

import sys

from research.crossword.measure import main as measure
from research.crossword.rerank import use_rereading


def main(argv: list[str] | None = None) -> dict:
    """Re-read at the depth in this process, then measure."""
    argv = list(sys.argv[1:] if argv is None else argv)
    use_rereading(int(argv.pop(0)))
    return measure(argv)


if __name__ == "__main__":
    main()
