"""Re-reading by the full meaning model: all-MiniLM-L6-v2 re-orders the static model's nearest past clues.

The static model (core.crossword.knowledge.meaning) finds a clue's nearest past clues cheaply; the transformer, run only on the
new clue and the first few of those neighbours, gives their exact cosines (`RereadingMeaningGuesser`). Each text's
transformer vector is stored once in a small database keyed by the text, so a clue seen again (the solve's second
ask, a later puzzle that shares a neighbour) costs nothing. Measured, not shipped (research/crossword/README.md,
2026-11-26): it needs torch in the solving process and the transformer over every calibration clue's neighbours.
`use_rereading(depth)` makes the hybrid guesser build this meaning source (research tools only).
"""
from __future__ import annotations

import sqlite3
from functools import lru_cache
from pathlib import Path
from typing import Sequence

import numpy as np

from core.cache import artefact_key, cache_dir
from core.crossword.knowledge import distil, fullencoder
from core.crossword.clues import guessers
from core.crossword.clues.guessers import WIDE, MeaningGuesser
from core.crossword.knowledge.models import ClueModels

WIDTH = fullencoder.WIDTH  # numbers in a transformer vector
BATCH = 64  # texts run through the transformer together (sorted by length, so little padding)
VERSION = "mean-pooled, unit length, v1"  # what a stored vector is: change it when transformer_vectors changes


@lru_cache(maxsize=1)
def store_key() -> str:
    """The key of the stored transformer vectors: the bundled model's files and how a vector is made."""
    return artefact_key(distil.model_dir(), VERSION)


def store_path() -> Path:
    """Where the transformer vectors of texts seen so far are stored (one SQLite file)."""
    return cache_dir("crossword", "meaning") / f"transformer-{store_key()}.sqlite"


def transformer_vectors(texts: Sequence[str]) -> np.ndarray:
    """Unit float32 vectors (n, 384): the full meaning model's encoder (core.crossword.knowledge.fullencoder), in
    batches of BATCH texts as these vectors were always made."""
    return fullencoder.encode([str(t) for t in texts], BATCH)


class TransformerStore:
    """Transformer vectors of texts, read from the store when seen before, else encoded now and stored."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self.seen: dict[str, np.ndarray] = {}  # this process's vectors (float32)

    def vectors(self, texts: Sequence[str]) -> np.ndarray:
        """Unit float32 vectors (n, 384) of the texts."""
        texts = [str(t) for t in texts]
        missing = [t for t in dict.fromkeys(texts) if t not in self.seen]
        if missing:
            self.seen.update(self.read(missing))
        new = [t for t in missing if t not in self.seen]
        if new:
            fresh = dict(zip(new, transformer_vectors(new)))
            self.seen.update(fresh)
            self.write(fresh)
        return np.array([self.seen[t] for t in texts], np.float32).reshape(len(texts), WIDTH)

    def connect(self) -> sqlite3.Connection | None:
        """A connection to the store (its table created), or None when the store is off."""
        if self.path is None:
            return None
        con = sqlite3.connect(self.path, timeout=60)
        con.execute("CREATE TABLE IF NOT EXISTS vectors (text TEXT PRIMARY KEY, vec BLOB)")
        return con

    def read(self, texts: list[str]) -> dict[str, np.ndarray]:
        """The stored vectors of those texts that are stored."""
        con = self.connect()
        if con is None:
            return {}
        found: dict[str, np.ndarray] = {}
        with con:
            for lo in range(0, len(texts), 500):
                part = texts[lo:lo + 500]
                rows = con.execute(f"SELECT text, vec FROM vectors WHERE text IN ({','.join('?' * len(part))})", part)
                found.update((t, np.frombuffer(v, np.float16).astype(np.float32)) for t, v in rows)
        con.close()
        return found

    def write(self, vectors: dict[str, np.ndarray]) -> None:
        """Store the vectors (float16)."""
        con = self.connect()
        if con is None:
            return
        with con:
            con.executemany("INSERT OR IGNORE INTO vectors VALUES (?, ?)",
                            [(t, v.astype(np.float16).tobytes()) for t, v in vectors.items()])
        con.close()


def reranked(store: TransformerStore, clue: str, texts: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """(order, cosines): the texts ordered by the transformer's cosine to the clue, best first, and those cosines."""
    if not len(texts):
        return np.zeros(0, np.int64), np.zeros(0, np.float32)
    vecs = store.vectors([clue, *texts])
    sims = vecs[1:] @ vecs[0]
    order = np.argsort(-sims, kind="stable")
    return order, sims[order]


