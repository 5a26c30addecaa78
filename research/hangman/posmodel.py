"""A position-wise letter model trained on simulated masked states: `python -m research.hangman.posmodel`.

For each blank of a masked word the model reads the symbols at offsets -radius..+radius around it (a letter, a
blank or outside the word, one-hot), the missed and the revealed letter sets, and the word's length and blank
share, and predicts the hidden letter (a softmax over the alphabet). A state's letter presence combines its
blanks: P(letter in word) = 1 - prod_b (1 - p_b(letter)), guessed letters excluded.

Trained with scikit-learn's MLPClassifier on states simulated from the inner 90% of the benchmark's training
part only (the same split as validate.py; validation and held-out words never seen), stored as plain arrays in
an .npz (no pickle) and evaluated in numpy.
"""
from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import numpy as np

from core.hangman.rules import BLANK, State

SCALARS = 4  # length / 10, blank share, position from the start, position from the end (as shares)


@dataclass(frozen=True)
class PosModel:
    """A ReLU multilayer perceptron over blank contexts, as plain weight matrices."""

    letters: str
    radius: int
    weights: tuple[np.ndarray, ...]
    biases: tuple[np.ndarray, ...]

    @property
    def symbols(self) -> int:
        """Symbols a context cell can hold: the letters, blank, outside the word."""
        return len(self.letters) + 2

    @property
    def width(self) -> int:
        """The input width."""
        return 2 * self.radius * self.symbols + 2 * len(self.letters) + SCALARS

    def inputs(self, mask: str, missed: Sequence[str]) -> np.ndarray:
        """One input row per blank of the mask (float32)."""
        return encode(mask, missed, self.letters, self.radius)

    def blank_probs(self, state: State) -> np.ndarray:
        """(blanks, letters): each blank's distribution over the unguessed letters."""
        context, shared, scalars = encode_parts(state.mask, state.misses, self.letters, self.radius)
        first = self.weights[0]  # the inputs are mostly one-hot: the first layer sums the active rows
        z = first[context].sum(axis=1) + first[shared].sum(axis=0) + scalars @ first[-SCALARS:] + self.biases[0]
        if len(self.weights) > 1:
            z = np.maximum(z, 0.0)
        for w, b in zip(self.weights[1:-1], self.biases[1:-1]):
            z = np.maximum(z @ w + b, 0.0)
        if len(self.weights) > 1:
            z = z @ self.weights[-1] + self.biases[-1]
        table = {c: i for i, c in enumerate(self.letters)}
        gone = [table[c] for c in state.guessed if c in table]
        z[:, gone] = -np.inf
        z = np.exp(z - z.max(axis=1, keepdims=True))
        return z / z.sum(axis=1, keepdims=True)

    def presence(self, state: State) -> np.ndarray:
        """P(letter appears in some blank) over the model's letters (0 for guessed letters)."""
        if not state.blanks:
            return np.zeros(len(self.letters))
        return 1.0 - np.prod(1.0 - self.blank_probs(state), axis=0)

    def save(self, path: Path) -> None:
        """Write the arrays to an .npz file."""
        arrays = {f"w{i}": w for i, w in enumerate(self.weights)} | {f"b{i}": b for i, b in enumerate(self.biases)}
        np.savez_compressed(path, letters=np.array(self.letters), radius=self.radius, layers=len(self.weights), **arrays)

    @classmethod
    def load(cls, path: Path) -> "PosModel":
        """Read a model written by save (plain arrays, allow_pickle off)."""
        with np.load(path, allow_pickle=False) as d:
            n = int(d["layers"])
            return cls(str(d["letters"]), int(d["radius"]), tuple(d[f"w{i}"].astype(np.float32) for i in range(n)),
                       tuple(d[f"b{i}"].astype(np.float32) for i in range(n)))


