"""Store the Home page's crossword replay (data/crossword/home-replay.json), so the page shows it at once.

The solver plays the demo puzzle as the Home page would compute it (models on the dictionary's definitions without
word vectors, the Crosswords page's default solver) and its moves are written with the puzzle file's content hash;
tests/test_home_replays.py plays it again and fails when a move differs, which is when to run this again:

    WORDLAB_DATA=/nonexistent nice -n 10 .venv/bin/python -m research.crossword.home_replay
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from core.crossword.demo_replay import HOME_CROSSWORD, STORED_CROSSWORD, demo_replay, replay_document


def main(argv: list[str] | None = None) -> int:
    """Compute the replay and write it (one JSON document, one frame a line's worth of text)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--puzzle", default=HOME_CROSSWORD, help="the demo puzzle's name (data/crossword/NAME.ipuz)")
    parser.add_argument("--out", default=str(STORED_CROSSWORD), help="where to write the replay")
    args = parser.parse_args(argv)
    replay = demo_replay(args.puzzle)
    Path(args.out).write_text(json.dumps(replay_document(replay, args.puzzle), indent=1, ensure_ascii=False) + "\n",
                              encoding="utf-8")
    print(f"{len(replay.frames)} moves written to {Path(args.out).name}: {replay.outcome}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
