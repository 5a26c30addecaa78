"""Clues by meaning: a static sentence-embedding model turns a clue into a vector; clues that mean alike lie close.

The model is a table of word-piece and whole-word vectors distilled once from all-MiniLM-L6-v2 and fitted to its
reading of WordNet's glosses (core.crossword.knowledge.distil, the only step that needs torch); a text's vector is the
normalised sum of its pieces' rows, thousands of clues a second. A training
split's clue vectors are stored once, in one file keyed by the clue list's content and the table's key.
"""
from __future__ import annotations

import os
import time
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

import numpy as np

from core.artefacts import NotPrepared
from core.cache import cache_dir, content_hash
from core.crossword.knowledge import distil
from core.progress import Progress, no_progress

if TYPE_CHECKING:
    import scipy.sparse as sp

MODEL_ID = "all-MiniLM-L6-v2"
DIM = distil.DIM
CHUNK = 50_000  # texts encoded between two progress reports
TEXTS_PER_SECOND = 8000.0  # texts encoded a second on this 2-core machine beside other work (for the time left)
DISTIL_SECONDS = 160.0  # distilling and fitting the table on this 2-core machine beside other work (time left)


def table_ready() -> bool:
    """Whether the distilled table is stored already (encoding needs no transformer run)."""
    return distil.table_path().exists()


@lru_cache(maxsize=1)
def static_table() -> np.ndarray:
    """The distilled word-piece table (V, DIM) float32, read from the cache (read-only); NotPrepared before prepare()."""
    if not table_ready():
        raise NotPrepared(distil.NOT_PREPARED)
    table = np.load(distil.table_path()).astype(np.float32)
    table.flags.writeable = False
    return table


@lru_cache(maxsize=1)
def tokenizer():
    """The bundled model's word-piece tokenizer (shared; encoding does not change it)."""
    return distil.tokenizer()


def prepare(progress: Progress = no_progress) -> None:
    """Distil and store the table now if it is not stored yet, with progress (later encodes start at once)."""
    if not table_ready():
        static_table.cache_clear()
        distil.build_table(progress)


def chunk_index(texts: Sequence[str]) -> tuple[list[str], "sp.csr_matrix"]:
    """(distinct whitespace-separated chunks, texts x chunks count matrix): word-piece tokenizing splits at spaces."""
    import scipy.sparse as sp

    index: dict[str, int] = {}
    cols: list[int] = []
    indptr = [0]
    for text in texts:
        for chunk in text.split():
            cols.append(index.setdefault(chunk, len(index)))
        indptr.append(len(cols))
    counts = sp.csr_matrix((np.ones(len(cols), np.float32), np.asarray(cols, np.int64), np.asarray(indptr, np.int64)),
                           shape=(len(texts), len(index)))
    return list(index), counts


def piece_counts(chunks: list[str]) -> "sp.csr_matrix":
    """The chunks x word pieces count matrix (each distinct chunk tokenized once, on both cores)."""
    import scipy.sparse as sp

    ids = [e.ids for e in tokenizer().encode_batch(chunks, add_special_tokens=False)] if chunks else []
    indptr = np.concatenate([[0], np.cumsum([len(i) for i in ids], dtype=np.int64)])
    cols = np.fromiter((j for row in ids for j in row), np.int64, int(indptr[-1]))
    return sp.csr_matrix((np.ones(len(cols), np.float32), cols, indptr),
                         shape=(len(chunks), tokenizer().get_vocab_size()))


def encode(texts: Sequence[str]) -> np.ndarray:
    """Unit-length float32 vectors (n, DIM) of the texts (a text with no known word piece gets a zero row); the
    table is prepared first when it is not stored yet."""
    texts = [str(t) for t in texts]
    if not texts:
        return np.zeros((0, DIM), np.float32)
    prepare()
    chunks, by_text = chunk_index(texts)
    vecs = np.asarray(by_text @ np.asarray(piece_counts(chunks) @ static_table(), np.float32), np.float32)
    norms = np.linalg.norm(vecs, axis=1, keepdims=True)
    return vecs / np.where(norms > 0, norms, 1.0)


def embed(texts: list[str]) -> np.ndarray:
    """Unit-length float32 vectors (n, DIM) of the texts (the same as encode)."""
    return encode(texts)


@lru_cache(maxsize=4096)
def clue_meaning(clue: str) -> np.ndarray:
    """The unit float32 vector of one clue (read-only; repeated asks of a clue reuse it)."""
    v = encode([clue])[0]
    v.flags.writeable = False
    return v


def vectors_path(texts: Sequence[str]) -> Path:
    """Where the vectors of exactly these texts, in this order, are stored (keyed by their content and the model)."""
    from core.artefacts import key

    texts_key = key("meaning-vectors", content_hash("\n\x00".join(texts)), distil.table_key())
    return cache_dir("crossword", "meaning") / f"texts-{texts_key}.npy"


def missing_count(texts: Sequence[str]) -> int:
    """How many texts still need encoding (all of them unless their vectors are stored)."""
    return 0 if vectors_path(list(texts)).exists() else len(texts)


def first_use_seconds(texts: Sequence[str]) -> float:
    """Expected seconds before the texts' vectors are ready: distilling the table if needed, encoding if not stored."""
    return (0.0 if table_ready() else DISTIL_SECONDS) + missing_count(texts) / TEXTS_PER_SECOND


def text_vectors(texts: Sequence[str], progress: Progress = no_progress) -> np.ndarray:
    """Float16 unit vectors (n, DIM) of the texts: read when stored, else encoded in chunks (progress) and stored.

    The progress bar runs over distilling the table (the first time only) and encoding, each by its expected seconds.
    """
    texts = list(texts)
    path = vectors_path(texts)
    if path.exists():
        return np.load(path)
    total = len(texts)
    distil_share = 0.0 if table_ready() else DISTIL_SECONDS / max(first_use_seconds(texts), 1e-9)
    steps = 1000

    def report(fraction: float, message: str) -> None:
        progress(int(round(steps * min(1.0, fraction))), steps, message)

    if distil_share:
        prepare(lambda d, n, m="": report(distil_share * (d / n if n else 1.0), m))
    out = np.zeros((total, DIM), np.float16)
    start = time.monotonic()
    for lo in range(0, total, CHUNK):
        elapsed = time.monotonic() - start
        left = f", about {elapsed / lo * (total - lo):.0f} s left" if lo else ""
        report(distil_share + (1 - distil_share) * lo / total,
               f"reading clues for their meaning: {lo:,} of {total:,}{left}")
        out[lo:lo + CHUNK] = encode(texts[lo:lo + CHUNK])
    report(1.0, "clue meanings ready")
    tmp = path.with_name(f"{path.stem}.tmp{os.getpid()}.npy")
    np.save(tmp, out)
    tmp.replace(path)
    return out
