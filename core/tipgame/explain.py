"""Plain-words narration of a tip-game replay: the answer groups of every tip, one sentence per move."""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from core.replay import Frame, Replay, counted
from core.tipgame.rules import BEGINS, BOTH, CONTAINS, ENDS, IS, NO, Answer, Tip, TipState, Word, answer

# how a group of words answers a tip, singular then plural ("1 word contains it", "120 contain it")
GROUP_WORDS: dict[Answer, tuple[str, str]] = {
    NO: ("doesn't contain it", "don't contain it"),
    CONTAINS: ("contains it", "contain it"),
    ENDS: ("ends with it", "end with it"),
    BEGINS: ("begins with it", "begin with it"),
    BOTH: ("begins and ends with it", "begin and end with it"),
    IS: ("is the tip itself", "are the tip itself"),
}
# what the game answered, as a clause about the hidden word
ANSWER_CLAUSE: dict[Answer, str] = {
    NO: "the hidden word doesn't contain it",
    CONTAINS: "the hidden word contains it in the middle",
    ENDS: "the hidden word ends with it",
    BEGINS: "the hidden word begins with it",
    BOTH: "the hidden word begins and ends with it",
    IS: "it is the hidden word",
}


def answer_groups(words: Sequence[Word], tip: Tip) -> dict[Answer, int]:
    """How many of the words (duplicates counted as often as listed) get each answer to a tip; empty groups left out."""
    return dict(Counter(answer(w, tip) for w in words))


def groups_in_order(groups: dict[Answer, int]) -> list[tuple[Answer, int]]:
    """The non-empty groups, largest first ("is" last: it is at most one word)."""
    rest = sorted(((c, n) for c, n in groups.items() if n and c != IS), key=lambda cn: (-cn[1], cn[0]))
    return rest + ([(IS, groups[IS])] if groups.get(IS) else [])


def group_phrase(code: Answer, n: int, first: bool = False) -> str:
    """'230 words don't contain it' (the noun only in the first phrase), '1 contains it'."""
    singular, plural = GROUP_WORDS[code]
    noun = (" word" if n == 1 else " words") if first else ""
    return f"{n:,}{noun} {singular if n == 1 else plural}"


def groups_sentence(tip: Tip, groups: dict[Answer, int]) -> str:
    """'"n": 230 words don't contain it, 120 contain it and 1 is the tip itself.' (the answer groups of one tip)."""
    parts = [group_phrase(c, n, first=i == 0) for i, (c, n) in enumerate(groups_in_order(groups))]
    if not parts:
        return f'"{tip}": no word is left to ask about.'
    listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return f'"{tip}": {listed}.'


def words_left_phrase(n: int) -> str:
    """'1 word is left', '120 words are left'."""
    return f"{n:,} word is left" if n == 1 else f"{n:,} words are left"


def listed_text(words: Sequence[Word]) -> str:
    """'house (2 times), mouse, stone': each word once, in list order, a repeated one with how often it is listed (so
    the names add up to the count of words left)."""
    counts = Counter(words)
    return ", ".join(w if counts[w] == 1 else f"{w} ({counts[w]} times)" for w in dict.fromkeys(words))


@dataclass(frozen=True)
class Move:
    """One narrated move: the tip, the answer, the groups it split the words into, and the sentence."""

    number: int
    tip: Tip
    answer: Answer
    before: int
    left: int
    groups: dict[Answer, int]
    sentence: str


def found_sentence(word: Word, n_tries: int, who: str = "") -> str:
    """'Found the word "until" in 6 tries.': the word quoted, so a word like "until" never reads as part of the sentence."""
    tries = f"{n_tries} {'try' if n_tries == 1 else 'tries'}"
    return f"{who + ' found' if who else 'Found'} the word \u201c{word}\u201d in {tries}."


def move_sentence(number: int, tip: Tip, code: Answer, groups: dict[Answer, int], left: int) -> str:
    """One plain sentence for a move: the tip's answer groups, what the game said, what is left."""
    outcome = ANSWER_CLAUSE[code]
    if code == IS:
        tail = f"The game says {outcome}: found in {number} {'try' if number == 1 else 'tries'}."
    else:
        tail = f"The game says {outcome}, so {words_left_phrase(left)}."
    return f"Tip {number}, {groups_sentence(tip, groups)} {tail}"


