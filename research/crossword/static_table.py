"""Variants of the static meaning table (core.crossword.knowledge.distil), compared on dev with everything else unchanged.

    python -m research.crossword.static_table recall --table base= --table d384=dim=384 --table w20k=words=20000
    python -m research.crossword.static_table sweep --table w20k=words=20000 -- --per-weekday 2 --out-dir D --variant s=

A table is `LABEL=NAME=VALUE,...` over: `dim` (PCA dimensions kept, 384 = no PCA), `sif` (0 = no weighting),
`words` (N whole words added as rows, each run through the transformer once as [CLS] word [SEP]), `source`
("wordfreq": the most frequent English words the piece vocabulary splits; "clues": the training split's clue words),
`fit` (N texts the rows are fitted to: the training split's distinct clues, or with `corpus='wordnet'` WordNet's
glosses), `glosses` (N WordNet glosses added to the fit's texts: a mix), `lam` (the fit's ridge), `iters`.
The transformer's outputs are stored under the cache (research/static/), so variants share them.

`recall` asks the meaning source alone (no crossing letters) for every slot of the dev sample and counts the answer's
rank among its candidates by confidence and by best cosine (the hybrid's two meaning columns): top 1, top 10, found.
`sweep` runs research.crossword.sweep with the table installed (its calibration refitted and keyed by the table), so
two sweeps on the same puzzles differ only in the table.
"""
from __future__ import annotations

import argparse
import ast
import json
import os
import time
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np

from core.cache import artefact_key, cache_dir, content_hash
from core.crossword.knowledge import distil, meaning
from core.crossword import preparation
BATCH = 256


def parse_table(text: str) -> tuple[str, dict]:
    """(label, settings) from "LABEL=NAME=VALUE,..." (values are Python literals)."""
    label, _, rest = text.partition("=")
    settings = {"dim": distil.DIM, "sif": distil.SIF, "words": 0, "source": "wordfreq", "fit": 0, "lam": 1.0,
                "iters": 60, "corpus": "clues", "glosses": 0}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        name, _, value = part.partition("=")
        if name not in settings:
            raise ValueError(f"unknown table setting {name!r} in {text!r}")
        settings[name] = ast.literal_eval(value)
    return label, settings


def store(name: str) -> Path:
    """A file under the research cache of transformer outputs."""
    return cache_dir("research", "static") / name


def piece_outputs() -> np.ndarray:
    """The transformer's outputs for the 30,522 pieces alone (stored after the first run)."""
    path = store(f"pieces-{artefact_key(distil.model_dir())}.npy")
    if not path.exists():
        t = time.monotonic()
        np.save(path, distil.piece_outputs())
        print(f"pieces run in {time.monotonic() - t:.0f} s", flush=True)
    return np.load(path)


def split_words(words: list[str]) -> list[str]:
    """The words (lower-case letters only, in order) that the piece vocabulary splits into two or more pieces."""
    tok = distil.base_tokenizer()
    words = [w for w in dict.fromkeys(words) if w.isascii() and w.isalpha() and w.islower()]
    enc = tok.encode_batch(words, add_special_tokens=False)
    return [w for w, e in zip(words, enc) if len(e.ids) > 1]


def wordfreq_words(n: int) -> list[str]:
    """The n most frequent English words of wordfreq's list that the piece vocabulary splits."""
    from wordfreq import top_n_list

    return split_words(top_n_list("en", max(4 * n, 20000)))[:n]


def clue_words(n: int, train_until: str) -> list[str]:
    """The n most frequent words of the training split's clues that the piece vocabulary splits."""
    from core.crossword.data import archive_path, training_table

    tok = distil.base_tokenizer()
    counts: Counter = Counter()
    for clue in training_table(archive_path(), until=train_until).clues:
        counts.update(w for w, _ in tok.pre_tokenizer.pre_tokenize_str(tok.normalizer.normalize_str(clue)))
    ranked = [w for w, _ in counts.most_common()]
    return split_words(ranked[: 4 * n + 1000])[:n]


