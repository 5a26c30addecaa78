"""research.crossword.recall's slot-miss table: wrong letters in slots no source proposed, by list and clue shape."""
import pytest

from research.crossword.recall import answer_list, slot_misses

TRAINING, COMMON, WORDNET = {"QUARTET", "ESTUARY"}, {"QUARTET", "ROUTING", "MANXCAT"}, {"DROPCLOTH", "MANXCAT"}


@pytest.mark.parametrize("answer, expected", [
    ("QUARTET", "training answer"),  # in every list: the first one wins
    ("ROUTING", "common word"),
    ("MANXCAT", "common word"),  # a common word before WordNet
    ("DROPCLOTH", "WordNet only"),
    ("OOPSIEDAISY", "in no list"),
    ("", "in no list"),
])
def test_answer_list_names_the_first_list_holding_it(answer, expected):
    assert answer_list(answer, TRAINING, COMMON, WORDNET) == expected


def row(day, answer, right, sources, clue="Kiss, e.g."):
    """A measure.py slot row."""
    return {"weekday": day, "answer": answer, "length": len(answer), "right": right, "sources": sources, "clue": clue}


def test_slot_misses_count_only_wrong_letters_of_unproposed_slots():
    rows = [row("Saturday", "QUARTET", 2, []),  # 5 wrong, unproposed, a training answer
            row("Saturday", "ESTUARY", 7, []),  # all right: counts nothing
            row("Saturday", "ROUTING", 3, ["similar"]),  # 4 wrong but proposed: wrong, not unproposed
            row("Saturday", "OOPSIEDAISY", 5, [], clue="Cry over spilled milk?"),  # 6 wrong, in no list
            row("Monday", "DROPCLOTH", 8, [], clue="Painter's ___")]
    table = slot_misses(rows, TRAINING, COMMON, WORDNET)
    assert list(table) == ["Monday", "Saturday"]  # weekday order
    sat = table["Saturday"]
    assert sat["wrong letters"] == 15 and sat["unproposed"] == 11
    assert sat["by list"] == {"in no list": 6, "training answer": 5}  # most first
    assert sum(sat["by shape"].values()) == 11
    assert table["Monday"]["by list"] == {"WordNet only": 1}
    assert table["Monday"]["by shape"] == {"blank": 1}


def test_slot_misses_of_no_rows_is_empty():
    assert slot_misses([], TRAINING, COMMON, WORDNET) == {}


def test_wordnet_entries_read_lemmas_as_answers(tmp_path):
    from research.crossword.recall import wordnet_entries

    (tmp_path / "index.noun").write_text("  1 licence line\ndrop_cloth n 1 0\nh._g._wells n 1 0\n", encoding="utf-8")
    (tmp_path / "index.adj").write_text("mothy a 1 0\n", encoding="utf-8")
    assert sorted(wordnet_entries(tmp_path)) == ["DROPCLOTH", "HGWELLS", "MOTHY"]
    assert wordnet_entries(None) == []  # no WordNet: no entries
