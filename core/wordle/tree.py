"""The `best` decision tree: minimise total guesses, f(H) = |H| + min_g sum over feedback groups f(group).

Depth-first search with memoisation, move ordering (fewest-guesses lower bound first), lower bounds,
cut-offs, exact closed forms for small sets, and a top-K limit on the guesses tried at large nodes.
Trees are plain dicts {"guess": word, "children": {pattern: subtree}} saved as compact JSON.
"""
from __future__ import annotations

import gzip
import hashlib
import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np

from core.progress import no_progress
from core.wordle.harness import BENCH_LIMIT, MAX_GUESSES, Setup, State
from core.wordle.rules import Word, feedback, hard_mode_mask

Tree = dict
INF = 10**9


@dataclass(frozen=True)
class SearchLimits:
    """How many guesses the search tries exactly at a node of n answers (the rest are cut by ordering)."""

    root: int = 12
    large: int = 120  # n > 100
    medium: int = 80  # n > 20
    small: int = 40  # n > 6
    tiny: int = 20

    def top(self, n: int) -> int:
        """The number of guesses tried exactly at a node of n answers."""
        return self.large if n > 100 else self.medium if n > 20 else self.small if n > 6 else self.tiny


EFFORTS = ("full", "quick")


def search_limits(effort: str = "full") -> SearchLimits:
    """The search limits of an effort level: full (reaches the published optima) or quick (about 4x faster)."""
    if effort == "quick":
        return SearchLimits(root=8, large=40, medium=25, small=15, tiny=8)
    if effort == "full":
        return SearchLimits()
    raise ValueError(f"unknown search effort {effort!r}; choose from {', '.join(EFFORTS)}")


def group_bound(m: int) -> int:
    """A lower bound on the guesses needed to solve m answers (2m - 1; exact for m <= 2)."""
    return 2 * m - 1


