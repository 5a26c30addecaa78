"""Planning against the cheating host: its rule is public and deterministic, so the fewest misses through it can be
searched.

After any letters, the host keeps exactly the words of its list that fit the board, so a position is the set of words
it still keeps, and a letter's answer is known before it is asked (core.hangman.adversary's rule). The planner looks
for the letter order that pins the host to one word with the fewest misses: depth-first search with a growing miss
budget (iterative deepening; hits cost nothing), each set of words remembered with its exact value or a proven lower
bound, and the best of a few greedy orders as the first bound. A search that finishes proves no order does better;
one that runs out of its node budget keeps the best order found and the lower bound it proved.
"""
from __future__ import annotations

import json
import time
from collections import Counter
from dataclasses import asdict, dataclass
from itertools import chain
from typing import Callable, Sequence

import numpy as np

from core import artefacts
from core.cache import cache_dir, content_hash
from core.hangman.adversary import HostChoice, HostGame, host_answer, start_host, where_text
from core.hangman.rules import MAX_WRONG, Letter, RuleError, State, Word, consistent
from core.progress import Progress, no_progress
from core.words import counted

Words = tuple[int, ...]  # indices into the host's sorted words of one length
NUMPY_FROM = 300  # sets of words at least this large are split with numpy, smaller ones with Counter
REMEMBER_FROM = 40  # sets at least this large keep their expansion
EXPANDED_WORDS = 4_000_000  # about this many word numbers kept in remembered expansions (some 100 MB), then forgotten
DEFAULT_NODES = 20_000  # sets of words expanded per search from the empty board (a few processor minutes at most)
OFF_PATH_NODES = 300  # per search from a board off the host's path (an honest host's answers): a quick look ahead


class OutOfNodes(Exception):
    """The search spent its node budget."""


@dataclass(frozen=True)
class Answer:
    """What the host would answer to a letter over a set of words: hit or miss, how many words it keeps, where."""

    letter: Letter
    miss: bool
    count: int
    bits: int
    groups: int


@dataclass(frozen=True)
class Plan:
    """The fewest misses found from a set of words, the letters of that order, and whether no order does better."""

    misses: int
    letters: tuple[Letter, ...]
    proven: bool
    lower: int
    nodes: int
    words: int


def reversed_bits(word: Word, letter: Letter) -> int:
    """The letter's positions as bits, position 0 the highest: among equal counts a larger value sits further left."""
    n = len(word)
    return sum(1 << (n - 1 - i) for i, c in enumerate(word) if c == letter)


def host_pick(counts: dict[int, int]) -> int:
    """The group the host keeps: the largest; then the fewest letters revealed (a miss first); then the leftmost."""
    return max(counts, key=lambda m: (counts[m], -m.bit_count(), m))


class Move:
    """A letter's answer over a set of words, with the words kept after it worked out once, when first needed."""

    __slots__ = ("answer", "code", "parent", "rows", "search", "_kept")

    def __init__(self, answer: Answer, code: int, parent: Words, rows, search: "HostSearch") -> None:
        self.answer, self.code, self.parent, self.rows, self.search = answer, code, parent, rows, search
        self._kept: Words | None = None

    @property
    def kept(self) -> Words:
        """The words the host keeps after this answer."""
        if self._kept is None:
            bits = self.answer.bits
            if self.rows is not None:
                self._kept = tuple(self.rows[self.search.table[self.rows, self.code] == bits].tolist())
            else:
                col = self.search.columns[self.code]
                self._kept = tuple(i for i in self.parent if col[i] == bits)
        return self._kept


