"""Scale figures: items per second per core for each game's `best`, and a run-time sweep.

`python -m research.scale --out docs/scale` writes `scale.csv`, `throughput.csv`, `scale.html` and, when
an image exporter is available, `scale.png`; it prints a Markdown table for the README.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import pandas as pd

from core.bench.games import all_games
from core.bench.run import RunRequest
from core.bench.runner import Backend, Job, run_job
from core.progress import no_progress
from core.words import load_list, make_list, sample


def timed_run(job: Job, backend: Backend) -> float:
    """Seconds to play every item of a job."""
    start = time.perf_counter()
    run_job(job, backend)
    return time.perf_counter() - start


def throughput(game: str, solver: str, dataset: str, n_items: int, seed: int = 0) -> dict:
    """Items per second on one core (serial backend) for a game's solver, after fitting."""
    bench = all_games()[game]
    req = RunRequest(game, solver, dataset, bench.default_params, n_items, seed)
    job = bench.prepare(req, no_progress).job
    seconds = timed_run(job, Backend("serial"))
    return {"game": game, "solver": solver, "dataset": dataset, "items": len(job.items), "seconds": round(seconds, 2),
            "items_per_second_per_core": round(len(job.items) / seconds, 2) if seconds else None}


def hangman_sweep(dataset: str, sizes: list[int], games: list[int], solver: str = "best", seed: int = 0,
                  jobs: int = 1) -> pd.DataFrame:
    """Run time of hangman `solver` against games played, for training lists of several sizes."""
    from core.hangman.bench import play_hangman  # the sweep is Hangman's by design
    from core.hangman.fitting import fitted
    from core.words import split

    full = load_list(dataset)
    train_all, test = split(full, 0.2, seed)
    rows = []
    for size in sizes:
        train = make_list(f"{dataset} {size}", sample(train_all, min(size, len(train_all)), seed))
        t0 = time.perf_counter()
        solver_obj, _ = fitted(solver, train.words, train.hash)
        fit_seconds = time.perf_counter() - t0
        for n in games:
            items = tuple(sample(test, min(n, len(test)), seed))
            job = Job((solver_obj, 6), items, play_hangman)
            rows.append({"list_size": len(train), "items": len(items), "fit_seconds": round(fit_seconds, 2),
                         "seconds": round(timed_run(job, Backend("local" if jobs > 1 else "serial", jobs=jobs)), 3)})
            print(rows[-1], file=sys.stderr)
    return pd.DataFrame(rows)


def chart_png(fig, path: Path, width: int = 800, height: int = 420) -> None:
    """Render a plotly figure to PNG in headless chromium (Debian's, via Playwright)."""
    import shutil
    import tempfile

    from playwright.sync_api import sync_playwright

    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    with tempfile.TemporaryDirectory() as tmp:
        html = Path(tmp) / "chart.html"
        fig.update_layout(width=width, height=height).write_html(html, include_plotlyjs=True, full_html=True)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=exe, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport={"width": width + 20, "height": height + 20})
            page.goto(html.as_uri())
            page.wait_for_selector(".main-svg")
            page.screenshot(path=str(path), clip={"x": 0, "y": 0, "width": width, "height": height})
            browser.close()


def main(argv: list[str] | None = None) -> int:
    """Write the scale tables and chart; print the README table."""
    p = argparse.ArgumentParser(prog="python -m research.scale", description=__doc__)
    p.add_argument("--out", default="docs/scale")
    p.add_argument("--dataset", default="Trexquant hangman 227k")
    p.add_argument("--sizes", default="20000,60000,181840")
    p.add_argument("--solver", default="best", help="the hangman solver of the sweep")
    p.add_argument("--games", default="100,300,1000")
    p.add_argument("--throughput-items", type=int, default=300)
    p.add_argument("--skip-throughput", action="store_true")
    args = p.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if not args.skip_throughput:
        rows = []
        for game, bench in all_games().items():
            solver = "best" if "best" in bench.solvers() else bench.solvers()[-1]
            dataset = bench.datasets()[0]
            n = min(args.throughput_items, 5) if game == "crossword" else args.throughput_items
            try:
                rows.append(throughput(game, solver, dataset, n))
            except Exception as err:  # a game whose data is missing still lets the others report
                rows.append({"game": game, "solver": solver, "dataset": dataset, "error": str(err)})
            print(rows[-1], file=sys.stderr)
        tp = pd.DataFrame(rows)
        tp.to_csv(out / "throughput.csv", index=False)
        print(tp.to_string(index=False))
    sweep = hangman_sweep(args.dataset, [int(s) for s in args.sizes.split(",")], [int(g) for g in args.games.split(",")],
                          args.solver)
    sweep.to_csv(out / "scale.csv", index=False)
    from core.bench.charts import scale_chart

    fig = scale_chart(sweep)
    fig.write_html(out / "scale.html", include_plotlyjs="cdn")
    try:
        chart_png(fig, out / "scale.png")
    except Exception as err:  # the PNG needs Playwright and a chromium; the HTML and CSV are always written
        print(f"no PNG export: {err}", file=sys.stderr)
    print(sweep.to_string(index=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