class TreeSearch:
    """The search state: the transposed pattern matrix, memo tables and limits."""

    def __init__(self, setup: Setup, limits: SearchLimits = SearchLimits(),
                 progress: Callable[[int, int, str], None] = no_progress, max_guesses: int = MAX_GUESSES) -> None:
        self.setup = setup
        self.mt = np.ascontiguousarray(setup.matrix.T)  # (answers, guesses)
        self.rows = setup.answer_rows
        self.solved = setup.solved
        self.limits = limits
        self.progress = progress
        self.exact: dict[bytes, tuple[int, int]] = {}
        self.lower: dict[bytes, int] = {}
        self.nodes = 0
        self.all_guesses = np.arange(len(setup.guesses), dtype=np.int32)
        self.max_guesses = max_guesses
        self.on_group: Callable[[int, int], None] = lambda done, total: None  # groups of a first guess searched

    # ---------------------------------------------------------- keys and hard mode

    def key(self, h: np.ndarray, valid: np.ndarray | None, depth: int) -> bytes:
        """The memo key of a node: its answers, the guesses left (and the allowed guesses in hard mode)."""
        k = bytes([min(depth, 255)]) + h.astype(np.int32).tobytes()
        if valid is None:
            return k
        return k + b"|" + hashlib.blake2b(valid.tobytes(), digest_size=12).digest()

    def child_valid(self, valid: np.ndarray | None, g: int, code: int) -> np.ndarray | None:
        """The guesses still allowed in hard mode after guess g got feedback code."""
        if valid is None:
            return None
        s = self.setup
        mask = hard_mode_mask(s.guess_array[valid], s.guess_counts[valid], s.guess_array[g], int(code), s.rule)
        return valid[mask]

    def groups(self, h: np.ndarray, g: int) -> list[tuple[int, np.ndarray]]:
        """The (code, answers) groups guess g splits h into, largest first, without the solved group."""
        row = self.mt[h, g]
        order = np.argsort(row, kind="stable")
        sr = row[order]
        cuts = np.flatnonzero(sr[1:] != sr[:-1]) + 1
        codes = sr[np.r_[0, cuts]]
        parts = np.split(h[order], cuts)
        out = [(int(c), p) for c, p in zip(codes, parts) if c != self.solved]
        out.sort(key=lambda cp: -len(cp[1]))
        return out

    # ---------------------------------------------------------- the recursion

    def solve(self, h: np.ndarray, valid: np.ndarray | None = None, beta: int = INF, depth: int = MAX_GUESSES) -> int:
        """The least total guesses to solve every answer in h within `depth` guesses (exact when below beta, else a
        bound >= beta; INF when impossible)."""
        n = len(h)
        if n == 1:
            return 1
        if depth <= 1:
            return INF
        if n == 2:
            return 3
        key = self.key(h, valid, depth)
        hit = self.exact.get(key)
        if hit is not None:
            return hit[0]
        low = self.lower.get(key, 0)
        if low >= beta:
            return low
        self.nodes += 1
        cand_rows = self.rows[h]
        sub = np.sort(self.mt[h][:, cand_rows], axis=0)
        distinct = 1 + np.count_nonzero(sub[1:] != sub[:-1], axis=0)
        if valid is not None:
            ok = np.isin(cand_rows, valid)
            distinct = np.where(ok, distinct, 0)
        if distinct.max() == n:
            self.exact[key] = (2 * n - 1, int(cand_rows[int(np.argmax(distinct))]))
            return 2 * n - 1
        if n == 3 and depth >= 3:
            self.exact[key] = (6, int(cand_rows[int(np.argmax(distinct))]))
            return 6
        pool = self.all_guesses if valid is None else valid
        p = np.sort(self.mt[h][:, pool], axis=0)
        k = 1 + np.count_nonzero(p[1:] != p[:-1], axis=0)
        if k.max() == n:
            self.exact[key] = (2 * n, int(pool[int(np.argmax(k))]))
            return 2 * n
        if depth <= 2:
            self.lower[key] = INF
            return INF
        in_h = np.isin(pool, cand_rows)
        lb = 3 * n - k - in_h
        node_lb = int(lb.min())
        if node_lb >= beta:
            self.lower[key] = max(low, node_lb)
            return node_lb
        order = np.lexsort((~in_h, lb))[: self.limits.top(n)]
        best, best_g = beta, -1
        for local in order:
            if lb[local] >= best:
                break
            g = int(pool[local])
            total = self.cost_of(h, valid, g, best, depth)
            if total < best:
                best, best_g = total, g
        if best_g >= 0:
            self.exact[key] = (best, best_g)
            return best
        self.lower[key] = max(low, beta, node_lb)
        return max(beta, node_lb)

    def cost_of(self, h: np.ndarray, valid: np.ndarray | None, g: int, beta: int = INF, depth: int = MAX_GUESSES) -> int:
        """The total guesses of guessing g at h then playing best (exact when below beta)."""
        groups = self.groups(h, g)
        total = len(h)
        rest = sum(group_bound(len(p)) for _, p in groups)
        if total + rest >= beta:
            return total + rest
        for i, (code, part) in enumerate(groups):
            rest -= group_bound(len(part))
            total += self.solve(part, self.child_valid(valid, g, code), beta - total - rest, depth - 1)
            if len(h) == len(self.setup.answers):
                self.on_group(i + 1, len(groups))
            if total + rest >= beta:
                return total + rest
        return total

    # ---------------------------------------------------------- the root and the tree

    def root_order(self, h: np.ndarray, top: int) -> list[int]:
        """The most promising first guesses (by fewest-guesses bound, answers first)."""
        p = np.sort(self.mt[h], axis=0)
        k = 1 + np.count_nonzero(p[1:] != p[:-1], axis=0)
        in_h = np.isin(self.all_guesses, self.rows[h])
        lb = 3 * len(h) - k - in_h
        return [int(g) for g in np.lexsort((~in_h, lb))[:top]]

    def best_root(self, first: Word | None = None) -> tuple[int, int]:
        """(guess, total) of the best first guess found (or of the given opener)."""
        h = np.arange(len(self.setup.answers), dtype=np.int32)
        valid = self.all_guesses if self.setup.hard else None
        if first is not None:
            if first not in self.setup.guess_index:
                raise ValueError(f"the opener {first!r} is not an allowed guess")
            roots = [self.setup.guess_index[first]]
        else:
            roots = self.root_order(h, self.limits.root)
        best, best_g = INF, -1
        for i, g in enumerate(roots):
            word = self.setup.guesses[g]
            self.progress(i * 1000, len(roots) * 1000, f"trying {word}")
            self.on_group = lambda done, parts, i=i, word=word: self.progress(
                i * 1000 + 1000 * done // parts, len(roots) * 1000, f"trying {word}")
            total = self.cost_of(h, valid, g, best, self.max_guesses)
            if total < best:
                best, best_g = total, g
        self.on_group = lambda done, total: None
        self.progress(len(roots) * 1000, len(roots) * 1000, f"best {self.setup.guesses[best_g]}")
        if best_g < 0:
            raise ValueError(f"no tree solves every answer within {self.max_guesses} guesses")
        self.exact[self.key(h, valid, self.max_guesses)] = (best, best_g)
        return best_g, best

    def tree(self, h: np.ndarray, valid: np.ndarray | None, depth: int) -> Tree:
        """The decision tree below a solved node (within `depth` guesses), read from the memo."""
        n = len(h)
        if n <= 2:
            g = int(self.rows[h[0]])
        else:
            hit = self.exact.get(self.key(h, valid, depth))
            if hit is None:
                if self.solve(h, valid, INF, depth) >= INF:
                    raise ValueError(f"no tree solves these {n} answers within {depth} guesses")
                hit = self.exact[self.key(h, valid, depth)]
            g = hit[1]
        children = {}
        for code, part in self.groups(h, g):
            children[str(code)] = self.tree(part, self.child_valid(valid, g, code), depth - 1)
        node: Tree = {"guess": self.setup.guesses[g]}
        if children:
            node["children"] = children
        return node


def build_tree(setup: Setup, first: Word | None = None, limits: SearchLimits = SearchLimits(),
               progress: Callable[[int, int, str], None] = no_progress) -> Tree:
    """The best decision tree found for a setup (optionally with a fixed opener)."""
    search = TreeSearch(setup, limits, progress)
    g, _ = search.best_root(first)
    h = np.arange(len(setup.answers), dtype=np.int32)
    valid = search.all_guesses if setup.hard else None
    children = {str(c): search.tree(p, search.child_valid(valid, g, c), search.max_guesses - 1)
                for c, p in search.groups(h, g)}
    return {"guess": setup.guesses[g], "children": children}


def subtree_for(setup: Setup, state: State, limits: SearchLimits = SearchLimits()) -> Tree:
    """A tree solving the answers left after a state (for positions the main tree does not cover)."""
    h = setup.candidates(state).astype(np.int32)
    if len(h) == 0:
        raise ValueError("no answer fits the feedback")
    search = TreeSearch(setup, limits)
    valid = np.flatnonzero(setup.valid_guesses(state)).astype(np.int32) if setup.hard else None
    for depth in (MAX_GUESSES - state.turn, BENCH_LIMIT - state.turn):
        try:
            return search.tree(h, valid, max(depth, 1))
        except ValueError:
            continue
    raise ValueError("no tree solves the answers left")


# ---------------------------------------------------------------- using and checking trees


def next_guess(tree: Tree, state: State) -> Word | None:
    """The tree's guess after a history (None when the history leaves the tree)."""
    node = tree
    for guess, pattern in state.history:
        if node.get("guess") != guess:
            return None
        node = node.get("children", {}).get(str(pattern))
        if node is None:
            return None
    return node.get("guess")


def guess_counts(tree: Tree, setup: Setup) -> dict[Word, int]:
    """Guesses each answer takes when the tree is replayed through the rules (BENCH_LIMIT + 1: never solved)."""
    out = {}
    for answer in setup.answers:
        node, n = tree, 0
        while node is not None and n < BENCH_LIMIT:
            n += 1
            pattern = feedback(answer, node["guess"], setup.rule)
            if pattern == setup.solved:
                break
            node = node.get("children", {}).get(str(pattern))
        else:
            n = BENCH_LIMIT + 1
        out[answer] = n
    return out


def tree_summary(tree: Tree, setup: Setup) -> dict:
    """Total, mean, worst and failures of a tree, verified by replaying every answer."""
    counts = guess_counts(tree, setup)
    values = list(counts.values())
    return {"first_guess": tree["guess"], "total": sum(values), "mean": sum(values) / len(values),
            "max": max(values), "failures": sum(1 for v in values if v > MAX_GUESSES)}


def tree_json(tree: Tree, setup: Setup) -> str:
    """The tree as compact JSON with the key of the setup it solves."""
    return json.dumps({"format": "wordle-tree-v1", "setup": setup.key, "rule": setup.rule, "hard": setup.hard,
                       "tree": tree}, separators=(",", ":"))


def save_tree(tree: Tree, setup: Setup, path: Path) -> Path:
    """Write a tree as JSON (gzipped when the name ends in .gz)."""
    data = tree_json(tree, setup).encode("utf-8")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(gzip.compress(data, mtime=0) if path.suffix == ".gz" else data)
    return path


def load_tree(path: Path, setup: Setup | None = None) -> Tree | None:
    """A saved tree (None when missing, unreadable or made for another setup)."""
    try:
        raw = path.read_bytes()
        doc = json.loads(gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw)
    except (OSError, ValueError):
        return None
    if not isinstance(doc, dict) or doc.get("format") != "wordle-tree-v1":
        return None
    if setup is not None and doc.get("setup") != setup.key:
        return None
    return doc.get("tree")


def node_at(tree: Tree, state: State) -> Tree | None:
    """The subtree reached after a history (None when the history leaves the tree)."""
    node = tree
    for guess, pattern in state.history:
        if node is None or node.get("guess") != guess:
            return None
        node = node.get("children", {}).get(str(pattern))
    return node


def expected_guesses_left(node: Tree, answers: list[Word], setup: Setup) -> float:
    """Mean guesses the subtree takes over the given answers (replayed through the rules)."""
    total = 0
    for answer in answers:
        cur, n = node, 0
        while cur is not None and n < BENCH_LIMIT:
            n += 1
            pattern = feedback(answer, cur["guess"], setup.rule)
            if pattern == setup.solved:
                break
            cur = cur.get("children", {}).get(str(pattern))
        total += n
    return total / max(1, len(answers))
