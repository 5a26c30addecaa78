"""Clue look-up: a clue and a pattern ('A?I?' or a length) give the ranked answers that fit, each with its chance
and the sources that proposed it in plain words.

    python -m core.crossword.lookup "Opera solo" A??A
    python -m core.crossword.lookup "Opera solo" 4 --clues packaged --json
    python -m core.crossword.lookup "Opera solo" 4 --train my_puzzles/
"""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict, dataclass

from core.crossword.knowledge.models import ClueModels

Pattern = str  # upper-case letters and '_' for each unknown square
MAX_LENGTH = 25
UNKNOWN = "?_."  # what a person may type for an unknown square
PATTERN_ONLY = "common word that fits"  # the source of an answer found by its letters alone
THEME_ONLY = "your word list"  # the source of a word of the person's own list found by its letters alone
FALLBACK = 0.05  # a common word's chance after a clue's answers: its share of the fitting words' weight times this,
# times the chance the clue's answers leave over


class PatternError(ValueError):
    """A pattern that cannot be searched, with a sentence fit to show a person."""


@dataclass(frozen=True)
class Answer:
    """One look-up answer: the word, its chance of being right and who proposed it, in plain words."""

    answer: str
    chance: float
    proposed_by: str


def parse_pattern(text: str) -> Pattern:
    """'A?i?' -> 'A_I_', '5' -> '_____'; PatternError with a plain sentence for anything else."""
    text = (text or "").strip().replace(" ", "")
    if not text:
        raise PatternError("Give the answer's length (such as 5) or its letters with ? for each unknown square "
                           "(such as A?I?).")
    if text.isdigit():
        n = int(text)
        if not 1 <= n <= MAX_LENGTH:
            raise PatternError(f"An answer has 1 to {MAX_LENGTH} letters; {n} is outside that.")
        return "_" * n
    bad = sorted({ch for ch in text if ch not in UNKNOWN and not ("A" <= ch.upper() <= "Z" and ch.isascii())})
    if bad:
        shown = " ".join(f"'{ch}'" for ch in bad)
        raise PatternError(f"The pattern may hold only the letters A to Z and ? for an unknown square; it has {shown}.")
    if len(text) > MAX_LENGTH:
        raise PatternError(f"An answer has 1 to {MAX_LENGTH} letters; this pattern has {len(text)}.")
    return "".join("_" if ch in UNKNOWN else ch.upper() for ch in text)


def shown_pattern(pattern: Pattern) -> str:
    """A pattern as a person typed it: '?' for each unknown square."""
    return pattern.replace("_", "?")


def pattern_answers(models: ClueModels, pattern: Pattern, k: int, skip=(), clue: str = "",
                    scale: float = 1.0) -> list[Answer]:
    """The k commonest dictionary words that fit the pattern (answers in `skip` or words of the clue left out), their
    chance `scale` times their share of the fitting words' weight."""
    from core.crossword.clues.guessers import DictionaryGuesser

    found = DictionaryGuesser(models, scale=scale).guess(clue, pattern, k + len(skip))
    theme = set(models.info.get("theme_words", ()))
    return [Answer(a, c, THEME_ONLY if a in theme else PATTERN_ONLY) for a, c in found if a not in skip][:k]


def look_up(models: ClueModels, clue: str, pattern: Pattern, k: int = 20) -> list[Answer]:
    """The k likeliest answers to a clue that fit the pattern, best first: the clue sources' candidates (the
    models' hybrid guesser, each with its share of one whole chance), then common words that fit when the sources
    propose fewer than k, sharing a small part of the chance the sources leave over; the chances add up to 1 at most.

    An empty clue searches by the pattern only.
    """
    from core.crossword.clues.candidates import sourced_candidates

    if not clue.strip():
        return pattern_answers(models, pattern, k)
    rows = [Answer(r["answer"], float(r["chance"]), r["proposed by"])
            for r in sourced_candidates(models, clue, pattern, k)]
    if len(rows) < k:  # common words that fit, at the solver's fallback weight, never above a clue's answer
        floor = rows[-1].chance if rows else 1.0
        left = max(0.0, 1.0 - sum(r.chance for r in rows))  # what the clue's answers leave for other words
        rows += [Answer(a.answer, min(a.chance, floor), a.proposed_by)
                 for a in pattern_answers(models, pattern, k - len(rows), {r.answer for r in rows}, clue,
                                          FALLBACK * left)]
    return rows


def other_chance(answers: list[Answer]) -> float:
    """The chance that the answer is none of these: what their chances leave of 100%."""
    return max(0.0, 1.0 - sum(a.chance for a in answers))


def best_sentence(answers: list[Answer]) -> str:
    """The look-up's headline in plain words, with the same number as the table's first row and words that fit it
    ('HEART, 12.0%: my best guess, but unlikely'); answers tied with the first are named with it."""
    from core.crossword.explain import chance_text, chance_verdict

    best = answers[0]
    tied = [a.answer for a in answers if chance_text(a.chance) == chance_text(best.chance)]
    if len(tied) > 1:
        names = ", ".join(f"**{a}**" for a in tied)
        return (f"Best answers, equally likely: {names}, {chance_text(best.chance)} each; none is likelier than the "
                "others.")
    return (f"Best answer: **{best.answer}**, {chance_text(best.chance)} likely ({best.proposed_by}): "
            f"{chance_verdict(best.chance)}.")


def total_sentence(answers: list[Answer]) -> str:
    """How the chances of the table add up: what the answers listed hold together and what is left for others."""
    from core.crossword.explain import chance_text

    held = sum(a.chance for a in answers)
    return (f"Together these {len(answers)} answers hold {chance_text(held)} of the chance; the other "
            f"{chance_text(other_chance(answers))} is for an answer not listed here.")


