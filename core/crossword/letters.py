"""Words as letter codes: the arrays every crossword model, phrase builder and solver compares letters with."""
from __future__ import annotations

import numpy as np


def letter_codes(words, n: int) -> np.ndarray:
    """Words of length n as a (len, n) uint8 array of 0..25."""
    if not words:
        return np.zeros((0, n), np.uint8)
    return (np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8).reshape(len(words), n) - 65).astype(np.uint8)
