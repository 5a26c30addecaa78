"""Fill solvers: `threshold` (never erases), `cell-confidence` (overwrites) and `best` (weighs crossings)."""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

import numpy as np

from core.crossword.guessers import GUESSERS, NEIGHBOURS, fits, in_clue
from core.crossword.clues import normalise_clue
from core.crossword.ending import changed_slots, ending_title, non_words, repair_non_words, respell_non_words
from core.crossword.letters import letter_codes
from core.crossword.linked import joint_candidates, merge_candidates, see_target, word_test
from core.crossword.models import COUNT_EXPONENT, ClueModels
from core.crossword.puzzle import Puzzle
from core.crossword.rules import read_slot
from core.progress import no_progress, shifted
from core.registry import Registry
from core.solver import PuzzleSolver

SOLVERS: Registry = Registry("crossword")
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
BELIEF_TOP = 20  # words kept per slot and step of the solver's beliefs (what the candidates panel shows)
FIRST_LOOK = "each clue's candidates, weighed once against the crossing letters"  # the first step of `best`


@dataclass(frozen=True)
class FillState:
    """One intermediate state of a fill: letters and per-cell confidence after a step."""

    label: str
    fill: dict
    confidence: dict
    # slot -> ((word, chance), ...): the words a solver that weighs crossing letters held likeliest for each slot at
    # this step, likeliest first (empty for solvers that write in the clue's own candidates)
    beliefs: dict = field(default_factory=dict)


@dataclass
class SolveResult:
    """A solver's final fill, per-cell confidence, per-cell letter probabilities (when it has them) and its steps."""

    solver: str
    fill: dict
    confidence: dict
    states: list = field(default_factory=list)
    letter_probs: dict | None = None  # Cell -> 26 probabilities
    seconds: float = 0.0
    sources: dict = field(default_factory=dict)  # slot name -> {answer: tuple of source tags} (see core.crossword.explain)
    kept_note: str = ""  # why the final fill is an earlier step's ("" when it is the last step's)
    by_letter: bool = False  # the fill is each square's likeliest letter (it may hold non-words where unsure)


def slot_evidence(puzzle: Puzzle, guesser, progress=no_progress, linked_weight: float | None = 1.0,
                  see_own: bool = False) -> tuple[dict, dict]:
    """(slot -> {answer: confidence}, slot -> {answer: source tags}) from one guesser, length-fitting, not in the clue.

    Linked slots ("With 43-Across, ..." and "See 40-Down") also get the parts of the whole phrase asked for with the
    lead clue at their total length (core.crossword.linked), at `linked_weight` (None: not asked); `see_own=False` drops what a "See 40-Down" clue's own words proposed.
    """
    cands, sources = {}, {}
    slots = list(puzzle.slots.values())
    for i, s in enumerate(slots):
        norm = normalise_clue(s.clue)
        if hasattr(guesser, "candidates_with_sources"):
            conf, tags = guesser.candidates_with_sources(s.clue, s.length)
        else:
            conf = guesser.candidates(s.clue, s.length)
            tags = {a: (getattr(guesser, "name", "guesser"),) for a in conf}
        if not see_own and see_target(s.clue):
            conf = {}  # "See 17-Across" says nothing of its own answer: what similar clues had is noise
        cands[s.name] = {a: c for a, c in conf.items() if len(a) == s.length and not in_clue(a, norm)}
        sources[s.name] = {a: tags.get(a, ()) for a in cands[s.name]}
        progress(i + 1, len(slots), f"guessing {s.name}")
    if linked_weight is not None and hasattr(guesser, "candidates"):
        models = getattr(guesser, "models", None)
        joint, tags = joint_candidates(puzzle, guesser, is_word=word_test(models) if models is not None else None)
        merge_candidates(cands, sources, joint, tags, linked_weight)
    return cands, sources


def fill_score(puzzle: Puzzle, fill: dict, lookup: dict, floor: float = -30.0) -> float:
    """A fill's score by the solver's own numbers: the sum over slots of the log weight of the word it reads."""
    return float(sum(lookup.get(name, {}).get(read_slot(puzzle, fill, name), floor) for name in puzzle.slots))


