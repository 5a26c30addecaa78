"""Tip tables, bounds, search, trees as JSON, and replay verification."""
import json

import numpy as np
import pytest

from core.tipgame.bounds import capacity_bounds, list_lower_bound, weighted_capacity_bound
from core.tipgame.optimise import extract, optimise
from core.tipgame.rules import answer
from core.tipgame.search import Searcher, SearchParams
from core.tipgame.solvers import SOLVERS, GreedySolver, RatioSolver, TreeSolver
from core.tipgame.harness import check_play_matches_tree, play
from core.tipgame.table import tip_table
from core.tipgame.tree import Node, TreeError, dumps, loads, replay, score, words_under

GERMAN = ["die", "der", "und", "das", "ich", "ist", "nicht", "den", "von", "mit", "ein", "auf", "für", "sie",
          "eine", "sich", "auch", "dem", "des", "als", "über", "schön", "straße", "größe", "müde", "haus",
          "hause", "nach", "noch", "wie", "wir", "aus", "bei", "einer", "nur", "oder", "aber", "wenn"]


def brute_force(words, tips):
    """The optimal total tries by exhaustive search (tiny lists only)."""
    return optimum(tips)(tuple(words))


def optimum(tips):
    """f(words): the optimal total tries for any tuple of distinct words, by exhaustive search over the tips."""
    from functools import lru_cache

    @lru_cache(maxsize=None)
    def f(H):
        if len(H) == 1:
            return 1
        best = 10 ** 9
        for t in tips:
            groups = {}
            for w in H:
                groups.setdefault(answer(w, t), []).append(w)
            if len(groups) == 1 and answer(H[0], t) != 5:
                continue
            best = min(best, len(H) + sum(f(tuple(g)) for c, g in groups.items() if c != 5))
        return best

    return f


def test_table_codes_match_the_rules():
    table = tip_table(GERMAN)
    for t, tip in enumerate(table.tips):
        for j, w in enumerate(table.words):
            assert table.codes[t, j] == answer(w, tip), (w, tip)


def test_table_tips_are_substrings_and_words():
    table = tip_table(["über", "aß"], max_tip_len=2)
    assert set(table.tips) == {"ü", "b", "e", "r", "üb", "be", "er", "a", "ß", "aß", "über"}


def test_duplicates_weigh_twice():
    table = tip_table(["die", "die", "das"])
    assert table.words == ("die", "das") and table.weights.tolist() == [2, 1]
    root = optimise(table, 0).root
    s = score(root, ["die", "die", "das"])
    assert s.n == 3 and s.distribution == {1: 2, 2: 1}


def test_capacity_bound_counts_five_answers_plus_is():
    b = capacity_bounds(40)
    assert b[1] == 1 and b[2] == 3 and b[6] == 11 and b[7] == 14 and b[31] == 1 + 5 * 2 + 25 * 3 and b[32] == b[31] + 4
    assert weighted_capacity_bound(np.array([1, 1, 1])) == b[3]
    assert weighted_capacity_bound(np.array([5, 1])) == 5 * 1 + 1 * 2


@pytest.mark.parametrize("words", [
    ["ab", "ba", "abc", "cab", "bca"],
    ["die", "der", "das", "des", "dem", "den"],
    ["anna", "anne", "nina", "nino", "ina", "an", "na"],
    ["aaa", "aa", "a", "b", "bb", "ab", "ba"],
])
def test_exact_search_matches_brute_force_on_tiny_lists(words):
    table = tip_table(words)
    s = Searcher(table)
    got = s.cost(table.all_words(), SearchParams(width=1, exact_size=99))
    assert got == brute_force(tuple(table.words), table.tips)
    root, total = extract(s, table.all_words())
    assert score(root, words).total == got


@pytest.mark.parametrize("name", ["ratio", "greedy", "tree"])
def test_every_solver_tree_solves_every_word(name):
    params = {"time_budget": 1.0} if name == "tree" else {}
    solver = SOLVERS.create(name, **params).fit(GERMAN)
    root = solver.tree()
    tries = replay(root, GERMAN)
    assert set(tries) == set(GERMAN) and min(tries.values()) >= 1
    assert check_play_matches_tree(solver, root, GERMAN)


