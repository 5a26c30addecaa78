"""The crossword benchmark CLI: bad requests exit 2; a tiny train/test split prints the documented keys."""
from __future__ import annotations

import gzip
import json

from core.bench.cli import main

TRAIN = {"date": "2000-01-03", "dow": "Monday", "grid": ["COW.", "ARE.", "TENT"],
         "clues": {"across": [[1, "Dairy animal"], [4, "Exist"], [5, "Camping shelter"]],
                   "down": [[1, "Feline pet"], [2, "Mined rock"], [3, "Benign skin cyst"]]},
         "answers": {"across": ["COW", "ARE", "TENT"], "down": ["CAT", "ORE", "WEN"]}}


def write_jsonl(path, records) -> str:
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        for rec in records:
            fh.write(json.dumps(rec) + "\n")
    return str(path)


def test_training_that_overlaps_the_test_dates_is_refused(tmp_path, capsys):
    f = write_jsonl(tmp_path / "a.jsonl.gz", [TRAIN])
    code = main(["crossword", "--train", f, "--train-until", "2012-01-01", "--since", "2011-01-01", "--quiet"])
    assert code == 2
    assert "must be before" in capsys.readouterr().err


def test_missing_file_and_unknown_solver_exit_2(tmp_path, capsys):
    assert main(["crossword", "--train", str(tmp_path / "nope.jsonl"), "--quiet"]) == 2
    f = write_jsonl(tmp_path / "a.jsonl.gz", [TRAIN])
    assert main(["crossword", "--train", f, "--solver", "psychic", "--quiet"]) == 2


def test_tiny_split_reports_every_key(tmp_path, capsys):
    train = write_jsonl(tmp_path / "train.jsonl.gz", [TRAIN, {**TRAIN, "date": "2000-01-04", "dow": "Tuesday"}])
    test = write_jsonl(tmp_path / "test.jsonl.gz", [{**TRAIN, "date": "2011-01-03"}])
    code = main(["crossword", "--train", train, "--test", test, "--train-until", "2010-12-31", "--solver", "all",
                 "--guesser", "tfidf", "--limit", "5", "--json", "--quiet"])
    assert code == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    keys = {"solver", "puzzles", "skipped", "letter_accuracy", "word_accuracy", "fill_percentage",
            "perfect_puzzles", "seconds_per_puzzle", "by_weekday"}
    assert [r["solver"] for r in out["results"]] == ["threshold", "cell-confidence", "best"]
    for row in out["results"]:
        assert keys <= set(row) and row["puzzles"] == 1
    best = out["results"][-1]
    assert best["letter_accuracy"] == 1.0 and best["fill_percentage"] == 1.0  # every answer was seen in training
    assert {"top1", "top5", "top20"} <= set(out["guessers"][0])
    # each row carries the first version's figure beside the measured one, under a key that says what it is
    assert out["results"][0]["reference_figure"] == "first version: 60.6% of filled cells correct, 74.5% filled"
    assert out["results"][-1]["reference_figure"] == ""  # `best` has no earlier figure
    assert out["guessers"][0]["reference_figure"] == "first version: right answer in top 5 about 60%"


def test_per_weekday_sample_takes_n_puzzles_of_each_weekday(tmp_path, capsys):
    train = write_jsonl(tmp_path / "train.jsonl.gz", [TRAIN, {**TRAIN, "date": "2000-01-04", "dow": "Tuesday"}])
    days = [("2011-01-03", "Monday"), ("2011-01-10", "Monday"), ("2011-01-17", "Monday"), ("2011-01-04", "Tuesday"),
            ("2011-01-11", "Tuesday"), ("2011-01-05", "Wednesday")]
    test = write_jsonl(tmp_path / "test.jsonl.gz", [{**TRAIN, "date": d, "dow": w} for d, w in days])
    code = main(["crossword", "--train", train, "--test", test, "--train-until", "2010-12-31", "--solver", "best",
                 "--guesser", "none", "--per-weekday", "2", "--json", "--quiet"])
    assert code == 0
    row = json.loads(capsys.readouterr().out.strip().splitlines()[-1])["results"][0]
    assert {d: v["puzzles"] for d, v in row["by_weekday"].items()} == {"Monday": 2, "Tuesday": 2, "Wednesday": 1}
    assert row["weekday_balanced_letter_accuracy"] == 1.0


def test_negative_per_weekday_is_refused(tmp_path, capsys):
    f = write_jsonl(tmp_path / "a.jsonl.gz", [TRAIN])
    assert main(["crossword", "--train", f, "--per-weekday", "-1", "--quiet"]) == 2