# clues whose first ask reads a word list the models load lazily (common phrases, the training clues' own phrases,
# abbreviations, the clue's language, WordNet's relatives): asked once before the first look-up
WARM_CLUES = (("Dutch ___ disease", "___"), ("Squad leader: Abbr.", "____"), ("Opera solo", "____"),
              ("Loser to Al Pacino for Best Actor of 1992", "__________"))


def warm_lookup(models: ClueModels, progress=lambda done, total, message="": None) -> None:
    """Load what a first look-up of each kind of clue would load (the other languages' words, phrases,
    abbreviations), so every look-up after it answers at once."""
    from core.crossword.clues.cluetypes import LANGUAGES, foreign_words

    languages = sorted(set(LANGUAGES.values()))
    total = len(languages) + len(WARM_CLUES)
    for i, code in enumerate(languages):
        progress(i, total, f"reading common words of language '{code}'")
        foreign_words(code)
    for i, (clue, pattern) in enumerate(WARM_CLUES, start=len(languages)):
        progress(i, total, "reading phrases, abbreviations and the dictionary's relatives")
        look_up(models, clue, pattern, 5)
    progress(total, total, "ready")


def empty_sentence(clue: str, pattern: Pattern) -> str:
    """What to say when no answer fits."""
    what = f"the clue '{clue.strip()}'" if clue.strip() else "the pattern alone"
    return (f"No answer fits {shown_pattern(pattern)} ({len(pattern)} letters) for {what}: "
            "check the letters, or leave more squares as ?.")


def answer_lines(answers: list[Answer]) -> str:
    """One answer a line, best first, with its chance and who proposed it (the CLI's plain output), then what the
    chances leave for an answer not listed."""
    from core.crossword.explain import chance_text

    width = max(len("(other)"), *(len(a.answer) for a in answers))
    lines = [f"{a.answer:<{width}}  {chance_text(a.chance):>10}  {a.proposed_by}" for a in answers]
    return "\n".join(lines + [f"{'(other)':<{width}}  {chance_text(other_chance(answers)):>10}  an answer not listed"])


def answer_json(clue: str, pattern: Pattern, answers: list[Answer], clues: str) -> str:
    """One JSON object: the question and an `answers` list (answer, chance, proposed_by)."""
    return json.dumps({"clue": clue, "pattern": shown_pattern(pattern), "clues": clues,
                       "answers": [asdict(a) for a in answers]})


def load_models(clues: str, limit: int = 0, train: str = "") -> ClueModels:
    """The archive models (learned up to 2010, as the Crosswords page; from all of `train` when it names your own
    archive; "archive-only": without the packaged sources beside the archive's) or the packaged ones."""
    from pathlib import Path

    from core.crossword.data import TRAIN_UNTIL, archive_path
    from core.crossword.preparation import archive_models, dev_size_for, reads_books, wordnet_models
    from core.crossword.puzzle import PuzzleError
    from core.progress import no_progress

    if clues == "packaged":
        return wordnet_models(no_progress)
    if train:
        path = Path(train)
        if not path.exists():
            raise PatternError(f"There is no file or folder at {train}.")
        try:
            return archive_models(path, until="", limit=limit, dev_size=dev_size_for(limit),
                                  books=reads_books(clues))
        except PuzzleError as err:
            raise PatternError(f"Nothing to learn from {path.name}: {err}.") from None
    path = archive_path()
    if path is None:
        raise PatternError("The archive of past crosswords is not on this machine: use --clues packaged, or --train "
                           "with your own puzzles.")
    return archive_models(path, until=TRAIN_UNTIL, limit=limit, dev_size=dev_size_for(limit),
                          books=reads_books(clues))


def main(argv: list[str] | None = None) -> int:
    """The command line: print the answers (or one JSON object); a bad pattern or no answer says why on stderr."""
    from core.crossword.data import archive_path

    parser = argparse.ArgumentParser(prog="python -m core.crossword.lookup", description=__doc__.split("\n")[0])
    parser.add_argument("clue", help="the clue ('' to search by the pattern only)")
    parser.add_argument("pattern", help="letters with ? for each unknown square (A?I?), or the answer's length")
    parser.add_argument("--clues", choices=("archive", "archive-only", "packaged"), default=None,
                        help="where the clue knowledge comes from: the archive with the packaged sources beside it "
                             "(the default when the archive is here), the archive's sources only, or the packaged "
                             "ones only")
    parser.add_argument("--top", type=int, default=20, help="how many answers (default 20)")
    parser.add_argument("--limit", type=int, default=0, help="learn from only the last N archive puzzles (quicker)")
    parser.add_argument("--json", action="store_true", help="one JSON object with an `answers` list")
    parser.add_argument("--train", default="", help="learn from your own archive: a folder or .zip of .puz, .ipuz or "
                                                    "NYT JSON files, a clue table (.tsv/.csv) or archive JSONL")
    args = parser.parse_args(argv)
    clues = args.clues or ("archive" if archive_path() or args.train else "packaged")
    try:
        pattern = parse_pattern(args.pattern)
        answers = look_up(load_models(clues, args.limit, args.train), args.clue, pattern, max(1, args.top))
    except PatternError as err:
        print(str(err), file=sys.stderr)
        return 2
    if args.json:
        print(answer_json(args.clue, pattern, answers, clues))
    elif answers:
        print(answer_lines(answers))
    if not answers:
        print(empty_sentence(args.clue, pattern), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
