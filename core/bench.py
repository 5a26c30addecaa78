"""The benchmark CLI: `python -m core.bench <game> [options] [--json]`.

Each game registers a module with `add_arguments(parser)` and `run(args, progress) -> dict`;
the dict is printed as one JSON object on the last stdout line with --json.
"""
from __future__ import annotations

import argparse
import importlib
import json
import sys
from typing import Callable, Sequence

from core.progress import no_progress, terminal_progress
from core.words import WordListError

GAMES: dict[str, str] = {
    "hangman": "core.hangman.bench",
    "wordle": "core.wordle.bench",
    "tipgame": "core.tipgame.bench",
    "crossword": "core.crossword.bench",
}


class BenchError(ValueError):
    """A benchmark request that cannot run, with a one-line reason."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr and exit 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"{self.prog}: error: {message}\n")
        sys.exit(2)


def available_games() -> list[str]:
    """The games whose benchmark module can be imported."""
    out = []
    for game, module in GAMES.items():
        try:
            importlib.import_module(module)
            out.append(game)
        except ModuleNotFoundError:
            continue
    return out


def game_module(game: str):
    """The benchmark module of a game (raises BenchError for an unknown game)."""
    if game not in GAMES:
        raise BenchError(f"unknown game {game!r}; choose from {', '.join(GAMES)}")
    return importlib.import_module(GAMES[game])


def build_parser() -> argparse.ArgumentParser:
    """The CLI parser with one sub-command per game."""
    parser = _Parser(prog="python -m core.bench", description="Benchmark word-game solvers. Games: " + ", ".join(GAMES))
    sub = parser.add_subparsers(dest="game", metavar="GAME", parser_class=_Parser)
    for game in GAMES:
        try:
            module = importlib.import_module(GAMES[game])
        except ModuleNotFoundError:
            continue
        p = sub.add_parser(game, help=(module.__doc__ or "").strip().splitlines()[0] if module.__doc__ else game)
        module.add_arguments(p)
        if not any(a.dest == "backend" for a in p._actions):
            p.add_argument("--backend", choices=["local", "serial", "dask"], default="local",
                           help="where games run: local worker processes (joblib), one process, or a Dask cluster")
            p.add_argument("--scheduler", default=None, help="Dask scheduler address, e.g. tcp://HOST:8786 (with --backend dask)")
        p.add_argument("--json", action="store_true", help="print one JSON object as the last line of stdout")
        p.add_argument("--quiet", action="store_true", help="no progress bar")
    return parser


def backend_of(args: argparse.Namespace):
    """The runner backend an argument set asks for (--backend, --scheduler, --jobs)."""
    from core.runner import Backend

    kind = getattr(args, "backend", "local")
    if kind == "dask" and not getattr(args, "scheduler", None):
        raise BenchError("--backend dask needs --scheduler tcp://HOST:PORT")
    return Backend(kind, jobs=getattr(args, "jobs", -1) or -1, scheduler=getattr(args, "scheduler", None))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit code (2 for bad requests)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and not argv[0].startswith("-") and argv[0] not in GAMES:
        sys.stderr.write(f"python -m core.bench: error: unknown game {argv[0]!r}; choose from {', '.join(GAMES)}\n")
        return 2
    parser = build_parser()
    args = parser.parse_args(argv)
    if not args.game:
        parser.print_help()
        return 2
    progress: Callable[[int, int, str], None] = no_progress if args.quiet else terminal_progress()
    try:
        result = game_module(args.game).run(args, progress)
    except (BenchError, WordListError, FileNotFoundError, ValueError) as err:
        sys.stderr.write(f"python -m core.bench {args.game}: error: {str(err).splitlines()[0] if str(err) else type(err).__name__}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("python -m core.bench: interrupted\n")
        return 130
    if args.json:
        print(json.dumps(result, default=_jsonable))
    else:
        print(json.dumps(result, indent=2, default=_jsonable))
    return 0


def _jsonable(obj):
    """JSON fallback for numpy scalars and similar."""
    if hasattr(obj, "item"):
        return obj.item()
    if isinstance(obj, (set, frozenset, tuple)):
        return list(obj)
    return str(obj)


if __name__ == "__main__":
    sys.exit(main())