def test_search_never_worse_than_the_bound_and_tree_not_worse_than_greedy():
    table = tip_table(GERMAN)
    greedy = score(GreedySolver().fit(GERMAN).tree(), GERMAN).mean
    result = optimise(table, 2.0)
    lb = list_lower_bound(table)
    assert lb["capacity"] <= lb["one_ply"] <= lb["2_ply"] == lb["best"] <= result.mean <= greedy
    assert score(result.root, GERMAN).mean == result.mean


def test_play_reports_answers_and_words_left():
    solver = GreedySolver().fit(GERMAN)
    rec = play(solver, "straße", GERMAN)
    assert rec.solved and rec.steps[-1].tip == "straße" and rec.steps[-1].left == 0
    lefts = [s.left for s in rec.steps[:-1]]
    assert lefts == sorted(lefts, reverse=True) and all(n >= 1 for n in lefts)


def test_tree_solver_hints_off_the_tree():
    solver = TreeSolver(time_budget=0).fit(GERMAN)
    solver.tree()
    from core.tipgame.rules import TipState

    state = TipState().after("zz", 0)  # a tip the tree never sends
    assert solver.on_tree(state) is None
    assert solver.choose(state) in solver.table.tips


def test_json_round_trip_and_replay_verification():
    solver = RatioSolver().fit(GERMAN)
    root = solver.tree()
    text = dumps(root, GERMAN, mean=1.0)
    back, words, meta = loads(text)
    assert back == root and words == GERMAN and meta["mean"] == 1.0
    assert json.loads(text)["tree"]["tip"] == root.tip


@pytest.mark.parametrize("bad,message", [
    ('{"format": "tipgame-tree/1", "tree": {"tip": ""}}', "non-empty"),
    ('{"format": "other", "tree": {}}', "Not a tip-game tree"),
    ('{"format": "tipgame-tree/1", "tree": {"tip": "a", "children": {"is": {"tip": "b"}}}}', "cannot have a child"),
    ('{"format": "tipgame-tree/1", "tree": {"tip": "a", "children": {"perhaps": {"tip": "b"}}}}', "unknown answer"),
    ("not json", "Not JSON"),
])
def test_malformed_tree_files_are_rejected(bad, message):
    with pytest.raises(TreeError, match=message):
        loads(bad)


def test_replay_rejects_a_tree_that_misses_a_word():
    root = Node("die")  # only solves "die"
    with pytest.raises(TreeError, match="no branch"):
        replay(root, ["die", "das"])


def test_words_under_a_node():
    root = Node("d", ((3, Node("die", ((3, Node("dies")),))), (0, Node("ja"))))
    assert replay(root, ["die", "dies", "ja"]) == {"die": 2, "dies": 3, "ja": 2}
    assert words_under(root, ["die", "dies", "ja"], (3,)) == ["die", "dies"]


def test_benchmark_keys_and_verified_figures(tmp_path, capsys):
    import json

    from core.bench.cli import main

    path = tmp_path / "german.txt"
    path.write_text("\n".join(GERMAN), encoding="utf-8")
    assert main(["tipgame", "--words", str(path), "--solver", "greedy", "--json", "--quiet"]) == 0
    res = json.loads(capsys.readouterr().out.strip().splitlines()[-1])["results"][0]
    assert {"solver", "words", "mean_tries", "max_tries", "distribution", "lower_bound", "seconds"} <= set(res)
    assert res["words"] == len(GERMAN) and res["lower_bound"] <= res["mean_tries"]
    assert sum(res["distribution"].values()) == len(GERMAN)


def test_single_word_and_empty_lists():
    assert score(optimise(tip_table(["haus"]), 0).root, ["haus"]).mean == 1.0
    with pytest.raises(ValueError):
        tip_table([])


def test_list_lower_bound_on_small_list():
    lb = list_lower_bound(tip_table(GERMAN))
    assert 1.0 < lb["capacity"] <= lb["one_ply"]


