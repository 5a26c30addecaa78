"""The doubt tool's count of wrong letters by where each slot's answer came from (research.crossword.doubt)."""
import json

import pytest

from research.crossword.doubt import answer_origin, main, origin_table, wrong_letters_by_origin


@pytest.mark.parametrize("tags, origin", [
    ([], "nothing"),
    (["phrase"], "phrase"),
    (["asked again"], "asked again"),
    (["phrase", "asked again"], "asked again"),  # a second ask is the clue's own word, a phrase is not
    (["similar", "asked again"], "clue"),  # proposed by the clue at first: the second ask only agreed
    (["words"], "clue"),
    (["phrase", "related word"], "clue"),
])
def test_answer_origin_names_the_clue_first_then_second_asks_then_phrases(tags, origin):
    assert answer_origin(tags) == origin


def row(weekday: str, right: int, length: int, sources: list) -> dict:
    return {"weekday": weekday, "right": right, "length": length, "sources": sources}


def test_wrong_letters_are_counted_by_letters_not_slots_and_right_slots_add_nothing():
    rows = [row("Saturday", 2, 5, ["similar"]), row("Saturday", 0, 4, []), row("Saturday", 6, 6, []),
            row("Friday", 3, 4, ["phrase"]), row("Friday", 5, 5, ["similar"])]
    counts = wrong_letters_by_origin(rows)
    assert counts["Saturday"] == {"clue": 3, "asked again": 0, "phrase": 0, "nothing": 4}
    assert counts["Friday"] == {"clue": 0, "asked again": 0, "phrase": 1, "nothing": 0}


def test_rows_without_sources_count_as_answers_nothing_proposed():
    assert wrong_letters_by_origin([{"weekday": "Monday", "right": 1, "length": 3}])["Monday"]["nothing"] == 2


def test_origin_table_orders_weekdays_and_survives_a_weekday_with_no_wrong_letter():
    table = origin_table(wrong_letters_by_origin([row("Sunday", 1, 2, []), row("Monday", 3, 3, ["similar"])]))
    lines = table.splitlines()
    assert lines[2].startswith("| Monday | 0 |") and lines[3].startswith("| Sunday | 1 |")
    assert "1 (100%)" in lines[3]


def test_slot_rows_flag_prints_the_table_without_solving(tmp_path, capsys):
    path = tmp_path / "slots.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in [row("Saturday", 1, 5, ["asked again"])]) + "\n")
    main(["--slot-rows", str(path)])
    out = capsys.readouterr().out
    assert "| Saturday | 4 | 0 (0%) | 4 (100%) |" in out