def encode_parts(mask: str, missed: Sequence[str], letters: str, radius: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The input's nonzero parts: (per blank the input columns of its context symbols (blanks, 2 radius), the
    missed- and revealed-letter columns every row shares, the scalar columns (blanks, SCALARS))."""
    table = {c: i for i, c in enumerate(letters)}
    a = len(letters)
    blank, outside = a, a + 1
    n = len(mask)
    codes = np.full(n + 2 * radius, outside, dtype=np.intp)
    codes[radius:radius + n] = [table.get(c, blank) if c != BLANK else blank for c in mask]
    where = np.array([i for i, c in enumerate(mask) if c == BLANK], dtype=np.intp)
    offsets = np.array([o for o in range(-radius, radius + 1) if o != 0], dtype=np.intp)
    sym = codes[where[:, None] + radius + offsets[None, :]]  # (blanks, 2r)
    width = 2 * radius * (a + 2)
    context = np.arange(2 * radius)[None, :] * (a + 2) + sym
    miss = [width + table[c] for c in missed if c in table]
    shown = [width + a + i for i in sorted({table[c] for c in mask if c in table})]
    scalars = np.zeros((len(where), SCALARS), dtype=np.float32)
    scalars[:, 0] = n / 10.0
    scalars[:, 1] = len(where) / n if n else 0.0
    scalars[:, 2] = where / max(n - 1, 1)
    scalars[:, 3] = 1.0 - where / max(n - 1, 1)
    return context, np.array(miss + shown, dtype=np.intp), scalars


def encode(mask: str, missed: Sequence[str], letters: str, radius: int) -> np.ndarray:
    """Input rows (one per blank): one-hot context symbols, missed-letter bits, revealed-letter bits, scalars."""
    context, shared, scalars = encode_parts(mask, missed, letters, radius)
    k = len(context)
    x = np.zeros((k, 2 * radius * (len(letters) + 2) + 2 * len(letters) + SCALARS), dtype=np.float32)
    x[np.arange(k)[:, None], context] = 1.0
    x[:, shared] = 1.0
    x[:, -SCALARS:] = scalars
    return x


def simulated_states(words: Sequence[str], letters: str, per_word: int, seed: int) -> list[tuple[str, str, str]]:
    """(secret, mask, missed letters) masked states: revealed letters and misses drawn frequency-biased or uniformly."""
    rng = np.random.default_rng(seed)
    freq = np.zeros(len(letters))
    table = {c: i for i, c in enumerate(letters)}
    for w in words:
        for c in set(w):
            freq[table[c]] += 1
    freq = freq / freq.sum()
    out = []
    for w in words:
        distinct = sorted(set(w))
        others = [c for c in letters if c not in distinct]
        for _ in range(per_word):
            tilt = rng.choice([0.0, 1.0, 2.0])  # 0: uniform order; >0: common letters tend to be guessed first
            keys = -np.log(rng.random(len(distinct))) / freq[[table[c] for c in distinct]] ** tilt
            order = [distinct[i] for i in np.argsort(keys)]
            shown = set(order[: rng.integers(0, len(distinct))])
            n_miss = int(rng.integers(0, 6))
            if n_miss and others:
                p = freq[[table[c] for c in others]] ** tilt
                missed = rng.choice(others, size=min(n_miss, len(others)), replace=False, p=p / p.sum())
            else:
                missed = []
            mask = "".join(c if c in shown else BLANK for c in w)
            out.append((w, mask, "".join(sorted(missed))))
    return out


def training_rows(states: list[tuple[str, str, str]], letters: str, radius: int) -> tuple[np.ndarray, np.ndarray]:
    """(inputs, hidden letter codes) over every blank of every state; one-hot parts stored as uint8."""
    table = {c: i for i, c in enumerate(letters)}
    xs, ys = [], []
    for secret, mask, missed in states:
        xs.append(encode(mask, missed, letters, radius))
        ys.append([table[secret[i]] for i, c in enumerate(mask) if c == BLANK])
    x = np.concatenate(xs)
    return x, np.concatenate([np.asarray(y, dtype=np.int16) for y in ys])


def train(words: Sequence[str], letters: str, radius: int = 5, hidden: tuple[int, ...] = (256, 256), per_word: int = 3,
          epochs: int = 4, seed: int = 0, chunk: int = 200_000, log=print, checkpoint=None) -> PosModel:
    """Fit the model on simulated states of the words (scikit-learn MLPClassifier, partial_fit over chunks);
    `checkpoint(model)` is called after every epoch."""
    from sklearn.neural_network import MLPClassifier

    t = time.perf_counter()
    states = simulated_states(words, letters, per_word, seed)
    x, y = training_rows(states, letters, radius)
    log(f"{len(states):,} states, {len(x):,} blank rows x {x.shape[1]} in {time.perf_counter() - t:.0f}s")
    clf = MLPClassifier(hidden_layer_sizes=hidden, batch_size=512, learning_rate_init=1e-3, alpha=1e-5, random_state=seed)
    classes = np.arange(len(letters))
    rng = np.random.default_rng(seed + 1)
    for epoch in range(epochs):
        order = rng.permutation(len(x))
        for lo in range(0, len(x), chunk):
            part = order[lo:lo + chunk]
            clf.partial_fit(x[part], y[part], classes=classes)
        log(f"epoch {epoch + 1}: loss {clf.loss_:.4f} at {time.perf_counter() - t:.0f}s")
        if checkpoint is not None:
            checkpoint(model_of(clf, letters, radius))
    return model_of(clf, letters, radius)


def model_of(clf, letters: str, radius: int) -> PosModel:
    """A PosModel holding a fitted MLPClassifier's weights."""
    return PosModel(letters, radius, tuple(w.astype(np.float32) for w in clf.coefs_),
                    tuple(b.astype(np.float32) for b in clf.intercepts_))


def main(argv: list[str] | None = None) -> int:
    """Simulate masked states of the inner training words, learn, write data/hangman/<--out>."""
    from core.hangman.model import alphabet_of_words
    from core.hangman.solvers import PARAMS_FILE
    from research.hangman.validate import validation_split

    ap = argparse.ArgumentParser(prog="python -m research.hangman.posmodel", description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="best_posmodel.npz")
    ap.add_argument("--radius", type=int, default=5)
    ap.add_argument("--hidden", default="256,256", help="hidden layer sizes, comma-separated")
    ap.add_argument("--per-word", type=int, default=3, help="simulated masked states per training word")
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--words", type=int, default=0, help="learn from the first N inner training words only (0: all)")
    args = ap.parse_args(argv)
    inner, _ = validation_split()
    words = list(inner.words)
    if args.words:
        words = [words[i] for i in np.random.default_rng(0).permutation(len(words))[: args.words]]
    letters = alphabet_of_words(inner.words).letters
    hidden = tuple(int(h) for h in args.hidden.split(",") if h)
    out = PARAMS_FILE.parent / args.out
    train(words, letters, args.radius, hidden, args.per_word, args.epochs,
          log=lambda m: print(m, file=sys.stderr, flush=True), checkpoint=lambda m: m.save(out))
    print(f"wrote data/hangman/{args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
