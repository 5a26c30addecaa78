"""Saved trees: the small bundled ones in data/tipgame/ (named by list hash) and the ones built here, cached on disk
under the artefact key of the list and the code that plays and stores a tree."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

from core import artefacts
from core.cache import cache_dir, content_hash
from core.tipgame.tree import Node, TreeError, dumps, load_file, score
from core.tipgame.rules import Word


def list_hash(words: Sequence[Word]) -> str:
    """The content hash of a list, as WordList.hash computes it."""
    return content_hash("\n".join(words))


TREE_CODE = artefacts.artefact("tip-tree").code  # the game's answers and the saved tree's format (core.artefacts)


def tree_key(words: Sequence[Word]) -> str:
    """The cache key of a tree built here for a list: the list's content and the code that plays and stores trees."""
    return artefacts.key("tip-tree", list_hash(words))


def bundled_dir() -> Path:
    """The folder of trees shipped with the repo."""
    return Path(__file__).resolve().parent.parent.parent / "data" / "tipgame"


def tree_files(words: Sequence[Word]) -> list[Path]:
    """The saved tree files of a list: bundled ones (by list hash) first, then this machine's cache (by tree key)."""
    found = []
    for folder, key in ((bundled_dir(), list_hash(words)), (cache_dir("tipgame"), tree_key(words))):
        if folder.is_dir():
            found += [p for p in sorted(folder.glob("*.json")) if p.name.startswith(key)]
    return found


def best_saved_tree(words: Sequence[Word]) -> tuple[Node, dict] | None:
    """The saved tree with the lowest verified mean for exactly this list, or None."""
    best: tuple[Node, dict] | None = None
    for path in tree_files(words):
        try:
            root, saved_words, meta = load_file(path)
            if list(saved_words) != list(words):
                continue
            verified = score(root, list(words))
        except (TreeError, OSError, ValueError):
            continue
        meta = {**meta, "mean": verified.mean, "file": str(path)}
        if best is None or verified.mean < best[1]["mean"]:
            best = (root, meta)
    return best


def save_tree(root: Node, words: Sequence[Word], folder: Path | None = None, tag: str = "", **meta) -> Path:
    """Save a verified tree as JSON and return its path: into a folder named by list hash and tag (a bundled tree),
    or into the cache by tree key and tag."""
    verified = score(root, list(words))
    key = list_hash(words) if folder else tree_key(words)
    folder = folder or cache_dir("tipgame")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{key}{'_' + tag if tag else ''}.json"
    text = dumps(root, list(words), list_hash=list_hash(words), mean=verified.mean, max_tries=verified.max_tries, **meta)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
    return path
