"""A person's pick: how much a word weighs as the word a person thinks of (the person world's model of the secret).

A word weighs 1 at or above the cap and (frequency / cap) to a power below it, times a factor for naming a thing
(`thing_floor` + (1 - `thing_floor`) x its thing share, core.hangman.things) in English. Since 2026-11-29 the power is
0.75 (was 3) and the thing floor 0.3 (was 0.5), chosen on dev parts of several kinds (research/hangman/README.md): a
familiar word of middling frequency keeps a real weight (ABBEY 0.26 of a common word, was 0.005; GIRAFFE 0.1).
"""
from __future__ import annotations

import numpy as np

# what the person world assumes, in one plain sentence (the Hangman page shows it beside the world's sentence)
PERSON_ASSUMES = ("I guess as if you picked a familiar word: things, animals, food and everyday words weigh most, "
                  "and any word you might know keeps a real chance.")


def weighing_words(things: bool) -> str:
    """How a person's word weighs the fitting words, in the words a move's sentence uses."""
    return "weighing each word by how likely a person is to pick it (familiar words" + \
        (", and things most)" if things else ", common ones most)")


def frequency_weight(frequency: np.ndarray, cap_zipf: float, temperature: float) -> np.ndarray:
    """1 for a word at least as common as the cap (Zipf scale), else (frequency / cap) to the power `temperature`."""
    return np.minimum(frequency / 10 ** (cap_zipf - 9), 1.0) ** temperature


def thing_factor(shares: np.ndarray, thing_floor: float) -> np.ndarray:
    """The factor for naming a thing: `thing_floor` for a word that never does, 1 for one that always does."""
    return thing_floor + (1.0 - thing_floor) * shares