def test_three_ply_bound_is_tighter_and_still_below_a_searched_tree():
    from core.tipgame.table import rich_tip_table

    two, three = list_lower_bound(tip_table(GERMAN)), list_lower_bound(rich_tip_table(GERMAN), plies=3)
    assert two["one_ply"] == three["one_ply"] and two["2_ply"] <= three["3_ply"] == three["best"]
    assert three["best"] <= optimise(rich_tip_table(GERMAN), 1.0).mean


@pytest.mark.parametrize("words", [
    ["ab", "ba", "abc", "cab", "bca", "cc", "acb"],
    ["die", "der", "das", "des", "dem", "den", "dies", "dass"],
    ["anna", "anne", "nina", "nino", "ina", "an", "na", "nan"],
])
def test_ply_bounds_never_exceed_the_optimum(words):
    from core.tipgame.bounds import all_substrings_table, ply_bound

    table = all_substrings_table(tip_table(words))
    best = brute_force(tuple(table.words), table.tips)
    bounds = [ply_bound(table, table.all_words(), k) for k in range(4)]
    assert bounds == sorted(bounds) and bounds[-1] <= best


def test_branching_bound_is_the_capacity_bound_at_five_ways_and_tighter_below():
    from core.tipgame.bounds import branching_bounds

    cap = capacity_bounds(200)
    assert (branching_bounds(200, 5, 5) == cap).all()
    tables = [branching_bounds(200, b, bw) for b, bw in [(5, 5), (5, 2), (5, 1), (4, 1), (3, 1)]]
    assert all((hi >= lo).all() for lo, hi in zip(tables, tables[1:]))
    assert branching_bounds(3, 5, 1)[3] == 6 and cap[3] == 5  # a word guess that splits nothing: 1 + 2 + 3


@pytest.mark.parametrize("word, bordered", [
    ("eine", True), ("ende", True), ("anna", True), ("abab", True), ("aa", True),
    ("haus", False), ("a", False), ("ab", False), ("abba", True), ("abca", True), ("abcab", True), ("abcba", True),
])
def test_only_words_that_begin_and_end_alike_can_answer_begins_and_ends(word, bordered):
    from core.tipgame.bounds import has_border
    from core.tipgame.rules import BOTH
    from core.tipgame.table import substrings

    assert has_border(word) == bordered
    assert has_border(word) == any(answer(word, t) == BOTH for t in substrings(word, len(word)))


@pytest.mark.parametrize("words, expected", [
    (["an", "anna", "bank", "ban", "xyz"], 4),   # guessing "an": begins, contains, ends, doesn't contain
    (["haus", "maus", "hausen"], 2),              # guessing "haus": ends ("maus" no), begins ("hausen")
    (["rot", "blau", "grün"], 1),                 # no word occurs in another
])
def test_word_branching_counts_the_groups_a_word_guess_makes(words, expected):
    from core.tipgame.bounds import word_branching

    table = tip_table(words)
    assert word_branching(table, table.all_words()) == expected


@pytest.mark.parametrize("words", [
    ["die", "der", "das", "des", "dem", "den", "dies", "dass"],
    ["an", "anna", "bank", "ban", "nab", "nana", "ab"],
    ["haus", "maus", "hausen", "raus", "aus", "laus", "sau"],
])
def test_leaf_bound_never_exceeds_the_optimum_of_any_subset(words):
    from itertools import combinations

    from core.tipgame.bounds import LeafBound, all_substrings_table

    table = all_substrings_table(tip_table(words))
    f = optimum(table.tips)
    leaf, cap = LeafBound.of(table), capacity_bounds(len(words))
    tighter = 0
    for k in range(1, len(words) + 1):
        for sub in combinations(range(table.n_words), k):
            H = np.array(sub, dtype=np.int32)
            assert cap[k] <= leaf(H) <= f(tuple(table.words[i] for i in sub))
            tighter += leaf(H) > cap[k]
    assert tighter > 0


