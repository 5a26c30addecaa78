"""The full meaning model: all-MiniLM-L6-v2 itself run on clues (torch on the CPU), mean-pooled, unit length.

This module's code keys every stored full-model vector (core.crossword.knowledge.fullmeaning), so it holds only what makes a
vector: the tokenizer, the model and the pooling (the same as sentence-transformers' reading of this model).
"""
from __future__ import annotations

import os
from functools import lru_cache
from typing import Sequence

import numpy as np

from core.crossword.knowledge import distil

WIDTH = 384  # numbers in a full-model vector
BATCH = 256  # texts run through the model together, sorted by length (little padding)
MAX_PIECES = 256  # a text is cut after this many pieces, as the model was trained


@lru_cache(maxsize=1)
def tokenizer():
    """The bundled model's word-piece tokenizer with [CLS] and [SEP], cut at MAX_PIECES (shared, never changed)."""
    tok = distil.base_tokenizer()
    tok.enable_truncation(MAX_PIECES)
    return tok


@lru_cache(maxsize=1)
def transformer():
    """The bundled all-MiniLM-L6-v2 in inference mode on the CPU (loads torch; shared, never changed)."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from transformers import AutoModel
    from transformers.utils import logging

    logging.disable_progress_bar()  # its own bar would break the caller's one-line bar
    return AutoModel.from_pretrained(str(distil.model_dir())).eval()


def set_threads(threads: int) -> None:
    """Run the model on this many CPU threads in this process (one per worker process when several share a machine)."""
    import torch

    torch.set_num_threads(max(1, int(threads)))


def encode(texts: Sequence[str], batch: int = BATCH) -> np.ndarray:
    """Unit float32 vectors (n, WIDTH): the model's mean output over each text's pieces, batched by length."""
    import torch

    out = np.zeros((len(texts), WIDTH), np.float32)
    if not len(texts):
        return out
    ids = [e.ids for e in tokenizer().encode_batch([str(t) for t in texts])]
    order = np.argsort([len(i) for i in ids], kind="stable")
    with torch.inference_mode():
        for lo in range(0, len(order), batch):
            rows = order[lo:lo + batch]
            x = np.zeros((len(rows), max(len(ids[i]) for i in rows)), np.int64)
            mask = np.zeros_like(x)
            for j, i in enumerate(rows):
                x[j, :len(ids[i])], mask[j, :len(ids[i])] = ids[i], 1
            xt, mt = torch.from_numpy(x), torch.from_numpy(mask)
            hidden = transformer()(input_ids=xt, attention_mask=mt, token_type_ids=torch.zeros_like(xt)).last_hidden_state
            mean = (hidden * mt[..., None]).sum(1) / mt.sum(1, keepdim=True)
            out[rows] = torch.nn.functional.normalize(mean, dim=1).numpy()
    return out