class HostSearch:
    """The planner over one length's words: host answers, memoised values and lower bounds, the search itself."""

    def __init__(self, words: Sequence[Word]) -> None:
        self.words = tuple(sorted(set(words)))
        self.letters = tuple(sorted({c for w in self.words for c in w}))
        code = {c: a for a, c in enumerate(self.letters)}
        self.table = np.array([[reversed_bits(w, c) for c in self.letters] for w in self.words], dtype=np.int64) \
            if self.words else np.zeros((0, 0), dtype=np.int64)
        self.columns = [self.table[:, a].tolist() for a in range(len(self.letters))]
        self.keys = [tuple((code[c] << 32) | reversed_bits(w, c) for c in sorted(set(w))) for w in self.words]
        self.exact: dict[Words, tuple[int, Letter | None]] = {}
        self.lower: dict[Words, int] = {}
        self.upper: dict[Words, tuple[int, Letter | None]] = {}
        self.expanded: dict[Words, list[Move]] = {}
        self.expanded_words = 0
        self.nodes = 0
        self.limit = 0
        self.total = 0
        self.stage = ""
        self.report: Progress = no_progress

    def kept_of(self, state: State) -> Words:
        """The words the host still keeps on a board (the list's words that fit it)."""
        return tuple(i for i, w in enumerate(self.words) if consistent(w, state))

    def answers(self, kept: Words) -> list[Answer]:
        """The host's answer to each letter that would split the words, hits first, then by words kept."""
        return [m.answer for m in self.expand(kept)]

    def expand(self, kept: Words) -> list["Move"]:
        """Each letter that would split the words: the host's answer and the words it keeps (hits first, fewest kept
        first); remembered for large sets, which the search meets again at each budget."""
        cached = self.expanded.get(kept)
        if cached is not None:
            return cached
        groups: dict[int, dict[int, int]] = {}
        for key, n in Counter(chain.from_iterable(map(self.keys.__getitem__, kept))).items():
            groups.setdefault(key >> 32, {})[key & 0xFFFFFFFF] = n
        for g in groups.values():
            absent = len(kept) - sum(g.values())
            if absent:
                g[0] = absent
        rows = np.asarray(kept) if len(kept) >= NUMPY_FROM else None
        out = []
        for a, g in groups.items():
            if len(g) > 1:
                chosen = host_pick(g)
                out.append(Move(Answer(self.letters[a], chosen == 0, g[chosen], chosen, len(g)), a, kept, rows, self))
        out.sort(key=lambda m: (m.answer.miss, m.answer.count, m.answer.letter))
        if len(kept) >= REMEMBER_FROM:
            if self.expanded_words > EXPANDED_WORDS:
                self.expanded.clear()
                self.expanded_words = 0
            self.expanded[kept] = out
            self.expanded_words += 3 * len(kept)  # the set and, at most, about twice its size in kept words
        return out

    def kept_after(self, kept: Words, answer: Answer) -> Words:
        """The words the host keeps after that answer."""
        col = self.columns[self.letters.index(answer.letter)]
        return tuple(i for i in kept if col[i] == answer.bits)

    def greedy(self, kept: Words) -> tuple[int, tuple[Letter, ...]]:
        """The best of two greedy orders through the host (each move: a hit if any, keeping the fewest words; or the
        letter in the most words): (misses, letters)."""
        results = [self._greedy_run(kept, rule) for rule in (_fewest_kept, _most_words)]
        return min(results, key=lambda r: (r[0], len(r[1])))

    def _greedy_run(self, kept: Words, rule: Callable) -> tuple[int, tuple[Letter, ...]]:
        moves: list[tuple[Words, Answer]] = []
        while len(kept) > 1:
            move = rule(self.expand(kept), kept, self)
            moves.append((kept, move.answer))
            kept = move.kept
        left = 0
        for node, move in reversed(moves):  # every set on the way has a known order: an upper bound there
            left += move.miss
            self._offer(node, left, move.letter)
        return sum(m.miss for _, m in moves), tuple(m.letter for _, m in moves)

    def _offer(self, kept: Words, misses: int, letter: Letter) -> None:
        """Remember an order from these words when it beats the best known."""
        if kept not in self.upper or self.upper[kept][0] > misses:
            self.upper[kept] = (misses, letter)

    def known(self, kept: Words) -> int | None:
        """The fewest misses known from these words (exact or the best order found), None when none is known."""
        if len(kept) <= 1:
            return 0
        for table in (self.exact, self.upper):
            if kept in table:
                return table[kept][0]
        return None

    def bounded(self, kept: Words, budget: int) -> int:
        """The fewest misses from these words when that is at most `budget`, else a lower bound above it."""
        if len(kept) <= 1:
            return 0
        done = self.exact.get(kept)
        if done is not None:
            return done[0]
        floor = self.lower.get(kept, 0)
        if floor > budget:
            return floor
        self.nodes += 1
        if self.nodes > self.limit:
            raise OutOfNodes
        if self.nodes % 250 == 0:
            self.report(self.nodes, self.total, self.stage)
        best, best_letter, bound = budget + 1, None, None
        for move in self.expand(kept):
            ans = move.answer
            cost = int(ans.miss)
            cap = min(budget, best - 1) - cost
            if cap < 0:
                bound = cost if bound is None else min(bound, cost)
                continue
            child = move.kept
            try:
                v = self.bounded(child, cap) + cost
            finally:
                reached = self.known(child)
                if reached is not None:
                    self._offer(kept, reached + cost, ans.letter)
            if v <= min(budget, best - 1):
                best, best_letter = v, ans.letter
                if best <= floor:
                    break
            else:
                bound = v if bound is None else min(bound, v)
        if best_letter is not None:
            self.exact[kept] = (best, best_letter)
            return best
        proven = max(budget + 1, bound if bound is not None else budget + 1)
        self.lower[kept] = proven
        return proven

    def plan(self, kept: Words, nodes: int = DEFAULT_NODES, progress: Progress = no_progress) -> Plan:
        """The fewest misses found from these words within a node budget, proven when the search finished.

        A quarter of the nodes raise the proven lower bound one miss at a time (iterative deepening); the rest look
        for an order with fewer misses than the best found (branch and bound), which also proves it when it ends.
        """
        if len(kept) <= 1:
            return Plan(0, (), True, 0, 0, len(kept))
        if kept not in self.exact:
            self.greedy(kept)
            self.nodes, self.total, self.report = 0, nodes, progress
            self._deepen(kept, nodes // 4)
            self._improve(kept, nodes)
            self.report = no_progress
        progress(nodes, nodes, "searched")
        used = min(self.nodes, nodes)
        if kept in self.exact:
            value = self.exact[kept][0]
            return Plan(value, self.path(kept), True, value, used, len(kept))
        return Plan(self.upper[kept][0], self.path(kept), False, self.lower.get(kept, 0), used, len(kept))

    def _deepen(self, kept: Words, limit: int) -> None:
        """Raise the proven lower bound one budget at a time until it meets the best order found or nodes run out."""
        self.limit = limit
        try:
            while kept not in self.exact:
                budget = self.lower.get(kept, 0)
                if budget >= self.upper[kept][0]:
                    self.exact[kept] = self.upper[kept]  # no order with fewer misses exists
                    return
                self.stage = f"proving that {budget} misses are not enough"
                self.report(self.nodes, self.total, self.stage)
                self.bounded(kept, budget)
        except OutOfNodes:
            return

    def _improve(self, kept: Words, limit: int) -> None:
        """Look for an order with fewer misses than the best found; finishing proves the best."""
        self.limit = limit
        try:
            while kept not in self.exact:
                best = self.upper[kept][0]
                self.stage = f"looking for an order with fewer than {best} misses"
                self.report(min(self.nodes, limit), self.total, self.stage)
                if self.bounded(kept, best - 1) > best - 1:
                    self.exact[kept] = self.upper[kept]
        except OutOfNodes:
            return

    def best_letter(self, kept: Words) -> Letter | None:
        """The next letter of the best order known from these words (exact first, else the best order found)."""
        for table in (self.exact, self.upper):
            if kept in table:
                return table[kept][1]
        return None

    def path(self, kept: Words) -> tuple[Letter, ...]:
        """The letters of the best order known from these words, following the host's answers."""
        letters = []
        while len(kept) > 1:
            letter = self.best_letter(kept)
            if letter is None:
                break
            letters.append(letter)
            kept = next(m.kept for m in self.expand(kept) if m.answer.letter == letter)
        return tuple(letters)


def _fewest_kept(moves: list[Move], kept: Words, search: HostSearch) -> Move:
    """A hit if there is one, keeping the fewest words; else the miss keeping the fewest."""
    return moves[0]


def _most_words(moves: list[Move], kept: Words, search: HostSearch) -> Move:
    """The letter in the most kept words (the candidates rule without its tie-breaks)."""
    def share(ans: Answer) -> int:
        col = search.columns[search.letters.index(ans.letter)]
        return sum(col[w] != 0 for w in kept)
    return max(moves, key=lambda m: (share(m.answer), -ord(m.answer.letter[0])))


# ---------------------------------------------------------------- a planned game against the host, explained

PLAN_CODE = artefacts.artefact("host-plan").code  # the code a stored plan depends on (declared in core.artefacts)


@dataclass(frozen=True)
class CheaterGame:
    """The planner's game against the host for one length: its letters, misses, the proof, the greedy comparison."""

    length: int
    words: int
    letters: tuple[Letter, ...]
    masks: tuple[str, ...]  # the board after each letter of the plan
    misses: int
    proven: bool
    lower: int
    greedy: int
    nodes: int
    budget: int
    seconds: float  # processor seconds the search took (the machine's load does not change them)


@dataclass(frozen=True)
class PlannedMove:
    """One letter of the plan: the host's answer to it and the misses the rest of the plan still needs."""

    choice: HostChoice
    mask: str
    misses_left: int
    proven: bool

    def sentence(self) -> str:
        """Why this letter, in plain words: what each answer would leave, what the host keeps, misses still needed."""
        c = self.choice
        L = c.letter.upper()
        sizes = sorted((size for _, size in c.groups), reverse=True)
        if c.before == 1:
            return f"{L}: one word is left, so the host must tell the truth ({where_text(c.chosen)})."
        ways = (f"the host's {c.before:,} words would split {len(sizes)} ways "
                f"({', '.join(f'{s:,}' for s in sizes[:4])}{' …' if len(sizes) > 4 else ''} words)")
        kept = (f"it keeps the {c.kept:,} without {L}: a miss" if not c.chosen
                else f"it must admit {L} ({where_text(c.chosen)}) and keep {counted(c.kept, 'word')}: a hit")
        need = f"{self.misses_left} more miss{'' if self.misses_left == 1 else 'es'}" if self.misses_left else "no more misses"
        sure = "no order does better" if self.proven else "the fewest the search found"
        return f"{L}: {ways}; {kept}. From here the plan needs {need} ({sure})."


def plan_for_length(words: Sequence[Word], length: int, nodes: int = DEFAULT_NODES,
                    progress: Progress = no_progress) -> CheaterGame:
    """Search the fewest-miss order against the host over the list's words of a length (RuleError when none)."""
    pool = sorted({w for w in words if len(w) == length})
    if not pool:
        raise RuleError(f"The list has no {length}-letter word for the host to hide.")
    start = time.process_time()
    search = HostSearch(pool)
    kept = tuple(range(len(search.words)))
    greedy = search.greedy(kept)[0] if len(kept) > 1 else 0
    plan = search.plan(kept, nodes, progress)
    host = start_host(pool, length, MAX_WRONG)
    masks = []
    for letter in plan.letters:
        host = host_answer(host, letter)
        masks.append(host.state.mask)
    misses = host.state.wrong  # the host's own rule decides: never more than the search's figure
    return CheaterGame(length, len(pool), plan.letters, tuple(masks), misses, plan.proven, min(plan.lower, misses),
                       greedy, plan.nodes, nodes, round(time.process_time() - start, 2))


def plan_path(words: Sequence[Word], length: int, nodes: int):
    """Where the plan for the list's words of a length is kept: keyed by their content, the budget and the code."""
    pool = "\n".join(sorted({w for w in words if len(w) == length}))
    return cache_dir("hangman") / f"cheater-{artefacts.key('host-plan', content_hash(pool), str(length), str(nodes))}.json"


def stored_cheater_game(words: Sequence[Word], length: int, nodes: int = DEFAULT_NODES) -> CheaterGame | None:
    """The plan kept on disk for these words, length and budget (None when it was never searched)."""
    path = plan_path(words, length, nodes)
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text())
        return CheaterGame(**{**data, "letters": tuple(data["letters"]), "masks": tuple(data["masks"])})
    except (ValueError, TypeError, KeyError):
        path.unlink(missing_ok=True)
        return None


