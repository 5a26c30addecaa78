"""The time-budgeted tree optimiser: ever harder pilot/beam searches under several first tips, then randomised
local search, in parallel worker processes, reporting the best mean so far."""
from __future__ import annotations

import math
import multiprocessing as mp
import queue as queue_mod
import time
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from core.progress import no_progress
from core.tipgame.policy import greedy_choice, policy_tree
from core.tipgame.rules import IS, NON_IS_CODES
from core.tipgame.search import Searcher, SearchParams, SearchTimeout, seed_memo
from core.tipgame.table import Index, TipTable, group_weights
from core.tipgame.tree import Node, node_from_dict, node_to_dict, score

LEVELS: tuple[SearchParams, ...] = (
    SearchParams(width=1, exact_size=5, info_width=1),
    SearchParams(width=1, exact_size=5, pilot=10),
    SearchParams(width=1, exact_size=6, pilot=10, pilot_level=2),
    SearchParams(width=2, exact_size=6, info_width=1, pilot=10, pilot_level=2),
)


@dataclass
class OptimiseResult:
    """The best tree found, its verified mean, and the best mean over time."""

    root: Node
    mean: float
    total: int
    history: list[tuple[float, float]] = field(default_factory=list)
    lower_bound: dict[str, float] = field(default_factory=dict)
    evaluations: int = 0


def extract(searcher: Searcher, H: Index, tip: int | None = None) -> tuple[Node, float]:
    """The tree the memo holds for a set (optionally with a forced first tip) and its total tries."""
    table = searcher.table
    t = searcher.best_tip(H) if tip is None else tip
    row = table.codes[t, H]
    total = float(table.weights[H].sum())
    children = []
    for code in NON_IS_CODES:
        g = H[row == code]
        if len(g):
            child, c = extract(searcher, g)
            children.append((code, child))
            total += c
    if tip is None and len(H) > 2:
        old = searcher.memo[H.tobytes()]
        if total < old[0]:
            searcher.memo[H.tobytes()] = (total, t, old[2])
    return Node(table.tips[t], tuple(children)), total


def forced_cost(searcher: Searcher, H: Index, tip: int, params: SearchParams) -> float:
    """The total tries for H when the first tip is fixed and the rest is searched."""
    table = searcher.table
    row = table.codes[tip, H]
    total = float(table.weights[H].sum())
    for code in NON_IS_CODES:
        g = H[row == code]
        if len(g):
            total += searcher.cost(g, params, depth=1)
    return total


def first_tips(table: TipTable, k: int) -> list[int]:
    """The k most promising first tips by the search's own ranking."""
    s = Searcher(table)
    H = table.all_words()
    counts = group_weights(table, H).astype(np.int64)
    ok = np.flatnonzero(((counts > 0).sum(axis=1) > 1) | (counts[:, IS] > 0))
    rank = s.rank(counts[ok], SearchParams())
    return [int(t) for t in ok[np.argsort(rank, kind="stable")[:k]]]


def first_tip_count(jobs: int) -> int:
    """How many first tips the optimiser searches under: four, or two per worker when more (on a 60-word English
    sample the optimum's first tip ranked third; with four, 30 of 30 samples of 20-100 words reached their proven
    optimum, and the 500-word lists their shipped trees within 120 s)."""
    return max(4, 2 * jobs)


def internal_sets(searcher: Searcher, H: Index, tip: int, out: list[Index]) -> None:
    """Every set of 3+ words under a first tip in the memo's tree."""
    table = searcher.table
    row = table.codes[tip, H]
    for code in NON_IS_CODES:
        g = H[row == code]
        if len(g) > 2:
            out.append(g)
            internal_sets(searcher, g, searcher.best_tip(g), out)


def improve(table: TipTable, tips: list[int], deadline: float, seed: int, report: Callable[[float, dict], None],
            tick: Callable[[], None] | None = None, start_tree: dict | None = None) -> None:
    """Widen the search under each first tip, then regenerate random subtrees, reporting every better tree."""
    searcher = Searcher(table, deadline=deadline, seed=seed, tick=tick)
    rng = np.random.default_rng(seed)
    H = table.all_words()
    if start_tree is not None:
        seed_memo(searcher, table, node_from_dict(start_tree), H)
    best = math.inf
    best_tip = tips[0]

    def offer(t: int) -> None:
        nonlocal best, best_tip
        node, total = extract(searcher, H, t)
        if total < best:
            best, best_tip = total, t
            report(total, node_to_dict(node))

    try:
        for params in LEVELS:
            for t in tips:
                forced_cost(searcher, H, t, params)
                offer(t)
        while True:
            sets: list[Index] = []
            internal_sets(searcher, H, best_tip, sets)
            if not sets:
                return
            sizes = np.sqrt(np.array([len(s) for s in sets], dtype=float))
            pick = sets[int(rng.choice(len(sets), p=sizes / sizes.sum()))]
            searcher.cost(pick, random_params(rng, len(pick)), depth=1)
            offer(best_tip)
            if rng.random() < 0.1:
                offer(tips[int(rng.integers(len(tips)))])
    except SearchTimeout:
        return


