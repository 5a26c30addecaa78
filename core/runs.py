"""`python -m core.runs GAME --solver NAME ...`: one stored run through the cross-game runner (history, Dask)."""
from __future__ import annotations

import time

from core.benchmarks import GAMES, RunRequest, execute
from core.runner import Backend


def main(argv: list[str] | None = None) -> int:
    """Run and store one benchmark per solver; print their summaries as one JSON line."""
    import argparse
    import json
    import sys

    from core.progress import terminal_progress

    p = argparse.ArgumentParser(prog="python -m core.runs", description=main.__doc__)
    p.add_argument("game", choices=list(GAMES))
    p.add_argument("--solver", action="append", required=True)
    p.add_argument("--data", default=None, help="list or puzzle-set name (default: the game's first)")
    p.add_argument("--items", type=int, default=500)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--backend", choices=["local", "serial", "dask"], default="local")
    p.add_argument("--scheduler", default=None)
    p.add_argument("--jobs", type=int, default=-1)
    p.add_argument("--no-reuse", action="store_true", help="run again even when an identical run is stored")
    args = p.parse_args(argv)
    bench = GAMES[args.game]
    backend = Backend(args.backend, jobs=args.jobs, scheduler=args.scheduler)
    out = []
    for solver in args.solver:
        req = RunRequest(args.game, solver, args.data or bench.datasets()[0], bench.default_params, args.items, args.seed)
        start = time.perf_counter()
        outcome = execute(bench, req, backend, terminal_progress(), reuse=not args.no_reuse)
        out.append({"run_id": outcome.run_id, "reused": outcome.reused, "wall_seconds": round(time.perf_counter() - start, 2),
                    **outcome.meta.get("summary", {})})
    print(json.dumps(out, default=str))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