def cheater_game(words: Sequence[Word], length: int, nodes: int = DEFAULT_NODES, progress: Progress = no_progress,
                 use_disk: bool = True) -> CheaterGame:
    """plan_for_length, kept on disk keyed by the content of the list's words of that length, the node budget and
    the code that searched."""
    stored = stored_cheater_game(words, length, nodes) if use_disk else None
    if stored is not None:
        return stored
    path = plan_path(words, length, nodes)
    game = plan_for_length(words, length, nodes, progress)
    if use_disk:
        path.write_text(json.dumps(asdict(game)))
    return game


def planned_moves(words: Sequence[Word], game: CheaterGame) -> tuple[list[PlannedMove], HostGame]:
    """The plan's letters replayed through the host's own rule, each with its sentence; and the finished game."""
    host = start_host(words, game.length, MAX_WRONG)
    misses = [0] * len(game.letters)
    steps = []
    for i, letter in enumerate(game.letters):
        host = host_answer(host, letter)
        misses[i] = int(not host.choices[-1].chosen)
        steps.append((host.choices[-1], host.state.mask))
    while len(host.words) == 1 and not host.over:  # one word left: its letters, all hits
        letter = next(c for c in host.words[0] if c not in host.state.guessed)
        host = host_answer(host, letter)
        steps.append((host.choices[-1], host.state.mask))
        misses.append(0)
    out = [PlannedMove(choice, mask, sum(misses[i + 1:]), game.proven) for i, (choice, mask) in enumerate(steps)]
    return out, host
