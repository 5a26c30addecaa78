"""Wordle: play every registered solver over answer/allowed lists (mean guesses, failures)."""
from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any, Sequence

import pandas as pd

from core.bench.run import (Column, GameBench, Prepared, Reference, RunOutcome, RunRequest, count_summary, data_files,
                            most_common, win_summary)
from core.bench.runner import Backend, Job, run_job
from core.progress import Progress, no_progress
from core.solver import Solver
from core.wordle.harness import BENCH_LIMIT, MAX_GUESSES, Setup, make_setup, play, shippable
from core.wordle.rules import RULES, Word, parse_encoding
from core.wordle.solvers import SOLVERS
from core.wordle.tree import EFFORTS, save_tree, tree_summary
from core.words import WordList, catalogue, load_list, make_list, parse_upload, sample

DEFAULT_ANSWERS = "Wordle answers 2,315"
DEFAULT_ALLOWED = "Wordle allowed 12,972"
ORIGINAL = "Wordle answers 2,315 / allowed 12,972"
PAIRS: dict[str, tuple[str, str]] = {
    ORIGINAL: (DEFAULT_ANSWERS, DEFAULT_ALLOWED),
    "English 5-letter answers / guesses (built-in)": ("English 5-letter answers", "English 5-letter guesses"),
    "English 6-letter common (built-in)": ("English 6-letter common", "English 6-letter common"),
    "English 4-letter common (built-in)": ("English 4-letter common", "English 4-letter common"),
}


def game_record(solved: bool, guesses: int) -> dict[str, Any]:
    """The one counting rule: a game not solved within BENCH_LIMIT guesses counts BENCH_LIMIT + 1 guesses,
    and a game is won only when solved within six guesses."""
    return {"guesses": guesses if solved else BENCH_LIMIT + 1, "win": solved and guesses <= MAX_GUESSES}


def play_wordle(player: tuple[Any, Setup, str | None], answer: str) -> dict[str, Any]:
    """One game as a record; the player is (fitted solver, setup, fixed first guess or None)."""
    solver, setup, first = player
    rec = play(solver, setup, answer, first=first)
    return {"item": setup.decode(answer), **game_record(rec.solved, rec.guesses),
            "first_guess": setup.decode(rec.steps[0].guess) if rec.steps else ""}


def play_against_host(player: tuple[Any, Setup, str | None], item: str) -> dict[str, Any]:
    """The solver's one game against the Absurdle host (the host never commits to an answer) as a record."""
    from core.wordle.adversary import play_host

    solver, setup, first = player
    game = play_host(solver, setup, BENCH_LIMIT, first=first)
    return {"item": " ".join(setup.decode(g) for g in game.guesses), **game_record(game.won, game.n_guesses),
            "first_guess": setup.decode(game.guesses[0]) if game.guesses else ""}


def play_answers(solver: Solver, setup: Setup, answers: Sequence[Word] | None = None, first: Word | None = None,
                 jobs: int = 1, progress: Progress = no_progress) -> pd.DataFrame:
    """A fitted solver's games on the given answers (all by default) as records, counted by `game_record`."""
    words = tuple(answers if answers is not None else setup.answers)
    backend = Backend("serial" if jobs <= 1 else "local", jobs=jobs)
    job = Job((shippable(solver), setup, first), words, play_wordle, f"wordle {solver.name}")
    return pd.DataFrame.from_records(run_job(job, backend, progress))


def list_for(name_or_path: str, extra: str = "") -> WordList:
    """A list by name or file; files may use the extra characters of multigraphs (like an apostrophe)."""
    path = Path(name_or_path)
    if extra and path.is_file():
        return parse_upload(path.read_bytes(), path.name, extra=extra, max_bytes=500 * 1024 * 1024)[0]
    return load_list(name_or_path)