class RereadingMeaningGuesser(MeaningGuesser):
    """The meaning source with the static model's first `rerank` neighbours re-ordered by the transformer's cosine."""

    RERANK = 10

    def __init__(self, models: ClueModels, neighbours: int = guessers.NEIGHBOURS, rerank: int | None = None,
                 store: TransformerStore | None = None) -> None:
        super().__init__(models, neighbours)
        self.rerank = self.RERANK if rerank is None else rerank
        self.store = store if store is not None else TransformerStore(store_path() if self.rerank else None)
        self.reread: dict[tuple[str, int], tuple[np.ndarray, np.ndarray]] = {}

    def neighbours_of(self, clue: str, length: int, k: int) -> tuple[np.ndarray, np.ndarray]:
        """(pair rows, cosines): the static model's nearest, the first `rerank` re-read (the transformer's cosines)."""
        deepest = (self.neighbours + 1) * WIDE
        found = self.reread.get((clue, length))
        if found is None or k > deepest:
            rows, sims = super().neighbours_of(clue, length, max(k, deepest))
            head = min(self.rerank, len(rows))
            table = self.models.table
            order, exact = reranked(self.store, clue, [table.clues[table.pair_clue[r]] for r in rows[:head]])
            found = (np.concatenate([rows[:head][order], rows[head:]]),
                     np.concatenate([exact.astype(sims.dtype), sims[head:]]))
            if len(self.reread) >= self.MEMO:
                self.reread.clear()
            self.reread[(clue, length)] = found
        return found[0][:k], found[1][:k]


def use_rereading(depth: int) -> None:
    """Make the hybrid guesser build its meaning source re-reading `depth` neighbours (this process; research only)."""
    RereadingMeaningGuesser.RERANK = depth
    guessers.MeaningGuesser = RereadingMeaningGuesser


def main(argv: list[str] | None = None) -> dict:
    """`python -m research.crossword.rerank [--puzzles N]`: the transformer's memory and speed on real clues.

    Encodes the clues of N dev puzzles (2011-2012, seed 0) with no store and prints the process's RSS before and
    after torch and the model load, and the clues read per CPU second.
    """
    import argparse
    import json
    import time

    import psutil

    from core.crossword.knowledge.table import normalise_clue
    from core.crossword.data import archive_path, per_weekday_sample

    ap = argparse.ArgumentParser(description=main.__doc__)
    ap.add_argument("--puzzles", type=int, default=7)
    args = ap.parse_args(argv)
    puzzles, _ = per_weekday_sample(archive_path(), "2011-01-01", "2012-12-31", 1 + (args.puzzles - 1) // 7, 0)
    texts = list(dict.fromkeys(normalise_clue(s.clue) for p in puzzles[:args.puzzles] for s in p.slots.values()))
    rss = lambda: round(psutil.Process().memory_info().rss / 2**20)  # noqa: E731
    before = rss()
    transformer_vectors(texts[:1])
    loaded = rss()
    t = time.process_time()
    transformer_vectors(texts)
    cpu = time.process_time() - t
    out = {"clues": len(texts), "rss_mb_before": before, "rss_mb_with_transformer": loaded, "rss_mb_after": rss(),
           "cpu_seconds": round(cpu, 1), "clues_per_cpu_second": round(len(texts) / cpu, 1)}
    print(json.dumps(out))
    return out


if __name__ == "__main__":
    main()
