"""Run `python -m core.bench ...` inside the test process: the same `main`, without a fresh interpreter per call.

A subprocess per call spent most of its time importing pandas and every game (15-18 s each on the shared
machine); one test (tests/test_bench_cli.py) still runs the real `python -m core.bench` entry point.
"""
from __future__ import annotations

import contextlib
import io
import os
import subprocess
from typing import Mapping


def run_cli(*args: str, env: Mapping[str, str] | None = None) -> subprocess.CompletedProcess:
    """`python -m core.bench *args` in-process: its exit code, stdout and stderr, like subprocess.run."""
    from core.bench.cli import main

    saved = {k: os.environ.get(k) for k in (env or {})}
    os.environ.update(env or {})
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(list(args))
            except SystemExit as stop:  # argparse errors and --help
                code = stop.code if isinstance(stop.code, int) else 2
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    return subprocess.CompletedProcess(["python", "-m", "core.bench", *args], code, out.getvalue(), err.getvalue())
