"""Plain-words narration of a Hangman game: one sentence per move, computed from the solver's own numbers."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from core.hangman.harness import GameRecord
from core.hangman.model import open_letters
from core.hangman.picks import PERSON_ASSUMES, weighing_words
from core.hangman.rules import BLANK, Letter, State
from core.hangman.solvers import Fitting, GivesChances, WeighsWords
from core.replay import Frame, Replay, counted
from core.stats import percent_words

AN_LETTERS = set("aefhilmnorsx")  # letters whose English name starts with a vowel sound: "an E", "an S"
CHANCE_GAP = 0.1  # the solver's own chance is quoted when it differs from the share of fitting words by this much
PATTERN_WORDS_LIMIT = 400_000  # words scanned for a letter pattern (the whole of any list the lab ships)


def article(letter: Letter) -> str:
    """'an' before letters whose name starts with a vowel sound (an E, an S), else 'a' (a T)."""
    return "an" if letter.lower() in AN_LETTERS else "a"


def likelihood(p: float) -> str:
    """A chance in words: 'certain', 'very likely', 'likely', 'about even', 'unlikely', 'very unlikely'."""
    if p >= 0.999:
        return "certain"
    if p >= 0.85:
        return "very likely"
    if p >= 0.6:
        return "likely"
    if p >= 0.4:
        return "about even"
    if p >= 0.15:
        return "unlikely"
    return "very unlikely"


@dataclass(frozen=True)
class MoveFacts:
    """The numbers behind one move: the letter, the dictionary words that still fit, how many contain the letter,
    the solver's own chance for it (None when its scores are not chances), a letter pattern for unseen words."""

    letter: Letter
    fitting: int
    containing: int
    chance: float | None = None
    pattern: str = ""
    only_word: str = ""
    top: bool = True  # the letter has the highest chance (or share of fitting words) of any open letter
    wins: bool = False  # the solver chose by playing the game out over the fitting words (its numbers are not chances)
    most_letter: str = ""  # the open letter in the most fitting words ('' when no word fits)
    weighted: bool = False  # the solver weighs the fitting words by how common they are (a person's word)
    others: int = 0  # everyday words the list lacks that fitted too (a person's word), counted beside the list's
    language: str = ""  # their language in words ('English')
    things: bool = False  # the weights also favour words that name things (a person picks DOG rather than NOT)


BEFORE = "fitted before this guess"  # a move's sentence counts the words of the board it was chosen on


