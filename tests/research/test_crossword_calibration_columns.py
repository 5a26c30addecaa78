"""The calibration columns tried for the packaged guesser (research.crossword.calibration_columns)."""
import numpy as np
import pytest

from research.crossword.calibration_columns import (EXTRA_VARIANTS, agreement, extra_column_names, extra_columns,
                                              source_ranks, split_zipf, word_zipf, zipf_bins)


@pytest.mark.parametrize("common, rare", [
    ("LATE", "LEOI"),  # the everyday answer to "Not early" above a pope's name run together
    ("PARIS", "VICHY"),
    ("HEART", "ATRIA"),
])
def test_a_common_answer_is_more_common_than_a_rare_one(common, rare):
    assert word_zipf(common) > word_zipf(rare)


@pytest.mark.parametrize("answer", ["QXZJ", "XJQVKW"])
def test_a_string_no_one_writes_has_no_frequency(answer):
    assert word_zipf(answer) == 0.0


@pytest.mark.parametrize("answer, plain", [
    ("ATEASE", "AT EASE"),  # two words run together, as grids write them
    ("INAWAY", "IN A WAY"),
    ("ITSALL", "ITS ALL"),
])
def test_two_common_words_run_together_are_found_by_their_split(answer, plain):
    assert word_zipf(answer) == 0.0 or word_zipf(answer) < split_zipf(answer)
    assert split_zipf(answer) > 0.3


@pytest.mark.parametrize("column, ranks", [
    ([0.5, 0.9, 0.0, 0.5], [0.5, 1.0, 0.0, 0.5]),  # ties share the better rank; an unproposed answer has none
    ([0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]),  # a source that proposed nothing
    ([0.1, 0.2, 0.3, 0.4], [0.25, 1 / 3, 0.5, 1.0]),
])
def test_a_candidates_rank_in_a_source_counts_the_candidates_scored_above_it(column, ranks):
    feats = np.array(column, float).reshape(-1, 1)
    assert source_ranks(feats, [0])[:, 0].tolist() == pytest.approx(ranks)


def test_agreement_is_the_share_of_sources_that_propose_an_answer():
    feats = np.array([[0.5, 0.0, 1.0], [0.9, 1.0, 1.0], [0.0, 0.0, 0.0]])
    assert agreement(feats, [0, 1]).tolist() == [0.5, 1.0, 0.0]


@pytest.mark.parametrize("variant", list(EXTRA_VARIANTS))
def test_each_variant_gives_as_many_columns_as_it_names(variant):
    from core.crossword.clues.packaged import PackagedGuesser

    names = list(PackagedGuesser.FEATURES)
    feats = np.random.default_rng(0).random((5, len(names)))
    cols = extra_columns(["LATE", "LUKE", "LORE", "LEOI", "LINZ"], feats, names, EXTRA_VARIANTS[variant])
    assert cols.shape == (5, len(extra_column_names(EXTRA_VARIANTS[variant], names)))


@pytest.mark.parametrize("answer, bin_", [
    ("QXZJ", 0),  # unknown to wordfreq
    ("LATE", 4),  # an everyday word, above Zipf 4.5
])
def test_an_answer_falls_in_one_zipf_bin(answer, bin_):
    marks = zipf_bins([answer])[0]
    assert marks[:5].sum() == 1.0 and marks[bin_] == 1.0


def test_the_close_column_keeps_the_frequency_only_where_a_close_source_proposes_the_answer():
    from core.crossword.clues.packaged import PackagedGuesser

    names = list(PackagedGuesser.FEATURES)
    feats = np.zeros((2, len(names)))
    feats[:, names.index("log answer frequency")] = 3.0
    feats[0, names.index("WordNet antonym of what a negated clue negates ('Not early')")] = 1.0
    assert extra_columns(["LATE", "LUKE"], feats, names, ("close",))[:, 0].tolist() == [3.0, 0.0]


@pytest.mark.parametrize("answers, scores, answer, rank", [
    (["LATE", "LUKE", "LORE"], [0.5, 0.3, 0.1], "LATE", 1),
    (["LUKE", "LATE", "LORE"], [0.5, 0.3, 0.1], "LATE", 2),
    (["LUKE", "LATE"], [0.3, 0.3], "LATE", 1),  # a tie goes to the earlier answer in the alphabet, as the recall tool
    (["LATE", "AAAA"], [0.3, 0.3], "LATE", 2),
    (["LUKE", "LORE"], [0.5, 0.3], "LATE", 0),  # not proposed
    (["LUKE", "LATE"], [0.5, 0.0], "LATE", 0),  # a source that gave it nothing did not propose it
])
def test_the_stored_rows_rank_the_answer_as_the_recall_tool_does(answers, scores, answer, rank):
    from research.crossword.packaged_rows import ranks_by, recall

    rows = [{"answers": answers, "answer": answer}]
    assert ranks_by(rows, [np.array(scores)]) == [rank]
    assert recall([rank])["top1"] == float(rank == 1)
