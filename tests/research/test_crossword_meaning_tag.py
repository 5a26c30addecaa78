"""The tag tool's table: each tag's share of candidates and share right, and the rows above each similarity floor."""
import pytest

from research.crossword.meaning_tag import COLUMNS, summary_lines


def row(candidate: str, tags: list, tfidf: float = 0.0, meaning: float = 0.0) -> dict:
    return {"answer": "TORT", "candidate": candidate, "tags": tags,
            **{n: 0.0 for n in COLUMNS}, "tfidf best cosine": tfidf, "meaning best cosine": meaning}


ROWS = [row("TORT", ["similar", "meaning"], 0.9, 0.8), row("ZOOT", ["meaning"], 0.0, 0.75),
        row("EXEC", ["similar"], 0.5, 0.3), row("PITH", ["loose"], 0.1, 0.2)]


@pytest.mark.parametrize("line", [
    "4 rows, 25.0% right",
    "similar           50.0% of rows,  50.0% right",
    "meaning           50.0% of rows,  50.0% right",
    "loose             25.0% of rows,   0.0% right",
    "tfidf best cosine > 0.4:  50.0% of rows,  50.0% right",
    "meaning best cosine > 0.7:  50.0% of rows,  50.0% right",
    "meaning best cosine > 0.0: 100.0% of rows,  25.0% right",
])
def test_the_table_counts_tags_and_floors(line):
    assert line in summary_lines(ROWS)


def test_a_floor_no_row_passes_is_left_out():
    assert not any(l.startswith("tfidf best cosine > 0.9") for l in summary_lines(ROWS))
