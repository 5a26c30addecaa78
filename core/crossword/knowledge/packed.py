"""Word tables packed into a few flat arrays and opened without unpickling (added 2026-11-29).

Unpickling the reference books' tables and the packaged knowledge rebuilt every small array and tuple of them (191,932
numpy arrays alone, about two seconds of each look-up's CPU on a loaded machine). Packed, a table is a folder of numpy files opened with `np.load(mmap_mode='r')` in milliseconds: strings
are one UTF-8 blob with offsets, a dict's keys are kept sorted and found by binary search, and each value list is a
slice of one flat array. What a look-up asks is read from the mapped files then, and gives the same values the
table's dicts and tuples gave (tests/test_crossword_fast_lookup.py compares them field by field and answer by answer);
only a mapping's order differs: its keys come sorted by their UTF-8 bytes.

A field's kind says how it is packed and what it reads back as:

    "array"      a numpy array                          -> the same array (read-only)
    "value"      an int, float, bool, str or None       -> the same value
    "strings"    a tuple of strings                     -> a sequence of strings
    "flags"      a tuple of bools                       -> a sequence of bools
    "id-set"     a frozenset of ints                    -> the same frozenset
    "index"      a dict str -> 1-D int array            -> a mapping str -> int32 array (read-only)
    "numbers"    a dict str -> int                      -> a mapping str -> int
    "floats"     a dict str -> float                    -> a mapping str -> float (bit for bit)
    "int-lists"  a dict str -> tuple of ints            -> a mapping str -> tuple of ints
    "word-lists" a dict str -> tuple of strings         -> a mapping str -> tuple of strings
    "int-rows"   a tuple of tuples of ints              -> a sequence of tuples of ints
    "word-rows"  a tuple of tuples of strings           -> a sequence of tuples of strings
    "word-sets"  a tuple of frozensets of strings       -> a sequence of frozensets of strings
"""
from __future__ import annotations

import json
import os
import shutil
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Callable

import numpy as np

KINDS = ("array", "value", "strings", "flags", "id-set", "index", "numbers", "floats", "int-lists", "word-lists",
         "int-rows", "word-rows", "word-sets")
META = "meta.json"  # written last: a folder without it is unfinished and never read


# --- the parts: strings, and runs of a flat array ---

