"""`best` trees for other objectives on one pair of lists: most games won within k, and a frequency-weighted prior.

    python -m research.wordle.objectives --within 3 [--effort quick|wide]
Prints one JSON object: for the default (saved) tree and each objective tree, the mean guesses, the mean under the
wordfreq prior, and the share of games won within k, all by replaying every answer through the rules.
"""
from __future__ import annotations

import argparse
import json
import time

from core.wordle.harness import make_setup
from research.wordle.objective_search import QUICK_LIMITS, WIDE_LIMITS, Objective, build_objective_tree, frequency_weights, tree_scores
from core.wordle.solvers import saved_tree
from core.wordle.tree import build_tree
from core.words import load_list


def main(argv: list[str] | None = None) -> dict:
    """Build each objective's tree, replay it, print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--answers", default="Wordle answers 2,315")
    ap.add_argument("--guesses", default="Wordle allowed 12,972")
    ap.add_argument("--within", type=int, default=3)
    ap.add_argument("--effort", choices=("quick", "wide"), default="quick")
    ap.add_argument("--only", default="default,within,frequency")
    args = ap.parse_args(argv)
    answers, guesses = load_list(args.answers).words, load_list(args.guesses).words
    weighted = make_setup(answers, guesses, weights=frequency_weights(answers))
    limits = WIDE_LIMITS if args.effort == "wide" else QUICK_LIMITS
    out = {"answers": args.answers, "guesses": args.guesses, "within": args.within, "effort": args.effort, "trees": {}}
    todo = args.only.split(",")
    if "default" in todo:
        tree = saved_tree(make_setup(answers, guesses)) or build_tree(make_setup(answers, guesses))
        out["trees"]["default (fewest guesses on average)"] = tree_scores(tree, weighted, args.within)
    for name, objective in (("within", Objective(within=args.within)), ("frequency", Objective(weighted=True))):
        if name not in todo:
            continue
        start = time.perf_counter()
        tree = build_objective_tree(weighted, objective, limits)
        row = tree_scores(tree, weighted, args.within)
        row["seconds"] = round(time.perf_counter() - start, 1)
        out["trees"][objective.describe()] = row
        print(json.dumps({objective.describe(): row}), flush=True)
    print(json.dumps(out))
    return out


if __name__ == "__main__":
    main()
