"""A person's word: `best` in the person world on wordfreq's commonest English words, with English web2 as the list.

The test words are the first 1,000 of `wordfreq.top_n_list("en", 5000)` that are lower-case a-z with 3+ letters; the
dev words are the next 1,000. Settings are chosen on dev only (`tune`), then both parts are measured once through the
one benchmark path (`measure`, the same run as `python -m core.bench hangman --world person --test <words file>`):

    python -m research.hangman.person tune '{"person_temperature": 0.5}' '{"person_temperature": 1.0}'
    python -m research.hangman.person measure --part dev
    python -m research.hangman.person measure --part test
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

DICTIONARY = "English web2 235k"
PARTS = ("dev", "test")


def everyday_words(part: str) -> list[str]:
    """The part's words: wordfreq's commonest English words, lower-case a-z, 3+ letters (test: the first 1,000)."""
    from wordfreq import top_n_list

    words = [w for w in top_n_list("en", 5000) if w.isascii() and w.isalpha() and w.islower() and len(w) >= 3]
    return words[:1000] if part == "test" else words[1000:2000]


def words_file(part: str) -> Path:
    """The part's words as a list file in the cache (the benchmark's --test reads it)."""
    from core.cache import cache_dir

    path = cache_dir("hangman") / f"person-{part}-words.txt"
    path.write_text("\n".join(everyday_words(part)) + "\n", encoding="utf-8")
    return path


def tune(variants: list[str], part: str, jobs: int, games: int = 0) -> None:
    """Play each variant (JSON overrides of BestParams) in the person world on the dev words; one JSON line each."""
    from core.hangman.bench import summarise
    from core.hangman.fitting import fitted
    from core.words import load_list
    from research.hangman.games import play_words, variant

    if part == "test":
        raise SystemExit("settings are chosen on dev words only")
    wl = load_list(DICTIONARY)
    base, _ = fitted("best", wl.words, wl.hash)
    words = everyday_words(part)
    if games:
        import random

        words = random.Random(0).sample(words, games)
    for v in variants:
        solver = variant(base, **json.loads(v)).in_world("person")
        d = summarise(play_words(solver, words, 6, jobs))
        short = {k: v for k, v in d["by_length"].items() if int(k) <= 4}
        print(json.dumps({"variant": json.loads(v), "win_rate": d["win_rate"], "by_length_3_4": short,
                          "ms_per_guess": d["ms_per_guess"]}), flush=True)


def measure(part: str, world: str, jobs: int) -> dict:
    """The part's figures through `core.bench.run.execute` (stored in the run history like any run)."""
    from core.bench.run import RunRequest, execute
    from core.bench.runner import Backend
    from core.hangman.bench import BENCH

    params = (("test", str(words_file(part))), ("max_wrong", 6), ("world", world))
    outcome = execute(BENCH, RunRequest("hangman", "best", DICTIONARY, params, 0, 0),
                      Backend("serial" if jobs <= 1 else "local", jobs=jobs))
    s = outcome.summary
    won = dict(zip(outcome.records["item"], outcome.records["win"]))
    return {"part": part, "world": world, "games": s["games"], "win_rate": s["win_rate"],
            "three_letters": s["by_length"].get("3", s["by_length"].get(3)), "ms_per_guess": s["ms_per_guess"],
            "cpu_ms_per_guess": s["cpu_ms_per_guess"],
            "cat_dog_sun": {w: bool(won[w]) for w in ("cat", "dog", "sun") if w in won}}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    t = sub.add_parser("tune", help="compare BestParams overrides on the dev words")
    t.add_argument("variants", nargs="*", default=["{}"])
    t.add_argument("--part", default="dev", choices=PARTS)
    t.add_argument("--jobs", type=int, default=1)
    t.add_argument("--games", type=int, default=0, help="a seeded sample of this many dev words (default all)")
    m = sub.add_parser("measure", help="the figures of one part through the benchmark path")
    m.add_argument("--part", default="dev", choices=PARTS)
    m.add_argument("--world", default="person")
    m.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    if args.command == "tune":
        tune(args.variants, args.part, args.jobs, args.games)
    else:
        print(json.dumps(measure(args.part, args.world, args.jobs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