def word_outputs(words: list[str]) -> np.ndarray:
    """The transformer's mean output (n, 384) for each word run alone as [CLS] its pieces [SEP] (stored)."""
    path = store(f"words-{content_hash(artefact_key(distil.model_dir()), *words)}.npy")
    if path.exists():
        return np.load(path)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import torch
    from transformers import AutoModel

    tok = distil.base_tokenizer()
    cls, sep = tok.token_to_id("[CLS]"), tok.token_to_id("[SEP]")
    ids = [[cls, *e.ids, sep] for e in tok.encode_batch(words, add_special_tokens=False)]
    model = AutoModel.from_pretrained(str(distil.model_dir())).eval()
    out = np.zeros((len(words), 384), np.float32)
    order = sorted(range(len(words)), key=lambda i: len(ids[i]))
    t, c = time.monotonic(), time.process_time()
    with torch.inference_mode():
        for lo in range(0, len(order), BATCH):
            batch = order[lo:lo + BATCH]
            width = max(len(ids[i]) for i in batch)
            x = torch.zeros((len(batch), width), dtype=torch.long)
            mask = torch.zeros_like(x)
            for j, i in enumerate(batch):
                x[j, :len(ids[i])] = torch.tensor(ids[i])
                mask[j, :len(ids[i])] = 1
            hidden = model(input_ids=x, attention_mask=mask, token_type_ids=torch.zeros_like(x)).last_hidden_state
            out[batch] = ((hidden * mask[..., None]).sum(1) / mask.sum(1, keepdim=True)).numpy()
    print(f"{len(words)} words run in {time.monotonic() - t:.0f} s wall, {time.process_time() - c:.0f} s CPU",
          flush=True)
    np.save(path, out)
    return out


def variant(settings: dict, train_until: str) -> tuple[np.ndarray, object]:
    """(table float16, tokenizer) of a variant's settings."""
    outputs = piece_outputs()
    vocab = dict(distil.base_tokenizer().get_vocab())
    words: list[str] = []
    if settings["words"]:
        words = (wordfreq_words(settings["words"]) if settings["source"] == "wordfreq"
                 else clue_words(settings["words"], train_until))
        outputs = np.concatenate([outputs, word_outputs(words)])
        vocab.update({w: len(vocab) + i for i, w in enumerate(words)})
    sif = settings["sif"] or 1e12  # no weighting: every weight SIF / (SIF + p) is 1
    table = distil.distil(outputs, vocab, dim=settings["dim"], sif=sif)
    tok = distil.tokenizer_with(words) if words else distil.base_tokenizer()
    if settings["fit"]:
        table = fitted(table, outputs, vocab, tok, settings, train_until)
    return table, tok


def sample_clues(n: int, train_until: str, corpus: str = "clues", seed: int = 0) -> list[str]:
    """n distinct texts drawn at random: the training split's clues, or WordNet's glosses ("wordnet")."""
    from core.crossword.data import archive_path, training_table
    from core.crossword.knowledge.wordnet_table import wordnet_table

    clues = wordnet_table().clues if corpus == "wordnet" else training_table(archive_path(), until=train_until).clues
    rng = np.random.default_rng(seed)
    return [clues[i] for i in sorted(rng.choice(len(clues), size=min(n, len(clues)), replace=False))]


def clue_targets(clues: list[str]) -> np.ndarray:
    """all-MiniLM-L6-v2's unit vectors (n, 384) of the clues (stored)."""
    from research.crossword.rerank import transformer_vectors

    path = store(f"clues-{content_hash(artefact_key(distil.model_dir()), *clues)}.npy")
    if path.exists():
        return np.load(path)
    t, c = time.monotonic(), time.process_time()
    out = np.concatenate([transformer_vectors(clues[lo:lo + 4096]) for lo in range(0, len(clues), 4096)])
    print(f"{len(clues)} clues read by the transformer in {time.monotonic() - t:.0f} s wall, "
          f"{time.process_time() - c:.0f} s CPU", flush=True)
    np.save(path, out)
    return out