def move_sentence(f: MoveFacts, now: bool = False) -> str:
    """One plain sentence saying why the letter was a good bet, from the move's numbers: about a move made (its words
    'fitted before this guess'), or, `now`, about the letter to guess on the board shown (they 'still fit')."""
    fitted = ("still fits" if f.fitting == 1 else "still fit") if now else BEFORE
    L = f.letter.upper()
    an = article(f.letter)
    if f.fitting == 0 and f.others:  # a word the list lacks but the everyday words hold: said in those terms
        fit = Fitting(0, f.others, f.language)
        like = f" (it puts the chance of a hit at {percent_words(f.chance)})" if f.chance is not None else ""
        return (f"{L}: {fit.words()} {'still fits' if now else BEFORE}; the solver weighs those everyday words by how "
                f"common they are{like}.")
    if f.fitting == 0:
        like = f" (a {percent_words(f.chance)} chance by its estimate)" if f.chance is not None else ""
        if f.pattern:
            return (f"No word in the list fits any more; letter patterns seen in the list (like {f.pattern.upper()}) "
                    f"make {L} the best bet{like}.")
        return f"No word in the list fits any more; how often letters follow each other in the list makes {L} the best bet{like}."
    fit = Fitting(f.fitting, f.others, f.language)  # named as every figure of the page names it
    if f.fitting == 1:
        word = f" ({f.only_word})" if f.only_word else ""
        if not f.containing:
            like = f" (it puts the chance of a hit at {percent_words(f.chance)})" if f.chance is not None else ""
            return (f"{L}: {fit.words()} {fitted}{word}, and it has no {L}; the solver bets the word is not in the "
                    f"list{like}.")
        head, share = f"{L}: {fit.words()} {fitted}{word}, and it contains {an} {L}", 1.0
    elif f.containing == 0:
        like = f" (it puts the chance of a hit at {percent_words(f.chance)})" if f.chance is not None else ""
        return (f"{L}: none of the {fit.words()} that {fitted} contains {an} {L}; the solver bets the word is not in "
                f"the list{like}.")
    elif f.containing == f.fitting:
        head, share = f"{L}: all {fit.words()} that {fitted} contain {an} {L}", 1.0
    else:
        verb = "contains" if f.containing == 1 else "contain"
        head = f"{L}: {f.containing:,} of the {fit.words()} that {fitted} {verb} {an} {L}"
        share = f.containing / f.fitting
    allowing = weighing_words(f.things) if f.weighted else "allowing for words that are not in the list"
    if f.wins and share < 1.0:
        return (f"{head}; playing the game out over those words, and {allowing}, "
                f"{L} gives {'the best' if f.top else 'a good'} chance of winning.")
    if f.chance is not None and abs(f.chance - share) >= CHANCE_GAP:
        return (f"{head}; {allowing}, the solver puts the chance of a hit at "
                f"{percent_words(f.chance)}{', higher than for any other letter' if f.top else ''}.")
    if share == 1.0:
        return f"{head}, so a hit is certain if the word is in the list."
    chance = share if f.chance is None else f.chance
    more = f.most_letter.upper()
    if more and more != L:  # another letter is in more of the fitting words: say so, and why this one
        why = f"{allowing}, the solver rates {L} higher" if f.chance is not None else f"the solver prefers {L}"
        return f"{head}, so a hit is {likelihood(chance)}; {more} is in more of these words, but {why}."
    tail = ", but no other letter is likelier" if chance < 0.4 and f.top else ""
    return f"{head}, so a hit is {likelihood(chance)}{tail}."


def result_words(state_before: State, letter: Letter, hit_positions: Sequence[int]) -> str:
    """What the guess revealed, in words and without brackets (a page shows it in brackets after the letter):
    'hit: letters 2 and 5' or 'miss, 1 miss so far'."""
    if hit_positions:
        where = [str(i + 1) for i in hit_positions]
        places = where[0] if len(where) == 1 else ", ".join(where[:-1]) + " and " + where[-1]
        return f"hit: letter{'s' if len(where) > 1 else ''} {places}"
    return f"miss, {misses_text(state_before.wrong + 1)} so far"


def plural(n: int, one: str, many: str) -> str:
    """'1 guess', '3 guesses': a count with the noun form that agrees."""
    return f"{n:,} {one if n == 1 else many}"


def misses_text(n: int) -> str:
    """'1 miss', '3 misses'."""
    return plural(n, "miss", "misses")


# ------------------------------------------------------------------ numbers from a solver


def is_chance_solver(solver) -> bool:
    """True when the solver's raw letter scores are chances that the letter is in the word (it declares the ability)."""
    return isinstance(solver, GivesChances)


def plays_rollouts(solver, state: State) -> bool:
    """True when the solver's letter numbers at this state are win values from playing the game out, not chances."""
    return isinstance(solver, GivesChances) and bool(solver.plays_rollouts(state))


def weighs_a_persons_words(solver) -> bool:
    """True when the solver weighs the fitting words as a person's pick (it models worlds and plays for a person's)."""
    return isinstance(solver, WeighsWords) and solver.world == "person"


