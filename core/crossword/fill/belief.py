"""The `best` fill: loopy belief propagation over cell letters from each clue's candidates, then its ending."""
from __future__ import annotations

import math
import time
from dataclasses import dataclass

import numpy as np

from core.crossword.clues.guessers import GUESSERS, NEIGHBOURS, in_clue
from core.crossword.fill.ending import changed_slots, ending_title, non_words, repair_non_words, respell_non_words
from core.crossword.clues.linked import see_target
from core.crossword.fill.state import (ALPHABET, BELIEF_TOP, FIRST_LOOK, SolveResult, keep_best_letters,
                                       slot_evidence, snapshot)
from core.crossword.knowledge.models import COUNT_EXPONENT, ClueModels
from core.crossword.knowledge.table import normalise_clue
from core.crossword.letters import letter_codes
from core.crossword.puzzle import Puzzle
from core.progress import no_progress, shifted
from core.solver import PuzzleSolver


# fixed parts of the `best` fill (no caller varies them)
DAMPING = 0.3  # share of a letter message kept from the last sweep
PHRASE_MIN_LENGTH, PHRASES_PER_SLOT, PHRASE_ITERATIONS = 4, 40, 12  # phrases: slots this long, how many, sweeps after
STATE_EVERY = 5  # a fill state every few sweeps
REQUERY_K, REQUERY_ITERATIONS = 100, 12  # asking again: answers asked for, sweeps after
WORD_FLOOR, WORD_TOP = 0.01, 10  # the word ending: a belief's floor in its log, the likeliest words a slot may swap in


@dataclass(frozen=True)
class FillSettings:
    """The `best` fill's settings: the product's defaults; the Crosswords page and the weekday table change a few."""

    guesser: str = "hybrid"  # the clue guesser asked for each slot's candidates
    iterations: int = 25  # sweeps of crossing letters before phrases are proposed
    letter_floor: float = 0.2  # share of a letter message spread evenly over the alphabet
    min_fallback: float = 0.05  # least share of a slot's prior left to dictionary words
    max_candidates: int = 40_000  # dictionary words of a length a slot may hold
    spread: float = 1.5  # share of the non-top candidates' confidence counted as mass for the clue
    # similar clues asked: as many as the hybrid guesser's calibration saw (0: the guesser's own default)
    neighbours: int = NEIGHBOURS
    # multi-word phrases proposed from the crossing letters once the sweeps settle, at this weight (None: no phrases)
    phrase_weight: float | None = 30.0
    count_power: float = 0.0  # dictionary words weigh their training count to this power
    # after a round, slots whose best word is below `requery_below` ask the guesser again with the letters their
    # crossings are sure of (above `requery_cell`); the answers join the prior at this weight (None: never),
    # once after each of `requery_rounds` rounds
    requery_weight: float | None = 3.0
    requery_below: float = 0.5
    requery_cell: float = 0.7
    requery_rounds: int = 1
    # linked slots ("With 43-Across, ..." / "See 40-Down"): the whole phrase's parts join each slot's candidates at
    # this weight (None: never); see_own=False drops what a bare "See 17-Across" clue's own words proposed
    linked_weight: float | None = 1.0
    see_own: bool = False
    # the fill ends on each square's likeliest letter (the most right letters expected; it may hold non-words); then
    # slots reading a non-word swap in one of their likeliest candidates when expected right letters + word_weight x
    # log(belief) of the slots touched rises (None: never), and a slot still reading a non-word may change one unsure
    # letter where expected right letters + split_weight x log P(its best split into common words) rises (None: never)
    word_weight: float | None = 0.6
    split_weight: float | None = 0.1


@dataclass
class SlotVar:
    """A slot in belief propagation: candidate letter codes, log prior and incoming log messages."""

    name: str
    words: tuple
    codes: np.ndarray  # (n, L) uint8
    logq: np.ndarray  # (n,)
    incoming: np.ndarray  # (L, 26) log messages from crossing slots
    partners: list  # per position: (other slot name, other position) or None


