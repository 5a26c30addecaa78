"""WordNet's clue table: its glosses and usage examples as (clue, answer) pairs, built once and cached on disk."""
from __future__ import annotations

from pathlib import Path

from core.crossword.knowledge.table import ClueTable, Pair, clue_table, normalise_clue
from core.progress import Progress, no_progress
from core.words.wordnet import LEMMA, answer_form, example_clue, parse_data_line, parse_examples, wordnet_dir, wordnet_key

def wordnet_pairs(folder: Path | None = None, progress: Progress = no_progress) -> list[Pair]:
    """(normalised definition, ANSWER) for every lemma of every synset (3-15 letters): the first and the whole one,
    and each usage example holding the lemma with the lemma blanked ('it is the ___ I can do', LEAST).

    `progress` gets the bytes read of WordNet's four data files (a bar by the share of the reading done)."""
    folder = folder or wordnet_dir()
    if folder is None:
        return []
    out = []
    files = [folder / f"data.{pos}" for pos in ("noun", "verb", "adj", "adv")]
    total, done = sum(f.stat().st_size for f in files), 0
    for path in files:
        with open(path, encoding="utf-8", errors="replace") as fh:
            for i, line in enumerate(fh):
                done += len(line)
                if i % 4096 == 0:
                    progress(min(done, total), total, "reading WordNet's definitions")
                parsed = parse_data_line(line)
                if not parsed:
                    continue
                lemmas, first, whole = parsed
                clues = dict.fromkeys(normalise_clue(g) for g in (first, whole))
                examples = parse_examples(line)
                for lemma in lemmas:
                    answer = answer_form(lemma)
                    if not (LEMMA.match(lemma) and 3 <= len(answer) <= 15):
                        continue
                    out.extend((clue, answer) for clue in clues if answer.lower() not in clue.split())
                    # usage examples as blanks: 'it is the ___ I can do' for LEAST
                    out.extend((normalise_clue(c), answer) for c in (example_clue(e, lemma) for e in examples) if c)
    return out


def wordnet_table_folder() -> Path:
    """The disk cache folder of the WordNet clue table (its `done` file marks a finished build), keyed by WordNet's
    files and the code that reads them."""
    from core.cache import cache_dir

    return cache_dir("crossword", "tables", "wordnet-3.0-" + wordnet_key("wordnet-table"))


def table_ready() -> bool:
    """Whether the WordNet clue table is cached already."""
    return (wordnet_table_folder() / "done").exists()


def wordnet_table(progress: Progress = no_progress) -> ClueTable:
    """The WordNet clue table (empty when WordNet is not installed), cached on disk; `progress` while it is built."""
    import numpy as np

    folder = wordnet_table_folder()
    if (folder / "done").exists():
        arrays = np.load(folder / "pairs.npz")
        clues = tuple((folder / "clues.txt").read_text(encoding="utf-8").split("\n"))
        answers = tuple((folder / "answers.txt").read_text(encoding="utf-8").split("\n"))
        return ClueTable(clues, answers, arrays["clue"], arrays["answer"], arrays["count"], "WordNet 3.0 glosses")
    table = clue_table(wordnet_pairs(progress=progress), "WordNet 3.0 glosses")
    if table.clues:
        np.savez(folder / "pairs.npz", clue=table.pair_clue, answer=table.pair_answer, count=table.pair_count)
        (folder / "clues.txt").write_text("\n".join(table.clues), encoding="utf-8")
        (folder / "answers.txt").write_text("\n".join(table.answers), encoding="utf-8")
        (folder / "done").write_text("ok")
    return table
