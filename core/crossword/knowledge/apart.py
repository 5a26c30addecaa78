"""Work run in a separate process so that the memory it needs leaves with it.

The first use of the archive distils the static meaning model (core.crossword.knowledge.distil): torch, the
transformer and the distillation's intermediates. Run in the same process beside the fitted clue models it peaked at
3.1 GB; run apart, before the clue models are fitted, the caller never holds them. Added 2026-11-29.
"""
from __future__ import annotations

from core.progress import Progress, no_progress


def _prepare_reporting(reports) -> None:
    """Distil and store the meaning table in this (spawned) process, each progress report put on the queue."""
    from core.crossword.knowledge import meaning

    meaning.prepare(lambda done, total, message="": reports.put((done, total, message)))


def prepare_meaning_apart(progress: Progress = no_progress) -> None:
    """Distil and store the static meaning table in a separate process unless it is stored, progress relayed (the
    stored table is what every later use reads: it is the same table meaning.prepare would build here)."""
    import multiprocessing
    import queue as queues

    from core.crossword.knowledge import meaning

    if meaning.table_ready():
        return
    context = multiprocessing.get_context("spawn")
    reports = context.Queue()
    child = context.Process(target=_prepare_reporting, args=(reports,), name="meaning-table")
    child.start()
    while child.is_alive() or not reports.empty():
        try:
            progress(*reports.get(timeout=0.5))
        except queues.Empty:
            continue
    child.join()
    if not meaning.table_ready():
        raise RuntimeError(f"preparing the meaning model stopped (exit code {child.exitcode}) before its table was "
                           "stored: try again, or run `python -m core.artefacts build meaning-table`")