def _lists(request: RunRequest) -> tuple[WordList, WordList, Any]:
    """(answers, allowed guesses, multigraph encoding or None) for a request."""
    if request.dataset in PAIRS:
        answers, allowed = PAIRS[request.dataset]
        return load_list(answers), load_list(allowed), None
    encoding, extra = None, ""
    if request.param("multigraphs"):
        encoding = parse_encoding(Path(request.param("multigraphs")).read_text(encoding="utf-8"))
        extra = "".join(sorted({c for m, _ in encoding.pairs for c in m if not c.isalpha()}))
    answers = list_for(request.dataset, extra)
    allowed = list_for(request.param("allowed"), extra) if request.param("allowed") else answers
    return answers, allowed, encoding


def setup_of(request: RunRequest) -> Setup:
    """The Setup a request describes (one word length: the one asked for, else 5 when present)."""
    answers, allowed, encoding = _lists(request)
    lengths = sorted({len(w) for w in answers.words})
    length = request.param("length") or ((5 if 5 in lengths else lengths[0]) if len(lengths) > 1 and not encoding
                                          else None)
    return make_setup(answers.words, allowed.words, rule=str(request.param("rule", "standard")),
                      hard=bool(request.param("hard", False)), encoding=encoding, length=length)


def _inputs(request: RunRequest) -> list:
    answers, allowed, _ = _lists(request)
    extra = [Path(request.param("multigraphs"))] if request.param("multigraphs") else []
    return [answers.hash, allowed.hash, *extra, *data_files("wordle")]


def _solver(request: RunRequest, first: str | None, progress: Progress):
    """A fresh solver given the run options its registry entry accepts."""
    options = {**dict(request.params), "first": first, "progress": progress}
    return SOLVERS.create_with(request.solver, options)


def _prepare(request: RunRequest, progress: Progress) -> Prepared:
    setup = setup_of(request)
    first_word = request.param("first")
    first = setup.encoding.encode(first_word) if first_word else None
    if first is not None and first not in setup.guess_index:
        raise ValueError(f"the first guess {first_word!r} is not an allowed {setup.length}-letter guess")
    t0 = time.perf_counter()
    setup.prepare(progress)  # every colouring of every guess, with progress (read from the disk cache after the first run)
    info: dict[str, Any] = {"answer_count": len(setup.answers), "allowed_count": len(setup.guesses),
                            "added_answers": len(setup.added), "length": setup.length, "rule": setup.rule,
                            "hard": setup.hard, "matrix_seconds": round(time.perf_counter() - t0, 2)}
    progress(0, 1, f"fitting {request.solver}")
    solver = _solver(request, first, progress).fit(setup)
    if SOLVERS.shows(request.solver, "tree"):
        tree = tree_summary(solver.tree, setup)
        info.update(tree={**tree, "first_guess": setup.decode(tree["first_guess"])}, tree_loaded=solver.loaded)
        if request.param("save_tree"):
            save_tree(solver.tree, setup, Path(request.param("save_tree")))
    pool = make_list("answers", setup.answers)
    items = tuple(sample(pool, request.n_items or len(pool), request.seed)) if request.n_items else setup.answers
    takes_first = "first" in SOLVERS.entry(request.solver).options  # it opens with the first guess itself
    player = (shippable(solver), setup, None if takes_first else first)
    if request.param("against_host"):  # one game: the host is deterministic
        return Prepared(Job(player, ("host",), play_against_host, f"wordle {request.solver} v host"), info)
    return Prepared(Job(player, tuple(items), play_wordle, f"wordle {request.solver}"), info)


def summarise(frame: pd.DataFrame) -> dict[str, Any]:
    """Mean guesses, their distribution, failures (games not won within six guesses) and the first guess."""
    wins = win_summary(frame)
    return {**wins, **count_summary(frame, "guesses", "guesses"), "failures": wins["games"] - wins["wins"],
            "first_guess": most_common(frame, "first_guess")}


def _datasets() -> list[str]:
    specs = catalogue()
    return [name for name, (a, g) in PAIRS.items() if a in specs and g in specs]


