"""Grade a person's Hangman game move by move: what each letter left against the best letter, skill, and luck.

Every figure counts the dictionary words that still fit, each equally likely to be the answer.
Skill (0-100) = 100 x (words before - your letter's average words left) / (words before - the best letter's average
words left); with one word left, 100 for a letter in it and 0 for a miss.
Win chances assume that after this move you always guess the letter found in the most words still possible (ties:
alphabetical), or that a chosen solver plays on, and are only worked out while at most WIN_CAP (SOLVER_WIN_CAP) words
fit, to stay quick.
Luck = the win chance after the answer you actually got - your average win chance over the words still possible.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from core.hangman.adversary import positions_of
from core.hangman.rules import BLANK, RuleError, State, Word, guess, new_game
from core.words import counted

WIN_CAP = 300  # win chances are worked out only while at most this many words fit ("most words" rule)
SOLVER_WIN_CAP = 40  # the same when a solver plays on (each position asks the solver for its letter)
SKILL_FORMULA = ("skill = 100 × (words before − your letter's average words left) ÷ "
                 "(words before − the best letter's average words left)")


def split_sizes(words: Sequence[Word], letter: str) -> list[int]:
    """The sizes of the groups a letter splits the words into (by where it sits; a miss is one group)."""
    sizes: dict[tuple[int, ...], int] = {}
    for w in words:
        key = positions_of(w, letter)
        sizes[key] = sizes.get(key, 0) + 1
    return list(sizes.values())


def words_left(words: Sequence[Word], letter: str) -> tuple[float, int]:
    """(average, worst case) words left after guessing a letter, each word equally likely the answer."""
    if not words:
        return 0.0, 0
    sizes = split_sizes(words, letter)
    return sum(n * n for n in sizes) / len(words), max(sizes)


def skill_score(before: int, theirs_avg: float, best_avg: float, hit: bool) -> int | None:
    """The 0-100 skill of a move (None when no word fits, so there is nothing to grade)."""
    if before == 0:
        return None
    if before == 1:
        return 100 if hit else 0
    gain = before - best_avg
    if gain <= 0:
        return 100
    return int(round(max(0.0, min(1.0, (before - theirs_avg) / gain)) * 100))


class GreedyPlayer:
    """Win chances under the rule "always guess the letter in the most words still possible" (memoised per instance)."""

    def __init__(self) -> None:
        self.memo: dict[tuple, float] = {}

    def win(self, words: tuple[Word, ...], lives: int, guessed: frozenset[str]) -> float:
        """The chance of winning from these equally likely words by always guessing the letter in the most of them."""
        if lives <= 0:
            return 0.0
        if len(words) <= 1:
            return 1.0
        key = (words, lives, guessed)
        if key not in self.memo:
            self.memo[key] = self._win(words, lives, guessed)
        return self.memo[key]

    def _win(self, words: tuple[Word, ...], lives: int, guessed: frozenset[str]) -> float:
        counts: dict[str, int] = {}
        for w in words:
            for c in set(w):
                if c not in guessed:
                    counts[c] = counts.get(c, 0) + 1
        useful = [c for c in counts if len({positions_of(w, c) for w in words}) > 1]
        if not useful:
            return 1.0 / len(words)  # no letter tells the words apart (never for distinct words)
        letter = min(useful, key=lambda c: (-counts[c], c))
        return self.after(words, lives, guessed, letter)

    def after(self, words: tuple[Word, ...], lives: int, guessed: frozenset[str], letter: str) -> float:
        """The win chance after guessing a letter now and playing the rule after."""
        if not words:
            return 0.0
        groups: dict[tuple[int, ...], list[Word]] = {}
        for w in words:
            groups.setdefault(positions_of(w, letter), []).append(w)
        now = guessed | {letter}
        return sum(len(g) * self.win(tuple(g), lives - (0 if key else 1), now) for key, g in groups.items()) / len(words)


class SolverPlayer(GreedyPlayer):
    """Win chances when a fitted solver plays on after the move (it sees only the board, as in a real game)."""

    def __init__(self, solver) -> None:
        super().__init__()
        self.solver = solver

    def win(self, words: tuple[Word, ...], lives: int, guessed: frozenset[str]) -> float:
        """The chance that the solver wins from here, each of the words equally likely the answer."""
        if lives <= 0 or not words:
            return 0.0
        key = (words, lives, guessed)
        if key not in self.memo:
            mask = "".join(c if c in guessed else BLANK for c in words[0])
            misses = sum(1 for c in guessed if c not in mask)
            state = State(mask, tuple(sorted(guessed)), lives + misses)
            letter = None if state.won else self.solver.choose(state)
            self.memo[key] = 1.0 if state.won else 0.0 if letter is None else self.after(words, lives, guessed, letter)
        return self.memo[key]


def win_chance_after(words: Sequence[Word], lives: int, guessed: Sequence[str], letter: str) -> float:
    """The chance of winning when guessing a letter now, then always the letter in the most words still possible."""
    return GreedyPlayer().after(tuple(words), lives, frozenset(guessed), letter)


@dataclass(frozen=True)
class GradedMove:
    """One graded move: words before and after, what the best letter and yours leave, skill, win chances, luck."""

    number: int
    letter: str
    hit: bool
    before: int
    after: int
    best_letter: str
    best_avg: float
    best_worst: int
    theirs_avg: float
    theirs_worst: int
    skill: int | None
    theirs_win: float | None = None
    best_win: float | None = None
    result_win: float | None = None
    advised: str = ""  # what advised this letter ('the hint's letter worth trying', 'the solver's move'), else ''

    @property
    def luck(self) -> float | None:
        """Win chance after the answer you got minus your average win chance (None when not worked out)."""
        if self.result_win is None or self.theirs_win is None:
            return None
        return self.result_win - self.theirs_win


@dataclass(frozen=True)
class GameGrade:
    """A whole graded game: the moves and the final board."""

    answer: Word
    moves: tuple[GradedMove, ...]
    final: State

    def mean_skill(self) -> float | None:
        """The average skill over the graded moves (None when none could be graded)."""
        vals = [m.skill for m in self.moves if m.skill is not None]
        return sum(vals) / len(vals) if vals else None

    def total_luck(self) -> float | None:
        """The sum of the luck of the moves that have it (None when none has)."""
        vals = [m.luck for m in self.moves if m.luck is not None]
        return sum(vals) if vals else None


def letters_to_try(words: Sequence[Word], guessed: Sequence[str]) -> list[str]:
    """The open letters found in at least one word (the only letters that can narrow the words down)."""
    seen = {c for w in words for c in w} - set(guessed)
    return sorted(seen)


HINT_ADVICE, SOLVER_ADVICE = "the hint's letter worth trying", "the solver's move"


def advice_for(pool: Sequence[Word], state: State, letter: str, advisor: Callable[[State], str | None] | None) -> str:
    """What advised this letter on this board: the hint's letter worth trying (in the most fitting words), the
    advisor's (the page's solver's) move, or '' for neither."""
    from core.hangman.hints import worth_trying

    if pool and worth_trying(pool, state)[0] == letter:
        return HINT_ADVICE
    if advisor is not None and advisor(state) == letter:
        return SOLVER_ADVICE
    return ""


