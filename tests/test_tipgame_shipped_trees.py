"""The shipped tip-game trees keep their exact averages (the README's figures): loaded through the store the page
uses, replayed word by word through the benchmark's game and through the tree solver's moves, so a change to the
rules, the tree format, the store or the solver that moves any word's tries fails here."""
import pytest

from core.tipgame.bench import play_tipgame
from core.tipgame.harness import check_play_matches_tree
from core.tipgame.lists import load_game_words
from core.tipgame.solvers import SOLVERS
from core.tipgame.store import best_saved_tree, bundled_dir
from core.words import load_list


@pytest.mark.parametrize("name, file, total, max_tries", [
    ("German common 500", "ef34f9edceaf7485_b120s0.json", 3492, 12),  # 6.984 tries a word
    ("English common 500", "cf6be2bedfe45cfe_b600s0.json", 3489, 12),  # 6.978 tries a word (list without "non" since 2026-11-29)
])
def test_the_shipped_tree_of_each_builtin_list_keeps_its_exact_average(name, file, total, max_tries):
    words = list(load_list(name).words)
    saved = best_saved_tree(words)
    assert saved is not None, f"no shipped tree matches the words of {name!r} (did the list change?)"
    root, meta = saved
    assert meta["file"] == str(bundled_dir() / file), "the page would use another tree than the shipped one"
    games = [play_tipgame(root, w) for w in load_game_words(name)]  # the benchmark's game, every listed word
    tries = [g["tries"] for g in games]
    assert len(tries) == 500
    assert (sum(tries), max(tries)) == (total, max_tries)
    assert meta["mean"] == pytest.approx(total / 500, abs=1e-12)
    solver = SOLVERS.create("tree").fit(words, root=root)
    assert check_play_matches_tree(solver, root, words), "the tree solver's moves leave the shipped tree"
