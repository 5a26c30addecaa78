"""The Wordle figures are pure functions of their inputs."""
import pytest
import plotly.graph_objects as go

from core.wordle.charts import candidates_chart, history_html, letter_position_heatmap
from core.wordle.rules import feedback, parse_encoding


def test_heatmap_shows_position_probabilities_of_the_words_given():
    fig = letter_position_heatmap(["abc", "abd"])
    z = fig.data[0].z
    assert list(fig.data[0].y) == ["a", "b", "c", "d"]
    assert z[0][0] == 1.0 and z[2][2] == 0.5 and z[3][2] == 0.5


def test_heatmap_decodes_multigraph_symbols():
    enc = parse_encoding("kw' Q")
    fig = letter_position_heatmap([enc.encode("kw'a")], enc)
    assert "kw'" in list(fig.data[0].y)


def test_candidate_chart_counts_the_answers_left():
    assert list(candidates_chart([100, 10, 1], ["salet", "crony"]).data[0].y) == [100, 10, 1]


def test_history_html_colours_each_tile_and_escapes_text():
    html = history_html([("<b>ab", feedback("ab<b>", "<b>ab"))])
    assert "&lt;" in html and html.count("<span") == 5


def test_groups_chart_draws_largest_first_and_marks_the_kept_group():
    from core.wordle.charts import groups_chart, pattern_label

    fig = groups_chart([(0, 3), (26, 1), (24, 5)], kept=24, length=3)
    assert list(fig.data[0].x) == [5, 3, 1]
    assert list(fig.data[0].y)[0].startswith(pattern_label(24, 3)) and pattern_label(24, 3) == "⬜🟩🟩"
    colours = list(fig.data[0].marker.color)
    assert colours[0] != colours[1] and colours[1] == colours[2]
    assert "9 answers" in fig.layout.title.text


def test_groups_chart_keeps_the_kept_group_when_it_is_small():
    from core.wordle.charts import groups_chart

    fig = groups_chart([(i, 10 - i) for i in range(8)] + [(40, 1)], kept=40, length=4, top=3)
    assert len(fig.data[0].x) == 3 and fig.data[0].x[-1] == 1
    assert "the 6 smallest not drawn" in fig.layout.title.text


def test_answers_left_chart_speaks_in_answers_not_bits():
    from core.wordle.charts import answers_left_chart

    fig = answers_left_chart([("salet", 60.4, 221, False), ("crane", 78.1, 263, True)])
    assert list(fig.data[0].y) == ["CRANE", "SALET"]
    assert "bits" not in fig.layout.xaxis.title.text and "answers left" in fig.layout.xaxis.title.text


@pytest.mark.parametrize("share, label", [(0.0, ""), (0.001, "<1%"), (0.0049, "<1%"), (0.0051, "1%"), (0.15, "15%"),
                                          (1.0, "100%")])
def test_a_heatmap_cell_never_reads_0_percent_for_a_letter_that_occurs(share, label):
    from core.wordle.charts import share_label

    assert share_label(share) == label


@pytest.mark.parametrize("groups, title", [([(0, 1)], "1 answer in 1 colour group"),
                                           ([(0, 2), (1, 1)], "3 answers in 2 colour groups")])
def test_groups_chart_title_counts_in_the_right_number(groups, title):
    from core.wordle.charts import groups_chart

    assert groups_chart(groups, 0, 5).layout.title.text.startswith(title + "<br>")
