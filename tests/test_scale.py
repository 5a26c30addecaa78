"""The scale sweep behind the README's scale figures: one row per (list size, games), a log-log chart."""
from core.bench.charts import scale_chart
from research.scale import hangman_sweep


def test_sweep_times_every_size_and_game_count_and_charts_on_log_axes():
    sweep = hangman_sweep("English common 500", [100, 300], [5, 20], solver="frequency")
    assert list(zip(sweep["list_size"], sweep["items"])) == [(100, 5), (100, 20), (300, 5), (300, 20)]
    assert (sweep["seconds"] > 0).all()  # every row really played its games
    assert sweep.groupby("list_size")["fit_seconds"].nunique().eq(1).all()  # fitted once per list size
    fig = scale_chart(sweep)
    assert fig.layout.xaxis.type == "log" and fig.layout.yaxis.type == "log"
    assert [t.name for t in fig.data] == ["100 words", "300 words"]
    assert [list(t.x) for t in fig.data] == [[5, 20], [5, 20]]
