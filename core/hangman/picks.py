"""A person's pick: how much a word weighs as the word a person thinks of (the person world's model of the secret).

A word weighs its frequency weight (1 at or above the cap, (frequency / cap) to a power below it), but a familiar word
(at least `familiar_zipf` on wordfreq's Zipf scale) never weighs less than `familiar_share` (since 2026-11-29: a
person thinks of ABBEY, BAGGY or GIRAFFE too, which the power alone made almost impossible), times a factor for naming
a thing (`thing_floor` + (1 - `thing_floor`) x its thing share, core.hangman.things) in English.
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


def zipf_of(frequency: np.ndarray) -> np.ndarray:
    """wordfreq's Zipf scale of frequencies (a fraction of all words of text): log10 of uses per billion words."""
    return np.log10(np.maximum(frequency, 1e-12)) + 9.0


def frequency_weight(frequency: np.ndarray, cap_zipf: float, temperature: float) -> np.ndarray:
    """1 for a word at least as common as the cap, else (frequency / cap) to the power `temperature`."""
    return np.minimum(frequency / 10 ** (cap_zipf - 9), 1.0) ** temperature


def familiar_floor(frequency: np.ndarray, familiar_zipf: float, familiar_share: float) -> np.ndarray:
    """The least a word weighs: `familiar_share` for a familiar word (Zipf `familiar_zipf` or more), else 0."""
    return np.where(zipf_of(frequency) >= familiar_zipf, familiar_share, 0.0)


def pick_weights(frequency: np.ndarray, cap_zipf: float, temperature: float, familiar_zipf: float,
                 familiar_share: float) -> np.ndarray:
    """A word's weight as a person's pick before naming things counts: its frequency weight, at least its floor."""
    return np.maximum(frequency_weight(frequency, cap_zipf, temperature),
                      familiar_floor(frequency, familiar_zipf, familiar_share))


def thing_factor(shares: np.ndarray, thing_floor: float) -> np.ndarray:
    """The factor for naming a thing: `thing_floor` for a word that never does, 1 for one that always does."""
    return thing_floor + (1.0 - thing_floor) * shares