def keep_best_state(puzzle: Puzzle, result: SolveResult, lookup: dict, floor: float = -30.0) -> SolveResult:
    """The result, ending on its best-scoring step when a later step scored worse (with a note saying so)."""
    if len(result.states) < 2:
        return result
    scores = [fill_score(puzzle, st.fill, lookup, floor) for st in result.states]
    best = int(np.argmax(scores))
    if scores[best] <= scores[-1] + 1e-9:
        return result
    state = result.states[best]
    note = (f"Kept step {best + 1}: its words fit the clues better than the last step's, so the solver ends on it.")
    result.states.append(FillState(f"Final: step {best + 1} kept", dict(state.fill), dict(state.confidence),
                                   state.beliefs))
    result.fill, result.confidence, result.kept_note = dict(state.fill), dict(state.confidence), note
    return result


def expected_letters(fill: dict, probs: dict) -> float:
    """The expected number of right letters of a fill under per-cell letter probabilities (26 per cell)."""
    return float(sum(probs[cell][ALPHABET.index(letter)] for cell, letter in fill.items()
                     if cell in probs and letter in ALPHABET))


def keep_best_letters(result: SolveResult, probs: dict) -> SolveResult:
    """The result, ending on the step whose letters are expected to be right most often (with a note if not the last).

    The expectation is taken under the solver's final letter probabilities, its best knowledge of every cell.
    """
    if len(result.states) < 2:
        return result
    scores = [expected_letters(st.fill, probs) for st in result.states]
    best = int(np.argmax(scores))
    if scores[best] <= scores[-1] + 1e-9:
        return result
    state = result.states[best]
    note = f"Kept step {best + 1}: its letters are more likely right than the last step's, so the solver ends on it."
    result.states.append(FillState(f"Final: step {best + 1} kept", dict(state.fill), dict(state.confidence),
                                   state.beliefs))
    result.fill, result.confidence, result.kept_note = dict(state.fill), dict(state.confidence), note
    return result


def log_lookup(cands: dict) -> dict:
    """Slot -> {answer: log confidence}: the solver's own weight of each word, for fill_score."""
    return {name: {a: math.log(max(c, 1e-12)) for a, c in cs.items()} for name, cs in cands.items()}


def _snapshot(label: str, fill: dict, conf: dict, beliefs: dict | None = None) -> FillState:
    """An immutable copy of a fill state."""
    return FillState(label, dict(fill), dict(conf), beliefs or {})


class DecayingThresholdSolver(PuzzleSolver):
    """The first solvers: one guesser's candidates, filled pass by pass as a threshold halves from start to stop.

    The guesser defaults to the calibrated hybrid: the thresholds compare probabilities. The first version's raw TF-IDF
    confidences (0.5 exp(-distance) combined over neighbours) saturate near 1 for common answers, so with
    them the first pass at 0.75 already writes many wrong words and never-overwrite keeps them.
    """

    name = "decaying"

    def __init__(self, models: ClueModels, guesser: str = "hybrid", start: float = 0.75, stop: float = 0.05) -> None:
        self.guesser = GUESSERS.create(guesser, models=models)
        self.start, self.stop = start, stop

    def candidates(self, puzzle: Puzzle, progress, given: dict | None) -> tuple[dict, dict]:
        """(candidates, sources): the given candidates, or this solver's guesser's for every slot."""
        if given:
            return given, {name: {a: ("given",) for a in cs} for name, cs in given.items()}
        return slot_evidence(puzzle, self.guesser, progress)


class ThresholdSolver(DecayingThresholdSolver):
    """Fill a slot when its best compatible guess clears a threshold (0.75 halving to 0.05); never overwrite."""

    name = "threshold"

    def solve(self, puzzle: Puzzle, progress=no_progress, candidates: dict | None = None) -> SolveResult:
        """Fill the puzzle pass by pass, keeping a state after each pass."""
        t0 = time.monotonic()
        cands, sources = self.candidates(puzzle, progress, candidates)
        fill, conf, states = {}, {}, []
        th = self.start
        while th >= self.stop - 1e-9:
            for s in puzzle.slots.values():
                pattern = read_slot(puzzle, fill, s.name)
                if "_" not in pattern:
                    continue
                best = _best_fitting(cands[s.name], pattern)
                if best and best[1] >= th:
                    for cell, letter in zip(s.cells, best[0]):
                        if cell not in fill:
                            fill[cell], conf[cell] = letter, best[1]
            states.append(_snapshot(f"write in words at least {th:.0%} likely", fill, conf))
            th /= 2
        return SolveResult(self.name, fill, conf, states, None, time.monotonic() - t0, sources)