def principal_axes(outputs: np.ndarray, vocab: dict[str, int], dim: int) -> tuple[np.ndarray, np.ndarray]:
    """(mean, axes (384, dim)) of the pieces' outputs, as distil.distil finds them."""
    keep = np.ones(len(outputs), bool)
    for piece, i in vocab.items():
        if piece.startswith("[") and piece.endswith("]"):
            keep[i] = False
    x = outputs.astype(np.float64)
    mean = x[keep].mean(axis=0)
    _, axes = np.linalg.eigh((x[keep] - mean).T @ (x[keep] - mean))
    return mean, axes[:, ::-1][:, :dim]


def fitted(table: np.ndarray, outputs: np.ndarray, vocab: dict[str, int], tok, settings: dict,
           train_until: str) -> np.ndarray:
    """The table's rows fitted by ridge least squares so that a clue's mean row matches the transformer's centred
    vector of the clue (on the table's axes), pulled towards the distilled rows (tokenlearn's idea, linear)."""
    import scipy.sparse as sp

    clues = sample_clues(settings["fit"], train_until, settings["corpus"])
    if settings["glosses"]:  # a mix: WordNet's glosses after the corpus's texts
        clues += sample_clues(settings["glosses"], train_until, "wordnet")
    y = clue_targets(clues).astype(np.float64)
    _, axes = principal_axes(outputs, vocab, table.shape[1])
    target = (y - y.mean(axis=0)) @ axes
    ids = [e.ids for e in tok.encode_batch(clues, add_special_tokens=False)]
    indptr = np.concatenate([[0], np.cumsum([len(i) for i in ids])])
    x = sp.csr_matrix((np.concatenate([np.full(len(i), 1.0 / max(len(i), 1)) for i in ids]),
                       np.concatenate([np.asarray(i, np.int64) for i in ids]), indptr),
                      shape=(len(clues), table.shape[0]))
    t = time.monotonic()
    w, prior, alpha, rs = ridge_fit(table, x, target, settings["lam"], settings["iters"])
    before = ((x @ prior - target) ** 2).sum() / len(clues)
    after = ((x @ w - target) ** 2).sum() / len(clues)
    print(f"fit on {len(clues)} clues: alpha {alpha:.3f}, squared error {before:.4f} -> {after:.4f}, "
          f"residual {np.sqrt(rs.sum()):.3g}, {time.monotonic() - t:.0f} s", flush=True)
    return w.astype(np.float16)


def ridge_fit(table: np.ndarray, x, target: np.ndarray, lam: float, iters: int):
    """(rows, prior, alpha, squared residuals): rows minimising |x rows - target|^2 + lam |rows - prior|^2, where the
    prior is the table scaled by alpha to the targets, by block conjugate gradients (one system per column, all
    columns at once) from the prior; rows that are zero in the table (special pieces) stay zero."""
    w0 = table.astype(np.float64)
    pred = x @ w0
    alpha = float((pred * target).sum() / max((pred * pred).sum(), 1e-30))
    prior = alpha * w0
    gram = (x.T @ x).tocsr()
    w = prior.copy()
    r = x.T @ target + lam * prior - (gram @ w + lam * w)
    p = r.copy()
    rs = (r * r).sum(axis=0)
    for _ in range(iters):
        ap = gram @ p + lam * p
        a = rs / np.maximum((p * ap).sum(axis=0), 1e-30)
        w += p * a
        r -= ap * a
        new = (r * r).sum(axis=0)
        p = r + p * (new / np.maximum(rs, 1e-30))
        rs = new
    w[~w0.any(axis=1)] = 0.0
    return w, prior, alpha, rs


