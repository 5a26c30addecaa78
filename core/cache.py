"""On-disk cache folder for fitted models, keyed by content hashes."""
from __future__ import annotations

import hashlib
import os
from pathlib import Path


def cache_dir(*parts: str) -> Path:
    """The cache folder (WORDLAB_CACHE or .cache/ in the repo), created on demand."""
    root = Path(os.environ.get("WORDLAB_CACHE", Path(__file__).resolve().parent.parent / ".cache"))
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
