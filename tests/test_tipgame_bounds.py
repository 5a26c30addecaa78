"""The subset-aware lower bound (2026-11-29): what any m words of a set can still be split into, given the group sizes
of the set's own tips. Checked against a brute force over every subset of small lists and every way of filling
groups, and shown to be tighter than the plain splitting count it starts from."""
import itertools
import random
from functools import lru_cache

import numpy as np
import pytest

from core.tipgame.bounds import LeafBound, convex_minorant, least_filled, list_lower_bound, subset_sizes
from core.tipgame.rules import IS, answer
from core.tipgame.table import group_counts, rich_tip_table


def brute_force_unit(words: tuple[str, ...]):
    """f(S): the least total tries over a subset S of distinct words, every substring of the list a tip."""
    tips = sorted({w[i:j] for w in words for i in range(len(w)) for j in range(i + 1, len(w) + 1)})

    @lru_cache(maxsize=None)
    def f(S: frozenset) -> int:
        if len(S) == 1:
            return 1
        best = None
        for t in tips:
            groups: dict[int, list[str]] = {}
            for w in S:
                groups.setdefault(answer(w, t), []).append(w)
            if len(groups) == 1 and IS not in groups:
                continue
            total = len(S) + sum(f(frozenset(g)) for a, g in groups.items() if a != IS)
            best = total if best is None else min(best, total)
        return best

    return f


SMALL_LISTS = [
    ["haus", "maus", "laus", "aus", "hans", "saus", "sau"],
    ["ana", "anna", "nan", "an", "na", "a", "nana"],
    ["the", "then", "them", "hen", "he", "ten", "net", "tent"],
    ["eine", "einen", "ein", "kein", "keine", "nie", "neu", "nun"],
    ["abc", "bca", "cab", "acb", "bac", "cba", "abca", "cc"],
]


@pytest.mark.parametrize("words", SMALL_LISTS)
def test_the_subset_bound_is_below_the_optimum_of_every_subset_of_each_size(words):
    table = rich_tip_table(words)
    H = table.all_words()
    bound = subset_sizes(group_counts(table, H), LeafBound.of(table).sizes(H), len(words))
    f = brute_force_unit(tuple(words))
    for m in range(1, len(words) + 1):
        least = min(f(frozenset(S)) for S in itertools.combinations(words, m))
        assert bound[m] <= least, (m, bound[m], least)


@pytest.mark.parametrize("caps, total", [
    ([3, 3, 2, 0, 0], 5),
    ([5, 1, 1, 1, 0], 7),
    ([4, 4, 4, 4, 4], 13),
    ([6, 0, 0, 0, 0], 6),
    ([2, 2, 1, 1, 1], 3),
])
def test_filling_groups_evenly_is_the_least_sum_of_a_convex_cost(caps, total):
    hull = convex_minorant(np.array([0, 1, 3, 6, 9, 12, 16, 20], dtype=float))
    best = min(sum(hull[m] for m in ms) for ms in itertools.product(*(range(c + 1) for c in caps))
               if sum(ms) == total)
    assert least_filled(hull, np.array([caps]), np.array([total]))[0] == pytest.approx(best)


def test_the_convex_minorant_is_convex_and_never_above():
    h = np.array([0, 1, 3, 5, 9, 12, 13, 20, 24], dtype=float)
    hull = convex_minorant(h)
    assert (hull <= h + 1e-12).all() and (np.diff(hull, 2) >= -1e-12).all()
    assert hull[0] == h[0] and hull[-1] == h[-1]


@pytest.mark.parametrize("name", ["German common 500", "English common 500"])
def test_on_a_sample_the_subset_bound_is_tighter_than_the_splitting_count(name):
    from core.words import load_list

    words = random.Random(0).sample(list(load_list(name).words), 40)
    table = rich_tip_table(words)
    H = table.all_words()
    base = LeafBound.of(table).sizes(H)
    bound = subset_sizes(group_counts(table, H), base, len(words))
    assert (bound >= base[:41]).all() and bound[40] > base[40]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_three_ply_bound_with_subset_counts_stays_below_the_exact_optimum_of_samples(seed):
    from core.tipgame.exact import optimum
    from core.words import load_list

    words = random.Random(seed).sample(list(load_list("English common 500").words), 25)
    best = optimum(words).total
    bounds = list_lower_bound(rich_tip_table(words), plies=3)
    assert bounds["one_ply"] <= bounds["3_ply"] and bounds["3_ply"] * len(words) <= best


@pytest.mark.parametrize("name, seed", [("German common 500", 3), ("English common 500", 4), ("German common 500", 5)])
def test_the_exact_search_finds_the_same_optimum_with_the_subset_count_as_without(name, seed):
    from core.tipgame.exact import optimum
    from core.tipgame.tree import score
    from core.words import load_list

    words = random.Random(seed).sample(list(load_list(name).words), 30)
    with_subsets = optimum(words)
    plain = optimum(words, subset_min_words=10**9)
    assert with_subsets.total == plain.total == score(with_subsets.root, words).total
    assert with_subsets.sets < plain.sets  # the tighter count cuts off more tips: fewer sets searched