def letter_view(solver, state: State) -> tuple[dict[Letter, float], str]:
    """(value per open letter, what the values are, in words) for the chart of a solver at a state.

    `best` scores letters by the chance they are in the word (with few fitting words, by the value of playing the game
    out: mostly its chance of winning); the dictionary solvers, while words still fit, by the
    share of those words containing the letter; otherwise the solver's scores as shares adding up to 100%.
    """
    if is_chance_solver(solver):
        raw = np.clip(np.asarray(solver.letter_scores(state), dtype=float), 0.0, 1.0)
        ok = open_letters(state, solver.alphabet)
        values = {c: float(raw[i]) for i, c in enumerate(solver.alphabet.letters) if ok[i]}
        if values and max(values.values()) > 0:
            if plays_rollouts(solver, state):
                return values, "how much this letter helps to win (the solver's score)"
            return values, "chance this letter is in the word (the solver's estimate)"
    index = solver.index
    if index is not None:
        idx = index.candidates(state)
        if len(idx):
            pres = index.presence(state, idx) / len(idx)
            ok = open_letters(state, solver.alphabet)
            return ({c: float(pres[i]) for i, c in enumerate(solver.alphabet.letters) if ok[i]},
                    "share of the words that still fit containing this letter")
    return solver.scores(state), "the solver's preference (its scores add up to 100%)"


def letter_pattern(words: Sequence[str], mask: str, letter: Letter, limit: int = PATTERN_WORDS_LIMIT) -> str:
    """The commonest short letter pattern (like '-ing') the letter would complete next to revealed letters, written
    with '-' for the rest of the word; '' when the letter would touch no revealed letter."""
    options: list[str] = []
    n = len(mask)
    for i, c in enumerate(mask):
        if c != BLANK:
            continue
        lo = i
        while lo > 0 and mask[lo - 1] != BLANK and i - lo < 3:
            lo -= 1
        hi = i
        while hi < n - 1 and mask[hi + 1] != BLANK and hi - i < 3:
            hi += 1
        if lo == hi:
            continue
        piece = mask[lo:i] + letter + mask[i + 1:hi + 1]
        options.append(("" if lo == 0 else "-") + piece + ("" if hi == n - 1 else "-"))
    if not options:
        return ""
    sample = words[:limit]
    counts = {o: sum(1 for w in sample if o.strip("-") in w) for o in dict.fromkeys(options)}
    best = max(counts, key=lambda o: (counts[o], len(o), o))
    return best if counts[best] > 0 else ""


def move_facts(solver, state: State, letter: Letter, words: Sequence[str] = ()) -> MoveFacts:
    """The numbers behind a solver's move at a state (words: the list, for a pattern when no word fits)."""
    index = solver.index
    idx = index.candidates(state)
    k = len(idx)
    code = solver.alphabet.code().get(letter)
    pres = index.presence(state, idx) if k else np.zeros(solver.alphabet.size)
    containing = int(pres[code]) if code is not None else 0
    ok = open_letters(state, solver.alphabet)
    most = solver.alphabet.letters[int(np.argmax(np.where(ok, pres, -1.0)))] if k and ok.any() else ""
    if most and code is not None and pres[code] == pres[solver.alphabet.code()[most]]:
        most = letter  # tied for the most words: no other letter is in more
    chance = None
    wins = is_chance_solver(solver) and plays_rollouts(solver, state)
    if is_chance_solver(solver) and code is not None and not wins:
        chance = float(np.clip(solver.letter_scores(state)[code], 0.0, 1.0))
    only = index.words[state.length][int(idx[0])] if k == 1 else ""
    pattern = letter_pattern(words, state.mask, letter) if k == 0 and words else ""
    values, _ = letter_view(solver, state)
    top = not values or values.get(letter, 0.0) >= max(values.values()) - 1e-12
    weighted = weighs_a_persons_words(solver)
    fit = solver.fitting(state)
    things = weighted and solver.weighs_things(state.length) and solver.frequencies_known()
    return MoveFacts(letter, k, containing, chance, pattern, only, top, wins, most, weighted, fit.others, fit.language,
                     things)


# ------------------------------------------------------------------ what a solver that weighs words believes


def assumption_sentence(solver) -> str:
    """What the solver assumes about who chose the word, in one plain sentence ('' when it says nothing more): for a
    person's word over a list with everyday frequencies, that a person picks familiar words."""
    return PERSON_ASSUMES if weighs_a_persons_words(solver) and solver.frequencies_known() else ""