def utf8(text: str) -> bytes | None:
    """A string's UTF-8 bytes (None for a string UTF-8 cannot hold, such as a lone surrogate)."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return None


def string_parts(strings) -> dict[str, np.ndarray]:
    """A list of strings as one UTF-8 blob and the offsets where each string starts (and the last ends)."""
    encoded = [s.encode("utf-8") for s in strings]
    offsets = np.zeros(len(encoded) + 1, np.int64)
    np.cumsum([len(b) for b in encoded], out=offsets[1:])
    return {"blob": np.frombuffer(b"".join(encoded), np.uint8), "offsets": offsets}


def run_parts(rows, dtype=np.int32) -> dict[str, np.ndarray]:
    """Lists of numbers as one flat array and the offsets where each list starts (and the last ends)."""
    offsets = np.zeros(len(rows) + 1, np.int64)
    np.cumsum([len(r) for r in rows], out=offsets[1:])
    flat = np.fromiter((x for r in rows for x in r), dtype, count=int(offsets[-1]))
    return {"values": flat, "offsets": offsets}


class Strings(Sequence):
    """A read-only sequence of strings held in one UTF-8 blob and its offsets."""

    def __init__(self, blob: np.ndarray, offsets: np.ndarray) -> None:
        self.blob, self.offsets = blob, offsets

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def raw(self, i: int) -> bytes:
        """The UTF-8 bytes of string i."""
        start, end = self.offsets[i:i + 2].tolist()
        return self.blob[start:end].tobytes()

    def __getitem__(self, i):
        if isinstance(i, slice):
            return tuple(self[j] for j in range(*i.indices(len(self))))
        n = len(self)
        i = i + n if i < 0 else i
        if not 0 <= i < n:
            raise IndexError("string index out of range")
        return self.raw(i).decode("utf-8")

    def position(self, text: object) -> int:
        """Where a string is among these strings when they are sorted by their UTF-8 bytes (-1 when absent)."""
        target = utf8(text) if isinstance(text, str) else None
        if target is None:
            return -1
        lo, hi = 0, len(self)
        while lo < hi:
            mid = (lo + hi) // 2
            if self.raw(mid) < target:
                lo = mid + 1
            else:
                hi = mid
        return lo if lo < len(self) and self.raw(lo) == target else -1


class Runs(Sequence):
    """A read-only sequence of runs (1-D arrays) of one flat array: run i is values[offsets[i]:offsets[i + 1]]."""

    def __init__(self, values: np.ndarray, offsets: np.ndarray) -> None:
        self.values, self.offsets = values, offsets

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def __getitem__(self, i) -> np.ndarray:
        if isinstance(i, slice):
            return tuple(self[j] for j in range(*i.indices(len(self))))
        n = len(self)
        i = i + n if i < 0 else i
        if not 0 <= i < n:
            raise IndexError("run index out of range")
        start, end = self.offsets[i:i + 2].tolist()
        return self.values[start:end]


# --- what each kind reads back as ---

class Rows(Sequence):
    """A read-only sequence whose item i is `shape` of run i (a tuple of ints, of strings, a frozenset ...)."""

    def __init__(self, runs: Runs, shape: Callable[[np.ndarray], object]) -> None:
        self.runs, self.shape = runs, shape

    def __len__(self) -> int:
        return len(self.runs)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return tuple(self[j] for j in range(*i.indices(len(self))))
        return self.shape(self.runs[i])


class SortedMapping(Mapping):
    """A read-only mapping from strings kept sorted by their UTF-8 bytes (found by binary search) to the item of the
    same position in `values` (a sequence)."""

    def __init__(self, keys: Strings, values: Sequence) -> None:
        self.keys_, self.values_ = keys, values

    def __len__(self) -> int:
        return len(self.keys_)

    def __iter__(self):
        return iter(self.keys_)

    def __contains__(self, key: object) -> bool:
        return self.keys_.position(key) >= 0

    def __getitem__(self, key):
        i = self.keys_.position(key)
        if i < 0:
            raise KeyError(key)
        return self.values_[i]

    def get(self, key, default=None):
        """The value of a key, or `default` when the key is absent."""
        i = self.keys_.position(key)
        return default if i < 0 else self.values_[i]

    def items(self):
        """(key, value) pairs in key order (sorted by UTF-8 bytes)."""
        return zip(self.keys_, self.values_)


def word_tuple(vocabulary: Strings) -> Callable[[np.ndarray], tuple]:
    """A run of word ids -> the tuple of those words."""
    return lambda ids: tuple(vocabulary[j] for j in ids.tolist())


def word_set(vocabulary: Strings) -> Callable[[np.ndarray], frozenset]:
    """A run of word ids -> the frozenset of those words."""
    return lambda ids: frozenset(vocabulary[j] for j in ids.tolist())


def int_tuple(ids: np.ndarray) -> tuple:
    """A run of numbers -> the tuple of those numbers (Python ints)."""
    return tuple(ids.tolist())


class Items(Sequence):
    """A read-only sequence of the items of a 1-D array, each as a Python value (`cast`: bool, int)."""

    def __init__(self, values: np.ndarray, cast: Callable[[object], object]) -> None:
        self.values, self.cast = values, cast

    def __len__(self) -> int:
        return len(self.values)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return tuple(self[j] for j in range(*i.indices(len(self))))
        return self.cast(self.values[i].item())


# --- packing a field into parts, and reading the parts back ---

def sorted_items(mapping: dict) -> list[tuple[str, object]]:
    """A dict's items sorted by their keys' UTF-8 bytes (the order a SortedMapping searches)."""
    return sorted(mapping.items(), key=lambda kv: kv[0].encode("utf-8"))


def vocabulary_of(rows) -> tuple[list[str], dict[str, int]]:
    """The distinct words of lists of words, sorted, and word -> id."""
    words = sorted({w for row in rows for w in row})
    return words, {w: i for i, w in enumerate(words)}


def field_parts(kind: str, value) -> tuple[dict[str, np.ndarray], object]:
    """(named arrays, a JSON-able value) a field of this kind is packed as."""
    if kind == "array":
        return {"array": np.asarray(value)}, None
    if kind == "value":
        return {}, value
    if kind == "strings":
        return string_parts(value), None
    if kind == "flags":
        return {"flags": np.array(value, np.bool_)}, None
    if kind == "id-set":
        return {"ids": np.array(sorted(value), np.int64)}, None
    if kind in ("index", "numbers", "floats", "int-lists", "word-lists"):
        items = sorted_items(value)
        keys = {f"key_{k}": v for k, v in string_parts([k for k, _ in items]).items()}
        values = [v for _, v in items]
        if kind in ("numbers", "floats"):
            return dict(keys, numbers=np.array(values, np.int64 if kind == "numbers" else np.float64)), None
        if kind == "word-lists":
            words, ids = vocabulary_of(values)
            runs = run_parts([[ids[w] for w in row] for row in values])
            return dict(keys, **{f"word_{k}": v for k, v in string_parts(words).items()}, **runs), None
        dtype = np.result_type(*values) if kind == "index" and values else np.int64
        return dict(keys, **run_parts([list(v) for v in values], dtype)), None
    if kind == "int-rows":
        return run_parts([list(r) for r in value], np.int64), None
    if kind in ("word-rows", "word-sets"):
        rows = [sorted(r) for r in value] if kind == "word-sets" else [list(r) for r in value]
        words, ids = vocabulary_of(rows)
        runs = run_parts([[ids[w] for w in row] for row in rows])
        return dict(runs, **{f"word_{k}": v for k, v in string_parts(words).items()}), None
    raise ValueError(f"unknown kind of packed field {kind!r}: one of {', '.join(KINDS)}")


def field_value(kind: str, parts: dict[str, np.ndarray], value: object):
    """A field read back from its parts (see field_parts)."""
    if kind == "array":
        return parts["array"]
    if kind == "value":
        return value
    if kind == "strings":
        return Strings(parts["blob"], parts["offsets"])
    if kind == "flags":
        return Items(parts["flags"], bool)
    if kind == "id-set":
        return frozenset(parts["ids"].tolist())
    if kind in ("index", "numbers", "floats", "int-lists", "word-lists"):
        keys = Strings(parts["key_blob"], parts["key_offsets"])
        if kind in ("numbers", "floats"):
            return SortedMapping(keys, Items(parts["numbers"], int if kind == "numbers" else float))
        runs = Runs(parts["values"], parts["offsets"])
        if kind == "index":
            return SortedMapping(keys, runs)
        if kind == "int-lists":
            return SortedMapping(keys, Rows(runs, int_tuple))
        return SortedMapping(keys, Rows(runs, word_tuple(Strings(parts["word_blob"], parts["word_offsets"]))))
    if kind == "int-rows":
        return Rows(Runs(parts["values"], parts["offsets"]), int_tuple)
    if kind in ("word-rows", "word-sets"):
        vocabulary = Strings(parts["word_blob"], parts["word_offsets"])
        shape = word_set(vocabulary) if kind == "word-sets" else word_tuple(vocabulary)
        return Rows(Runs(parts["values"], parts["offsets"]), shape)
    raise ValueError(f"unknown kind of packed field {kind!r}: one of {', '.join(KINDS)}")


# --- a table's folder ---

def write_packed(folder: Path, kinds: dict[str, str], fields: dict[str, object]) -> None:
    """Write each field of a table (`kinds`: field -> kind) into `folder`, aside first and renamed when whole, so a
    reader never sees half a table."""
    partial = folder.with_name(f"{folder.name}.{os.getpid()}.part")
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir(parents=True)
    values = {}
    for name, kind in kinds.items():
        arrays, values[name] = field_parts(kind, fields[name])
        for part, array in arrays.items():
            np.save(partial / f"{name}.{part}.npy", array, allow_pickle=False)
    (partial / META).write_text(json.dumps({"kinds": kinds, "values": values}))
    if folder.exists() and not (folder / META).exists():  # left unfinished (never by this code): replaced
        shutil.rmtree(folder, ignore_errors=True)
    try:
        partial.rename(folder)
    except OSError:  # another process finished the same table first: its copy is the same
        shutil.rmtree(partial, ignore_errors=True)


def mapped(path: Path) -> np.ndarray:
    """A saved array mapped from its file, read-only (read whole when empty: an empty file cannot be mapped)."""
    try:
        return np.load(path, mmap_mode="r", allow_pickle=False).view(np.ndarray)
    except ValueError:
        return np.load(path, allow_pickle=False)


def read_packed(folder: Path) -> dict[str, object]:
    """The fields of a packed table (see write_packed), each as its kind reads back; arrays are mapped, not read."""
    meta = json.loads((folder / META).read_text())
    parts: dict[str, dict[str, np.ndarray]] = {name: {} for name in meta["kinds"]}
    for path in folder.glob("*.npy"):
        name, part, _ = path.name.split(".")
        parts[name][part] = mapped(path)
    return {name: field_value(kind, parts[name], meta["values"][name]) for name, kind in meta["kinds"].items()}


def packed(folder: Path, kinds: dict[str, str], build: Callable[[], dict[str, object]]) -> dict[str, object]:
    """A table's fields from its packed folder, built (`build()` gives the fields) and packed first when missing."""
    if not (folder / META).exists():
        write_packed(folder, kinds, build())
    return read_packed(folder)


def packed_folder(name: str, source_key: str) -> Path:
    """Where a table is packed: its name and the key of the packed-table artefact (core.artefacts) for the key of
    what it packs (the book's or WordNet's files and the code that builds the table)."""
    from core.artefacts import key
    from core.cache import cache_dir

    return cache_dir("crossword", "tables") / f"{name}-packed-{key('packed-table', source_key)}"