def _best_fitting(cands: dict, pattern: str) -> tuple[str, float] | None:
    """The most confident candidate fitting the pattern."""
    best = None
    for a, c in cands.items():
        if (best is None or c > best[1]) and fits(a, pattern):
            best = (a, c)
    return best


class CellConfidenceSolver(DecayingThresholdSolver):
    """Per-cell confidence; a guess overwrites a slot when it beats the slot's average confidence."""

    name = "cell-confidence"

    def solve(self, puzzle: Puzzle, progress=no_progress, candidates: dict | None = None) -> SolveResult:
        """Pencil in guesses pass by pass, corroborating or overwriting cells."""
        t0 = time.monotonic()
        cands, sources = self.candidates(puzzle, progress, candidates)
        ranked = {k: sorted(v.items(), key=lambda t: -t[1]) for k, v in cands.items()}
        fill, conf, states = {}, {}, []
        th = self.start
        while th >= self.stop - 1e-9:
            for s in puzzle.slots.values():
                current = read_slot(puzzle, fill, s.name)
                avg = sum(conf.get(cell, 0.0) for cell in s.cells) / s.length
                for answer, c in ranked[s.name]:
                    if c < th:
                        break
                    if answer == current:
                        break  # already written: nothing new to corroborate
                    if c > avg:
                        for cell, letter in zip(s.cells, answer):
                            if fill.get(cell) == letter:
                                conf[cell] = 1 - (1 - conf[cell]) * (1 - c)
                            else:
                                fill[cell], conf[cell] = letter, c
                        break
            states.append(_snapshot(f"write in (or overwrite with) words at least {th:.0%} likely", fill, conf))
            th /= 2
        result = SolveResult(self.name, fill, conf, states, None, time.monotonic() - t0, sources)
        return keep_best_state(puzzle, result, log_lookup(cands))


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

    def __init__(self, models: ClueModels, guesser: str = "hybrid", iterations: int = 25, damping: float = 0.3,
                 letter_floor: float = 0.2, min_fallback: float = 0.05, max_candidates: int = 40_000,
                 spread: float = 1.5, neighbours: int = NEIGHBOURS,
                 phrase_weight: float | None = 30.0, phrase_min_length: int = 4, phrases_per_slot: int = 40,
                 phrase_iterations: int = 12, state_every: int = 5, count_power: float = 0.0,
                 requery_weight: float | None = 3.0, requery_below: float = 0.5, requery_cell: float = 0.7,
                 requery_k: int = 100, requery_iterations: int = 12, requery_rounds: int = 1,
                 linked_weight: float | None = 1.0, see_own: bool = False,
                 word_weight: float | None = 0.6, word_floor: float = 0.01, word_top: int = 10,
                 split_weight: float | None = 0.1) -> None:
        self.models = models
        # linked slots ("With 43-Across, ..." / "See 40-Down"): the whole phrase's parts join each slot's candidates
        # at this weight (None: never); see_own=False drops what a bare "See 17-Across" clue's own words proposed (similar clues' noise)
        self.linked_weight, self.see_own = linked_weight, see_own
        # similar clues asked: as many as the hybrid guesser's calibration saw (against 150 on dev: +1.6 points on 42
        # puzzles, +0.0 on 24 fresh Thursday-Sunday ones; research/crossword/README.md, 2026-11-24, f3e51c2)
        self.guesser = GUESSERS.create(guesser, models=models, **({"neighbours": neighbours} if neighbours else {}))
        self.iterations, self.damping, self.letter_floor = iterations, damping, letter_floor
        self.min_fallback, self.max_candidates = min_fallback, max_candidates
        self.spread = spread  # share of the non-top candidates' confidence counted as mass for the clue
        # multi-word phrases proposed from the crossing letters after a first BP round (None: no phrases)
        self.phrase_weight, self.phrase_min_length, self.phrases_per_slot = phrase_weight, phrase_min_length, phrases_per_slot
        self.phrase_iterations, self.state_every = phrase_iterations, state_every  # a fill state every few sweeps
        # dictionary words weigh their training count to this power (flatter than the dictionary's own weights)
        self.count_power = count_power
        # after BP, slots whose best word is below `requery_below` ask the guesser again with the letters their
        # crossings are sure of (above `requery_cell`); the answers join the prior at this weight (None: never)
        self.requery_weight, self.requery_below, self.requery_cell = requery_weight, requery_below, requery_cell
        self.requery_k, self.requery_iterations = requery_k, requery_iterations
        self.requery_rounds = requery_rounds  # ask again after each round, with the letters the last one made sure
        # the fill ends on each square's likeliest letter, which maximises the expected number of right letters
        # (Proverb's fill; may hold non-words where the solver is unsure); after it, slots reading a non-word swap in one of their word_top likeliest candidates when
        # expected right letters + word_weight x log(belief, at least word_floor) of the slots touched rises
        # (None: never)
        self.word_weight, self.word_floor, self.word_top = word_weight, word_floor, word_top
        # then a slot still reading a non-word may change one unsure letter where expected right letters +
        # split_weight x log P(its best split into common words) rises (None: never; dev, 42 puzzles chosen on:
        # +0.12 points of letters, 42 fresh: +0.16; research/crossword/README.md, 2026-11-24, 5de0be8)
        self.split_weight = split_weight
        self._dict_priors: dict[int, np.ndarray] = {}

    def slot_prior(self, clue: str, length: int, cands: dict) -> tuple[tuple, np.ndarray, np.ndarray]:
        """(words, codes, prior) mixing clue candidates with the dictionary fallback."""
        words, codes, _ = self.models.dictionary.of_length(length)
        words, codes, dict_prior = words[:self.max_candidates], codes[:self.max_candidates], self.dictionary_prior(length)
        index = self.models.dictionary.index(length)
        extra = [a for a in cands if index.get(a, self.max_candidates) >= self.max_candidates and a.isalpha()]
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
            i = index.get(a, self.max_candidates)
            i = i if i < self.max_candidates else pos.get(a)
            if i is not None:
                clue_p[i] = c
        total = clue_p.sum()
        top = clue_p.max() if len(clue_p) else 0.0
        mass = min(top + self.spread * (total - top), 1.0 - self.min_fallback)
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
            weights = self.models.dictionary.of_length(length)[2][:self.max_candidates]
            flat = weights ** (self.count_power / COUNT_EXPONENT)
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
            cands, sources = slot_evidence(puzzle, self.guesser, progress, self.linked_weight, self.see_own)
        sources = {name: dict(tags) for name, tags in sources.items()}  # phrases and second asks add theirs
        slots = self._variables(puzzle, cands)
        states: list = []
        steps = (self.iterations + (self.phrase_iterations if self.phrase_weight is not None else 0)
                 + (self.requery_iterations * self.requery_rounds if self.requery_weight is not None else 0)
                 + extra_steps)
        done = self._propagate(puzzle, slots, states, shifted(progress, 0, steps), "crossing letters weighed")
        if self.phrase_weight is not None and self._add_phrases(slots, sources):
            done += self._propagate(puzzle, slots, states, shifted(progress, done, steps),
                                    "with phrases of common words, crossing letters weighed", self.phrase_iterations)
        asked: dict = {}  # slot -> (pattern asked with, answers already weighed in)
        for r in range(self.requery_rounds if self.requery_weight is not None else 0):
            if not self._requery(puzzle, slots, sources, asked):
                break
            again = "asked again" if r == 0 else f"asked again ({r + 1}. time)"
            done += self._propagate(puzzle, slots, states, shifted(progress, done, steps),
                                    f"with clues {again}, crossing letters weighed", self.requery_iterations)
        progress(steps - extra_steps, steps, "crossing letters weighed" if extra_steps else "solved")
        return slots, states, sources

    def _end_on_letters(self, puzzle: Puzzle, slots: dict[str, SlotVar], states: list, sources: dict,
                        t0: float) -> SolveResult:
        """The "letters" ending: each square's likeliest letter, or the likeliest earlier step's letters."""
        fill, conf, probs = self._marginals(puzzle, slots)
        result = SolveResult(self.name, fill, conf, states, probs, time.monotonic() - t0, sources, by_letter=True)
        result = keep_best_letters(result, probs)
        if self.word_weight is None:
            return result
        beliefs = self._word_beliefs(slots)
        swapped = repair_non_words(puzzle, result.fill, probs, beliefs, self.word_weight, self.word_floor,
                                   self.word_top)
        fill = swapped if self.split_weight is None else respell_non_words(
            puzzle, swapped, probs, beliefs, self.split_weight, self.word_weight, self.word_floor)
        changed = changed_slots(puzzle, result.fill, fill)
        if changed:
            conf = {cell: float(probs[cell][ALPHABET.index(fill[cell])]) for cell in fill}
            respelled = sum(fill[c] != swapped[c] for c in fill)
            states.append(_snapshot(ending_title(len(non_words(puzzle, result.fill, beliefs)),
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
            keep = set(np.flatnonzero(b >= 1e-6).tolist()) | set(np.argsort(-b)[:self.word_top].tolist())
            out[name] = {var.words[i]: float(b[i]) for i in keep}
        return out

    def _propagate(self, puzzle: Puzzle, slots: dict[str, SlotVar], states: list, progress, label: str,
                   iterations: int = 0) -> int:
        """BP sweeps until the messages settle or the iterations run out, a fill state every few sweeps; sweeps done."""
        it = -1
        for it in range(iterations or self.iterations):
            change = self._sweep(slots)
            last = change < 1e-3 or it + 1 == (iterations or self.iterations)
            if it % self.state_every == 0 or last:
                fill, conf, _ = self._marginals(puzzle, slots)
                title = FIRST_LOOK if not states else f"{label} (round {it + 1})"
                states.append(_snapshot(title, fill, conf, self._top_beliefs(slots)))
            progress(it + 1, iterations or self.iterations, f"{label}, round {it + 1}")
            if last:
                break
        return it + 1

    def _add_phrases(self, slots: dict[str, SlotVar], sources: dict) -> int:
        """Add to each long enough slot the multi-word phrases that best fit its crossing messages; how many added."""
        from core.crossword.phrases import best_phrases

        lexicon = self.models.phrases
        if not lexicon.words:
            return 0
        added = 0
        for var in slots.values():
            length = var.incoming.shape[0]
            if length < self.phrase_min_length:
                continue
            known = set(var.words.tolist())
            new = [(w, p) for w, p in best_phrases(lexicon, var.incoming, self.phrases_per_slot) if w not in known]
            _append(var, [w for w, _ in new], np.array([p for _, p in new]) + math.log(self.phrase_weight))
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
            if not len(var.words) or self._belief(var).max() > self.requery_below:
                continue
            if not self.see_own and see_target(s.clue):
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
            logc = math.log(self.requery_weight * c)
            if a in row:
                var.logq[row[a]] = np.logaddexp(var.logq[row[a]], logc)
            else:
                new.append((a, logc))
            tags[a] = tuple(dict.fromkeys(tags.get(a, ()) + ("asked again",)))
        _append(var, [a for a, _ in new], np.array([c for _, c in new]))

    def _ask_again(self, clue: str, pattern: str, seen: set) -> dict:
        """Answer -> confidence from asking the guesser with the pattern, answers in `seen` left out."""
        return {a: c for a, c in self.guesser.guess(clue, pattern, self.requery_k)
                if a.isalpha() and c > 0 and a not in seen}

    def _sure_pattern(self, var: SlotVar) -> str:
        """The slot as a pattern: the letter its crossing slot is sure of (above requery_cell) or '_'."""
        msg = np.exp(var.incoming - var.incoming.max(axis=1, keepdims=True))
        msg /= msg.sum(axis=1, keepdims=True)
        return "".join(ALPHABET[int(np.argmax(m))] if partner is not None and m.max() > self.requery_cell else "_"
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
        floor = self.letter_floor / 26
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
                out = out / out.sum() * (1 - self.letter_floor) + floor
                other, j = partner
                old = slots[other].incoming[j]
                new = self.damping * old + (1 - self.damping) * np.log(out)
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
        return out * (1 - self.letter_floor) + self.letter_floor / 26

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


@SOLVERS.register("threshold", help="writes a word in when its clue is sure enough, lowering the bar each pass; "
                                    "never erases", plain_name="sure words first")
def _threshold(models: ClueModels, **kw) -> ThresholdSolver:
    return ThresholdSolver(models, **kw)


@SOLVERS.register("cell-confidence", help="pencils words in and overwrites a word when a surer one comes along",
                  plain_name="pencil and eraser")
def _cell(models: ClueModels, **kw) -> CellConfidenceSolver:
    return CellConfidenceSolver(models, **kw)


@SOLVERS.register("best", help="weighs every clue's candidates against the crossing letters, round after round, "
                               "then writes each square's likeliest letter", default=True)
def _best(models: ClueModels, **kw) -> BeliefSolver:
    return BeliefSolver(models, **kw)
