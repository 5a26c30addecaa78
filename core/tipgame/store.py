"""Saved trees: the small bundled ones in data/tipgame/ and the ones built here, cached on disk by list hash."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

from core.cache import cache_dir, content_hash
from core.tipgame.tree import Node, TreeError, dumps, load_file, score
from core.tipgame.rules import Word


def list_hash(words: Sequence[Word]) -> str:
    """The content hash of a list, as WordList.hash computes it."""
    return content_hash("\n".join(words))


def bundled_dir() -> Path:
    """The folder of trees shipped with the repo."""
    return Path(__file__).resolve().parent.parent.parent / "data" / "tipgame"


def tree_files() -> list[Path]:
    """Every saved tree file: bundled first, then this machine's cache."""
    folders = [bundled_dir(), cache_dir("tipgame")]
    return [p for f in folders if f.is_dir() for p in sorted(f.glob("*.json"))]


def best_saved_tree(words: Sequence[Word]) -> tuple[Node, dict] | None:
    """The saved tree with the lowest verified mean for exactly this list, or None."""
    key = list_hash(words)
    best: tuple[Node, dict] | None = None
    for path in tree_files():
        if key not in path.name:
            continue
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
    """Save a verified tree as JSON (named by list hash and tag) and return its path."""
    verified = score(root, list(words))
    folder = folder or cache_dir("tipgame")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{list_hash(words)}{'_' + tag if tag else ''}.json"
    text = dumps(root, list(words), list_hash=list_hash(words), mean=verified.mean, max_tries=verified.max_tries, **meta)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
    return path
