"""Clue vectors from the full meaning model (all-MiniLM-L6-v2 itself), stored on disk in chunks.

The static table (core.crossword.knowledge.meaning) is the way in: it reads a whole archive in seconds. The full model reads
it better but needs about half an hour of both cores, so its vectors are built in the background
(core.crossword.knowledge.upgrade) in chunks of distinct clues sorted by length; each chunk is saved whole (its clues, then its
vectors), so a build that stops keeps every finished chunk and the next one encodes only the clues still missing.
The store is keyed by the bundled model's files and the encoder's code (declared in core.artefacts); a training split's
vectors, once all its clues are stored, are gathered into one file keyed by its clue list.
`FullMeaningModels` are the archive's models with this meaning source: the same fitted models, the full vectors.
"""
from __future__ import annotations

import os
from dataclasses import fields
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Sequence

import numpy as np

from core.cache import cache_dir, content_hash
from core.crossword.knowledge import distil, fullencoder
from core.crossword.knowledge.models import ClueModels, RowsByLength

CHUNK = 4096  # distinct clues encoded and saved together (a resumable unit: about 10 s of one core)
SOURCES = ("static", "full")  # the meaning sources, the way in first
FULL_NAME = "the full meaning model"


class FullMeaningNotReady(RuntimeError):
    """The full model's vectors of a clue list are not all stored yet (the upgrade has not finished)."""


def store_inputs() -> tuple:
    """What every stored full-model vector depends on besides the encoder's code: the bundled model and the width."""
    return distil.model_dir(), f"width={fullencoder.WIDTH}"


@lru_cache(maxsize=1)
def store_key() -> str:
    """The key of every stored full-model vector (the artefact "full-meaning-store")."""
    from core.artefacts import key

    return key("full-meaning-store")


def store_folder() -> Path:
    """Where the full model's chunks are stored (one folder per model and encoder)."""
    return cache_dir("crossword", "meaning", f"full-{store_key()}")


def storable(texts: Sequence[str]) -> list[str]:
    """The distinct texts a chunk can hold (a line break would split a stored line), in first-seen order."""
    return [t for t in dict.fromkeys(str(t) for t in texts) if "\n" not in t]


def chunk_plan(texts: Sequence[str], size: int = CHUNK) -> list[list[str]]:
    """The texts to encode in chunks of at most `size`, each distinct text once, sorted by length (little padding)."""
    order = sorted(storable(texts), key=lambda t: (len(t), t))
    return [order[lo:lo + size] for lo in range(0, len(order), size)]


def chunk_name(chunk: Sequence[str]) -> str:
    """A chunk's file stem: the hash of its texts (the same chunk is the same file)."""
    return f"chunk-{content_hash(chr(10).join(chunk))}"


def save_chunk(folder: Path, chunk: Sequence[str], vectors: np.ndarray) -> Path:
    """Write one chunk: its texts, then its float16 vectors last, each through a temporary name (whole or absent)."""
    stem = chunk_name(chunk)
    for suffix, write in ((".txt", lambda p: p.write_text("\n".join(chunk), encoding="utf-8")),
                          (".npy", lambda p: np.save(p, np.asarray(vectors, np.float16)))):
        tmp = folder / f"{stem}.tmp{os.getpid()}{suffix}"
        write(tmp)
        tmp.replace(folder / f"{stem}{suffix}")
    return folder / f"{stem}.npy"


def stored_chunks(folder: Path) -> dict[str, tuple[Path, int]]:
    """Text -> (chunk's vector file, row) for every whole chunk in the folder (vectors written last)."""
    out: dict[str, tuple[Path, int]] = {}
    for vec in sorted(folder.glob("chunk-*.npy")):
        if ".tmp" in vec.name:
            continue
        txt = vec.with_suffix(".txt")
        if txt.exists():
            for i, text in enumerate(txt.read_text(encoding="utf-8").split("\n")):
                out.setdefault(text, (vec, i))
    return out


