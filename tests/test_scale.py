"""The scale sweep behind the README's scale figures: one row per (list size, games), a log-log chart."""
from core.bench.charts import scale_chart
from research.scale import hangman_sweep


def test_sweep_times_every_size_and_game_count_and_charts_on_log_axes():
    sweep = hangman_sweep("English common 500", [100, 300], [5, 20], solver="frequency")
    assert list(zip(sweep["list_size"], sweep["items"])) == [(100, 5), (100, 20), (300, 5), (300, 20)]
    assert (sweep["seconds"] >= 0).all()
    fig = scale_chart(sweep)
    assert fig.layout.xaxis.type == "log" and fig.layout.yaxis.type == "log"
    assert len(fig.data) == 2
