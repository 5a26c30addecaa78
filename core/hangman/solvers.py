"""Hangman solvers behind one interface: fit(words), scores(state) -> {letter: score}, choose(state)."""
from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Protocol, Sequence, runtime_checkable

import numpy as np

from core.hangman.expectimax import OutOfPositions, SearchShelf, WeightedExpectimax
from core.hangman.model import (
    Alphabet,
    NgramModel,
    WordIndex,
    WordLM,
    alphabet_of_words,
    blocked,
    open_letters,
    padded_cells,
)
from core.hangman.picks import frequency_weight, thing_factor
from core.hangman.rules import BLANK, Letter, State
from core.hangman.things import thing_shares
from core.progress import Progress, no_progress
from core.registry import Registry
from core.solver import Solver as GameSolver

Scores = dict[Letter, float]
SOLVERS: Registry["Solver"] = Registry("hangman")
ENGLISH_ORDER = "etaoinsrhldcumfpgwybvkxjqz"  # a-z by frequency in English text
PARAMS_FILE = Path(__file__).resolve().parent.parent.parent / "data" / "hangman" / "best_params.json"


LANGUAGE_NAMES = {"en": "English", "de": "German"}


@dataclass(frozen=True)
class Fitting:
    """The words that fit a board, counted once for every sentence and figure of the Hangman page: the list's words,
    and the everyday words the list lacks that a person may think of (0 when the solver counts the list alone)."""

    listed: int
    others: int = 0
    language: str = ""  # the everyday words' language in words ('English'); '' when none are counted

    @property
    def total(self) -> int:
        """Every word counted: the list's and the other everyday words."""
        return self.listed + self.others

    def words(self) -> str:
        """'74 words of the list (157 with other everyday English words)', '1 word of the list', 'no word of the list'."""
        listed = f"{self.listed:,} word{'s' if self.listed != 1 else ''} of the list" if self.listed else "no word of the list"
        if not self.others:
            return listed
        return f"{listed} ({self.total:,} with other everyday {self.language} words)"

    def verb(self, one: str, many: str) -> str:
        """The verb agreeing with the list's count: 'fits' for one word or none, else 'fit'."""
        return one if self.listed <= 1 else many


MEMOS = ("_score_cache", "_greedy", "_exact_shelf", "_windows", "_posteriors", "_likelihoods", "_rollout", "_fills",
         "_weights")  # what a solver works out from its list as it plays (never pickled; dropped by a new fit)