def missing_texts(texts: Sequence[str], folder: Path | None = None) -> list[str]:
    """The distinct storable texts whose full vectors are not stored yet."""
    known = stored_chunks(folder or store_folder())
    return [t for t in storable(texts) if t not in known]


def list_key(texts: Sequence[str]) -> str:
    """The key of a clue list's gathered vectors (the artefact "full-meaning-vectors"): the texts in order, the store."""
    from core.artefacts import key

    return key("full-meaning-vectors", content_hash("\n\x00".join(texts)), store_key())


def vectors_path(texts: Sequence[str]) -> Path:
    """Where a clue list's full vectors, in its order, are gathered once every chunk is stored."""
    return cache_dir("crossword", "meaning") / f"full-texts-{list_key(list(texts))}.npy"


def is_ready(texts: Sequence[str]) -> bool:
    """Whether the clue list's full vectors are gathered (the upgrade finished for this list)."""
    return vectors_path(texts).exists()


def gather(texts: Sequence[str]) -> Path:
    """Gather a clue list's stored vectors into one file in its order (raises FullMeaningNotReady when any is missing)."""
    texts = list(texts)
    path = vectors_path(texts)
    if path.exists():
        return path
    known = stored_chunks(store_folder())
    out = np.zeros((len(texts), fullencoder.WIDTH), np.float16)
    by_file: dict[Path, list[tuple[int, int]]] = {}
    odd: list[int] = []
    for j, t in enumerate(texts):
        if t in known:
            vec, row = known[t]
            by_file.setdefault(vec, []).append((j, row))
        elif "\n" in t:
            odd.append(j)
        else:
            raise FullMeaningNotReady(f"{len(missing_texts(texts)):,} clues still need the full model")
    for vec, pairs in by_file.items():
        js, rows = zip(*pairs)
        out[list(js)] = np.load(vec)[list(rows)]
    if odd:  # texts with a line break cannot be stored in a chunk: encoded now
        out[odd] = fullencoder.encode([texts[j] for j in odd])
    tmp = path.with_name(f"{path.stem}.tmp{os.getpid()}.npy")
    np.save(tmp, out)
    tmp.replace(path)
    return path


def text_vectors(texts: Sequence[str]) -> np.ndarray:
    """Float16 unit vectors (n, 384) of the clue list from the full model (FullMeaningNotReady until they are built)."""
    return np.load(gather(texts))


@lru_cache(maxsize=4096)
def clue_meaning(clue: str) -> np.ndarray:
    """The full model's unit float32 vector of one clue (read-only; repeated asks of a clue reuse it)."""
    v = fullencoder.encode([clue])[0]
    v.flags.writeable = False
    return v


class FullMeaningModels(ClueModels):
    """The archive's clue models with the full meaning model: the same fitted models, the full model's vectors."""

    meaning_source = "full"

    @cached_property
    def meaning_by_length(self) -> dict:
        """Answer length -> the full model's vectors of the pair rows' clues, float16 as stored (half the memory of
        float32; guessers.cosines reads them)."""
        return RowsByLength(text_vectors(self.table.clues), self.table.pair_clue, self.rows_by_length)

    def clue_meaning(self, clue: str) -> np.ndarray:
        """The full model's vector of a clue (the guesser compares it with meaning_by_length's rows)."""
        return clue_meaning(clue)


def with_full_meaning(models: ClueModels) -> FullMeaningModels:
    """The models with the full meaning source (sharing every fitted model and index but the meaning vectors)."""
    full = FullMeaningModels(**{f.name: vars(models)[f.name] for f in fields(models)})
    for name, value in models.__dict__.items():
        if name not in {f.name for f in fields(models)} and name != "meaning_by_length":
            full.__dict__[name] = value
    return full


def meaning_source(models: ClueModels) -> str:
    """Which meaning source the models read clues with: "static" or "full"."""
    return models.meaning_source if isinstance(models, FullMeaningModels) else "static"