def belief_sentence(solver: WeighsWords, state: State) -> str:
    """In plain words, what the solver believes about the secret at this state, in the terms of its world (the
    fitting words counted as `fitting` counts them, the page's "words of the list that still fit")."""
    if solver.index is None:
        raise ValueError("The solver is not fitted.")
    fit = solver.fitting(state)
    if fit.total and solver.world == "person":
        return person_sentence(solver, state, solver.in_dictionary_chance(state))
    k = fit.listed
    if k == 0:
        return "No word of the list fits any more: the solver guesses from letter patterns (like -ING or QU-)."
    words = solver.index.shown_words(state, 3)
    shown = ", ".join(w.upper() for w in words) + (", ..." if k > len(words) else "")
    fits = f"{fit.words()} still {fit.verb('fits', 'fit')} ({shown})"
    if solver.world == "list":
        if k == 1:
            return f"{fits}, and the word was drawn from the list: it is {shown}."
        return f"{fits}; the word was drawn evenly from the list, so each is as likely as another (1 in {k:,})."
    if solver.world == "unseen":
        return (f"{fits}, but the word may be one the list lacks: the solver guesses from letter patterns, "
                "with the fitting words as one clue among others.")
    chance = solver.in_dictionary_chance(state)
    percent = percent_words(chance)
    if round(100 * chance) >= 90:  # as the percentage shown reads
        return f"{fits}; the word is very likely {'this one' if k == 1 else 'one of them'} (chance {percent})."
    if round(100 * chance) >= 50:
        return f"{fits}; the word is probably one of them (chance {percent}), but it may be a word the list lacks."
    return (f"{fits}, but the solver was told the word is usually one the list lacks (chance it is a list word: "
            f"{percent}): guessing mostly from letter patterns.")


def person_sentence(solver: WeighsWords, state: State, chance: float) -> str:
    """The person world's belief: the likeliest (or commonest) fitting word, its share, and the chance of a word the
    list lacks (the fitting words counted as the page's figure counts them: the list's, then with other everyday
    words)."""
    percent = percent_words(chance)
    word, share = solver.commonest(state)
    idx = solver.words_of().candidates(state)
    weights = solver.word_weights(state.length)[idx]
    tied = int((weights >= weights.max()).sum())
    everyday = solver.person_index is not solver.index
    fit = solver.fitting(state)
    fits, k = f"{fit.words()} still {fit.verb('fits', 'fit')}", fit.total
    # the weights are frequency alone, or frequency and how often a word names a thing: the words say which
    top_words = "likeliest picks" if tied > 1 and solver.weighs_things(state.length) else \
        "likeliest pick" if solver.weighs_things(state.length) else "commonest"
    if not solver.frequencies_known():
        head = f"{fits}; the lab knows no everyday frequency for this list's words, so each counts the same"
    elif k == 1:
        head = f"{fits}: {word.upper()}"
    elif tied > 1:  # several everyday words weigh the same: none is the commonest
        shown = ", ".join(w.upper() for w in solver.everyday_fitting(state, 3))
        head = (f"{fits}; {tied:,} of these {k:,} are the {top_words}{' words' if top_words == 'commonest' else ''} "
                f"({shown}{', ...' if tied > 3 else ''}), each as likely as another")
    else:
        head = f"{fits}; {word.upper()} is the {top_words} of these {k:,}, with {percent_words(share)} of the chance among them"
    them = word.upper() if k == 1 else "one of them"
    if round(100 * chance) >= 90:
        return f"{head}; the word is very likely {them} (chance {percent})."
    if round(100 * chance) >= 50:
        rarer = "rarer words" if everyday else "words the list lacks"
        return f"{head}; the word is probably {them} (chance {percent}), but people think of {rarer}."
    lacks = "a rarer word than these" if everyday else "a word the list lacks"
    among = "one of them" if everyday else "a list word"
    return f"{head}, but the answers so far suggest {lacks} (chance it is {among}: {percent})."