def narrate(tips: Sequence[Tip], secret: Word, words: Sequence[Word]) -> list[Move]:
    """The narrated moves of a game: each tip's groups over the words still possible before it, and its answer."""
    possible = list(words)
    state = TipState()
    moves: list[Move] = []
    for i, tip in enumerate(tips, start=1):
        groups = answer_groups(possible, tip)
        code = answer(secret, tip)
        state = state.after(tip, code)
        after = [w for w in possible if answer(w, tip) == code]
        left = 0 if code == IS else len(after)
        moves.append(Move(i, tip, code, len(possible), left, groups, move_sentence(i, tip, code, groups, left)))
        possible = after
        if code == IS:
            break
    return moves


def floor_to(x: float, places: int) -> float:
    """x rounded down to a number of decimal places (a lower bound shown rounded stays a lower bound)."""
    scale = 10 ** places
    return math.floor(x * scale + 1e-9) / scale


def ceil_to(x: float, places: int) -> float:
    """x rounded up to a number of decimal places (an 'at most' shown rounded stays true)."""
    scale = 10 ** places
    return math.ceil(x * scale - 1e-9) / scale


def gap_sentence(bound: float, mean: float, proven: bool = False, tree: str = "this tree") -> str:
    """One plain sentence on how far a tree can be from the best possible: 'No strategy can average fewer than 6.81
    tries on this list; this tree takes 6.98, at most 2.5% more.' With proven=True the bound is the optimum itself."""
    low, shown = floor_to(bound, 2), round(mean, 2)
    more = ceil_to(max(0.0, mean / bound - 1.0) * 100.0, 1) if bound > 0 else 0.0
    if proven:
        if mean <= bound + 1e-9:
            return (f"The best possible strategy averages {bound:.2f} tries on this list, and {tree} takes "
                    f"{shown:.2f}: no strategy does better.")
        exact = round(max(0.0, mean / bound - 1.0) * 100.0, 1)
        return (f"The best possible strategy averages {bound:.2f} tries on this list; {tree} takes {shown:.2f}, "
                f"{exact:.1f}% more.")
    if mean <= bound + 1e-9:
        return (f"No strategy can average fewer than {low:.2f} tries on this list, and {tree} takes {shown:.2f}: "
                "no strategy does better.")
    return (f"No strategy can average fewer than {low:.2f} tries on this list; {tree} takes {shown:.2f}, at most "
            f"{more:.1f}% more than the best possible.")


# ---------------------------------------------------------------- the Home page's replay


def replay(words: Sequence[Word], secret: Word) -> Replay:
    """The tip game's tree (the saved one for the list, else the quick greedy tree) finding a word, each tip
    explained."""
    from core.tipgame.harness import play
    from core.tipgame.rules import ANSWER_NAMES
    from core.tipgame.solvers import GreedySolver, TreeSolver
    from core.tipgame.store import best_saved_tree

    saved = best_saved_tree(list(words))
    root = saved[0] if saved else GreedySolver().fit(list(words)).tree()
    solver = TreeSolver(time_budget=0).fit(list(words), root=root)
    record = play(solver, secret, list(words))
    moves = narrate([s.tip for s in record.steps], secret, list(words))
    frames = []
    for i, m in enumerate(moves):
        trail = tuple(f'"{x.tip}": {ANSWER_NAMES[x.answer]}' for x in moves[: i + 1])
        frames.append(Frame(trail, m.sentence))
    tree = "the saved decision tree" if saved else "the quick greedy tree"
    outcome = f"Found {secret} in {counted(len(moves), 'try', 'tries')}." if record.solved else f"Gave up on {secret}."
    return Replay("Tip game", f"{tree.capitalize()} looks for a word among {counted(len(words), 'word')}, sending "
                              "pieces of text as tips.", tuple(frames), outcome)
