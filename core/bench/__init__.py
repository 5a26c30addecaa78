"""Benchmarks for every game through one path: `python -m core.bench <game>`, the Benchmarks page, the panels.

- `run`: RunRequest, GameBench (a game's description), `execute`, shared summaries
- `runner`: Job, Backend, `run_job` (serial, local worker processes, Dask), Cancelled
- `history`: stored runs (Parquet records + JSON meta)
- `games`: which module describes each game; `cli`: the command line; `charts`: the page's figures

A game describes itself in core/<game>/bench.py (BENCH = GameBench(...)); this package imports no game.
"""
