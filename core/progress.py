"""The progress-callback contract shared by fitting, search and benchmarks."""
from __future__ import annotations

from typing import Callable, Protocol


class Progress(Protocol):
    """Called as progress(done, total, message); must be cheap and never raise."""

    def __call__(self, done: int, total: int, message: str = "") -> None: ...


def no_progress(done: int, total: int, message: str = "") -> None:
    """A progress callback that ignores every report."""


def shifted(progress: Progress, start: int, total: int) -> Progress:
    """A callback that reports step i of a phase as step start + i of `total` (a bar over phases never steps back)."""
    return lambda i, _n, message="": progress(start + i, total, message)


def terminal_progress(stream=None, width: int = 30) -> Callable[[int, int, str], None]:
    """A progress callback that draws a one-line bar on stderr."""
    import sys

    out = stream or sys.stderr

    def report(done: int, total: int, message: str = "") -> None:
        frac = done / total if total else 1.0
        filled = int(round(frac * width))
        out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {message[:40]:<40}")
        if done >= total:
            out.write("\n")
        out.flush()

    return report