def install(label: str, settings: dict, train_until: str) -> None:
    """Make core.crossword.knowledge.meaning encode with the variant (its vectors and the calibration keyed by it)."""
    table, tok = variant(settings, train_until)
    by_split = (settings["words"] and settings["source"] == "clues") or (settings["fit"] and settings["corpus"] == "clues")
    key = artefact_key(distil.table_key(), json.dumps(settings, sort_keys=True), train_until if by_split else "")
    f32 = table.astype(np.float32)
    f32.flags.writeable = False
    meaning.static_table = lambda: f32
    meaning.tokenizer = lambda: tok
    meaning.table_ready = lambda: True
    meaning.DIM = table.shape[1]
    meaning.clue_meaning.cache_clear()
    distil.table_key = lambda: key
    code = preparation.calibration_code
    preparation.calibration_code = lambda: f"{code()}-{key}"
    print(f"table {label}: {table.shape[0]} rows x {table.shape[1]} dims, key {key}", flush=True)


def recall(args, tables: list[tuple[str, dict]]) -> dict:
    """The meaning source's ranks of the dev answers for each table (one process, models refreshed per table)."""
    from core.crossword.knowledge.table import normalise_clue
    from core.crossword.data import archive_path, per_weekday_sample
    from core.crossword.clues.guessers import MeaningGuesser
    from research.crossword.measure import chosen_weekdays
    from research.crossword.rerank_recall import rank_of

    path = archive_path()
    models = preparation.archive_models(path, until=args.train_until, dev_size=0)
    puzzles, _ = per_weekday_sample(path, args.since, args.until, args.per_weekday, args.seed)
    days = chosen_weekdays(args.weekdays)
    slots = [(p.weekday, normalise_clue(s.clue), s.answer) for p in puzzles if p.weekday in days
             for s in p.slots.values() if s.answer and s.clue]
    out: dict = {}
    for label, settings in tables:
        install(label, settings, args.train_until)
        models.__dict__.pop("meaning_by_length", None)
        t = time.monotonic()
        models.meaning_by_length
        guesser = MeaningGuesser(models)
        counts: dict = defaultdict(lambda: defaultdict(int))
        for day, clue, answer in slots:
            best: dict = {}
            conf = guesser.candidates(clue, len(answer), best=best)
            for key, scores in (("confidence", conf), ("best cosine", best)):
                r = rank_of(answer, scores)
                for group in (day, "all"):
                    c = counts[(group, key)]
                    c["slots"] += 1
                    c["top1"] += r == 1
                    c["top10"] += r is not None and r <= 10
                    c["found"] += r is not None
        out[label] = {f"{g} by {k}": dict(c) for (g, k), c in sorted(counts.items())}
        print(label, f"({time.monotonic() - t:.0f} s)", json.dumps(out[label]), flush=True)
        models.__dict__.pop("meaning_by_length", None)
    return out


def main(argv: list[str] | None = None) -> None:
    """`recall` over several tables, or `sweep` with one table installed."""
    from research.crossword.measure import protocol_arguments

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=("recall", "sweep"))
    ap.add_argument("--table", action="append", default=[])
    ap.add_argument("--weekdays", default="")
    ap.add_argument("--json", default="", help="recall: write the counts to this file")
    protocol_arguments(ap)
    args, rest = ap.parse_known_args(argv)
    tables = [parse_table(t) for t in args.table] or [("base", parse_table("base=")[1])]
    if args.mode == "recall":
        out = recall(args, tables)
        if args.json:
            Path(args.json).write_text(json.dumps(out, indent=1))
        return
    from research.crossword import sweep

    if len(tables) != 1:
        raise SystemExit("sweep: one --table")
    install(*tables[0], args.train_until)
    sweep.main([a for a in rest if a != "--"] + ["--train-until", args.train_until, "--since", args.since,
                                                 "--until", args.until, "--per-weekday", str(args.per_weekday),
                                                 "--seed", str(args.seed)] + (["--weekdays", args.weekdays]
                                                                              if args.weekdays else []))


if __name__ == "__main__":
    main()
