"""Polishing a tree with the exact search: every subtree small enough becomes optimal, and the tree still plays every
word through the rules."""
import random

from core.tipgame.exact import optimum
from core.tipgame.solvers import SOLVERS
from core.tipgame.tree import score
from core.words import load_list
from research.tipgame.polish import polish


def test_polishing_the_even_split_tree_of_a_sample_reaches_the_proven_optimum():
    words = random.Random(3).sample(list(load_list("German common 500").words), 40)
    ratio = SOLVERS.create("ratio").fit(words).tree()
    best = optimum(words).total
    assert score(ratio, words).total > best  # the even split is not optimal here: polishing has work to do
    log: list[dict] = []
    polished = polish(ratio, words, max_words=40, time_limit=60, log=log)
    assert score(polished, words).total == best
    assert log == [{"words": 40, "tree": score(ratio, words).total, "optimum": best, "seconds": log[0]["seconds"]}]


def test_polishing_below_the_root_keeps_the_root_tip_and_never_makes_the_tree_worse():
    words = random.Random(4).sample(list(load_list("English common 500").words), 40)
    ratio = SOLVERS.create("ratio").fit(words).tree()
    log: list[dict] = []
    polished = polish(ratio, words, max_words=12, time_limit=60, log=log)
    assert polished.tip == ratio.tip
    assert score(polished, words).total <= score(ratio, words).total
    assert all(r["words"] <= 12 and r["optimum"] <= r["tree"] for r in log)
