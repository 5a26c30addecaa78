"""The benchmark CLI: `python -m core.bench <game> [options] [--json]`.

Each game's module (core/<game>/bench.py) gives `add_arguments(parser)`, `requests(args)` (one
RunRequest per solver) and `report(args, outcomes) -> dict`; every request runs through the same
`execute` as the Benchmarks page, and is stored in the run history. The report is printed as JSON
(one line, the last on stdout, with --json).
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence

from core.bench.games import GAME_MODULES, BenchError, game_module
from core.bench.run import execute
from core.bench.runner import Backend, Cancelled
from core.progress import no_progress, terminal_progress
from core.words import WordListError


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr and exit 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"{self.prog}: error: {message}\n")
        sys.exit(2)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The CLI parser with one sub-command per game (or just `only`'s, which imports no other game)."""
    parser = _Parser(prog="python -m core.bench",
                     description="Benchmark word-game solvers. Games: " + ", ".join(GAME_MODULES))
    sub = parser.add_subparsers(dest="game", metavar="GAME", parser_class=_Parser)
    for game in [only] if only in GAME_MODULES else GAME_MODULES:
        module = game_module(game)
        p = sub.add_parser(game, help=(module.__doc__ or game).strip().splitlines()[0])
        module.add_arguments(p)
        if not any(a.dest == "jobs" for a in p._actions):
            p.add_argument("--jobs", type=int, default=1, help="worker processes")
        p.add_argument("--backend", choices=["local", "serial", "dask"], default="local",
                       help="where games run: local worker processes (with --jobs > 1), one process, or a Dask cluster")
        p.add_argument("--scheduler", default=None, help="Dask scheduler address, e.g. tcp://HOST:8786 (with --backend dask)")
        p.add_argument("--reuse", action="store_true", help="reload an identical stored run instead of playing again")
        p.add_argument("--json", action="store_true", help="print one JSON object as the last line of stdout")
        p.add_argument("--quiet", action="store_true", help="no progress bar")
    return parser


def backend_of(args: argparse.Namespace) -> Backend:
    """The runner backend an argument set asks for (--backend, --scheduler, --jobs)."""
    given = vars(args)  # a game's parser may lack some of these options
    kind = given.get("backend", "local")
    jobs = given.get("jobs", 1) or 1
    if jobs < 1:
        raise BenchError("--jobs must be at least 1")
    if kind == "dask" and not given.get("scheduler"):
        raise BenchError("--backend dask needs --scheduler tcp://HOST:PORT")
    if kind == "local" and jobs <= 1:
        kind = "serial"
    return Backend(kind, jobs=jobs, scheduler=given.get("scheduler"))


def run(args: argparse.Namespace, progress=no_progress) -> dict:
    """Every request of an argument set through `execute`; the game's JSON-ready report."""
    module = game_module(args.game)
    measure = module.BENCH.measurement  # a game's own measurement (speed of a tool) instead of a run
    if measure is not None and (measured := measure(args)) is not None:
        return measured
    backend = backend_of(args)
    requests = module.requests(args)
    outcomes = [execute(module.BENCH, req, backend, progress, reuse=args.reuse) for req in requests]
    return module.report(args, outcomes)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit code (2 for bad requests)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and not argv[0].startswith("-") and argv[0] not in GAME_MODULES:
        sys.stderr.write(f"python -m core.bench: error: unknown game {argv[0]!r}; choose from {', '.join(GAME_MODULES)}\n")
        return 2
    parser = build_parser(argv[0] if argv else None)
    args = parser.parse_args(argv)
    if not args.game:
        parser.print_help()
        return 2
    try:
        result = run(args, no_progress if args.quiet else terminal_progress())
    except (BenchError, WordListError, FileNotFoundError, ValueError) as err:
        sys.stderr.write(f"python -m core.bench {args.game}: error: {str(err).splitlines()[0] if str(err) else type(err).__name__}\n")
        return 2
    except (KeyboardInterrupt, Cancelled):
        sys.stderr.write("python -m core.bench: interrupted\n")
        return 130
    print(json.dumps(result, default=_jsonable, indent=None if args.json else 2))
    return 0


def _jsonable(obj):
    """JSON fallback for numpy scalars and similar."""
    if hasattr(obj, "item"):
        return obj.item()
    if isinstance(obj, (set, frozenset, tuple)):
        return list(obj)
    return str(obj)
