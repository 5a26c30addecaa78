"""The shortest forced win against the Absurdle host and each registered solver's game against it.

    python -m research.wordle.absurdle --answers "Wordle answers 2,315" --guesses "Wordle allowed 12,972"
"""
from __future__ import annotations

import argparse
import json

from core.wordle.adversary import TIE_RULE
from research.wordle.forced_win import shortest_forced_win, solver_vs_host
from core.wordle.harness import make_setup
from core.wordle.charts import pattern_label as emoji
from core.words import load_list


def main(argv: list[str] | None = None) -> dict:
    """Search, replay and print the figures as one JSON object."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--answers", default="Wordle answers 2,315")
    ap.add_argument("--guesses", default="Wordle allowed 12,972")
    ap.add_argument("--width", type=int, default=40, help="first guesses tried (the smallest kept groups)")
    ap.add_argument("--solvers", default="positional,entropy,best")
    args = ap.parse_args(argv)
    setup = make_setup(load_list(args.answers).words, load_list(args.guesses).words)
    win = shortest_forced_win(setup, width=args.width)
    out = {"answers": args.answers, "guesses": args.guesses, "tie_rule": TIE_RULE,
           "forced_win": None if win is None else {"guesses": list(win.guesses), "kept": list(win.kept),
                                                  "proof": win.proof, "seconds": round(win.seconds, 1)},
           "solvers": {}}
    for name, game in solver_vs_host([s for s in args.solvers.split(",") if s], setup).items():
        out["solvers"][name] = {"guesses_needed": game.n_guesses if game.won else None, "guesses": list(game.guesses),
                                "feedback": [emoji(c, setup.length) for c in game.feedbacks], "kept": list(game.kept)}
    print(json.dumps(out, ensure_ascii=False))
    return out


if __name__ == "__main__":
    main()