def test_the_bound_command_stores_what_the_bound_function_gives_and_refuses_another_list(tmp_path, capsys):
    """The page shows the bound stored in a list's tree file: the command stores exactly list_lower_bound's figures
    (rounded to 4 places), keeps the tree, and will not write into another list's file."""
    import json

    from core.tipgame.bounds import saved_bounds
    from core.tipgame.tree import load_file
    from core.words import load_list
    from research.tipgame.bound import main as bound_command
    from research.tipgame.build import main as build

    words = random.Random(8).sample(list(load_list("German common 500").words), 30)
    listed, other = tmp_path / "small.txt", tmp_path / "other.txt"
    listed.write_text("\n".join(words) + "\n", encoding="utf-8")
    other.write_text("\n".join(words[:-1]) + "\n", encoding="utf-8")
    assert build(["--words", str(listed), "--time-budget", "0", "--out", str(tmp_path)]) == 0
    path = next(tmp_path.glob("*.json"))
    root_before, _, _ = load_file(path)
    assert bound_command(["--words", str(listed), "--plies", "3", "--write", str(path)]) == 0
    printed = json.loads(capsys.readouterr().out.splitlines()[-2])
    root, saved_words, meta = load_file(path)
    expected = {k: round(v, 4) for k, v in list_lower_bound(rich_tip_table(words), plies=3).items()}
    assert meta["lower_bound"] == expected and printed["best"] == expected["best"]
    assert saved_bounds(meta["lower_bound"])["best"] == expected["best"] > 0
    assert meta["bound_by"] == f"python -m research.tipgame.bound --words {listed} --plies 3 --write {path}"
    assert root == root_before and saved_words == words
    with pytest.raises(ValueError):
        bound_command(["--words", str(other), "--plies", "1", "--write", str(path)])


@pytest.mark.parametrize("name, file", [
    ("German common 500", "ef34f9edceaf7485_b120s0.json"),
    ("English common 500", "cf6be2bedfe45cfe_b600s0.json"),
])
def test_the_benchmark_reports_the_bound_stored_with_the_shipped_tree_without_recomputing_it(name, file, monkeypatch):
    import core.tipgame.bench as bench
    from core.tipgame.bounds import saved_bounds
    from core.tipgame.store import bundled_dir
    from core.tipgame.tree import load_file
    from core.words import load_list

    monkeypatch.setattr(bench, "list_lower_bound", lambda *a, **k: pytest.fail("recomputed a stored bound"))
    _, _, meta = load_file(bundled_dir() / file)
    assert bench.list_bound(list(load_list(name).words)) == saved_bounds(meta["lower_bound"])


def test_the_benchmark_computes_the_bound_of_a_list_without_a_saved_tree(tmp_path, monkeypatch):
    import core.tipgame.bench as bench

    monkeypatch.setenv("WORDLAB_CACHE", str(tmp_path))
    words = ["haus", "maus", "laus", "baum", "raum"]
    assert bench.list_bound(words) == list_lower_bound(rich_tip_table(words), plies=3)


def test_the_gain_command_compares_both_searches_and_restores_the_count_after_the_plain_bound():
    import core.tipgame.bounds as bounds_module
    from core.words import load_list
    from research.tipgame.subset_gain import exact_row, plain_counts

    words = random.Random(1).sample(list(load_list("German common 500").words), 20)
    row = exact_row(words)
    assert row["subset"]["total"] == row["plain"]["total"] and row["words"] == 20
    table = rich_tip_table(words)
    with plain_counts():
        plain = list_lower_bound(table, plies=1)["one_ply"]
    assert bounds_module.subset_sizes is subset_sizes
    assert plain <= list_lower_bound(table, plies=1)["one_ply"]


@pytest.mark.parametrize("n_words, counted", [(40, 1), (601, 0)])  # 40 words: once, for the one-ply bound only
def test_the_page_s_two_ply_bound_counts_subsets_only_at_one_ply_and_up_to_600_words(n_words, counted, monkeypatch):
    import core.tipgame.bounds as bounds_module

    calls = []
    real = bounds_module.subset_sizes
    monkeypatch.setattr(bounds_module, "subset_sizes", lambda *a: calls.append(1) or real(*a))
    words = [a + b + c for a in "abcdefghij" for b in "klmnopqrst" for c in "uvwxyzäöüß"][:n_words]
    bounds = bounds_module.list_lower_bound(rich_tip_table(words), plies=2)
    assert len(calls) == counted and bounds["2_ply"] >= bounds["one_ply"]