class BeliefSolver(PuzzleSolver):
    """Best: candidate lists with probabilities, loopy belief propagation over cell letters, then each square's
    likeliest letter."""

    name = "best"

    def __init__(self, models: ClueModels, settings: FillSettings | None = None) -> None:
        self.models, self.settings = models, settings or FillSettings()
        neighbours = self.settings.neighbours
        self.guesser = GUESSERS.create(self.settings.guesser, models=models,
                                       **({"neighbours": neighbours} if neighbours else {}))
        self._dict_priors: dict[int, np.ndarray] = {}

    def slot_prior(self, clue: str, length: int, cands: dict) -> tuple[tuple, np.ndarray, np.ndarray]:
        """(words, codes, prior) mixing clue candidates with the dictionary fallback."""
        words, codes, _ = self.models.dictionary.of_length(length)
        most = self.settings.max_candidates
        words, codes, dict_prior = words[:most], codes[:most], self.dictionary_prior(length)
        index = self.models.dictionary.index(length)
        extra = [a for a in cands if index.get(a, most) >= most and a.isalpha()]
        if extra:
            words = tuple(words) + tuple(extra)
            codes = np.vstack([codes, letter_codes(extra, length)])
            dict_prior = np.concatenate([dict_prior, np.zeros(len(extra))])
        if not len(words):
            return (), np.zeros((0, length), np.uint8), np.zeros(0)
        clue_p = np.zeros(len(words))
        pos = {w: i for i, w in enumerate(extra, start=len(words) - len(extra))}
        norm = normalise_clue(clue)
        for a, c in cands.items():
            i = index.get(a, self.settings.max_candidates)
            i = i if i < self.settings.max_candidates else pos.get(a)
            if i is not None:
                clue_p[i] = c
        total = clue_p.sum()
        top = clue_p.max() if len(clue_p) else 0.0
        mass = min(top + self.settings.spread * (total - top), 1.0 - self.settings.min_fallback)
        prior = dict_prior / dict_prior.sum() * (1.0 - mass) if dict_prior.sum() > 0 else np.zeros(len(words))
        if total > 0:
            prior = prior + clue_p / total * mass
        banned = [i for i, w in enumerate(words[:200]) if in_clue(w, norm)]
        prior[banned] = 0.0
        prior = prior + 1e-12
        return words, codes, prior / prior.sum()

    def dictionary_prior(self, length: int) -> np.ndarray:
        """The first max_candidates dictionary words of a length, weighted by training count ** count_power (sum 1)."""
        if length not in self._dict_priors:
            weights = self.models.dictionary.of_length(length)[2][:self.settings.max_candidates]
            flat = weights ** (self.settings.count_power / COUNT_EXPONENT)
            self._dict_priors[length] = flat / flat.sum() if flat.sum() > 0 else flat
        return self._dict_priors[length]

    def solve(self, puzzle: Puzzle, progress=no_progress, candidates: dict | None = None) -> SolveResult:
        """Belief propagation, then each square's likeliest letter; a state after every few sweeps."""
        t0 = time.monotonic()
        slots, states, sources = self.beliefs(puzzle, progress, candidates)
        return self._end_on_letters(puzzle, slots, states, sources, t0)

    def beliefs(self, puzzle: Puzzle, progress=no_progress, candidates: dict | None = None,
                extra_steps: int = 0) -> tuple[dict[str, SlotVar], list, dict]:
        """(slot variables after every round of crossing letters, the states so far, each answer's source tags)."""
        if candidates:
            cands, sources = candidates, {n: {a: ("given",) for a in cs} for n, cs in candidates.items()}
        else:
            cands, sources = slot_evidence(puzzle, self.guesser, progress, self.settings.linked_weight,
                                           self.settings.see_own)
        sources = {name: dict(tags) for name, tags in sources.items()}  # phrases and second asks add theirs
        slots = self._variables(puzzle, cands)
        states: list = []
        steps = (self.settings.iterations + (PHRASE_ITERATIONS if self.settings.phrase_weight is not None else 0)
                 + (REQUERY_ITERATIONS * self.settings.requery_rounds
                    if self.settings.requery_weight is not None else 0)
                 + extra_steps)
        done = self._propagate(puzzle, slots, states, shifted(progress, 0, steps), "crossing letters weighed")
        if self.settings.phrase_weight is not None and self._add_phrases(slots, sources):
            done += self._propagate(puzzle, slots, states, shifted(progress, done, steps),
                                    "with phrases of common words, crossing letters weighed", PHRASE_ITERATIONS)
        asked: dict = {}  # slot -> (pattern asked with, answers already weighed in)
        for r in range(self.settings.requery_rounds if self.settings.requery_weight is not None else 0):
            if not self._requery(puzzle, slots, sources, asked):
                break
            again = "asked again" if r == 0 else f"asked again ({r + 1}. time)"
            done += self._propagate(puzzle, slots, states, shifted(progress, done, steps),
                                    f"with clues {again}, crossing letters weighed", REQUERY_ITERATIONS)
        progress(steps - extra_steps, steps, "crossing letters weighed" if extra_steps else "solved")
        return slots, states, sources

    def _end_on_letters(self, puzzle: Puzzle, slots: dict[str, SlotVar], states: list, sources: dict,
                        t0: float) -> SolveResult:
        """The "letters" ending: each square's likeliest letter, or the likeliest earlier step's letters."""
        fill, conf, probs = self._marginals(puzzle, slots)
        result = SolveResult(self.name, fill, conf, states, probs, time.monotonic() - t0, sources, by_letter=True)
        result = keep_best_letters(result, probs)
        if self.settings.word_weight is None:
            return result
        beliefs = self._word_beliefs(slots)
        swapped = repair_non_words(puzzle, result.fill, probs, beliefs, self.settings.word_weight, WORD_FLOOR,
                                   WORD_TOP)
        fill = swapped if self.settings.split_weight is None else respell_non_words(
            puzzle, swapped, probs, beliefs, self.settings.split_weight, self.settings.word_weight, WORD_FLOOR)
        changed = changed_slots(puzzle, result.fill, fill)
        if changed:
            conf = {cell: float(probs[cell][ALPHABET.index(fill[cell])]) for cell in fill}
            respelled = sum(fill[c] != swapped[c] for c in fill)
            states.append(snapshot(ending_title(len(non_words(puzzle, result.fill, beliefs)),
                                                 len(non_words(puzzle, fill, beliefs)), len(changed), respelled),
                                    fill, conf, self._top_beliefs(slots)))
            result.fill, result.confidence = fill, conf
        result.seconds = time.monotonic() - t0
        return result

    def _top_beliefs(self, slots: dict[str, SlotVar]) -> dict:
        """Slot -> its BELIEF_TOP likeliest words with their beliefs, likeliest first (a step's record)."""
        out = {}
        for name, var in slots.items():
            if not len(var.words):
                continue
            b = self._belief(var)
            top = np.argpartition(-b, BELIEF_TOP)[:BELIEF_TOP] if len(b) > BELIEF_TOP else np.arange(len(b))
            out[name] = tuple((str(var.words[i]), float(b[i])) for i in sorted(top.tolist(), key=lambda i: -b[i]))
        return out

    def _word_beliefs(self, slots: dict[str, SlotVar]) -> dict:
        """Slot -> {word: belief}: each slot's candidates at least one in a million likely, and its word_top likeliest."""
        out = {}
        for name, var in slots.items():
            if not len(var.words):
                continue
            b = self._belief(var)
            keep = set(np.flatnonzero(b >= 1e-6).tolist()) | set(np.argsort(-b)[:WORD_TOP].tolist())
            out[name] = {var.words[i]: float(b[i]) for i in keep}
        return out

    def _propagate(self, puzzle: Puzzle, slots: dict[str, SlotVar], states: list, progress, label: str,
                   iterations: int = 0) -> int:
        """BP sweeps until the messages settle or the iterations run out, a fill state every few sweeps; sweeps done."""
        it = -1
        for it in range(iterations or self.settings.iterations):
            change = self._sweep(slots)
            last = change < 1e-3 or it + 1 == (iterations or self.settings.iterations)
            if it % STATE_EVERY == 0 or last:
                fill, conf, _ = self._marginals(puzzle, slots)
                title = FIRST_LOOK if not states else f"{label} (round {it + 1})"
                states.append(snapshot(title, fill, conf, self._top_beliefs(slots)))
            progress(it + 1, iterations or self.settings.iterations, f"{label}, round {it + 1}")
            if last:
                break
        return it + 1

    def _add_phrases(self, slots: dict[str, SlotVar], sources: dict) -> int:
        """Add to each long enough slot the multi-word phrases that best fit its crossing messages; how many added."""
        from core.crossword.knowledge.phrases import best_phrases

        lexicon = self.models.phrases
        if not lexicon.words:
            return 0
        added = 0
        for var in slots.values():
            length = var.incoming.shape[0]
            if length < PHRASE_MIN_LENGTH:
                continue
            known = set(var.words.tolist())
            new = [(w, p) for w, p in best_phrases(lexicon, var.incoming, PHRASES_PER_SLOT) if w not in known]
            _append(var, [w for w, _ in new], np.array([p for _, p in new]) + math.log(self.settings.phrase_weight))
            tags = sources.setdefault(var.name, {})
            for w, _ in new:
                tags.setdefault(w, ("phrase",))
            added += len(new)
        return added

    def _requery(self, puzzle: Puzzle, slots: dict[str, SlotVar], sources: dict, asked: dict | None = None) -> int:
        """Ask the guesser again for unsure slots, with the letters their crossings are sure of; answers proposed.

        `asked` (slot -> (pattern, answers)) remembers earlier asks: a slot is asked again only with new sure
        letters, and an answer already weighed in for it is not counted twice.
        """
        asked = {} if asked is None else asked
        proposed = 0
        for s in puzzle.slots.values():
            var = slots[s.name]
            if not len(var.words) or self._belief(var).max() > self.settings.requery_below:
                continue
            if not self.settings.see_own and see_target(s.clue):
                continue  # a bare "See 17-Across" asked again proposes the same noise
            pattern = self._sure_pattern(var)
            before, seen = asked.get(s.name, ("", set()))
            if pattern.count("_") == len(pattern) or pattern == before:
                continue
            guesses = self._ask_again(s.clue, pattern, seen)
            asked[s.name] = (pattern, seen | set(guesses))
            self._weigh_in(var, guesses, sources)
            proposed += len(guesses)
        return proposed

    def _weigh_in(self, var: SlotVar, guesses: dict, sources: dict) -> None:
        """Add a second ask's answers to the slot's prior (an answer it holds already gains weight), tagged."""
        row = {w: i for i, w in enumerate(var.words.tolist())}
        new = []
        tags = sources.setdefault(var.name, {})
        for a, c in guesses.items():
            logc = math.log(self.settings.requery_weight * c)
            if a in row:
                var.logq[row[a]] = np.logaddexp(var.logq[row[a]], logc)
            else:
                new.append((a, logc))
            tags[a] = tuple(dict.fromkeys(tags.get(a, ()) + ("asked again",)))
        _append(var, [a for a, _ in new], np.array([c for _, c in new]))

    def _ask_again(self, clue: str, pattern: str, seen: set) -> dict:
        """Answer -> confidence from asking the guesser with the pattern, answers in `seen` left out."""
        return {a: c for a, c in self.guesser.guess(clue, pattern, REQUERY_K)
                if a.isalpha() and c > 0 and a not in seen}

    def _sure_pattern(self, var: SlotVar) -> str:
        """The slot as a pattern: the letter its crossing slot is sure of (above requery_cell) or '_'."""
        msg = np.exp(var.incoming - var.incoming.max(axis=1, keepdims=True))
        msg /= msg.sum(axis=1, keepdims=True)
        sure = self.settings.requery_cell
        return "".join(ALPHABET[int(np.argmax(m))] if partner is not None and m.max() > sure else "_"
                       for m, partner in zip(msg, var.partners))

    def _variables(self, puzzle: Puzzle, cands: dict) -> dict[str, SlotVar]:
        """A SlotVar per slot with its partners at crossing cells."""
        out = {}
        for s in puzzle.slots.values():
            words, codes, prior = self.slot_prior(s.clue, s.length, cands.get(s.name, {}))
            partners = [None] * s.length
            for i, other, j in puzzle.crossings(s.name):
                partners[i] = (other, j)
            out[s.name] = SlotVar(s.name, np.array(words, dtype=object), codes, np.log(prior), np.zeros((s.length, 26)), partners)
        return out

    def _sweep(self, slots: dict[str, SlotVar]) -> float:
        """One Gauss-Seidel pass of slot-to-slot letter messages; returns the largest message change."""
        biggest = 0.0
        floor = self.settings.letter_floor / 26
        for var in slots.values():
            if not len(var.words):
                continue
            n, length = var.codes.shape
            lm = var.incoming[np.arange(length)[None, :], var.codes]  # (n, L)
            total = var.logq + lm.sum(axis=1)
            for i, partner in enumerate(var.partners):
                if partner is None:
                    continue
                excl = total - lm[:, i]
                w = np.exp(excl - excl.max())
                out = np.bincount(var.codes[:, i], weights=w, minlength=26)
                out = out / out.sum() * (1 - self.settings.letter_floor) + floor
                other, j = partner
                old = slots[other].incoming[j]
                new = DAMPING * old + (1 - DAMPING) * np.log(out)
                biggest = max(biggest, float(np.abs(np.exp(new) - np.exp(old)).max()))
                slots[other].incoming[j] = new
            # prune hopeless candidates to keep sweeps fast
            if n > 500:
                keep = total - total.max() > -20
                if keep.sum() < n and keep.sum() >= 50:
                    var.words = var.words[keep]
                    var.codes, var.logq = var.codes[keep], var.logq[keep]
        return biggest

    @staticmethod
    def _belief(var: SlotVar) -> np.ndarray:
        """The slot's belief over its candidate words (sum 1): prior times incoming letter messages."""
        length = var.incoming.shape[0]
        total = var.logq + var.incoming[np.arange(length)[None, :], var.codes].sum(axis=1)
        b = np.exp(total - total.max())
        return b / b.sum()

    def _slot_cavity_probs(self, var: SlotVar, length: int) -> np.ndarray:
        """(L, 26) a slot's letter views, each position's without the crossing slot's message there (what BP sends it;
        uniform without candidates)."""
        if not len(var.words):
            return np.full((length, 26), 1 / 26)
        lm = var.incoming[np.arange(length)[None, :], var.codes]
        total = var.logq + lm.sum(axis=1)
        b = np.exp(total - total.max())
        back = np.exp(-np.maximum(lm, -30.0))  # messages are floored logs (above log(letter_floor / 26)): no overflow
        out = np.stack([np.bincount(var.codes[:, i], weights=b * back[:, i], minlength=26) for i in range(length)])
        out = out / np.maximum(out.sum(axis=1, keepdims=True), 1e-300)
        return out * (1 - self.settings.letter_floor) + self.settings.letter_floor / 26

    def _marginals(self, puzzle: Puzzle, slots: dict[str, SlotVar]) -> tuple[dict, dict, dict]:
        """(fill, confidence, letter probabilities) per cell: the normalised product of the cell's slots' views, each
        without the other's message (BP's letter marginal; the mean of the two slots' beliefs counted each message
        in one view only and split the cells both slots were sure of differently, leaving non-words)."""
        acc: dict = {}
        for s in puzzle.slots.values():
            probs = self._slot_cavity_probs(slots[s.name], s.length)
            for i, cell in enumerate(s.cells):
                acc.setdefault(cell, []).append(probs[i])
        probs = {cell: _product(v) for cell, v in acc.items()}
        fill = {cell: ALPHABET[int(np.argmax(p))] for cell, p in probs.items()}
        conf = {cell: float(np.max(p)) for cell, p in probs.items()}
        return fill, conf, probs


def _product(views: list) -> np.ndarray:
    """A square's letter probabilities from its slots' views: their normalised product."""
    p = np.prod(views, axis=0)
    return p / p.sum()


def _append(var: SlotVar, words: list[str], logq: np.ndarray) -> None:
    """Add candidate words with their log priors to a slot."""
    if not words:
        return
    var.words = np.concatenate([var.words, np.array(words, dtype=object)])
    var.codes = np.vstack([var.codes, letter_codes(words, var.incoming.shape[0])])
    var.logq = np.concatenate([var.logq, logq])
