"""CPU and wall seconds of each stage of building the static meaning table (core.crossword.knowledge.distil), from the cache
it is given (an empty one for first use).

    WORDLAB_CACHE=$(mktemp -d) python -m research.crossword.table_cost --glosses 10000,20000
    WORDLAB_CACHE=$(mktemp -d) python -m research.crossword.table_cost --corpus clues --train-until 2012-12-31

`--corpus clues` reads the training split's distinct clues (dated up to --train-until, drawn as
research.crossword.static_table draws them) instead of WordNet's glosses.
"""
from __future__ import annotations

import argparse
import resource
import time
from typing import Callable

import numpy as np

from core.crossword.knowledge import distil
def cpu_seconds() -> float:
    """User + system CPU seconds of this process so far."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def timed(label: str, work: Callable):
    """work()'s result, after printing its CPU and wall seconds."""
    cpu, wall = cpu_seconds(), time.monotonic()
    out = work()
    print(f"{label}: {cpu_seconds() - cpu:.1f} s CPU, {time.monotonic() - wall:.1f} s wall", flush=True)
    return out


def fit_texts(corpus: str, n: int, train_until: str) -> list[str]:
    """n texts a fit reads: WordNet's glosses as the shipped table draws them, or the training split's clues."""
    from core.crossword.knowledge.wordnet_table import wordnet_table

    if corpus == "wordnet":
        timed("WordNet's clue table", wordnet_table)
        return distil.fit_texts(n)
    from research.crossword.static_table import sample_clues

    return timed("the training split's clue table", lambda: sample_clues(n, train_until))


def stage_costs(gloss_counts: list[int], corpus: str = "wordnet", train_until: str = "2012-12-31") -> None:
    """Print each stage's cost: the corpus's table, the pieces, the whole words, each further block of its texts read
    by the transformer (in the order of gloss_counts) and the fit on the first count."""
    all_texts = fit_texts(corpus, max(gloss_counts), train_until)
    words = timed(f"choosing {distil.WORDS:,} whole words", distil.extra_words)
    base = distil.base_tokenizer()
    outputs = timed("the pieces through the transformer", distil.piece_outputs)
    word_outputs = timed("the whole words through the transformer",
                         lambda: distil.mean_outputs(distil.framed(base, words)))
    texts, read = all_texts, []
    done = 0
    for n in sorted(gloss_counts):
        block = texts[done:n]
        read.append(timed(f"{corpus} texts {done:,} to {done + len(block):,} through the transformer",
                          lambda block=block: distil.mean_outputs(distil.framed(base, block))))
        done += len(block)
    outputs = np.concatenate([outputs, word_outputs])
    vocab = dict(base.get_vocab(), **{w: base.get_vocab_size() + i for i, w in enumerate(words)})
    table = timed("PCA and SIF weights", lambda: distil.distil(outputs, vocab))
    first = min(gloss_counts)
    targets = np.concatenate(read)[:first]
    targets /= np.linalg.norm(targets, axis=1, keepdims=True)
    _, axes = distil.principal_axes(outputs, distil.special_rows(vocab, len(outputs)), table.shape[1])
    sequences = [e.ids for e in distil.tokenizer_with(words).encode_batch(texts[:first], add_special_tokens=False)]
    timed(f"the fit on {first:,} {corpus} texts", lambda: distil.fitted(table, sequences, targets, axes))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--glosses", default=str(distil.FIT_TEXTS), help="text counts, comma-separated")
    ap.add_argument("--corpus", choices=("wordnet", "clues"), default="wordnet")
    ap.add_argument("--train-until", default="2012-12-31", help="the training split's last date (--corpus clues)")
    args = ap.parse_args(argv)
    stage_costs([int(n) for n in args.glosses.split(",")], args.corpus, args.train_until)


if __name__ == "__main__":
    main()
