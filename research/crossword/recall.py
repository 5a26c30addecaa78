"""Recall of the hybrid guesser: how often a dev slot's answer is among its top k candidates, by weekday and clue type.

    python -m research.crossword.recall --train-until 2010-12-31 --since 2011-01-01 --until 2012-12-31 \\
        --per-weekday 3 --seed 0 [--clues packaged] [--without blank,abbreviation] [--out rows.json] \\
        [--reveal 0.5] [--answer-documents 30] [--neighbours 60]

Dr.Fill's rule: the right answer anywhere in the top 100 suffices when crossings are used well, so the candidate
generator's recall matters more than its top-1. No crossing letters are given by default (the first ask of a solve);
`--reveal 0.5` shows each answer's letters with that chance, as the crossings do when the solver asks again.
`--slot-misses SLOTS.jsonl` reads a measure.py `--slots` file instead and counts each weekday's wrong letters: in
slots whose answer no source proposed, by the lists that hold the answer (a training answer, a common word, WordNet
only, none) and by clue shape.
`--books` reports each reference book alone (Moby Thesaurus, GCIDE, WordNet's opposites) beside the merged guesser.
Settings given on the command line refit the weights (on the models' own calibration puzzles).
`--without` turns clue-type handlers off (their hybrid weights are refitted on the same calibration puzzles);
`--ablate` measures all handlers, then each one left out, in one run (one line each: overall and by clue type).
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from collections import defaultdict

from core.crossword.clues.cluetypes import clue_kind
from core.crossword.knowledge.table import normalise_clue
from core.crossword.data import archive_path, model_dev_sample, per_weekday_sample
from core.crossword.clues.guessers import NEIGHBOURS, HybridGuesser, calibrate
from core.crossword.preparation import archive_models, packaged_models, with_calibration
from core.crossword.stats import WEEKDAYS
from research.crossword.measure import protocol_arguments


def revealed(answer: str, share: float, rng: random.Random) -> str | None:
    """A pattern showing each letter of the answer with probability `share` (None when share is 0: no letters)."""
    if share <= 0:
        return None
    return "".join(ch if rng.random() < share else "_" for ch in answer)


def clue_shape(clue: str, answer: str, is_word=lambda a: True) -> str:
    """A finer clue type for recall tables: blank, abbreviation, name (a capitalised word inside the clue), one-word
    clue (`Friend` PAL), multiword answer (not one dictionary word: ICECREAM), or definition (anything else)."""
    norm = normalise_clue(clue)
    kind = clue_kind(norm)
    if kind in ("blank", "abbreviation", "cross-reference"):
        return kind
    words = clue.replace("\u2019", "'").split()
    if any(w[:1].isupper() for w in words[1:]) or (len(words) == 1 and words[0].isupper() and len(words[0]) > 1):
        return "name"
    if not is_word(answer):
        return "multiword answer"
    return "one-word clue" if len(words) == 1 else "definition"


def slot_ranks(guesser, puzzles, k: int, reveal: float = 0.0, seed: int = 0) -> list[dict]:
    """One row a slot: weekday, clue type, the answer's rank among the guesser's top k (0 when absent).

    `reveal` > 0 shows that share of each answer's letters (seeded), as crossings do when a solver asks again.
    """
    rows, one_word = [], common_word_test()
    rng = random.Random(seed)
    for p in puzzles:
        for s in p.slots.values():
            if not s.answer:
                continue
            pattern = revealed(s.answer, reveal, rng)
            conf = guesser.candidates(s.clue, s.length, pattern=pattern) if pattern else \
                guesser.candidates(s.clue, s.length)
            ranked = sorted(conf, key=lambda a: (-conf[a], a))[:k]
            rank = ranked.index(s.answer) + 1 if s.answer in ranked else 0
            rows.append({"weekday": p.weekday, "kind": clue_kind(normalise_clue(s.clue)), "rank": rank,
                         "candidates": len(conf), "shape": clue_shape(s.clue, s.answer, one_word),
                         "clue": s.clue, "answer": s.answer})
    return rows


def book_ranks(guesser, puzzles, k: int) -> list[dict]:
    """One row a slot: the answer's rank (0 when absent from the top k) in the guesser's candidates and in each
    reference book's proposals alone (core.crossword.clues.packaged.reference_answers, ranked by the book's own score),
    no crossing letters."""
    from core.crossword.clues.packaged import reference_answers
    from core.crossword.clues.references import installed_references

    books = installed_references()
    rows = []
    for p in puzzles:
        for s in p.slots.values():
            if not s.answer:
                continue
            found = {"merged guesser": guesser.candidates(s.clue, s.length)}
            found.update(reference_answers(books, s.clue, s.length))
            ranks = {}
            for source, conf in found.items():
                ranked = sorted(conf, key=lambda a: (-conf[a], a))[:k]
                ranks[source] = ranked.index(s.answer) + 1 if s.answer in ranked else 0
            rows.append({"weekday": p.weekday, "ranks": ranks})
    return rows


def book_recall(rows: list[dict], ks=(1, 10, 100)) -> dict:
    """Source -> {slots, top1, top10, top100}: each book alone, the merged guesser, and the answer in the merged
    guesser's or any book's top k ('any')."""
    sources = list(rows[0]["ranks"]) if rows else []
    out = {}
    for source in sources + ["any"]:
        def rank_in(r, n):
            if source != "any":
                return 0 < r["ranks"][source] <= n
            return any(0 < x <= n for x in r["ranks"].values())
        out[source] = {"slots": len(rows), **{f"top{n}": round(sum(rank_in(r, n) for r in rows) / max(len(rows), 1), 4)
                                              for n in ks}}
    return out


def common_word_test():
    """A test: whether an answer is one word of the dictionary of common words (wordfreq)."""
    from core.crossword.knowledge.models import general_words

    words = general_words()
    return lambda a: a in words


def miss_reason(models, conf: dict, answer: str) -> str:
    """Why an answer missing from a slot's top k is missing: never a training answer (in a word list or not), or
    seen in training but proposed by no source, or proposed and ranked too low."""
    if answer not in models.table.answer_id:
        listed = models.dictionary.index(len(answer)).get(answer) is not None
        return "unseen answer, in the dictionary" if listed else "unseen answer, in no word list"
    return "seen answer, ranked below" if answer in conf else "seen answer, proposed by no source"


def miss_table(models, guesser, puzzles, k: int) -> dict:
    """Weekday -> {reason or clue type: share of that weekday's slots} for the answers missing from the top k."""
    out: dict = defaultdict(lambda: defaultdict(float))
    counts: dict = defaultdict(int)
    for p in puzzles:
        for s in p.slots.values():
            if not s.answer:
                continue
            conf = guesser.candidates(s.clue, s.length)
            counts[p.weekday] += 1
            if s.answer in sorted(conf, key=lambda a: (-conf[a], a))[:k]:
                continue
            out[p.weekday][miss_reason(models, conf, s.answer)] += 1
            out[p.weekday][f"clue type {clue_kind(normalise_clue(s.clue))}"] += 1
    return {d: {r: round(n / counts[d], 4) for r, n in sorted(out[d].items())} for d in WEEKDAYS if d in counts}


def recall_table(rows: list[dict], key: str, ks=(1, 10, 100)) -> dict:
    """Group -> {slots, top1, top10, top100} shares."""
    groups = defaultdict(list)
    for r in rows:
        groups[r[key]].append(r["rank"])
    out = {}
    for g, ranks in groups.items():
        out[g] = {"slots": len(ranks), **{f"top{k}": sum(0 < x <= k for x in ranks) / len(ranks) for k in ks}}
    return out


def guesser_class(models) -> type:
    """The models' hybrid guesser class: the packaged one for the packaged models (see core.crossword.clues.candidates.hybrid_guesser)."""
    from core.crossword.clues.candidates import hybrid_guesser

    return type(hybrid_guesser(models))


def guesser_settings(args) -> dict:
    """The hybrid guesser's settings from the command line (the solver's neighbours by default)."""
    out = {"neighbours": args.neighbours}
    if args.answer_documents is not None:
        out["answer_documents"] = args.answer_documents
    return out


def refitted(models, path, args, without: set) -> HybridGuesser:
    """A hybrid guesser without some clue-type handlers, its weights refitted on the models' calibration puzzles.

    The calibration fits on the guesser as the pipeline builds it (default neighbours) with the other settings given.
    """
    kinds = tuple(t for t in HybridGuesser.ALL_CLUE_TYPES if t not in without)
    dev = model_dev_sample(path, args.train_until, 30) if args.clues == "archive" else \
        per_weekday_sample(path, "2011-01-01", "2012-12-31", 3, 1)[0]
    settings = guesser_settings(args)
    fit_settings = {k: v for k, v in settings.items() if k != "neighbours"}
    cls = guesser_class(models)
    weights, bias = calibrate(cls(models, clue_types=kinds, **fit_settings), dev)
    return cls(with_calibration(models, weights, bias), clue_types=kinds, **settings)


def ablation(models, path, args, puzzles) -> dict:
    """Recall with every handler, then with each left out (and with none): {label: {all, by_clue_type}}."""
    out = {}
    for label, without in [("all", set()), ("none", set(HybridGuesser.ALL_CLUE_TYPES))] + \
            [(f"without {t}", {t}) for t in HybridGuesser.ALL_CLUE_TYPES]:
        rows = slot_ranks(refitted(models, path, args, without), puzzles, args.k)
        out[label] = {"all": recall_table([dict(r, all="all") for r in rows], "all").get("all", {}),
                      "by_clue_type": recall_table(rows, "kind")}
        kinds = " ".join(f"{k} {v['top1']:.1%}/{v['top100']:.1%}" for k, v in sorted(out[label]["by_clue_type"].items()))
        print(f"{label}: top1 {out[label]['all']['top1']:.1%} top100 {out[label]['all']['top100']:.1%} | {kinds}",
              flush=True)
    if args.out:
        with open(args.out, "w") as fh:
            json.dump(out, fh)
    return out


def answer_list(answer: str, training, common, wordnet) -> str:
    """The first list that holds an answer: a training answer, a common word (wordfreq), a WordNet entry, or none."""
    if answer in training:
        return "training answer"
    if answer in common:
        return "common word"
    return "WordNet only" if answer in wordnet else "in no list"


def slot_misses(rows: list[dict], training, common, wordnet) -> dict:
    """Weekday -> wrong letters, those in slots no source proposed, and these by answer list and by clue shape."""
    out: dict = {}
    for r in rows:
        day = out.setdefault(r["weekday"], {"wrong letters": 0, "unproposed": 0, "by list": defaultdict(int),
                                             "by shape": defaultdict(int)})
        wrong = r["length"] - r["right"]
        day["wrong letters"] += wrong
        if wrong and not r["sources"]:
            day["unproposed"] += wrong
            day["by list"][answer_list(r["answer"], training, common, wordnet)] += wrong
            day["by shape"][clue_shape(r["clue"], r["answer"], lambda a: a in common)] += wrong
    return {d: {k: dict(sorted(v.items(), key=lambda t: -t[1])) if isinstance(v, dict) else v
                for k, v in out[d].items()} for d in WEEKDAYS if d in out}


def wordnet_entries(folder) -> list[str]:
    """Every WordNet lemma as a grid answer ('drop_cloth' -> 'DROPCLOTH'), from the index.* files of a folder."""
    import re

    out = []
    for pos in ("noun", "verb", "adj", "adv"):
        path = folder / f"index.{pos}" if folder else None
        if path is None or not path.exists():
            continue
        with open(path, encoding="utf-8", errors="replace") as fh:
            out.extend(re.sub(r"[^A-Za-z]", "", line.split(" ", 1)[0]).upper() for line in fh if not line.startswith(" "))
    return out


def print_slot_misses(path: str, train_until: str) -> dict:
    """The slot-miss table of a measure.py slots file (answers of the archive's training split as the first list)."""
    from core.crossword.data import training_table
    from core.crossword.knowledge.models import general_words
    from core.words.wordnet import wordnet_dir

    with open(path) as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    training = set(training_table(archive_path(), until=train_until).answers)
    table = slot_misses(rows, training, set(general_words()), set(wordnet_entries(wordnet_dir())))
    print(json.dumps(table, indent=1))
    return table


def main(argv: list[str] | None = None) -> dict:
    """Print recall by weekday and by clue type (JSON)."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    protocol_arguments(ap)
    ap.add_argument("--k", type=int, default=100)
    ap.add_argument("--without", default="", help="clue-type handlers to turn off, comma separated")
    ap.add_argument("--ablate", action="store_true")
    ap.add_argument("--misses", action="store_true", help="why answers miss the top k, by weekday (shares of slots)")
    ap.add_argument("--reveal", type=float, default=0.0,
                    help="share of each answer's letters shown, as crossing letters (seeded; 0: none)")
    ap.add_argument("--neighbours", type=int, default=NEIGHBOURS, help=f"similar clues searched (the best solver's {NEIGHBOURS})")
    ap.add_argument("--answer-documents", type=int, default=None,
                    help="answers proposed by their document's match (refits the weights when given)")
    ap.add_argument("--weekdays", default="", help="only these weekdays, comma separated (Monday,Tuesday)")
    ap.add_argument("--refit", action="store_true", help="refit the weights on the models' calibration puzzles")
    ap.add_argument("--books", action="store_true",
                    help="recall of each reference book alone (thesaurus, GCIDE, opposites) beside the merged guesser")
    ap.add_argument("--out", default="")
    ap.add_argument("--slot-misses", default="", help="a measure.py --slots file: count its unproposed wrong letters")
    args = ap.parse_args(argv)
    if args.slot_misses:
        return print_slot_misses(args.slot_misses, args.train_until)
    path = archive_path()
    if path is None:
        sys.exit("no archive: set WORDLAB_DATA")
    models = archive_models(path, until=args.train_until) if args.clues == "archive" else packaged_models()
    puzzles, _ = per_weekday_sample(path, args.since, args.until, args.per_weekday, args.seed)
    if args.weekdays:
        puzzles = [p for p in puzzles if p.weekday in args.weekdays.split(",")]
    if args.ablate:
        return ablation(models, path, args, puzzles)
    if args.misses:
        table = miss_table(models, guesser_class(models)(models, **guesser_settings(args)), puzzles, args.k)
        print(json.dumps(table, indent=1))
        return table
    without = {w for w in args.without.split(",") if w}
    refit = without or args.answer_documents is not None or args.refit
    guesser = refitted(models, path, args, without) if refit else \
        guesser_class(models)(models, **guesser_settings(args))
    if args.books:
        table = book_recall(book_ranks(guesser, puzzles, args.k))
        print(json.dumps(table, indent=1))
        return table
    rows = slot_ranks(guesser, puzzles, args.k, args.reveal, args.seed)
    by_day = recall_table(rows, "weekday")
    result = {"args": vars(args), "all": recall_table([dict(r, all="all") for r in rows], "all").get("all", {}),
              "by_weekday": {d: by_day[d] for d in WEEKDAYS if d in by_day},
              "by_clue_type": recall_table(rows, "kind"), "by_clue_shape": recall_table(rows, "shape")}
    if args.out:
        with open(args.out, "w") as fh:
            json.dump({**result, "rows": rows}, fh)
    print(json.dumps(result, indent=1))
    return result


if __name__ == "__main__":
    main()