def random_params(rng: np.random.Generator, n: int) -> SearchParams:
    """Random search settings for regenerating a subtree of n words (wider and more exact on small ones)."""
    wide = 1 + int(rng.integers(0, 3 if n > 100 else 5))
    pilot = int(rng.choice([0, 5, 10, 20]))
    return SearchParams(width=wide, exact_size=int(rng.integers(6, 11)), info_width=int(rng.integers(0, 4)),
                        est_a=float(rng.uniform(0.6, 2.5)), noise=float(rng.uniform(0.0, 0.5)),
                        top_width=wide + int(rng.integers(0, 4)), top_depth=2, pilot=pilot,
                        pilot_level=1 + int(rng.random() < 0.3))


def _worker(table: TipTable, tips: list[int], deadline_in: float, seed: int, out, start_tree: dict | None) -> None:
    deadline = time.monotonic() + deadline_in
    improve(table, tips, deadline, seed, lambda total, tree: out.put((total, tree)), start_tree=start_tree)
    out.put(None)


def optimise(table: TipTable, time_budget: float, jobs: int = 1, seed: int = 0,
             progress: Callable[[int, int, str], None] = no_progress,
             should_stop: Callable[[], bool] | None = None, n_first: int = 0,
             on_improve: Callable[[Node, float, list[tuple[float, float]]], None] | None = None) -> OptimiseResult:
    """The best tree found within the budget; every candidate is verified by replaying every word."""
    start = time.monotonic()
    words = [w for w, k in zip(table.words, table.weights.tolist()) for _ in range(k)]
    n = table.total_weight
    history: list[tuple[float, float]] = []
    quick = Searcher(table)
    H = table.all_words()
    quick.cost(H, SearchParams(width=1)) if len(H) > 2 else None
    root, _ = extract(quick, H) if len(H) > 2 else (_tiny_tree(table), 0.0)
    best_total = score(root, words).total
    if len(H) > 2:
        g_root = policy_tree(table, greedy_choice(table), H)
        g_total = score(g_root, words).total
        if g_total < best_total:
            root, best_total = g_root, g_total
    history.append((time.monotonic() - start, best_total / n))
    if on_improve is not None:
        on_improve(root, best_total / n, list(history))
    budget = max(0.0, float(time_budget))
    progress(0, max(1, int(budget)), f"best mean {best_total / n:.4f}")
    jobs = max(1, int(jobs))
    if budget > 0 and len(H) > 2:
        tips = first_tips(table, n_first or first_tip_count(jobs))
        shares = [tips[i::jobs] for i in range(jobs)]
        shares = [s for s in shares if s]

        def consider(total: float, tree: dict) -> None:
            nonlocal root, best_total
            node = node_from_dict(tree)
            verified = score(node, words).total
            if verified < best_total:
                root, best_total = node, verified
                history.append((time.monotonic() - start, verified / n))
                if on_improve is not None:
                    on_improve(root, best_total / n, list(history))
            elapsed = time.monotonic() - start
            progress(min(int(elapsed), int(budget)), max(1, int(budget)), f"best mean {best_total / n:.4f}")

        remaining = budget - (time.monotonic() - start)
        if len(shares) == 1:
            deadline = time.monotonic() + remaining
            last = [0.0]

            def tick() -> None:
                if should_stop is not None and should_stop():
                    raise SearchTimeout
                now = time.monotonic()
                if now - last[0] > 0.5:
                    last[0] = now
                    progress(min(int(now - start), int(budget)), max(1, int(budget)), f"best mean {best_total / n:.4f}")

            improve(table, shares[0], deadline, seed, consider, tick, node_to_dict(root))
        else:
            _run_workers(table, shares, remaining, seed, consider, should_stop, start, budget, progress,
                         lambda: best_total / n, node_to_dict(root))
    progress(max(1, int(budget)), max(1, int(budget)), f"best mean {best_total / n:.4f}")
    return OptimiseResult(root, best_total / n, best_total, history)


def _run_workers(table, shares, remaining, seed, consider, should_stop, start, budget, progress, best_mean, start_tree) -> None:
    ctx = mp.get_context("spawn")
    out = ctx.Queue()
    procs = [ctx.Process(target=_worker, args=(table, share, remaining, seed + i, out, start_tree), daemon=True) for i, share in enumerate(shares)]
    for p in procs:
        p.start()
    done = 0
    hard_stop = time.monotonic() + remaining + 30.0
    try:
        while done < len(procs):
            if should_stop is not None and should_stop():
                break
            if time.monotonic() > hard_stop:
                break
            try:
                msg = out.get(timeout=0.5)
            except queue_mod.Empty:
                elapsed = time.monotonic() - start
                progress(min(int(elapsed), int(budget)), max(1, int(budget)), f"best mean {best_mean():.4f}")
                continue
            if msg is None:
                done += 1
            else:
                consider(*msg)
    finally:
        for p in procs:
            if p.is_alive():
                p.terminate()
        for p in procs:
            p.join(timeout=5)
        while True:
            try:
                msg = out.get_nowait()
            except (queue_mod.Empty, OSError, ValueError):
                break
            if msg is not None:
                consider(*msg)
        out.close()


def _tiny_tree(table: TipTable) -> Node:
    """The tree for a list of one or two distinct words: guess the more frequent, then the other."""
    order = np.argsort(-table.weights, kind="stable")
    words = [table.words[i] for i in order]
    if len(words) == 1:
        return Node(words[0])
    from core.tipgame.rules import answer

    return Node(words[0], ((answer(words[1], words[0]), Node(words[1])),))