class Solver(GameSolver[State, Letter]):
    """A hangman solver: learns from a word list, scores the unguessed letters, picks the best."""

    name = "solver"
    score_label = "share of the solver's preference (the scores sum to 1)"
    order_matters = False  # True when scores depend on the order letters were guessed in (not only on the set)
    worlds: tuple[str, ...] = ("list",)  # where it assumes the secret comes from (WORLDS), its default first
    world = "list"

    def __init__(self) -> None:
        self.alphabet = Alphabet("")
        self.index: WordIndex | None = None

    def fit(self, words: Sequence[str], progress: Progress = no_progress) -> "Solver":
        """Learn from a word list (the only data the solver sees), reporting progress out of 100."""
        words = list(words)
        if not words:
            raise ValueError("The word list is empty: nothing to learn from.")
        progress(0, 100, "indexing the words")
        for key in (*MEMOS, "_person_index"):  # what was worked out for another list
            self.__dict__.pop(key, None)
        self.alphabet = alphabet_of_words(words)
        self.index = WordIndex(words, self.alphabet)
        progress(10, 100, "counting letter patterns")
        self._fit_more(words, lambda done, total, message="": progress(10 + 90 * done // max(total, 1), 100, message))
        progress(100, 100, "learned")
        return self

    def _fit_more(self, words: list[str], progress: Progress = no_progress) -> None:
        """Extra fitting a subclass needs (reporting its own phase's progress)."""

    def letter_scores(self, state: State) -> np.ndarray:
        """A score per alphabet letter (higher is better); guessed letters are masked out afterwards."""
        raise NotImplementedError

    def scores(self, state: State) -> Scores:
        """The unguessed letters' scores, normalised to sum to 1 (what the charts draw).

        Memoised per solver by (mask, guessed letters, miss budget): as a set unless the solver's order_matters.
        """
        if self.index is None:
            raise ValueError("The solver is not fitted.")
        cache = self.__dict__.get("_score_cache")
        if cache is None:
            cache = self.__dict__["_score_cache"] = lru_cache(maxsize=8192)(self._scores_of)
        guessed = state.guessed if self.order_matters else tuple(sorted(state.guessed))
        return dict(cache(state.mask, guessed, state.max_wrong))

    def __getstate__(self):
        d = dict(self.__dict__)
        for key in MEMOS:
            d.pop(key, None)
        return d

    def _scores_of(self, mask: str, guessed: tuple[Letter, ...], max_wrong: int) -> Scores:
        state = State(mask, guessed, max_wrong)
        raw = np.asarray(self.letter_scores(state), dtype=float)
        ok = open_letters(state, self.alphabet)
        raw = np.where(ok, np.maximum(raw, 0.0), 0.0)
        total = raw.sum()
        if total <= 0:
            raw = ok.astype(float)
            total = raw.sum()
        if total <= 0:
            return unknown_letter_scores(self.alphabet.letters, guessed)
        return {c: float(raw[i] / total) for i, c in enumerate(self.alphabet.letters) if ok[i]}

    def choose(self, state: State) -> Letter | None:
        """The letter to guess (highest score, ties to the first in alphabet order); None when none is left."""
        s = self.scores(state)
        if not s:
            return None
        return max(s, key=s.__getitem__)

    def candidate_count(self, state: State) -> int:
        """How many dictionary words still match the state."""
        return 0 if self.index is None else len(self.index.candidates(state))

    def fitting(self, state: State) -> Fitting:
        """The words that fit the board as the page counts them: the list's (a person's world adds everyday words)."""
        return Fitting(self.candidate_count(state))

    def in_world(self, world: str) -> "Solver":
        """The solver playing as if the secret came from this world (one of its `worlds`), sharing what it learned."""
        if world == self.world:
            return self
        if world not in self.worlds:
            raise ValueError(f"{self.name} cannot play for {WORLDS.get(world, world)!r}; it models "
                             f"{', '.join(self.worlds)}")
        return self._in_world(world)

    def _in_world(self, world: str) -> "Solver":
        raise ValueError(f"{self.name} models one world only")


@runtime_checkable
class GivesChances(Protocol):
    """An ability: the solver's letter scores are the chance each letter is in the word, except at a state where it
    plays the game out over the few words that fit (`plays_rollouts`): then they are the value of doing so."""

    def letter_scores(self, state: State) -> np.ndarray: ...

    def plays_rollouts(self, state: State) -> bool: ...


@runtime_checkable
class Tuned(Protocol):
    """An ability: the solver plays by tuned parameters (`params.as_dict()`), part of what its fit depends on."""

    params: "BestParams"


@runtime_checkable
class WeighsWords(Protocol):
    """An ability: the solver models where the word comes from (`world`), weighs the fitting words by it (a person's
    everyday words likelier), and can say how likely the word is one of them."""

    world: str  # a plain attribute: isinstance reads it (a property here would be worked out by every check)

    def fitting(self, state: State) -> "Fitting": ...

    def in_dictionary_chance(self, state: State) -> float: ...

    def frequencies_known(self) -> bool: ...

    def weighs_things(self, length: int = 0) -> bool: ...

    def word_weights(self, length: int) -> np.ndarray: ...

    def words_of(self) -> WordIndex: ...

    def commonest(self, state: State) -> tuple[str, float]: ...

    def everyday_fitting(self, state: State, limit: int) -> list[str]: ...


WORLDS: dict[str, str] = {  # where the secret comes from: what a solver may assume, in words
    "person": "a word a person thinks of (familiar words: things, animals, food and everyday words likeliest)",
    "list": "a word drawn evenly from the list on screen",
    "unseen": "any word, maybe one the list lacks (the Trexquant challenge)",
    "mixed": "not known: usually a word the list lacks, sometimes one of its words",
}


WORLD_NAMES: dict[str, str] = {  # the same worlds, short enough for a picker on a projector
    "person": "A person's word",
    "list": "Drawn from the list",
    "unseen": "Any word, maybe new",
    "mixed": "Not known (a mix)",
}


def played_world(solver: Solver, world: str | None) -> Solver:
    """The solver playing for the asked world when it models it; otherwise as it always plays (its own world)."""
    return solver.in_world(world) if world in solver.worlds else solver


def solver_worlds(name: str) -> tuple[str, ...]:
    """The worlds a registered solver can play for, its default first (read from its registry entry)."""
    return SOLVERS.create(name).worlds


def unknown_letter_scores(known: str, guessed: Sequence[Letter]) -> Scores:
    """Scores for the letters a-z the solver's list never uses (commonest English letters first), for when every
    letter it knows is guessed: a secret may hold a letter its dictionary lacks (`zebra` against a list without z)."""
    rest = [c for c in ENGLISH_ORDER if c not in known and c not in guessed]
    weights = np.arange(len(rest), 0, -1, dtype=float)
    return {c: float(w / weights.sum()) for c, w in zip(rest, weights)}


def fallback_frequency(index: WordIndex, state: State) -> np.ndarray:
    """Letter occurrences over the matching words, else over the whole dictionary."""
    occ = index.occurrences(state)
    ok = open_letters(state, index.alphabet)
    if (occ * ok).sum() > 0:
        return occ
    return index.all_occurrences()


@SOLVERS.register("frequency", help="classic: most frequent letter among the dictionary words matching the mask and misses",
                  plain_help="the classic: the letter that appears most often in the words that still fit")
class FrequencySolver(Solver):
    """The classic benchmark: letter occurrences among matching words, whole-dictionary frequency as fallback."""

    name = "frequency"

    def letter_scores(self, state: State) -> np.ndarray:
        return fallback_frequency(self.index, state)


@SOLVERS.register("candidates", help="for words in the dictionary: the letter in the most remaining candidates, ties by "
                                  "information; with at most 1,000 candidates, the letter whose rollout wins most often",
                  plain_help="the letter found in the most words that still fit; near the end it plays each letter out "
                             "and picks the one that wins most often")
class CandidatesSolver(Solver):
    """The letter in the most candidate words (ties by information), or with few candidates the best by rollout."""

    name = "candidates"

    def __init__(self, fallback: str = "ngram-backoff", rollout: int = 1000, rollout_letters: int = 8,
                 rollout_depth: int = 1) -> None:
        super().__init__()
        self.fallback_name = fallback
        self.fallback: Solver | None = None
        # with at most `rollout` candidates: the letter whose greedy continuation wins most often (among the
        # `rollout_letters` most frequent), each letter scored by playing the greedy rule out over every candidate
        self.rollout, self.rollout_letters, self.rollout_depth = rollout, rollout_letters, rollout_depth

    def _fit_more(self, words: list[str], progress: Progress = no_progress) -> None:
        if self.fallback_name:
            self.fallback = SOLVERS.create(self.fallback_name)
            self.fallback.alphabet, self.fallback.index = self.alphabet, self.index
            self.fallback._fit_more(words, progress)

    def letter_scores(self, state: State) -> np.ndarray:
        idx = self.index.candidates(state)
        if len(idx) == 0:
            if self.fallback is not None:
                return self.fallback.letter_scores(state)
            return fallback_frequency(self.index, state)
        pres = self.index.presence(state, idx)
        ok = open_letters(state, self.alphabet)
        pres = np.where(ok, pres, 0.0)
        hits = self._hit_scores(state, idx, pres, ok)
        tie_break = 1e-6 * hits / (hits.max() + 1e-12)  # equal win chances: the hit rule decides
        if 1 < len(idx) <= self.rollout and state.lives_left > 0:
            chances = self.rollout_chances(state, idx, pres)
            tried = chances[chances > 0]
            if len(tried) and tried.max() - tried.min() > 1e-12:  # otherwise the plain rule decides (and is charted)
                return chances + tie_break
        return hits

    def _hit_scores(self, state: State, idx: np.ndarray, pres: np.ndarray, ok: np.ndarray) -> np.ndarray:
        """Candidates containing each open letter, ties raised by up to 0.5 for the more informative letter."""
        top = pres.max()
        tied = np.flatnonzero((pres == top) & ok)
        if len(tied) > 1 and top > 0:
            info = np.array([self._entropy(state, idx, int(c)) for c in tied])
            bonus = np.zeros_like(pres)
            bonus[tied] = 0.5 * (info - info.min()) / (info.max() - info.min() + 1e-12)
            return pres + bonus
        return pres

    def rollout_chances(self, state: State, idx: np.ndarray, pres: np.ndarray, letters: list[int] | None = None,
                        weights: np.ndarray | None = None) -> np.ndarray:
        """For the most frequent letters (or the given letter codes), the chance of winning when guessing it now and
        then always guessing the informative letter in the most candidates (the exact win rate of that rule over the
        candidates; a letter no candidate has is a sure miss). With weights (one per candidate), candidates count by
        their weight: the win chance when the secret is drawn with those weights."""
        if letters is None:
            letters = [c for c in np.argsort(-pres)[:self.rollout_letters].tolist() if pres[c] > 0]
        if weights is None:  # candidates counted evenly: the same rule over bitsets, its plays memoised
            rule, S = self.greedy_rollout(state.length, idx)
            return rule.chances(S, state.lives_left, letters, self.rollout_depth - 1)
        patterns = answer_patterns(self.index.codes[state.length][idx], range(self.alphabet.size))
        wt = np.asarray(weights, dtype=float)

        def value(rows: np.ndarray, lives: int, depth: int) -> float:
            if lives <= 0:
                return 0.0
            if len(rows) == 1:
                return 1.0
            sub = patterns[:, rows]
            useful = (sub != sub[:, :1]).any(axis=1)
            counts = np.where(useful, (sub != 0) @ wt[rows], -1)
            if depth == 0:
                return after(rows, lives, sub[int(np.argmax(counts))], 0)
            top = [c for c in np.argsort(-counts, kind="stable")[:self.rollout_letters].tolist() if counts[c] > 0]
            return max(after(rows, lives, sub[c], depth - 1) for c in top)

        def after(rows: np.ndarray, lives: int, pat: np.ndarray, depth: int) -> float:
            values, inverse = np.unique(pat, return_inverse=True)
            w = wt[rows]
            return sum(float(w[inverse == k].sum()) * value(rows[inverse == k], lives - int(v == 0), depth)
                       for k, v in enumerate(values.tolist())) / float(w.sum())

        rows = np.arange(len(idx))
        out = np.zeros(self.alphabet.size)
        for c in letters:
            out[c] = after(rows, state.lives_left, patterns[c], self.rollout_depth - 1)
        return out

    def greedy_rollout(self, length: int, idx: np.ndarray) -> tuple["GreedyRollout", int]:
        """The rollout over these candidates and their bitset in it: the last one built when they are among its words
        (a later board of the same game), else a new one."""
        last = self.__dict__.get("_greedy")
        if last is not None and last[0] == length:
            inside = subset_bits(last[1], idx)
            if inside is not None:
                return last[2], inside
        rule = GreedyRollout(self.index.codes[length][idx], self.alphabet.size, self.rollout_letters)
        self.__dict__["_greedy"] = (length, np.array(idx), rule)
        return rule, (1 << len(idx)) - 1

    def _entropy(self, state: State, idx: np.ndarray, code: int) -> float:
        """The entropy (bits) of the answer pattern a letter would get over the candidates."""
        _, counts = np.unique(answer_patterns(self.index.codes[state.length][idx], [code])[0], return_counts=True)
        p = counts / counts.sum()
        return float(-(p * np.log2(p)).sum())


def bitset(flags: np.ndarray) -> int:
    """A boolean vector as an int whose bit i is flags[i]."""
    return int.from_bytes(np.packbits(flags, bitorder="little").tobytes(), "little")


def subset_bits(rows: np.ndarray, idx: np.ndarray) -> int | None:
    """The bitset over `rows` (sorted) of the rows in `idx` (sorted), or None when some row of idx is not in rows."""
    if len(idx) > len(rows):
        return None
    where = np.searchsorted(rows, idx)
    if len(where) and (where[-1] >= len(rows) or (rows[np.minimum(where, len(rows) - 1)] != idx).any()):
        return None
    flags = np.zeros(len(rows), dtype=bool)
    flags[where] = True
    return bitset(flags)


class GreedyRollout:
    """The candidates rule played out over a few equally likely words, the words as bitsets: how many of them a letter
    wins when guessed now and followed by the rule (always the letter in the most words that still splits them, the
    first in alphabet order on a tie), memoised on the set of words and the lives left, so a later board whose words
    are among these reuses what was played out."""

    def __init__(self, codes: np.ndarray, size: int, letters: int = 8) -> None:
        self.n, self.letters = len(codes), letters
        self.patterns = answer_patterns(codes, range(size))
        self.has = [(c, bitset(self.patterns[c] != 0)) for c in range(size)  # letters that can split some words:
                    if self.patterns[c].any() and (self.patterns[c] != self.patterns[c][0]).any()]  # not shown in all
        self._groups: dict[int, list[tuple[int, int]]] = {}
        self.memo: dict[tuple[int, int, int], int] = {}

    def groups(self, c: int) -> list[tuple[int, int]]:
        """The words grouped by the positions letter code c would reveal (0 for a miss), as bitsets."""
        got = self._groups.get(c)
        if got is None:
            pat = self.patterns[c]
            got = self._groups[c] = [(int(v), bitset(pat == v)) for v in np.unique(pat).tolist()]
        return got

    def splits(self, c: int, S: int) -> bool:
        """True when letter code c, held by every word of S, would reveal different positions in them."""
        seen = False
        for where, g in self.groups(c):
            if where and S & g:
                if seen:
                    return True
                seen = True
        return False

    def counts(self, S: int) -> dict[int, int]:
        """For each letter that splits the words of S, how many of them hold it."""
        m, out = S.bit_count(), {}
        for c, h in self.has:
            k = (S & h).bit_count()
            if 0 < k < m or (k == m and self.splits(c, S)):
                out[c] = k
        return out

    def greedy(self, S: int) -> int | None:
        """The rule's letter at S: in the most words of S among the letters that split them (first code on a tie)."""
        m, best, most = S.bit_count(), None, 0
        for c, h in self.has:
            k = (S & h).bit_count()
            if k > most and (k < m or self.splits(c, S)):
                best, most = c, k
        return best

    def value(self, S: int, lives: int, depth: int) -> int:
        """How many words of S the rule wins with `lives` lives (searching the best `letters` letters `depth` deep)."""
        if lives <= 0:
            return 0
        if S & (S - 1) == 0:
            return 1 if S else 0
        key = (S, lives, depth)
        got = self.memo.get(key)
        if got is None:
            if depth == 0:
                c = self.greedy(S)
                got = 0 if c is None else self.after(S, lives, c, 0)
            else:
                counts = self.counts(S)
                top = sorted(counts, key=lambda c: -counts[c])[:self.letters]
                got = max((self.after(S, lives, c, depth - 1) for c in top), default=0)
            self.memo[key] = got
        return got

    def after(self, S: int, lives: int, c: int, depth: int) -> int:
        """How many words of S are won by guessing letter code c now (a miss costs a life), then the rule."""
        return sum(self.value(S & g, lives - (where == 0), depth) for where, g in self.groups(c) if S & g)

    def chances(self, S: int, lives: int, letters: Sequence[int], depth: int = 0) -> np.ndarray:
        """Each given letter's chance to win over the words of S (its words won over S's), zero for other letters."""
        out = np.zeros(len(self.patterns))
        m = S.bit_count()
        for c in letters:
            out[c] = self.after(S, lives, c, depth) / m
        return out


def answer_patterns(codes: np.ndarray, letters) -> np.ndarray:
    """(letters, words): the positions each letter would reveal in each candidate, as a bit mask (0 = a miss)."""
    weights = 1 << np.arange(codes.shape[1], dtype=np.int64)
    return np.stack([(codes == c) @ weights for c in letters]) if len(letters) else np.zeros((0, len(codes)), np.int64)


# ------------------------------------------------------------------ n-gram strategies


class NgramSolver(Solver):
    """A solver with character n-gram tables (boundary-padded words, wildcard lookups)."""

    max_order = 5
    max_blanks: dict[int, int] = {}

    def _fit_more(self, words: list[str], progress: Progress = no_progress) -> None:
        self.ngrams = NgramModel(words, self.alphabet, self.max_order, self.max_blanks, progress)

    def windows(self, state: State, order: int, max_blanks: int = 1, inside: bool = False):
        """(start in padded coordinates, cells) of each window of an order with 1..max_blanks blanks and a known cell."""
        cells = padded_cells(state, self.alphabet)
        lo, hi = (1, len(cells) - 1) if inside else (0, len(cells))
        out = []
        for s in range(lo, hi - order + 1):
            win = tuple(cells[s:s + order])
            b = sum(1 for c in win if c < 0)
            if 1 <= b <= max_blanks and b < order:
                out.append((s, win))
        return out


@SOLVERS.register("ngram-mle", help="patterns of 1-5 letters around each blank, weights tuned; the commonest letter first",
                  plain_name="letter runs", plain_help="learns runs of letters (like ING) around each blank, so it can guess "
                             "words the list lacks")
class NgramMleSolver(NgramSolver):
    """The MLE n-gram solver: per-blank window averages mixed by order; `frequency` early on."""

    name = "ngram-mle"
    worlds = ("unseen",)
    world = "unseen"
    weights = (0.0155, 0.0845, 0.2660, 0.3233, 0.3108)

    def letter_scores(self, state: State) -> np.ndarray:
        revealed = state.length - len(state.blanks)
        if revealed < state.length / 2 and state.lives_left > 2:
            return fallback_frequency(self.index, state)
        bad = blocked(state, self.alphabet)
        ok = open_letters(state, self.alphabet)
        size = self.alphabet.size
        per_blank = {i: np.zeros(size) for i in state.blanks}
        uni = np.where(ok, self.ngrams.unigram, 0.0)
        uni = uni / uni.sum() if uni.sum() > 0 else uni
        for i in state.blanks:
            per_blank[i] += self.weights[0] * uni
        for order in range(2, 6):
            sums: dict[int, np.ndarray] = {}
            seen: dict[int, int] = {}
            for s, win in self.windows(state, order, 1, inside=True):
                offs, hists, total = self.ngrams.histograms(win, bad)
                if total <= 0:
                    continue
                i = s + offs[0] - 1
                sums[i] = sums.get(i, 0) + hists[0] / total
                seen[i] = seen.get(i, 0) + 1
            for i, v in sums.items():
                per_blank[i] += self.weights[order - 1] * v / seen[i]
        return sum(per_blank.values())


@SOLVERS.register("ngram-backoff", help="the length's commonest letter first, then 5-letter patterns, falling back to 4, 3, 2",
                  plain_name="longest letter run", plain_help="the longest run of letters around a blank that it has seen decides")
class NgramBackoffSolver(NgramSolver):
    """The back-off solver: the highest order with a one-blank window decides."""

    name = "ngram-backoff"
    worlds = ("unseen",)
    world = "unseen"

    def letter_scores(self, state: State) -> np.ndarray:
        if state.hits:
            bad = blocked(state, self.alphabet)
            for order in range(5, 1, -1):
                total = np.zeros(self.alphabet.size)
                for _, win in self.windows(state, order, 1, inside=True):
                    _, hists, t = self.ngrams.histograms(win, bad)
                    total += hists[0]
                if total.sum() > 0:
                    return total
        return self.index.length_presence(state.length)


@dataclass
class BestParams:
    """The tuned knobs of `best` (see data/hangman/best_params.json for the values and the command)."""

    max_order: int = 6
    two_blank_max_order: int = 5
    order_weights: list[float] = field(default_factory=lambda: [0.05, 0.3, 1.0, 2.0, 3.0, 4.0])
    confidence: float = 2.0  # a window with t matching n-grams weighs t/(t+confidence)
    candidate_pull: float = 10.0  # candidates' weight k/(k+pull) for k matching dictionary words
    lm_order: int = 5  # the whole-word language model's order (0: none)
    lm_max_fills: int = 2000  # enumerate blank fills exactly when there are at most this many
    lm_weight: float = 0.7  # linear mix: the share of the exact whole-word posterior when it is available
    ranker: str = ""  # file name (in data/hangman/) of a learned letter ranker over rank_features, a FlatForest .npz ("" : the linear mix)
    in_dictionary_prior: float = 0.0  # prior share of secrets that are dictionary words (0: never weigh the dictionary world)
    evidence_weight: float = 1.0  # how strongly the pattern's likelihood ratio moves the prior (1: plain Bayes)
    in_dictionary_rollout: int = 0  # with at most this many fitting words: rollout win chances weighed by the dictionary world's chance
    rollout_letters: int = 8  # letters the rollout scores: this many best for an unseen word and as many in most candidates
    life_value: float = 0.2  # for an unseen word, the win chance one life is worth (weighs misses against dictionary wins)
    dictionary_limit: int = 10**9  # with more fitting words than this, play as for an unseen word alone
    # a person's word: the list's words weighted by how common they are (wordfreq), with the unseen-word model beside
    person_everyday: int = 50_000  # a person's word may be any of the language's this many commonest words, listed or not
    person_cap_zipf: float = 4.65  # words at least this common in everyday text (Zipf scale) weigh the same, 1
    person_temperature: float = 0.75  # below the cap, a word weighs (frequency / cap) to this power (a steeper power
    # makes a familiar word of middling frequency almost impossible: ABBEY 0.005 at 3, 0.26 at 0.75; core.hangman.picks)
    person_floor_zipf: float = 1.0  # a word wordfreq does not know counts as this common (Zipf 1: once per 100M words)
    person_rollout_share: float = 0.1  # rollouts and the exact search play out the fitting words weighing at least this
    # share of the heaviest (other shares measured: research/hangman/README.md)
    person_in_list: float = 0.99  # prior share of a person's words that are among the list and everyday words
    person_rollout: int = 300  # with at most this many heavy fitting words: weighted rollout win chances (600 plays
    # the same on the dev parts and takes longer, as the soft weights make many words heavy)
    person_life_value: float = 0.1  # as life_value, for a person's word
    person_sure: float = 0.995  # from this chance that the word is in the list, the unseen-word model is left out
    person_exact: int = 100  # with at most this many heavy fitting words: the exact best chance to win (expectimax)
    person_exact_positions: int = 5_000  # ... unless the search needs more positions (then the rollout decides)
    # who chose the word: a person picks a thing (DOG, SUN), rarely a function word (FOR, NOT); a word's weight is its
    # frequency weight times (floor + (1 - floor) x its thing share, the part of its uses naming a thing: WordNet)
    person_thing_floor: float = 0.3  # the weight share left to a word that never names a thing (1: frequency alone)
    person_thing_length: int = 99  # ... for words of at most this many letters (longer ones: frequency alone)
    list_exact: int = 100  # a word drawn evenly from the list: with at most this many fitting words, the exact best letter
    list_exact_positions: int = 1_000  # ... unless the search needs more positions (then the rollout decides)
    list_exact_keep: int = 64  # exact searches kept across boards and games (least recently used dropped)
    list_rollout: int = 1000  # ... and with at most this many, the letter whose rollout (the candidates rule) wins most
    list_rollout_letters: int = 8  # ... among this many letters in the most fitting words
    list_rollout_depth: int = 1  # ... each played out by the rule (1), or the best of those letters again then the rule (2)

    @classmethod
    def load(cls, path: Path = PARAMS_FILE) -> "BestParams":
        """The tuned parameters from the repo, or the defaults."""
        if path.is_file():
            data = json.loads(path.read_text(encoding="utf-8"))
            known = {k: v for k, v in data.get("params", {}).items() if k in cls.__dataclass_fields__}
            return cls(**known)
        return cls()

    def as_dict(self) -> dict:
        """The parameters as a JSON-friendly dict."""
        return asdict(self)


RANK_COLUMNS = 27  # rank_features' columns (what the shipped ranker reads)


def presence(per_blank: list[np.ndarray] | np.ndarray) -> np.ndarray:
    """P(letter appears in at least one blank) from per-blank distributions taken as independent."""
    return 1.0 - np.prod(1.0 - np.clip(np.asarray(per_blank), 0.0, 1.0), axis=0)


@SOLVERS.register("best", help="strongest overall: a boosted-tree letter ranker over n-gram, whole-word and dictionary evidence "
                            "for words the dictionary lacks, weighed at every guess against the dictionary words still "
                            "fitting (played out by rollouts when few remain)",
                  plain_help="the strongest: weighs the words that still fit against the letter patterns it learned, so "
                             "it also finds words the list lacks", default=True)
class BestSolver(NgramSolver):
    """Two worlds weighed by the evidence: for a word the dictionary lacks, a learned letter ranker (boosted trees over
    gapped n-gram posteriors per blank, a whole-word 5-gram model and the fitting dictionary words); for a dictionary
    word, the fitting words themselves (rollouts when few remain); the chance of each world comes from a prior and how
    likely the revealed letters and misses are under each."""

    name = "best"
    order_matters = True  # the unseen-word likelihood is built guess by guess
    worlds = ("mixed", "person", "list", "unseen")

    def __init__(self, params: BestParams | None = None, world: str = "mixed", **overrides) -> None:
        super().__init__()
        if world not in self.worlds:
            raise ValueError(f"best plays for {', '.join(self.worlds)}, not {world!r}")
        p = params or BestParams.load()
        for k, v in overrides.items():
            setattr(p, k, v)
        self.params = p
        self.world = world
        self.lm: WordLM | None = None  # the whole-word model, learned by fit
        self.max_order = p.max_order
        self.max_blanks = {n: (2 if n <= p.two_blank_max_order else 1) for n in range(2, p.max_order + 1)}

    def _fit_more(self, words: list[str], progress: Progress = no_progress) -> None:
        # measured on Trexquant 227k: the letter patterns take about 55% of the time, the whole-word model 45%
        super()._fit_more(words, lambda done, total, message="": progress(55 * done // max(total, 1), 100, message))
        progress(55, 100, "learning whole words")
        self.lm = WordLM(self.ngrams, self.params.lm_order) if self.params.lm_order >= 2 else None
        progress(100, 100, "whole words learned")

    def lm_presence(self, state: State, post: dict[int, np.ndarray] | None = None) -> np.ndarray | None:
        """P(letter in the word) under the whole-word model, over the fills of the blanks (see lm_fills)."""
        got = self.lm_fills(state, post)
        if got is None:
            return None
        grid, w = got
        member = np.zeros((len(grid), self.alphabet.size))
        member[np.arange(len(grid))[:, None], grid] = 1.0  # a letter filling several blanks counts once
        return w @ member

    def lm_fills(self, state: State, post: dict[int, np.ndarray] | None = None) -> tuple[np.ndarray, np.ndarray] | None:
        """(letter codes filling the blanks (fills, blanks), each fill's probability under the whole-word model), or None.

        Exact when every open letter can be tried in every blank within lm_max_fills; otherwise each blank
        tries only its top-K letters of the window posteriors `post` (K as large as the budget allows, K >= 2).
        Memoised per solver by mask and set of guessed letters (the window posteriors depend on nothing else).
        """
        if self.lm is None or not state.blanks:
            return None
        cache = self.__dict__.get("_fills")
        if cache is None:
            cache = self.__dict__["_fills"] = {}
        key = (state.mask, tuple(sorted(state.guessed)))
        if key not in cache:
            if len(cache) > 512:
                cache.clear()
            cache[key] = self._lm_fills(state, post)
        return cache[key]

    def _lm_fills(self, state: State, post: dict[int, np.ndarray] | None) -> tuple[np.ndarray, np.ndarray] | None:
        ok = open_letters(state, self.alphabet)
        allowed = np.flatnonzero(ok)
        blanks = list(state.blanks)
        if len(allowed) == 0:
            return None
        if len(allowed) ** len(blanks) <= self.params.lm_max_fills:
            choices = [allowed] * len(blanks)
        else:
            k = int(self.params.lm_max_fills ** (1 / len(blanks)))
            post = self.blank_posteriors(state) if post is None and k >= 2 else post
            if k < 2:
                return None
            choices = [np.argsort(-np.where(ok, post[b], -1.0), kind="stable")[:k] for b in blanks]
        cells = padded_cells(state, self.alphabet)
        if any(c < 0 for i, c in enumerate(cells) if i - 1 not in state.blanks and 0 < i < len(cells) - 1):
            return None  # a revealed letter the list never uses
        sizes = [len(c) for c in choices]
        words = np.tile(np.array([max(c, 0) for c in cells], dtype=np.intp), (math.prod(sizes), 1))
        for j, (b, c) in enumerate(zip(blanks, choices)):  # every combination, the first blank varying slowest
            words[:, b + 1] = np.tile(np.repeat(c, math.prod(sizes[j + 1:])), math.prod(sizes[:j]))
        grid = words[:, [b + 1 for b in blanks]]
        touched = sorted({j for b in blanks for j in range(b + 1, min(len(cells), b + 1 + self.lm.order))})
        logp = self.lm.log_prob(words, touched)
        w = np.exp(logp - logp.max())
        return grid, w / w.sum()

    def ranker_model(self):
        """The learned letter ranker named by params.ranker (a FlatForest .npz in data/hangman/, no pickle), or None."""
        name = self.params.ranker
        if not name:
            return None
        cached = self.__dict__.get("_ranker")
        if cached is None or cached[0] != name:
            from core.hangman.forest import FlatForest

            cached = self.__dict__["_ranker"] = (name, FlatForest.load(PARAMS_FILE.parent / name))
        return cached[1]

    def _in_world(self, world: str) -> "BestSolver":
        """A copy playing for another world that shares the fitted tables (and the word weights)."""
        import copy

        if world == "person":  # built once and shared by every copy
            self.person_index, self.word_weights(0)
        other = copy.copy(self)
        for key in ("_score_cache", "_likelihoods", "_rollout", "_exact_shelf"):
            other.__dict__.pop(key, None)
        other.world = world
        return other

    @property
    def person_index(self) -> WordIndex:
        """The words a person may think of: the list's words (first, in list order, so their rows match the list's
        index), then the language's everyday words the list lacks (wordfreq's person_everyday commonest, written with
        the list's letters in lower case); the list alone when wordfreq does not know the list's language."""
        got = self.__dict__.get("_person_index")
        if got is None:
            got = self.__dict__["_person_index"] = self._person_index()
        return got

    def _person_index(self) -> WordIndex:
        from core.hangman.draw import commonest_words, list_language

        from core.hangman.draw import word_frequencies

        n, lang = self.params.person_everyday, list_language(self.alphabet.letters)
        have = {w for ws in self.index.words.values() for w in ws}
        freq = word_frequencies(lang) if n > 0 else {}
        if sum(1 for w in have if w in freq) < max(1, 0.01 * len(have)):  # a list without frequencies: the list alone
            return self.index
        extra = [w for w in commonest_words(lang, n, self.alphabet.letters) if w not in have]
        if not extra:
            return self.index
        return WordIndex([w for n_ in sorted(self.index.words) for w in self.index.words[n_]] + extra, self.alphabet)

    def words_of(self) -> WordIndex:
        """The words the secret is drawn from in this world (the person index for a person's word, else the list)."""
        return self.person_index if self.world == "person" else self.index

    def order_posteriors(self, state: State) -> tuple[np.ndarray, dict[int, np.ndarray], dict[int, np.ndarray]]:
        """The n-gram evidence of a state (memoised per solver by mask and set of guessed letters; see _order_posteriors)."""
        cache = self.__dict__.get("_posteriors")
        if cache is None:
            cache = self.__dict__["_posteriors"] = lru_cache(maxsize=256)(self._order_posteriors_of)
        return cache(state.mask, tuple(sorted(state.guessed)))

    def _order_posteriors_of(self, mask: str, guessed: tuple[str, ...]):
        return self._order_posteriors(State(mask, guessed))

    def _order_posteriors(self, state: State) -> tuple[np.ndarray, dict[int, np.ndarray], dict[int, np.ndarray]]:
        """(unigram over open letters, per order: per-blank distributions (blanks, letters) backed off to lower orders,
        linear mix per blank)."""
        p = self.params
        bad = blocked(state, self.alphabet)
        ok = open_letters(state, self.alphabet)
        uni = np.where(ok, self.ngrams.unigram, 0.0)
        uni = uni / uni.sum() if uni.sum() > 0 else ok / max(ok.sum(), 1)
        blanks = state.blanks
        size = self.alphabet.size
        keep = (~bad[:size]).astype(float)
        kept = (~bad).astype(np.float32)
        singles, pairs, others, where, at_single, at_pair = self.window_material(state.mask)
        orders = p.max_order - 1
        acc_all = np.zeros((orders * len(blanks), size))  # (order - 2) * blanks + blank
        wsum_all = np.zeros(orders * len(blanks))
        if len(where):
            hist = np.empty((len(where), size))  # every window's per-blank histograms, order by order, in window order
            hist[at_single] = singles[:, :size] * keep
            if len(pairs):  # drop the pairs with a blocked letter, sum the margins (integer counts: exact)
                hist[at_pair[:, 0]] = (pairs @ kept)[:, :size] * keep
                hist[at_pair[:, 1]] = (kept @ pairs)[:, :size] * keep
            for rows, win in others:
                hist[rows] = self.ngrams.histograms(win, bad)[1]
            total = hist.sum(axis=1)  # integer counts: exact in any order
            good = total > 0
            hist, total, k = hist[good], total[good], where[good]
            w = total / (total + p.confidence)
            np.add.at(acc_all, k, w[:, None] * hist / total[:, None])
            np.add.at(wsum_all, k, w)
        mix_acc = np.tile(p.order_weights[0] * uni, (len(blanks), 1))
        mix_w = np.full(len(blanks), p.order_weights[0])
        per_order: dict[int, np.ndarray] = {}
        lower = np.tile(uni, (len(blanks), 1))
        for order in range(2, p.max_order + 1):
            acc = acc_all[(order - 2) * len(blanks):(order - 1) * len(blanks)]
            wsum = wsum_all[(order - 2) * len(blanks):(order - 1) * len(blanks)]
            lam = p.order_weights[order - 1]
            mix_acc += lam * acc
            mix_w += lam * wsum
            seen = wsum > 0
            lower = per_order[order] = np.where(seen[:, None], acc / np.where(seen, wsum, 1.0)[:, None], lower)
        mix = dict(zip(blanks, mix_acc / mix_w[:, None]))
        return uni, per_order, mix

    def window_material(self, mask: str) -> tuple:
        """The raw n-gram counts of every window with blanks, orders 2.. max_order (a mask's windows do not depend on
        the guessed letters, so a miss reuses them): (one-blank histograms (n1, base), two-blank pair tables
        (n2, base, base), other windows [(rows, cells)], each row's accumulator ((order - 2) * blanks + blank),
        the rows of the one-blank windows, the rows of the two-blank windows (n2, 2)); rows run order by order,
        in window order.

        Memoised per solver (lru_cache on the instance, dropped when pickled)."""
        cache = self.__dict__.get("_windows")
        if cache is None:
            cache = self.__dict__["_windows"] = lru_cache(maxsize=1024)(self._window_material)
        return cache(mask)

    def _window_material(self, mask: str) -> tuple:
        cells = tuple(padded_cells(State(mask), self.alphabet))
        pos = {i: k for k, i in enumerate(i for i, c in enumerate(mask) if c == BLANK)}
        matches = self.ngrams._matches
        base = self.alphabet.base
        singles, pairs, others, where, at_single, at_pair = [], [], [], [], [], []
        for order in range(2, self.params.max_order + 1):
            most = self.max_blanks.get(order, 1)
            for s in range(len(cells) - order + 1):
                win = cells[s:s + order]
                b = win.count(-1)
                if b == 0 or b > most or b >= order:
                    continue
                rows = list(range(len(where), len(where) + b))
                where += [(order - 2) * len(pos) + pos[s + j - 1] for j, c in enumerate(win) if c < 0]
                got = matches(win)
                if b == 1:
                    singles.append(got)
                    at_single += rows
                elif b == 2:
                    pairs.append(got)
                    at_pair.append(rows)
                else:
                    others.append((rows, win))
        return (np.array(singles).reshape(-1, base), np.array(pairs, dtype=np.float32).reshape(-1, base, base), others,
                np.array(where, dtype=np.intp), np.array(at_single, dtype=np.intp), np.array(at_pair, dtype=np.intp).reshape(-1, 2))

    def blank_posteriors(self, state: State) -> dict[int, np.ndarray]:
        """For each blank position, a probability distribution over the unguessed letters (the linear mix)."""
        return self.order_posteriors(state)[2]

    def rank_features(self, state: State) -> np.ndarray:
        """The ranker's features: one row per alphabet letter, RANK_COLUMNS columns (the letter's final linear-mix score,
        n-gram, whole-word and dictionary presences with their ratios to the best open letter and ranks, priors, and
        the state's context)."""
        p = self.params
        uni, per_order, mix = self.order_posteriors(state)
        ngram = presence(list(mix.values()))
        lm = self.lm_presence(state, mix) if p.lm_weight > 0 else None
        linear = ngram if lm is None else p.lm_weight * lm + (1 - p.lm_weight) * ngram
        idx = self.index.candidates(state)
        k = len(idx)
        cand = self.index.presence(state, idx) / k if k else np.full(self.alphabet.size, -1.0)
        final = linear if k == 0 else (k / (k + p.candidate_pull)) * cand + (p.candidate_pull / (k + p.candidate_pull)) * linear
        ok = open_letters(state, self.alphabet)
        size = self.alphabet.size

        lmv = lm if lm is not None else np.full(size, -1.0)
        n_len = len(self.index.words.get(state.length, ()))
        length_prior = self.index.length_presence(state.length) / n_len if n_len else uni
        # ratios to the best open letter and ranks among open letters, several columns at once
        v = np.stack([final, ngram, lmv, cand, linear], axis=1)
        top = np.where(ok[:, None], v, -np.inf).max(axis=0)
        ratio = np.where(top > 0, v / np.where(top > 0, top, 1.0), 0.0)
        ratio[:, 2] = ratio[:, 2] if lm is not None else lmv
        ratio[:, 3] = ratio[:, 3] if k else cand
        order = np.argsort(-np.where(ok[:, None], v[:, :3], -np.inf), axis=0, kind="stable")
        ranks = np.empty((size, 3))
        np.put_along_axis(ranks, order, np.arange(size, dtype=float)[:, None], axis=0)
        per = np.clip(np.array([per_order[n] for n in range(2, p.max_order + 1)]), 0.0, 1.0)  # (orders, blanks, letters)
        blanks = len(state.blanks)
        consts = np.array([np.log1p(k), state.length, blanks, blanks / state.length, state.lives_left, state.wrong, float(lm is None)])
        base = np.column_stack([v[:, 0], ratio[:, 0], ranks[:, 0], v[:, 1], ratio[:, 1], ranks[:, 1], v[:, 2], ratio[:, 2], ranks[:, 2],
                                v[:, 3], ratio[:, 3], v[:, 4], ratio[:, 4], 1.0 - (1.0 - np.clip(uni, 0.0, 1.0)) ** blanks, length_prior,
                                (1.0 - np.prod(1.0 - per, axis=1)).T, np.broadcast_to(consts, (size, len(consts)))])
        return base

    def letter_scores(self, state: State) -> np.ndarray:
        if self.world == "unseen":
            return self.unseen_scores(state)
        if self.world == "list":
            return self.list_scores(state)
        idx = self.words_of().candidates(state)
        k = len(idx)
        chance = self.in_dictionary_chance(state) if k else 0.0
        p = self.params
        if self.world == "person" and chance >= p.person_sure:  # the unseen-word model would weigh almost nothing
            unseen = np.zeros(self.alphabet.size)
        else:
            unseen = self.unseen_scores(state)
        if chance <= 0.0:
            return unseen
        ok = open_letters(state, self.alphabet)
        if self.world == "person":
            weights = self.word_weights(state.length)[idx]
            pres = np.where(ok, self.weighted_presence(state, idx, weights), 0.0)
            heavy = weights >= p.person_rollout_share * weights.max()  # the words a rollout plays out
            if heavy.sum() <= p.person_rollout and state.lives_left > 0:
                return self.winning_values(state, idx[heavy], pres, unseen, chance, ok, weights[heavy], weights.sum())
            return chance * pres / weights.sum() + (1.0 - chance) * unseen
        pres = np.where(ok, self.index.presence(state, idx), 0.0)
        mixed = chance * pres / k + (1.0 - chance) * unseen
        if k <= p.in_dictionary_rollout and state.lives_left > 0:
            return self.winning_values(state, idx, pres, unseen, chance, ok)
        return mixed if k <= p.dictionary_limit else unseen

    def list_scores(self, state: State) -> np.ndarray:
        """A word drawn evenly from the list: with at most list_exact fitting words, the letter with the best chance to
        win (exact search); else the candidates rule over them (the letter in the most of them; with at most
        list_rollout, the letter whose rollout wins most often); letter patterns when none fits."""
        k = self.candidate_count(state)
        if k == 0:
            return self.unseen_scores(state)
        if 1 < k <= self.params.list_exact and state.lives_left > 0:
            exact = self.list_exact_chances(state)
            if exact is not None:
                return exact
        scores = self.rollout.letter_scores(state)
        return scores / k if scores.max() > 1.0 + 1e-6 else scores  # counts as shares (the chance of a hit); win chances

    def list_exact_chances(self, state: State) -> np.ndarray | None:
        """A word drawn evenly from few fitting words: each open letter's exact best chance to win when guessed now
        (WeightedExpectimax, every word weighing 1), ties to the letter in the most words; None when the search would
        expand more than list_exact_positions new positions (searches are kept across boards and games: exact_shelf)."""
        idx = self.index.candidates(state)
        words = self.index.words[state.length]
        search, S = self.exact_shelf().search_for([words[i] for i in idx.tolist()])
        ok = open_letters(state, self.alphabet)
        letters = np.flatnonzero(ok).tolist()
        search.expanded = 0  # the budget counts this board's new positions
        try:
            got = search.letter_values(S, state.lives_left, [self.alphabet.letters[c] for c in letters])
        except OutOfPositions:
            return None
        pres = np.where(ok, self.index.presence(state, idx), 0.0)
        out = np.zeros(self.alphabet.size)
        out[letters] = [got[self.alphabet.letters[c]] for c in letters]
        return out + 1e-6 * pres / pres.max()  # equal chances: the letter in the most words

    def exact_shelf(self) -> SearchShelf:
        """The list world's exact searches, kept for this solver's word list (a new list starts an empty shelf)."""
        got = self.__dict__.get("_exact_shelf")
        if got is None or got[0] is not self.index or got[1].budget != self.params.list_exact_positions:
            got = self.__dict__["_exact_shelf"] = (self.index, SearchShelf(self.params.list_exact_positions,
                                                                           self.params.list_exact_keep))
        return got[1]

    def weighted_presence(self, state: State, idx: np.ndarray, weights: np.ndarray) -> np.ndarray:
        """For each letter, the total weight of the candidate words containing it."""
        return weights @ (self.words_of().counts[state.length][idx] > 0)

    def plays_rollouts(self, state: State) -> bool:
        """True when the letter scores are values (the dictionary world's win chance plus a life's worth of a hit),
        not chances: few fitting words, some chance that the word is one of them, lives left (as letter_scores)."""
        k = len(self.words_of().candidates(state))
        if self.world == "unseen" or k == 0 or state.lives_left <= 0:
            return False
        if self.world == "list":
            return 1 < k <= self.rollout.rollout
        if self.world == "person":
            weights = self.word_weights(state.length)[self.words_of().candidates(state)]
            k = int((weights >= self.params.person_rollout_share * weights.max()).sum())
        limit = self.params.person_rollout if self.world == "person" else self.params.in_dictionary_rollout
        return k <= limit and self.in_dictionary_chance(state) > 0.0

    def winning_values(self, state: State, idx: np.ndarray, pres: np.ndarray, unseen: np.ndarray, chance: float,
                       ok: np.ndarray, weights: np.ndarray | None = None, total: float | None = None) -> np.ndarray:
        """With few fitting words: each letter's value under the mix of worlds. The dictionary world's exact win
        chance of guessing it and then playing the candidates rule over the fitting words (drawn with the weights when
        given), plus the value of a life times the chance the letter is in the word under the mix (a miss costs a life,
        which an unseen word needs)."""
        p = self.params
        by_unseen = (p.rollout_letters if weights is None else 3) if unseen.any() else 0  # a person's word: 3 at most
        top = np.argsort(-np.where(ok, unseen, -1.0), kind="stable")[:by_unseen]
        top = list(dict.fromkeys(top.tolist() + [c for c in np.argsort(-pres, kind="stable")[:p.rollout_letters].tolist() if pres[c] > 0]))
        top = [c for c in top if ok[c]]
        exact = self.exact_win_chances(state, idx, weights, ok) if weights is not None else None
        if exact is not None:
            top = list(dict.fromkeys(top + np.flatnonzero(exact > 0).tolist()))
        wins = exact if exact is not None else self.rollout.rollout_chances(state, idx, pres, top, weights)
        total = total or (len(idx) if weights is None else float(weights.sum()))
        life = p.life_value if weights is None else p.person_life_value
        out = np.zeros(self.alphabet.size)
        hits = chance * pres[top] / total + (1.0 - chance) * unseen[top]  # the chance the letter is in the word, either world
        out[top] = chance * wins[top] + life * hits + 1e-3
        return out

    def exact_win_chances(self, state: State, idx: np.ndarray, weights: np.ndarray, ok: np.ndarray) -> np.ndarray | None:
        """For each open letter, the best chance to win when guessing it now (the fitting words drawn with their
        weights, perfect play after: WeightedExpectimax); None when there are more than person_exact words or the
        search would take more than person_exact_positions positions."""
        p = self.params
        if len(idx) > p.person_exact or len(idx) < 2:
            return None
        words = self.words_of().words[state.length]
        letters = [c for c in np.flatnonzero(ok).tolist()]
        search = WeightedExpectimax([words[i] for i in idx.tolist()], weights.tolist(), p.person_exact_positions)
        try:
            got = search.letter_values(search.everything, state.lives_left, [self.alphabet.letters[c] for c in letters])
        except OutOfPositions:
            return None
        out = np.zeros(self.alphabet.size)
        out[letters] = [got[self.alphabet.letters[c]] for c in letters]
        return out

    def word_weights(self, length: int) -> np.ndarray:
        """A weight per list word of this length (in index order), a person's pick (core.hangman.picks): 1 for a word
        at least as common in everyday text as the cap (wordfreq's frequency), else (frequency / cap) to the power
        person_temperature (Zipf person_floor_zipf for a word wordfreq lacks), times person_thing_floor + (1 -
        person_thing_floor) x the word's thing share (English: how often it names a thing, core.hangman.things); all
        1 when no word of the list has a known frequency."""
        table = self.__dict__.get("_weights")
        if table is None:
            table = self.__dict__["_weights"] = self._word_weights()
        return table.get(length, np.ones(0))

    def frequencies_known(self) -> bool:
        """True when the list's words have everyday frequencies (else a person's words all weigh the same)."""
        self.word_weights(0)
        return bool(self.__dict__["_weights"].get("known", True))

    def _word_weights(self) -> dict:
        from core.hangman.draw import list_language, word_frequencies

        freq = word_frequencies(list_language(self.alphabet.letters))
        p = self.params
        floor = 10 ** (p.person_floor_zipf - 9)
        words = self.person_index.words
        known = sum(1 for ws in words.values() for w in ws if w in freq)
        out: dict = {"known": known >= max(1, 0.01 * len(self.person_index))}
        for n, ws in words.items():
            if not out["known"]:
                out[n] = np.ones(len(ws))
                continue
            f = np.maximum(np.fromiter((freq.get(w, 0.0) for w in ws), float, len(ws)), floor)
            out[n] = frequency_weight(f, p.person_cap_zipf, p.person_temperature)
            if self.weighs_things(n):
                out[n] = out[n] * thing_factor(thing_shares(ws), p.person_thing_floor)
        return out

    def weighs_things(self, length: int = 0) -> bool:
        """True when a person's words of this length (0: of some length) weigh more for naming things (English lists
        with known frequencies, person_thing_floor below 1)."""
        from core.hangman.draw import list_language

        p = self.params
        english = list_language(self.alphabet.letters) == "en"
        return p.person_thing_floor < 1.0 and length <= p.person_thing_length and english

    @property
    def rollout(self) -> "CandidatesSolver":
        """The candidates rule sharing this solver's word index (for its rollout over few candidates)."""
        got = self.__dict__.get("_rollout")
        if got is None:
            p = self.params
            got = self.__dict__["_rollout"] = CandidatesSolver(fallback="") if self.world != "list" else \
                CandidatesSolver(fallback="", rollout=p.list_rollout, rollout_letters=p.list_rollout_letters,
                                 rollout_depth=p.list_rollout_depth)
            got.alphabet, got.index = self.alphabet, self.words_of()
        return got

    def in_dictionary_chance(self, state: State) -> float:
        """The chance that the secret is one of the dictionary words still fitting, rather than a word the
        dictionary lacks: the prior share of dictionary secrets moved by how likely the revealed letters and misses
        are under each world (fitting words / words of the length, against the letter model's chance of the pattern)."""
        if self.index is None:
            raise ValueError("The solver is not fitted.")
        p = self.params
        idx = self.words_of().candidates(state)
        k = len(idx)
        prior = {"mixed": p.in_dictionary_prior, "person": p.person_in_list, "list": 1.0, "unseen": 0.0}[self.world]
        if k == 0 or prior <= 0.0:
            return 0.0
        if prior >= 1.0:
            return 1.0
        if self.world == "person":
            weights = self.word_weights(state.length)
            log_in = math.log(float(weights[idx].sum()) / float(weights.sum()))
        else:
            log_in = math.log(k / len(self.index.words[state.length]))
        z = math.log(prior / (1.0 - prior))
        z += p.evidence_weight * (log_in - self.unseen_log_likelihood(state))
        return 1.0 / (1.0 + math.exp(-z)) if z > -700 else 0.0

    def commonest(self, state: State) -> tuple[str, float]:
        """The heaviest fitting word (the commonest, or likeliest pick) and its share of the fitting words' weight ('',
        0 when none fits)."""
        idx = self.words_of().candidates(state)
        if not len(idx):
            return "", 0.0
        weights = self.word_weights(state.length)[idx]
        top = int(np.argmax(weights))
        return self.words_of().words[state.length][int(idx[top])], float(weights[top] / weights.sum())

    def everyday_fitting(self, state: State, limit: int) -> list[str]:
        """The first `limit` fitting list words of the greatest weight (everyday words, in list order), none offensive."""
        from core.words import presentable

        idx = self.words_of().candidates(state)
        weights = self.word_weights(state.length)[idx]
        return presentable(self.words_of().words[state.length][int(i)] for i in idx[weights >= weights.max()])[:limit]

    def fitting(self, state: State) -> Fitting:
        """The list's fitting words and, for a person's word, the everyday words the list lacks that fit too."""
        listed = self.candidate_count(state)
        if self.world != "person" or self.person_index is self.index:
            return Fitting(listed)
        from core.hangman.draw import list_language

        others = len(self.person_index.candidates(state)) - listed
        return Fitting(listed, others, LANGUAGE_NAMES[list_language(self.alphabet.letters)])

    def unseen_log_likelihood(self, state: State) -> float:
        """log P(the revealed letters and misses | a word the dictionary lacks): guess by guess (in the order played),
        the chance the per-blank letter model gave the answer each guess got (that letter in exactly those blanks)."""
        memo = self.__dict__.get("_likelihoods")
        if memo is None:
            memo = self.__dict__["_likelihoods"] = {}
        chain = []
        while state.guessed and (state.mask, state.guessed) not in memo:
            letter = state.guessed[-1]
            parent = State(state.mask.replace(letter, BLANK), state.guessed[:-1], state.max_wrong)
            chain.append((state, parent, letter))
            state = parent
        total = memo.get((state.mask, state.guessed), 0.0)
        for child, parent, letter in reversed(chain):
            total += self._answer_log_chance(parent, child, letter)
            if len(memo) > 50_000:
                memo.clear()
            memo[(child.mask, child.guessed)] = total
        return total

    def _answer_log_chance(self, parent: State, child: State, letter: str) -> float:
        """log P(letter lands in exactly the blanks it filled | the parent state) under the per-blank letter model."""
        code = self.alphabet.code().get(letter)
        post = self.blank_posteriors(parent)
        total = 0.0
        for b, dist in post.items():
            q = float(dist[code]) if code is not None else 0.0
            q = min(max(q, 1e-6), 1.0 - 1e-6)
            total += math.log(q if child.mask[b] == letter else 1.0 - q)
        return total

    def unseen_scores(self, state: State) -> np.ndarray:
        """P(letter in the secret) for a word the dictionary lacks: the learned ranker (or the linear mix)."""
        model = self.ranker_model()
        if model is not None:
            ok = open_letters(state, self.alphabet)
            out = np.zeros(self.alphabet.size)
            out[ok] = model.proba(self.rank_features(state)[ok])
            return out
        post = self.blank_posteriors(state)
        ngram = presence(list(post.values()))
        lm = self.lm_presence(state, post) if self.params.lm_weight > 0 else None
        if lm is not None:
            ngram = self.params.lm_weight * lm + (1 - self.params.lm_weight) * ngram
        idx = self.index.candidates(state)
        k = len(idx)
        if k == 0:
            return ngram
        cand = self.index.presence(state, idx) / k
        mu = k / (k + self.params.candidate_pull)
        return mu * cand + (1 - mu) * ngram


# ---------------------------------------------------------------- planning against the cheating host

from core.hangman.planner import (DEFAULT_NODES, OFF_PATH_NODES, CheaterGame, HostSearch,  # noqa: E402
                                  cheater_game)


@SOLVERS.register("planner", help="against the cheating host: searches for the letter order with the fewest misses "
                              "through the host's public rule; with no word of its list left, like candidates",
                  plain_help="made to beat the cheating host: looks ahead for the order of letters with the fewest misses")
class PlannerSolver(CandidatesSolver):
    """Plans against the cheating host: the first letter of the fewest-miss order found through the host's rule."""

    name = "planner"

    def __init__(self, nodes: int = DEFAULT_NODES) -> None:
        super().__init__(rollout=0)
        self.nodes = nodes

    def __getstate__(self):
        d = super().__getstate__()
        d.pop("_searches", None)
        d.pop("_plans", None)
        return d

    def root_plan(self, length: int) -> CheaterGame:
        """The plan from the empty board against the host over the list's words of a length (kept on disk)."""
        plans = self.__dict__.setdefault("_plans", {})
        if length not in plans:
            pool = self.index.words.get(length, ())
            plans[length] = cheater_game(pool, length, self.nodes) if pool else \
                CheaterGame(length, 0, (), (), 0, True, 0, 0, 0, self.nodes, 0.0)
        return plans[length]

    def search_for(self, length: int) -> HostSearch:
        """The planner over the list's words of a length (built once per solver)."""
        searches = self.__dict__.setdefault("_searches", {})
        if length not in searches:
            searches[length] = HostSearch(self.index.words.get(length, ()))
        return searches[length]

    def planned_letter(self, state: State) -> Letter | None:
        """The next letter of the best order known from this board: on the host's path, the stored plan's; elsewhere
        the search's (searching first when none is known yet)."""
        game = self.root_plan(state.length)
        k = len(state.guessed)  # scores see the guessed letters as a set: the board and that set fix the host's words
        if k < len(game.letters) and set(state.guessed) == set(game.letters[:k]) \
                and (k == 0 or state.mask == game.masks[k - 1]):
            return game.letters[k]
        search = self.search_for(state.length)
        kept = search.kept_of(state)
        if len(kept) <= 1:
            return None
        if search.best_letter(kept) is None:
            search.plan(kept, OFF_PATH_NODES)
        return search.best_letter(kept)

    def letter_scores(self, state: State) -> np.ndarray:
        base = np.asarray(super().letter_scores(state), dtype=float)
        letter = self.planned_letter(state)
        if letter is None or letter not in self.alphabet.letters:
            return base
        out = 0.5 * base / (float(np.max(base)) or 1.0)
        out[self.alphabet.letters.index(letter)] = 1.0
        return out
