"""The fewest misses against the cheating host, length by length: `python -m research.hangman.cheater`.

For each word length, the planner (core.hangman.planner) searches the letter order that pins the host to one word with
the fewest misses, within a node budget (sets of words expanded). It prints one row per length: the words of that
length, the best greedy order's misses, the fewest found, whether the search finished (then no order does better),
the lower bound it proved, the nodes spent and the seconds; every plan is replayed through the host's own rule
(core.hangman.adversary) and its misses checked. The plans are kept on disk, where `python -m core.bench hangman
--against-host --strategy planner` reads them.
"""
from __future__ import annotations

import argparse
import json
import sys

from core.hangman.bench import host_lengths
from core.hangman.planner import DEFAULT_NODES, cheater_game, planned_moves
from core.words import load_list


def table_row(game, replayed: int) -> str:
    """One markdown row: length, words, greedy, fewest found, proven, lower bound, nodes, seconds."""
    proof = "yes" if game.proven else f"no (at least {game.lower})"
    return (f"| {game.length} | {game.words:,} | {game.greedy} | {game.misses} | {proof} | {game.nodes:,} | "
            f"{game.seconds:.0f} |" + ("" if replayed == game.misses else f" replay gave {replayed}!"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--list", default="Trexquant hangman 227k", help="word list name or file")
    parser.add_argument("--lengths", default="3-12", help="'3-12' or '4,6,8'")
    parser.add_argument("--nodes", type=int, default=DEFAULT_NODES, help="node budget per length")
    parser.add_argument("--json", default=None, help="also write the rows to this JSON file")
    args = parser.parse_args(argv)
    wl = load_list(args.list)
    rows, total = [], 0
    print("| letters | words | greedy misses | fewest found | proven | nodes | CPU seconds |")
    print("|---|---|---|---|---|---|---|")
    for n in host_lengths(args.lengths):
        pool = [w for w in wl.words if len(w) == n]
        if not pool:
            continue
        game = cheater_game(wl.words, n, args.nodes,
                            progress=lambda d, t, m="": print(f"\r  {n} letters: {d:,}/{t:,} {m}", end="",
                                                              file=sys.stderr))
        print(file=sys.stderr)
        _, host = planned_moves(wl.words, game)
        print(table_row(game, host.state.wrong), flush=True)
        total += game.misses
        rows.append({**game.__dict__, "replayed_misses": host.state.wrong})
    print(f"total misses {total}")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(rows, fh, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
