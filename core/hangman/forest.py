"""A gradient-boosted tree ensemble flattened into numpy arrays: fast prediction on a few rows, stored as .npz (no pickle)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np


@dataclass(frozen=True)
class FlatForest:
    """Every tree's nodes in shared arrays (children as global node numbers); raw score = baseline + sum of leaf values."""

    feature: np.ndarray  # (N,) int
    threshold: np.ndarray  # (N,) float: go left when x <= threshold
    left: np.ndarray  # (N,) int
    right: np.ndarray  # (N,) int
    leaf: np.ndarray  # (N,) bool
    value: np.ndarray  # (N,) float
    roots: np.ndarray  # (T,) int
    baseline: float
    depth: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "children", np.stack([self.left, self.right], axis=1).ravel())
        inner = self.feature[~self.leaf]
        object.__setattr__(self, "_width", int(inner.max()) + 1 if len(inner) else 0)

    @classmethod
    def from_sklearn(cls, model) -> "FlatForest":
        """Flatten a fitted binary HistGradientBoostingClassifier (numeric features, no missing values)."""
        parts, roots, offset = [], [], 0
        for (tree,) in model._predictors:
            nodes = tree.nodes
            roots.append(offset)
            parts.append((nodes, offset))
            offset += len(nodes)
        cat = np.concatenate
        leaf = cat([n["is_leaf"].astype(bool) for n, _ in parts])
        left = cat([np.where(n["is_leaf"], 0, n["left"].astype(np.int64) + o) for n, o in parts])
        right = cat([np.where(n["is_leaf"], 0, n["right"].astype(np.int64) + o) for n, o in parts])
        idx = np.arange(len(leaf))
        return cls(cat([n["feature_idx"] for n, _ in parts]).astype(np.int64), cat([n["num_threshold"] for n, _ in parts]),
                   np.where(leaf, idx, left), np.where(leaf, idx, right), leaf, cat([n["value"] for n, _ in parts]),
                   np.asarray(roots, dtype=np.int64), float(np.ravel(model._baseline_prediction)[0]),
                   int(max(int(n["depth"].max()) for n, _ in parts)))

    @classmethod
    def blend(cls, forests: list["FlatForest"], weights: list[float] | None = None) -> "FlatForest":
        """One forest whose raw score is the weighted sum of the given forests' raw scores (an ensemble)."""
        weights = weights or [1.0 / len(forests)] * len(forests)
        cat = np.concatenate
        offsets = np.cumsum([0] + [len(f.feature) for f in forests[:-1]])
        return cls(cat([f.feature for f in forests]), cat([f.threshold for f in forests]),
                   cat([f.left + o for f, o in zip(forests, offsets)]), cat([f.right + o for f, o in zip(forests, offsets)]),
                   cat([f.leaf for f in forests]), cat([w * f.value for f, w in zip(forests, weights)]),
                   cat([f.roots + o for f, o in zip(forests, offsets)]), float(sum(w * f.baseline for f, w in zip(forests, weights))),
                   max(f.depth for f in forests))

    @property
    def width(self) -> int:
        """The number of leading feature columns the trees read."""
        return self._width

    def raw(self, x: np.ndarray) -> np.ndarray:
        """The raw (log-odds) score of each row."""
        x = np.ascontiguousarray(x, dtype=float)
        n, width = x.shape
        flat = x.ravel()
        offsets = (np.arange(n) * width)[None, :]
        children = self.children
        node = np.repeat(self.roots[:, None], n, axis=1)
        for _ in range(self.depth):
            right = flat.take(offsets + self.feature.take(node)) > self.threshold.take(node)
            node = children.take(2 * node + right)
        return self.baseline + self.value.take(node).sum(axis=0)

    def proba(self, x: np.ndarray) -> np.ndarray:
        """P(class 1) of each row."""
        return 1.0 / (1.0 + np.exp(-self.raw(x)))

    def save(self, path: Path) -> None:
        """Write the arrays to an .npz file."""
        np.savez_compressed(path, feature=self.feature, threshold=self.threshold, left=self.left, right=self.right,
                            leaf=self.leaf, value=self.value, roots=self.roots, baseline=self.baseline, depth=self.depth)

    @classmethod
    def load(cls, path: Path) -> "FlatForest":
        """Read a forest written by save (plain arrays, allow_pickle off)."""
        with np.load(path, allow_pickle=False) as d:
            return cls(d["feature"], d["threshold"], d["left"], d["right"], d["leaf"], d["value"], d["roots"],
                       float(d["baseline"]), int(d["depth"]))