def grade_game(words: Sequence[Word], answer: Word, guesses: Sequence[str], max_wrong: int = 6,
               win_cap: int = WIN_CAP, solver=None, advisor: Callable[[State], str | None] | None = None) -> GameGrade:
    """Grade a game of guesses against an answer over a dictionary (RuleError for a repeated letter).

    Win chances assume the "most words" rule after each move, or the given fitted solver (then keep win_cap small:
    SOLVER_WIN_CAP). A letter the hint advises or the advisor (the page's solver) would play scores skill 100: the
    page never grades its own advice down."""
    state = new_game(len(answer), max_wrong)
    pool = sorted({w for w in words if len(w) == len(answer)})
    moves: list[GradedMove] = []
    player = GreedyPlayer() if solver is None else SolverPlayer(solver)
    for number, letter in enumerate(guesses, 1):
        if state.over:
            break
        if letter in state.guessed:
            raise RuleError(f"{letter.upper()} is guessed twice (move {number}).")
        k = len(pool)
        options = letters_to_try(pool, state.guessed) or [letter]
        scored = {c: words_left(pool, c) for c in set(options) | {letter}}
        best = min(options, key=lambda c: (scored[c][0], scored[c][1], c))
        where = positions_of(answer, letter)
        after = [w for w in pool if positions_of(w, letter) == where]
        hit = bool(where)
        theirs_win = best_win = result_win = None
        if 0 < k <= win_cap:
            lives, seen, words_now = state.lives_left, frozenset(state.guessed), tuple(pool)
            theirs_win = player.after(words_now, lives, seen, letter)
            best_win = max(player.after(words_now, lives, seen, c) for c in set(options) | {letter})
            result_win = player.win(tuple(after), lives - (0 if hit else 1), seen | {letter}) if after else 0.0
        advised = advice_for(pool, state, letter, advisor) if k > 1 else ""
        skill = 100 if advised else skill_score(k, scored[letter][0], scored[best][0], hit)
        moves.append(GradedMove(number, letter, hit, k, len(after), best, scored[best][0], scored[best][1],
                                scored[letter][0], scored[letter][1], skill, theirs_win, best_win, result_win, advised))
        state = guess(state, answer, letter)
        pool = after
    return GameGrade(answer, tuple(moves), state)


def move_summary(m: GradedMove) -> str:
    """One graded move in a sentence: what the letter did, what the best letter would have done, skill and luck."""
    L, B = m.letter.upper(), m.best_letter.upper()
    result = "in the word" if m.hit else "a miss"
    if m.before == 0:
        return f"{L}: {result}. No word of the list fits any more, so there is nothing to grade."
    head = f"{L}: {result}, {m.after:,} of {counted(m.before, 'word')} left."
    if m.before == 1:
        return head + (" The word was known; any of its letters was right." if m.hit else " The word was known, and this letter is not in it.")
    if m.best_letter == m.letter or abs(m.best_avg - m.theirs_avg) < 1e-9:
        comparison = f" The best letter: it leaves {m.theirs_avg:,.1f} words on average, {m.theirs_worst:,} at worst."
    elif m.advised:
        comparison = (f" {L} was {m.advised}, so it counts as a best move; {L} leaves {m.theirs_avg:,.1f} words on "
                      f"average ({m.theirs_worst:,} at worst), {B} {m.best_avg:,.1f} ({m.best_worst:,} at worst).")
    else:
        comparison = (f" {L} leaves {m.theirs_avg:,.1f} words on average ({m.theirs_worst:,} at worst); "
                      f"{B} would leave {m.best_avg:,.1f} ({m.best_worst:,} at worst).")
    luck = ""
    if m.luck is not None:
        luck = (" About as lucky as average." if abs(m.luck) < 0.005 else
                f" {'Lucky' if m.luck > 0 else 'Unlucky'}: {abs(m.luck) * 100:.0f} points of win chance "
                f"{'gained' if m.luck > 0 else 'lost'} by the answer.")
    return head + comparison + f" Skill {m.skill}." + luck


def parse_guesses(text: str) -> list[str]:
    """Letters typed as 'e a r', 'e,a,r' or 'ear', lower-cased, in order."""
    return [c for c in text.lower() if c.isalpha()]
