"""The per-length choice of how `best` weighs the dictionary (2026-11-24): the frontier arithmetic on small tables."""
from collections import Counter

import pytest

from research.hangman.lengths import (best_pick, frontier, halves_check, overall, per_length_overrides, per_length_records,
                                      stratified, weighted)

SHARES = {4: 0.5, 5: 0.5}
# variant 0 wins the dictionary world, variant 1 unseen words; at 4 letters the trade is cheap, at 5 dear
TABLE = [{4: (0.10, 0.90), 5: (0.50, 0.90)},
         {4: (0.30, 0.80), 5: (0.52, 0.40)}]


def test_the_overall_rate_weighs_lengths_by_their_share_and_the_rest_at_its_rate():
    assert weighted({4: 0.2}, {4: 0.25, 5: 0.75}, 1.0) == pytest.approx(0.05 + 0.75)
    assert overall(TABLE, {4: 1, 5: 0}, SHARES, (0.0, 0.0)) == pytest.approx((0.40, 0.85))


@pytest.mark.parametrize("target, pick", [(0.90, {4: 0, 5: 0}), (0.85, {4: 1, 5: 0}), (0.61, {4: 1, 5: 0}), (0.60, {4: 1, 5: 1}),
                                          (0.0, {4: 1, 5: 1})])
def test_the_best_pick_spends_the_dictionary_where_it_buys_most_unseen_words(target, pick):
    got = best_pick(TABLE, SHARES, (0.0, 0.0), target)
    assert got[3] == pick and got[2] >= target


def test_no_pick_when_no_mix_reaches_the_target():
    assert best_pick(TABLE, SHARES, (0.0, 0.0), 0.95) is None


def test_the_frontier_runs_from_unseen_words_first_to_the_dictionary_first():
    points = frontier(TABLE, SHARES, (0.0, 0.0))
    assert points[0][3] == {4: 1, 5: 1} and points[-1][3] == {4: 0, 5: 0}
    dictionary = [p[2] for p in points]
    assert dictionary == sorted(dictionary)  # a larger weight never gives the dictionary world less


def _games(rate_by_length: dict[int, float], per_length: int = 40) -> list[list]:
    out = []
    for n, rate in rate_by_length.items():
        out += [[f"w{n}x{i}", n, i < rate * per_length, 0.0, 1] for i in range(per_length)]
    return out


def test_identical_variants_gain_nothing_on_the_other_half():
    same = {"unseen": _games({4: 0.5, 5: 0.25}), "dictionary": _games({4: 0.75, 5: 1.0})}
    got = halves_check([same, same], SHARES, (0.0, 0.0), 0.0, repeats=3, min_length=3)
    assert got["fits"] == 6 and got["unseen_gain_on_the_other_half"] == 0.0 == got["dictionary_gain_on_the_other_half"]


def test_the_dictionary_sample_takes_at_most_so_many_words_of_each_length():
    words = [c * n for n in range(2, 8) for c in "abcdefghij"]
    got = stratified(words, 3, range(3, 6), seed=1)
    assert Counter(len(w) for w in got) == {3: 3, 4: 3, 5: 3}
    assert got == stratified(words, 3, range(3, 6), seed=1) and got != stratified(words, 3, range(3, 6), seed=2)


@pytest.mark.parametrize("variant, length, expected", [
    ({"in_dictionary_prior": 0.1}, 5, {"in_dictionary_prior": 0.1}),
    ({"in_dictionary_prior": 0.1, "by_length": {"4": {"in_dictionary_prior": 0.0}}}, 4, {"in_dictionary_prior": 0.0}),
    ({"in_dictionary_prior": 0.1, "by_length": {"4": {"in_dictionary_prior": 0.0}}}, 5, {"in_dictionary_prior": 0.1}),
    ({"by_length": {"3": {"life_value": 0.5}}}, 3, {"life_value": 0.5}),
    ({}, 7, {})])
def test_a_length_plays_its_own_overrides_over_the_global_ones(variant, length, expected):
    assert per_length_overrides(variant, length) == expected


def test_per_length_records_keep_word_order_and_play_each_length_with_its_variant(monkeypatch):
    class Fake:
        def __init__(self, over=None):
            self.over = over or {}

    played = []
    monkeypatch.setattr("research.hangman.lengths.best_variant", lambda solver, **over: Fake(over))
    monkeypatch.setattr("research.hangman.lengths.records", lambda solver, words, jobs: [
        played.append((solver.over, w)) or [w, len(w), True, 0.0, 1] for w in words])
    got = per_length_records(Fake(), {"a": 1, "by_length": {"4": {"a": 2}}}, ["abcd", "abc", "wxyz", "abc"], 1)
    assert [r[0] for r in got] == ["abcd", "abc", "wxyz", "abc"]
    assert {w: o["a"] for o, w in played} == {"abcd": 2, "wxyz": 2, "abc": 1}
