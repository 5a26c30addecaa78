"""Benchmark bar charts: a published figure's line is named where no bar's figure can be covered."""
import pandas as pd
import pytest

from core.bench.charts import MARGIN, metric_bars

WORDLE = pd.DataFrame({"label": ["frequency", "best"], "mean_guesses": [3.64, 3.4212]})
HANGMAN = pd.DataFrame({"label": ["a", "b"], "win_rate": [0.18, 0.67], "ci_low": [0.1, 0.6], "ci_high": [0.3, 0.7]})


@pytest.mark.parametrize("summaries, metric, references, ci, percent", [
    # the optimum equals the last bar's value: a label on the line sat on that bar's "3.421"
    (WORDLE, "mean_guesses", [("best possible on the original lists, 3.4212", 3.4212)], (None, None), False),
    # two published figures, each at a bar's height, with error bars (figures under the bars' names)
    (HANGMAN, "win_rate", [("simple letter counting, published 18%", 0.18),
                           ("best published on unseen words, 67.2%", 0.672)], ("ci_low", "ci_high"), True),
    (HANGMAN, "win_rate", [("simple letter counting, published 18%", 0.18)], (None, None), True),
])
def test_a_reference_is_named_in_a_legend_below_the_chart_never_on_the_bars(summaries, metric, references, ci,
                                                                                percent):
    fig = metric_bars(summaries, metric, "Mean", references, *ci, percent=percent)
    assert not fig.layout.annotations  # nothing written inside the plotting area beside the bars' own figures
    named = [t.name for t in fig.data if t.showlegend is not False]
    assert named == [name for name, _ in references]
    assert [s.y0 for s in fig.layout.shapes] == [value for _, value in references]  # the lines stay on the chart
    legend = fig.layout.legend
    assert (legend.yref, legend.y, legend.yanchor, legend.orientation) == ("container", 0, "bottom", "h")
    assert fig.layout.margin.b >= MARGIN["b"] + 20 + 22 * len(references)  # room for the legend under the names
    bars = fig.data[0]
    assert bars.type == "bar" and bars.showlegend is False


def test_a_chart_without_references_has_no_legend():
    fig = metric_bars(WORDLE, "mean_guesses", "Mean")
    assert fig.layout.showlegend is False and len(fig.data) == 1 and not fig.layout.shapes
