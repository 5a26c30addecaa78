"""Check a saved tree's subtrees against the proven optimum and replace any that is beaten:
`python -m research.tipgame.polish --words NAME --max-words 100 --time-limit 120 [--out FOLDER]`.

Every largest subtree of at most --max-words words is solved exactly (core.tipgame.exact); a subtree that the optimum
beats is replaced by the optimum's tree, and the whole tree is replayed through the rules before it is saved
(2026-11-29)."""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from core.tipgame.exact import optimum
from core.tipgame.rules import NON_IS_CODES, answer
from core.tipgame.search import SearchTimeout
from core.tipgame.store import best_saved_tree, save_tree
from core.tipgame.tree import Node, score
from core.words import load_list


def subtree_total(node: Node, words: list[str]) -> int:
    """The total tries of a subtree over the words that reach it."""
    return score(node, words).total


def polish(node: Node, words: list[str], max_words: int, time_limit: float, log: list[dict]) -> Node:
    """The subtree with every largest part of at most max_words words replaced by its optimum where that is better."""
    if len(set(words)) <= 2:
        return node
    if len(set(words)) <= max_words:
        now = subtree_total(node, words)
        start = time.monotonic()
        try:
            best = optimum(words, time_limit=time_limit)
        except SearchTimeout:
            log.append({"words": len(words), "tree": now, "optimum": None, "seconds": round(time.monotonic() - start, 1)})
            print(json.dumps(log[-1]), file=sys.stderr, flush=True)
        else:
            log.append({"words": len(words), "tree": now, "optimum": best.total, "seconds": round(best.seconds, 1)})
            print(json.dumps(log[-1]), file=sys.stderr, flush=True)
            return best.root if best.total < now else node
    children = []
    for code, child in node.children:
        below = [w for w in words if answer(w, node.tip) == code]
        children.append((code, polish(child, below, max_words, time_limit, log) if below else child))
    assert all(c in NON_IS_CODES for c, _ in children)
    return Node(node.tip, tuple(children))


def main(argv: list[str] | None = None) -> int:
    """Polish the best saved tree of a list; print what every exact search found; save a better tree when found."""
    p = argparse.ArgumentParser(prog="python -m research.tipgame.polish", description=__doc__)
    p.add_argument("--words", default="German common 500")
    p.add_argument("--max-words", type=int, default=100)
    p.add_argument("--time-limit", type=float, default=120.0)
    p.add_argument("--out", type=Path, default=None, help="folder to save a better tree into (default: the cache)")
    args = p.parse_args(argv)
    words = list(load_list(args.words).words)
    saved = best_saved_tree(words)
    if saved is None:
        print(f"No saved tree matches {args.words!r}.", file=sys.stderr)
        return 1
    root, meta = saved
    before = score(root, words)
    log: list[dict] = []
    new = polish(root, words, args.max_words, args.time_limit, log)
    after = score(new, words)  # every word replayed through the rules
    solved = [r for r in log if r["optimum"] is not None]
    print(json.dumps({"list": args.words, "before": before.mean, "after": after.mean, "subtrees": len(log),
                      "solved": len(solved), "beaten": sum(r["optimum"] < r["tree"] for r in solved),
                      "largest_solved": max((r["words"] for r in solved), default=0),
                      "words_in_solved": sum(r["words"] for r in solved)}))
    if after.total < before.total:
        path = save_tree(new, words, folder=args.out, tag="polished", list_name=args.words,
                         lower_bound=meta.get("lower_bound"), built_by="python -m research.tipgame.polish "
                         + " ".join(f'"{a}"' if " " in a else a for a in (argv or sys.argv[1:])))
        print(f"saved {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