BENCH = GameBench(
    game="wordle",
    title="Wordle",
    solvers=SOLVERS.names,
    plain_name=SOLVERS.plain_name,
    datasets=_datasets,
    inputs=_inputs,
    prepare=_prepare,
    summarise=summarise,
    metric="mean_guesses",
    metric_label="Guesses per game (fewer is better)",
    columns=(Column("mean_guesses", "Guesses per game", "number"), Column("win_rate", "Games won", "percent"),
             Column("games", "Games played", "count"), Column("failures", "Games lost", "count"),
             Column("first_guess", "First guess", "text")),
    default_solvers=("positional", "best"),
    references=(Reference("best possible on the original lists, 3.4212", 3.4212, "mean_guesses", (ORIGINAL,)),),
    default_params=(("rule", "standard"), ("hard", False), ("use_saved", True)),
    higher_is_better=False,
    percent=False,
    count_column="guesses",
    count_label="guesses",
)

# ---------------------------------------------------------------- command line


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The wordle benchmark's options."""
    parser.add_argument("--answers", default=DEFAULT_ANSWERS, help="answer list: a file or a list name")
    parser.add_argument("--allowed", default=None, help="allowed guesses: a file or a list name (default: the answers)")
    parser.add_argument("--length", type=int, default=None, help="word length to keep from mixed-length lists")
    parser.add_argument("--solver", action="append", default=None, help="solver name (repeatable) or all: "
                        + SOLVERS.cli_help())
    parser.add_argument("--rule", choices=RULES, default="standard", help="feedback rule")
    parser.add_argument("--hard", action="store_true", help="hard mode (revealed hints must be used)")
    parser.add_argument("--first", default=None, help="a fixed first guess")
    parser.add_argument("--limit", "--games", dest="games", type=int, default=0,
                        help="play this many answers (a seeded sample; 0: all); --games is the older spelling")
    parser.add_argument("--seed", type=int, default=0, help="seed of the answer sample")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes for playing games")
    parser.add_argument("--prior", choices=("uniform", "frequency"), default="uniform", help="entropy solver's prior")
    parser.add_argument("--multigraphs", default=None, help="a file of 'multigraph symbol' lines")
    parser.add_argument("--effort", choices=EFFORTS, default="full",
                        help="best: search effort (full reaches the published optima; quick is about 4x faster)")
    parser.add_argument("--use-saved", action="store_true", help="best: load the tree saved in data/wordle if it matches")
    parser.add_argument("--save-tree", default=None, help="best: write the tree JSON here")
    parser.add_argument("--against-host", action="store_true",
                        help="play against the Absurdle host (it keeps the biggest colour group): guesses each solver needs")


def requests(args: argparse.Namespace) -> list[RunRequest]:
    """One request per solver the options name."""
    params = (("allowed", args.allowed), ("length", args.length), ("rule", args.rule), ("hard", args.hard),
              ("first", args.first), ("prior", args.prior), ("multigraphs", args.multigraphs),
              ("effort", args.effort), ("use_saved", args.use_saved), ("save_tree", args.save_tree),
              ("against_host", args.against_host))
    return [RunRequest("wordle", name, args.answers, params, max(0, args.games), args.seed)
            for name in SOLVERS.expand(args.solver)]


def report(args: argparse.Namespace, outcomes: list[RunOutcome]) -> dict:
    """The CLI's JSON: the setup, then one result per solver."""
    info = outcomes[0].meta["info"] if outcomes else {}
    results = []
    for o in outcomes:
        s = o.summary
        row = {"solver": o.request.solver, **{k: s[k] for k in ("games", "mean_guesses", "total_guesses", "max_guesses",
                                                                 "failures", "distribution", "first_guess")},
               "seconds": round(s["seconds"] + s["fit_seconds"], 2), "fit_seconds": s["fit_seconds"]}
        if args.against_host:
            row["host_game"] = o.records["item"].iloc[0] if len(o.records) else ""
        if "tree" in o.meta["info"]:
            row.update(tree=o.meta["info"]["tree"], tree_loaded=o.meta["info"]["tree_loaded"])
        results.append(row)
    return {"game": "wordle", "effort": args.effort, "answers": args.answers, "allowed": args.allowed or args.answers,
            "against_host": args.against_host, **{k: info.get(k) for k in ("answer_count", "allowed_count", "added_answers", "length", "rule", "hard",
                                        "matrix_seconds")}, "results": results}
