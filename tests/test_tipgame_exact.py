"""The tip game's proven optimum: the branch-and-bound search against a plain brute force over every substring on
small lists, the tree it returns replayed through the rules, and the lower bounds never above it."""
import random
from functools import lru_cache

import pytest

from core.tipgame.bounds import list_lower_bound
from core.tipgame.exact import optimum, partitions
from core.tipgame.rules import IS, answer
from core.tipgame.search import SearchTimeout
from core.tipgame.table import rich_tip_table
from core.tipgame.tree import score


def brute_force_total(words: list[str]) -> int:
    """The least total tries by trying every substring of every word at every step (no bound, no merging)."""
    tips = sorted({w[i:j] for w in words for i in range(len(w)) for j in range(i + 1, len(w) + 1)})
    weight = {w: words.count(w) for w in set(words)}

    @lru_cache(maxsize=None)
    def f(H: frozenset) -> int:
        if len(H) == 1:
            return weight[next(iter(H))]
        best = None
        for t in tips:
            groups: dict[int, list[str]] = {}
            for w in H:
                groups.setdefault(answer(w, t), []).append(w)
            if len(groups) == 1 and IS not in groups:
                continue
            total = sum(weight[w] for w in H) + sum(f(frozenset(g)) for a, g in groups.items() if a != IS)
            best = total if best is None else min(best, total)
        return best

    return f(frozenset(words))


SMALL_LISTS = [
    # lists where guessing a word, a shared piece and "begins and ends with" all matter
    ["haus", "maus", "laus", "aus", "hans", "saus"],
    ["ana", "anna", "nan", "an", "na", "a"],
    ["the", "then", "them", "hen", "he", "ten", "net"],
    ["abc", "bca", "cab", "acb", "bac", "cba", "abca"],
    ["haus", "haus", "maus", "aus"],  # a repeated word is drawn twice as often
    ["eine", "einen", "ein", "kein", "keine", "nie", "neu", "nun"],
]


@pytest.mark.parametrize("words", SMALL_LISTS)
def test_the_exact_search_equals_a_brute_force_over_every_substring(words):
    result = optimum(words)
    assert result.total == brute_force_total(words)
    assert score(result.root, words).total == result.total  # its tree, replayed word by word, takes exactly that


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_on_random_samples_no_bound_is_above_the_optimum_and_its_tree_reaches_it(seed):
    from core.words import load_list

    words = random.Random(seed).sample(list(load_list("German common 500").words), 9)
    result = optimum(words)
    assert result.total == brute_force_total(words)
    bounds = list_lower_bound(rich_tip_table(words), plies=3)
    assert max(bounds.values()) * len(words) <= result.total + 1e-9
    assert score(result.root, words).total == result.total


def test_tips_that_split_a_set_alike_are_kept_once_and_useless_ones_dropped():
    table = rich_tip_table(["haus", "maus", "baum"])
    tips, labels = partitions(table, table.all_words())
    kept = {table.tips[t] for t in tips.tolist()}
    # "h" and "m" split off one word each at its start ("begins with" vs the rest): one partition each, all distinct
    assert len({tuple(r) for r in labels.tolist()}) == len(kept)
    assert "x" not in kept  # not a substring: never a tip
    assert not any(len(set(r.tolist())) == 1 and len(r) not in r.tolist() for r in labels)


def test_a_search_past_its_time_limit_stops_with_a_timeout():
    from core.words import load_list

    words = list(load_list("German common 500").words)[:200]
    with pytest.raises(SearchTimeout):
        optimum(words, time_limit=0.0)


def test_progress_reports_the_first_tips_settled_of_those_worth_trying_then_done():
    from core.words import load_list

    words = random.Random(5).sample(list(load_list("English common 500").words), 30)
    calls = []
    optimum(words, progress=lambda done, total, message="": calls.append((done, total, message)))
    assert calls[-1][:2] == (1, 1)
    steps = calls[:-1]
    assert steps and all(0 <= d < t for d, t, _ in steps)
    assert all(m == f"first tips settled: {d:,} of {t:,} worth trying" for d, t, m in steps)


def test_the_optimiser_searches_under_the_optimum_s_first_tip_on_the_sample_that_taught_it():
    from core.tipgame.optimise import first_tip_count, first_tips
    from core.words import load_list

    words = random.Random(2).sample(list(load_list("English common 500").words), 60)
    table = rich_tip_table(words)
    best = optimum(words)
    searched = [table.tips[t] for t in first_tips(table, first_tip_count(jobs=1))]
    assert best.root.tip in searched  # it ranks third: two first tips (the count before 2026-11-29) missed it
    assert best.root.tip not in searched[:2]
    assert (first_tip_count(1), first_tip_count(2), first_tip_count(3)) == (4, 4, 6)


def test_a_saved_tree_holds_the_bound_the_bound_function_gives_for_its_list(tmp_path):
    """The 500-word lists' bounds are shipped inside their tree files (the page never recomputes them): the build
    command stores exactly what list_lower_bound computes, shown here on a small list."""
    import json

    from core.tipgame.bounds import bench_plies, saved_bounds
    from core.words import load_list
    from research.tipgame.build import main as build

    words = random.Random(7).sample(list(load_list("German common 500").words), 30)
    listed = tmp_path / "small.txt"
    listed.write_text("\n".join(words) + "\n", encoding="utf-8")
    out = tmp_path / "trees"
    assert build(["--words", str(listed), "--time-budget", "0", "--out", str(out)]) == 0
    saved = json.loads(next(out.glob("*.json")).read_text(encoding="utf-8"))
    table = rich_tip_table(list(load_list(str(listed)).words))
    expected = list_lower_bound(table, plies=bench_plies(table.n_words))
    assert saved["lower_bound"] == expected
    assert saved_bounds(saved["lower_bound"]) == expected  # what the page shows: the stored figures, "best" the largest
