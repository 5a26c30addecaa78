"""measure.py with the meaning source's re-reading depth set: `python -m research.crossword.rerank_dev K ARGS...`.

K is how many of the static model's nearest past clues all-MiniLM-L6-v2 re-reads (0: none, the static model alone;
the shipped depth is `MeaningGuesser.RERANK`). The calibration's cache key holds the code, not K, so give each K its
own WORDLAB_CACHE. The rest of the arguments are measure.py's.
"""
from __future__ import annotations

import sys

from core.crossword.guessers import MeaningGuesser
from research.crossword.measure import main as measure


def main(argv: list[str] | None = None) -> dict:
    """Set the depth on the guesser class for this process, then measure."""
    argv = list(sys.argv[1:] if argv is None else argv)
    MeaningGuesser.RERANK = int(argv.pop(0))
    return measure(argv)


if __name__ == "__main__":
    main()
