"""On-disk cache folder and the one artefact key: code version plus the content of every input."""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def cache_dir(*parts: str) -> Path:
    """The cache folder (WORDLAB_CACHE or .cache/ in the repo), created on demand."""
    root = Path(os.environ.get("WORDLAB_CACHE", ROOT / ".cache"))
    path = root.joinpath(*parts)
    path.mkdir(parents=True, exist_ok=True)
    return path


def content_hash(*chunks: str | bytes) -> str:
    """A short stable sha256 hex digest of the given chunks."""
    h = hashlib.sha256()
    for chunk in chunks:
        h.update(chunk.encode("utf-8") if isinstance(chunk, str) else chunk)
        h.update(b"\x00")
    return h.hexdigest()[:16]


def code_version() -> str:
    """A short hash of the core package's source (changes whenever any solver or rule code changes)."""
    h = hashlib.sha256()
    root = ROOT / "core"
    for path in sorted(root.rglob("*.py")):
        h.update(path.relative_to(root).as_posix().encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:12]


def path_hash(path: str | Path) -> str:
    """The content hash of a file, or of every file under a folder (names included)."""
    path = Path(path)
    if path.is_dir():
        files = sorted(p for p in path.rglob("*") if p.is_file())
        return content_hash(*[c for p in files for c in (p.relative_to(path).as_posix(), path_hash(p))])
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()[:16]


def artefact_key(*inputs: str | Path) -> str:
    """The key of anything built from inputs: the code version plus the content of every input.

    Pass a `Path` for every file or folder the artefact read (a word list file, `best_ranker.npz`, a
    saved tree, a puzzle archive) and a `str` for inputs already hashed (a `WordList.hash`). Two
    artefacts share a key only when the code and every input are byte for byte the same, so a cache
    keyed by it cannot serve a result built from other inputs. Missing files hash as "missing".
    """
    parts = [code_version()]
    for item in inputs:
        if isinstance(item, Path):
            parts.append(path_hash(item) if item.exists() else f"missing:{item.name}")
        else:
            parts.append(str(item))
    return content_hash(*parts)