@dataclass(frozen=True)
class NarratedMove:
    """One move of a replay: the state before, the letter, where it hit, the state after, the sentence."""

    before: State
    letter: Letter
    hit_positions: tuple[int, ...]
    after: State
    sentence: str
    result: str


def narrate(solver, record: GameRecord, words: Sequence[str] = ()) -> list[NarratedMove]:
    """The replay of a recorded game: every step with its plain sentence."""
    out: list[NarratedMove] = []
    states = [s.before for s in record.steps[1:]] + [record.final]
    for step, after in zip(record.steps, states):
        sentence = move_sentence(move_facts(solver, step.before, step.letter, words))
        out.append(NarratedMove(step.before, step.letter, step.hit_positions, after, sentence,
                                result_words(step.before, step.letter, step.hit_positions)))
    return out


def game_over_sentence(final: State, secret: str) -> str:
    """The last line of a replay: won or lost, in words."""
    if final.won:
        return f"Solved: {secret.upper()} in {plural(len(final.guessed), 'guess', 'guesses')} with {misses_text(final.wrong)}."
    if final.lost:
        return f"Hanged after {misses_text(final.wrong)}: the word was {secret.upper()}."
    return "The solver has no letter left to try."


# ------------------------------------------------------------------ the Home page's replay

REPLAY_SOLVER = "frequency"  # the replay's solver guesses the letter in the most fitting words, as its sentences say


def hit_odds(share: float) -> str:
    """A share of the fitting words as the odds of a hit, in plain words."""
    if share >= 0.8:
        return "so a hit is very likely"
    if share >= 0.5:
        return "so a hit is likely"
    if share >= 0.25:
        return "a fair chance of a hit"
    return "a long shot, but the best one left"


def replay_sentence(letter: Letter, fitting: int, containing: int, hit: bool, mask: str, lives: int) -> str:
    """One move of a replay in plain words, from the counts the solver's choice rests on."""
    if fitting:
        verb = "contains" if containing == 1 else "contain"
        fit = "fits" if fitting == 1 else "fit"
        why = (f"{letter.upper()}: {containing:,} of the {counted(fitting, 'word')} that still {fit} {verb} "
               f"{article(letter)} {letter.upper()}, {hit_odds(containing / fitting)}.")
    else:
        why = f"{letter.upper()}: no word in the list fits any more, so it guesses the commonest letter left in the list."
    result = f"It is in the word: {' '.join(mask)}." if hit else \
        f"It is not in the word: {counted(lives, 'life', 'lives')} left."
    return f"{why} {result}"


def replay(words: Sequence[str], secret: str, max_wrong: int = 6) -> Replay:
    """A solver guessing a secret word, each letter explained by how many of the words that still fit contain it."""
    from core.hangman.harness import play
    from core.hangman.rules import consistent
    from core.hangman.solvers import SOLVERS

    solver = SOLVERS.create(REPLAY_SOLVER).fit(list(words))
    record = play(solver, secret, max_wrong)
    same_length = [w for w in dict.fromkeys(words) if len(w) == len(secret)]
    frames = []
    for step in record.steps:
        before = step.before
        fitting = [w for w in same_length if consistent(w, before)]
        containing = sum(1 for w in fitting if step.letter in w)
        mask = "".join(c if c == step.letter else m for c, m in zip(secret, before.mask))
        misses = set(before.misses)
        wrong = len(misses) + (0 if step.hit else 1)
        board = (" ".join(mask).upper(),
                 "misses: " + (" ".join(sorted(misses | ({step.letter} - set(secret)))).upper() or "none"))
        frames.append(Frame(board, replay_sentence(step.letter, len(fitting), containing, step.hit, mask.upper(),
                                                   max_wrong - wrong)))
    outcome = (f"Won: {secret.upper()} in {counted(record.guesses, 'guess', 'guesses')} with "
               f"{counted(record.misses, 'miss', 'misses')}." if record.won else
               f"Lost: the word was {secret.upper()}.")
    return Replay("Hangman", f"The solver guesses a {len(secret)}-letter word, learning only from "
                             f"{counted(len(same_length), 'word')} of that length.", tuple(frames), outcome)
