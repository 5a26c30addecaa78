"""The crossword grid figure: valid plotly for every puzzle shape, its colour bar above the grid, not beside it."""
from __future__ import annotations

import plotly.io as pio
import pytest

from core.crossword import charts
from core.crossword.data import demo_puzzles

PUZZLES = demo_puzzles()


@pytest.mark.parametrize("name", sorted(PUZZLES))
@pytest.mark.parametrize("title, scale", [("", True), ("Empty grid: press Solve", True), ("The solution", False)])
def test_the_grid_figure_is_valid_and_its_colour_bar_lies_above_the_grid(name, title, scale):
    puzzle = PUZZLES[name]
    fig = charts.fill_heatmap(puzzle, puzzle.solution, {c: 0.5 for c in puzzle.white_cells}, title=title, scale=scale)
    pio.to_json(fig, validate=True)  # the figure the page draws: an invalid property would be a traceback there
    bar = fig.data[0].colorbar
    assert fig.data[0].showscale is scale
    # horizontal and above: at 1024 px a bar beside the grid took a third of the grid's width
    assert (bar.orientation, bar.yanchor, bar.y) == ("h", "bottom", 1.0)
    assert fig.layout.yaxis.constraintoward == "top"  # the grid starts under the bar, not halfway down the figure
    assert fig.layout.margin.t > (50 if title else 40)  # room for the bar (and the title) above the grid
