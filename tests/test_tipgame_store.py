"""The tip game's tree cache is keyed by the artefact key of its inputs: another list (other words, another order)
gets another key, a tree saved here is found again for its own list only, and a file under an old key is not served."""
import pytest

from core.cache import artefact_key
from core.tipgame.harness import quick_tree
from core.tipgame.store import TREE_CODE, best_saved_tree, list_hash, save_tree, tree_files, tree_key

WORDS = ("cat", "dog", "cow", "hen", "owl")


@pytest.mark.parametrize("changed", [
    ("cat", "dog", "cow", "hen"),  # a word fewer
    ("cat", "dog", "cow", "hen", "owl", "emu"),  # a word more
    ("dog", "cat", "cow", "hen", "owl"),  # the same words in another order (a tree's list is ordered)
    ("cat", "dog", "cow", "hen", "owls"),  # one word spelled otherwise
])
def test_changing_the_list_changes_the_tree_key(changed):
    assert tree_key(changed) != tree_key(WORDS)


def test_the_tree_key_is_the_artefact_key_of_the_list_and_the_tree_code():
    assert tree_key(WORDS) == artefact_key(list_hash(WORDS), code=TREE_CODE)
    assert tree_key(WORDS) != artefact_key(list_hash(WORDS), code=("tipgame/tree.py",)), \
        "the rules' code is an input of the key"
    assert tree_key(WORDS) != list_hash(WORDS), "the cache is no longer keyed by the list's hash alone"


def test_a_tree_saved_in_the_cache_is_found_for_its_list_only(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDLAB_CACHE", str(tmp_path))
    path = save_tree(quick_tree(WORDS), WORDS, tag="t1")
    assert path.name == f"{tree_key(WORDS)}_t1.json"
    saved = best_saved_tree(WORDS)
    assert saved is not None and saved[1]["file"] == str(path)
    other = WORDS[::-1]
    assert path not in tree_files(other)
    assert best_saved_tree(other) is None


def test_a_tree_under_an_old_key_is_not_served(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDLAB_CACHE", str(tmp_path))
    path = save_tree(quick_tree(WORDS), WORDS, tag="t1")
    old = path.with_name(f"{list_hash(WORDS)}_t1.json")  # the cache's earlier naming: the list's hash alone
    path.rename(old)
    assert best_saved_tree(WORDS) is None


def test_a_tree_saved_into_a_folder_keeps_the_bundled_naming(tmp_path):
    path = save_tree(quick_tree(WORDS), WORDS, folder=tmp_path, tag="b1s0")
    assert path.name == f"{list_hash(WORDS)}_b1s0.json"