@pytest.mark.parametrize("words", [
    GERMAN,
    ["straße", "strasse", "trasse", "maße", "masse", "tasse", "tassen", "sse"],
    ["aaa", "aa", "a", "b", "bb", "ab", "ba", "aab"],
])
def test_rich_table_keeps_one_tip_per_answer_column(words):
    from core.tipgame.table import rich_tip_table, substrings

    rich = rich_tip_table(words)
    full = tip_table(words, max_tip_len=max(map(len, words)))
    assert len(np.unique(rich.codes, axis=0)) == len(rich.tips) <= len(full.tips)
    every = set(words).union(*(substrings(w, len(w)) for w in words))
    assert set(rich.tip_index) == every
    for tip, t in rich.tip_index.items():
        assert len(rich.tips[t]) <= len(tip)
        assert rich.codes[t].tolist() == [answer(w, tip) for w in rich.words], tip
    assert [rich.tips[t] for t in rich.word_tip] == list(rich.words)


def test_tree_solver_offers_tips_longer_than_three_letters_greedy_does_not():
    words = ["abcdx", "yabcd", "abcy", "zbcd"]  # only "abcd" answers begins, ends, no, no
    tree = TreeSolver(time_budget=0).fit(words)
    greedy = GreedySolver().fit(words)
    assert "abcd" in tree.table.tips and "abcd" not in greedy.table.tips
    assert max(len(t) for t in greedy.table.tips if t not in words) == 3


@pytest.mark.parametrize("pilot,level", [(3, 1), (10, 1), (5, 2)])
@pytest.mark.parametrize("words", [GERMAN, ["the", "then", "there", "these", "they", "them", "other", "other", "her",
                                            "here", "where", "were", "we", "he", "she", "see", "seen", "e"]])
def test_pilot_search_never_worse_than_plain_width_one(words, pilot, level):
    table = tip_table(words)
    plain = Searcher(table).cost(table.all_words(), SearchParams(width=1, exact_size=3))
    s = Searcher(table)
    piloted = s.cost(table.all_words(), SearchParams(width=1, exact_size=3, pilot=pilot, pilot_level=level))
    assert piloted <= plain
    root, total = extract(s, table.all_words())
    assert score(root, words).total == total == piloted


def test_search_effort_orders_exact_over_width_over_pilot():
    s = Searcher(tip_table(GERMAN))
    eff = lambda **kw: s._effort(20, SearchParams(**kw), depth=0)
    ladder = [eff(width=1), eff(width=1, pilot=5), eff(width=1, pilot=10), eff(width=1, pilot=5, pilot_level=2),
              eff(width=2), eff(width=2, pilot=10), eff(width=1, exact_size=20)]
    assert ladder == sorted(ladder) and len(set(ladder)) == len(ladder)
    assert eff(width=1, pilot=10, pilot_size=20) == eff(width=1)


@pytest.mark.parametrize("saved, best", [
    (None, 5.2), ("5.7", 5.2), (True, 5.2),          # missing or malformed: the live bounds stay
    (5.7, 5.7), (5.0, 5.2),                           # a saved 3-ply bound only raises "best"
])
def test_saved_three_ply_bound_is_merged_without_touching_the_live_bounds(saved, best):
    from core.tipgame.bounds import with_saved_bound

    live = {"capacity": 4.6, "one_ply": 4.9, "2_ply": 5.2, "best": 5.2}
    merged = with_saved_bound(live, saved)
    assert merged["best"] == pytest.approx(best)
    assert live == {"capacity": 4.6, "one_ply": 4.9, "2_ply": 5.2, "best": 5.2}
    assert ("3_ply" in merged) == isinstance(saved, float)


@pytest.mark.parametrize("saved, expected", [
    ({"capacity": 4.6, "one_ply": 5.0, "3_ply": 5.9, "best": 5.9}, {"capacity": 4.6, "one_ply": 5.0, "3_ply": 5.9, "best": 5.9}),
    ({"capacity": 4.6, "one_ply": 5.0}, {"capacity": 4.6, "one_ply": 5.0, "best": 5.0}),
    ({"capacity": 4.6, "one_ply": 5.0, "best": 9.9}, {"capacity": 4.6, "one_ply": 5.0, "best": 5.0}),  # best re-derived
    ({"capacity": 4.6}, None), ({"capacity": 4.6, "one_ply": "5"}, None), ({"capacity": True, "one_ply": 5.0}, None),
    (None, None), ([4.6, 5.0], None), ({}, None),
])
def test_saved_bounds_are_used_only_when_whole_and_numeric(saved, expected):
    from core.tipgame.bounds import saved_bounds

    assert saved_bounds(saved) == expected
