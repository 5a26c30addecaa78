"""Policies as trees: unroll a set-to-tip policy, and the one-ply greedy scores (shared by solvers and the optimiser)."""
from __future__ import annotations

from typing import Callable

import numpy as np

from core.tipgame.rules import IS, NON_IS_CODES
from core.tipgame.table import Index, TipTable, group_weights
from core.tipgame.tree import Node, TreeError


def policy_tree(table: TipTable, choose: Callable[[Index], int], H: Index, depth: int = 0) -> Node:
    """The tree a set-to-tip policy plays on a set of words."""
    if depth > 100:
        raise TreeError("The policy makes no progress.")
    t = choose(H)
    row = table.codes[t, H]
    children = []
    for code in NON_IS_CODES:
        g = H[row == code]
        if len(g) == len(H) and not (row == IS).any():
            raise TreeError(f"The tip {table.tips[t]!r} does not split the set.")
        if len(g):
            children.append((code, policy_tree(table, choose, g, depth + 1)))
    return Node(table.tips[t], tuple(children))


def useful(counts: np.ndarray) -> np.ndarray:
    """The tips that split a set or may end the game."""
    return np.flatnonzero(((counts > 0).sum(axis=1) > 1) | (counts[:, IS] > 0))


def greedy_scores(table: TipTable, H: Index, criterion: str = "entropy") -> tuple[np.ndarray, np.ndarray]:
    """(useful tips, their one-ply score): expected information, or expected words left for "size"."""
    counts = group_weights(table, H)
    tips = useful(counts)
    c = counts[tips]
    W = c.sum(axis=1, keepdims=True)
    p = c / W
    bonus = 1e-9 * c[:, IS] - 1e-12 * np.array([len(table.tips[t]) for t in tips])
    if criterion == "entropy":
        with np.errstate(divide="ignore", invalid="ignore"):
            ent = -np.where(p > 0, p * np.log2(p), 0.0).sum(axis=1)
        return tips, ent + bonus
    left = (p[:, NON_IS_CODES] * c[:, NON_IS_CODES]).sum(axis=1)
    return tips, left - bonus


def greedy_choice(table: TipTable) -> Callable[[Index], int]:
    """The greedy (entropy) policy as a set-to-tip function, as GreedySolver plays it."""

    def choose(H: Index) -> int:
        if len(H) == 1:
            return int(table.word_tip[H[0]])
        tips, scores = greedy_scores(table, H)
        return int(tips[np.argmax(scores)])

    return choose
