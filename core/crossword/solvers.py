"""Fill solvers by name: `threshold` (never erases), `cell-confidence` (overwrites) and `best` (weighs crossings).

The solvers themselves live in core.crossword.fill; this registry is what pickers, the CLI and the benchmark read.
"""
from __future__ import annotations

from dataclasses import replace

from core.crossword.fill.belief import BeliefSolver, FillSettings
from core.crossword.fill.state import FIRST_LOOK, FillState, SolveResult
from core.crossword.fill.threshold import CellConfidenceSolver, ThresholdSolver
from core.crossword.knowledge.models import ClueModels
from core.registry import Registry

SOLVERS: Registry = Registry("crossword")
__all__ = ["SOLVERS", "BeliefSolver", "CellConfidenceSolver", "FillSettings", "FillState", "FIRST_LOOK", "SolveResult",
           "ThresholdSolver"]


@SOLVERS.register("threshold", help="writes a word in when its clue is sure enough, lowering the bar each pass; "
                                    "never erases", plain_name="sure words first")
def _threshold(models: ClueModels, **kw) -> ThresholdSolver:
    return ThresholdSolver(models, **kw)


@SOLVERS.register("cell-confidence", help="pencils words in and overwrites a word when a surer one comes along",
                  plain_name="pencil and eraser")
def _cell(models: ClueModels, **kw) -> CellConfidenceSolver:
    return CellConfidenceSolver(models, **kw)


@SOLVERS.register("best", help="weighs every clue's candidates against the crossing letters, round after round, "
                               "then writes each square's likeliest letter", default=True)
def _best(models: ClueModels, settings: FillSettings | None = None, **changes) -> BeliefSolver:
    return BeliefSolver(models, replace(settings or FillSettings(), **changes))
