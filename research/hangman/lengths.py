"""How much the dictionary world costs unseen words, length by length: `python -m research.hangman.lengths`.

Measured 2026-11-24 (nothing shipped). A setting that depends only on the secret's length (known from the first
guess) changes only the games of that length, so one run of each global variant per world gives, exactly, the games
of every per-length mix of those variants. Three steps, all on the TRAINING part of the benchmark split
(validate.validation_split):

- `grid`: plays global variants in both worlds on a FIT sample (unseen: validation words outside the ranker's
  1,500-14,499 and the 15,000-16,499 that `best`'s dictionary setting was chosen on; dictionary: a length-stratified
  seeded sample of the inner 90%) and writes every game (variant, world, word, length, win, CPU) to a JSON file;
- `fit`: from that file, for each Lagrange weight, the per-length variant maximising unseen + weight x dictionary
  (each length weighted by its share of validation words), and the best one with the dictionary world at or above
  --dictionary-target;
- `confirm`: plays a per-length setting against the shipped one on a FRESH sample (the unseen words of that choice,
  15,000-16,499 and a dictionary sample of another seed), paired words. A variant's `by_length` key maps a secret
  length to its own overrides; this tool plays each length's words with that length's variant (the product's `best`
  has no per-length knob: the one tried in commit 1a2ded1 did not pay and was taken out).
"""
from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from collections import Counter

from research.hangman.games import play_words, variant as best_variant
from core.hangman.fitting import fitted
from core.words import sample
from research.hangman.validate import validation_split

RANKER_WORDS = (1500, 14500)  # validation words the ranker learned from (research.hangman.rank --skip 1500 ...)
SETTING_WORDS = (15000, 16500)  # validation words the shipped dictionary setting was chosen on (confirm's unseen words)


def fit_unseen(pool: list[str], max_length: int) -> list[str]:
    """Unseen validation words no tool learned or chose on yet, up to a length."""
    used = set(range(*RANKER_WORDS)) | set(range(*SETTING_WORDS))
    return [w for i, w in enumerate(pool) if i not in used and len(w) <= max_length]


def stratified(words: list[str], per_length: int, lengths: range, seed: int) -> list[str]:
    """A seeded sample of up to per_length words of each length (in the order of one shuffle)."""
    from core.words import make_list

    shuffled = sample(make_list("all", words, "research"), len(words), seed)
    taken: Counter = Counter()
    out = []
    for w in shuffled:
        if len(w) in lengths and taken[len(w)] < per_length:
            taken[len(w)] += 1
            out.append(w)
    return out


def length_shares(pool: list[str]) -> dict[int, float]:
    """Each length's share of the validation words (the test splits are drawn like them)."""
    c = Counter(len(w) for w in pool)
    return {n: k / len(pool) for n, k in sorted(c.items())}


def records(solver, words: list[str], jobs: int) -> list[list]:
    """[word, length, win, cpu seconds, guesses] of each game."""
    f = play_words(solver, words, 6, jobs)
    return [[r.item, int(r.length), bool(r.win), round(float(r.cpu_seconds), 5), int(r.guesses)] for r in f.itertuples()]


def per_length_overrides(variant: dict, length: int) -> dict:
    """A variant's overrides for secrets of one length: its own `by_length` entry over its global ones."""
    glob = {k: v for k, v in variant.items() if k != "by_length"}
    return {**glob, **variant.get("by_length", {}).get(str(length), {})}


def per_length_records(base, variant: dict, words: list[str], jobs: int) -> list[list]:
    """Each word's game record, every length played by the solver with that length's overrides (in word order)."""
    by_len: dict[int, list[str]] = {}
    for w in words:
        by_len.setdefault(len(w), []).append(w)
    got = {}
    for n, group in by_len.items():
        for rec in records(best_variant(base, **per_length_overrides(variant, n)), group, jobs):
            got.setdefault(rec[0], []).append(rec)
    return [got[w].pop(0) for w in words]


def grid(args) -> int:
    """Play every global variant in both worlds on the fit sample; write all games."""
    inner, pool = validation_split()
    unseen = fit_unseen(pool, args.max_length)
    known = stratified(inner.words, args.per_length, range(args.min_length, args.max_length + 1), args.seed)
    t = time.perf_counter()
    base, _ = fitted("best", inner.words, inner.hash)
    print(f"fitted/loaded in {time.perf_counter() - t:.1f}s; {len(unseen)} unseen, {len(known)} dictionary words",
          file=sys.stderr, flush=True)
    out = {"command": "python -m research.hangman.lengths " + " ".join(shlex.quote(a) for a in sys.argv[1:]),
           "shares": length_shares(pool),
           "variants": []}
    for v in args.variants:
        over = json.loads(v)
        solver = best_variant(base, **over)
        row = {"variant": over, "unseen": records(solver, unseen, args.jobs), "dictionary": records(solver, known, args.jobs)}
        out["variants"].append(row)
        u = sum(r[2] for r in row["unseen"]) / len(unseen)
        d = sum(r[2] for r in row["dictionary"]) / len(known)
        print(json.dumps({"variant": over, "unseen_raw": round(u, 4), "dictionary_raw": round(d, 4)}), flush=True)
        with open(args.out, "w", encoding="utf-8") as fh:
            json.dump(out, fh)
    return 0


def rates(rows: list[list]) -> dict[int, tuple[int, int]]:
    """length -> (wins, games)."""
    wins: Counter = Counter()
    games: Counter = Counter()
    for _w, n, win, *_ in rows:
        games[n] += 1
        wins[n] += int(win)
    return {n: (wins[n], games[n]) for n in games}


def weighted(by_len: dict[int, float], shares: dict[int, float], rest: float) -> float:
    """Overall rate: measured lengths by their share, the unmeasured ones at `rest`."""
    covered = sum(shares[n] for n in by_len)
    return sum(shares[n] * by_len[n] for n in by_len) + (1 - covered) * rest


Table = list[dict[int, tuple[float, float]]]  # per variant: length -> (unseen win rate, dictionary win rate)


def length_table(variants: list[dict], keep=lambda word: True, min_length: int = 3) -> Table:
    """Each variant's (unseen, dictionary) win rate by length over the games whose word `keep` accepts."""
    out = []
    for v in variants:
        u = rates([r for r in v["unseen"] if keep(r[0])])
        d = rates([r for r in v["dictionary"] if keep(r[0])])
        out.append({n: (u[n][0] / u[n][1], d[n][0] / d[n][1]) for n in u if n in d and n >= min_length})
    return out


def overall(table: Table, pick: dict[int, int], shares: dict[int, float], rest: tuple[float, float]) -> tuple[float, float]:
    """(unseen, dictionary) win rate of playing each length with its picked variant."""
    return (weighted({n: table[i][n][0] for n, i in pick.items()}, shares, rest[0]),
            weighted({n: table[i][n][1] for n, i in pick.items()}, shares, rest[1]))


LAMBDAS = [0.0] + [round(10 ** (x / 20), 4) for x in range(-40, 41)]  # dictionary points' worth in unseen points: 0.01 .. 100


def frontier(table: Table, shares: dict[int, float], rest: tuple[float, float]) -> list[tuple[float, float, float, dict[int, int]]]:
    """(weight, unseen, dictionary, pick) for each Lagrange weight: per length the variant maximising
    unseen + weight x dictionary (ties to the earlier variant)."""
    lengths = sorted(set.intersection(*(set(t) for t in table)))
    out = []
    for lam in LAMBDAS:
        pick = {n: max(range(len(table)), key=lambda i: (table[i][n][0] + lam * table[i][n][1], -i)) for n in lengths}
        out.append((lam, *overall(table, pick, shares, rest), pick))
    return out


def best_pick(table: Table, shares: dict[int, float], rest: tuple[float, float], target: float):
    """The frontier point with the highest unseen rate among those with the dictionary world at the target."""
    ok = [f for f in frontier(table, shares, rest) if f[2] >= target]
    return max(ok, key=lambda f: f[1]) if ok else None


def halves_check(variants: list[dict], shares: dict[int, float], rest: tuple[float, float], target: float,
                 repeats: int, min_length: int = 3, reference: int = 0) -> dict:
    """Fit the per-length pick on a random half of the words, measure it against the reference variant on the other half."""
    import random
    import statistics
    import zlib

    gain_u, gain_d, inside = [], [], []
    for r in range(repeats):
        salt = random.Random(r).random()
        for half in (0, 1):
            keep_fit = lambda w, h=half: zlib.crc32(f"{salt}{w}".encode()) % 2 == h  # noqa: E731
            keep_other = lambda w, h=half: zlib.crc32(f"{salt}{w}".encode()) % 2 != h  # noqa: E731
            fit_t, other_t = length_table(variants, keep_fit, min_length), length_table(variants, keep_other, min_length)
            got = best_pick(fit_t, shares, rest, target)
            if got is None:
                continue
            ship = {n: reference for n in got[3]}
            inside.append(got[1] - overall(fit_t, ship, shares, rest)[0])
            a, b = overall(other_t, got[3], shares, rest), overall(other_t, ship, shares, rest)
            gain_u.append(a[0] - b[0])
            gain_d.append(a[1] - b[1])
    pts = lambda xs: round(100 * statistics.mean(xs), 2)  # noqa: E731
    sd = lambda xs: round(100 * statistics.stdev(xs), 2) if len(xs) > 1 else 0.0  # noqa: E731
    return {"fits": len(gain_u), "unseen_gain_on_the_fit_half": pts(inside), "unseen_gain_on_the_other_half": pts(gain_u),
            "unseen_gain_sd": sd(gain_u), "dictionary_gain_on_the_other_half": pts(gain_d), "dictionary_gain_sd": sd(gain_d)}


def fit(args) -> int:
    """Per-length choices along the Lagrangian frontier; the best with the dictionary world at the target; and how
    much of its gain survives on words it was not chosen on (random halves)."""
    data = json.load(open(args.grid, encoding="utf-8"))
    shares = {int(k): v for k, v in data["shares"].items()}
    variants = data["variants"]
    rest = (args.rest_unseen, args.rest_dictionary)
    table = length_table(variants, min_length=args.min_length)
    lengths = sorted(set.intersection(*(set(t) for t in table)))
    print("length share " + " ".join(f"v{i}" for i in range(len(variants))))
    for n in lengths:
        print(f"{n:>3} {shares[n]:.3f} " + " ".join(f"{100 * t[n][0]:5.1f}/{100 * t[n][1]:5.1f}" for t in table))
    for i in range(len(table)):
        U, D = overall(table, {n: i for n in lengths}, shares, rest)
        print(f"v{i} {json.dumps(variants[i]['variant'])}: unseen {100 * U:.2f} dictionary {100 * D:.2f}")
    for lam, U, D, pick in frontier(table, shares, rest)[::5]:
        print(f"weight {lam:>8}: unseen {100 * U:.2f} dictionary {100 * D:.2f} picks {pick}")
    got = best_pick(table, shares, rest, args.dictionary_target)
    if got:
        lam, U, D, pick = got
        print(f"BEST at dictionary >= {args.dictionary_target}: weight {lam} unseen {100 * U:.2f} dictionary {100 * D:.2f}")
        print(json.dumps({"by_length": {str(n): variants[i]["variant"] for n, i in pick.items() if i != args.reference}}))
    if args.halves:
        print(json.dumps(halves_check(variants, shares, rest, args.dictionary_target, args.halves, args.min_length,
                                      args.reference)))
    return 0


def confirm(args) -> int:
    """The shipped `best` against per-length variants on a fresh sample (paired words), by length."""
    inner, pool = validation_split()
    unseen = pool[SETTING_WORDS[0]: SETTING_WORDS[0] + args.games]
    known = sample(inner, args.dictionary_games, args.seed)
    base, _ = fitted("best", inner.words, inner.hash)
    for v in args.variants:
        over = json.loads(v)
        row = {"variant": over}
        for world, words in (("unseen", unseen), ("dictionary", known)):
            recs = per_length_records(base, over, words, args.jobs)
            r = rates(recs)
            row[world] = {"win_rate": round(sum(x[2] for x in recs) / len(recs), 4), "games": len(recs),
                          "cpu_ms_per_guess": round(1000 * sum(x[3] for x in recs) / sum(x[4] for x in recs), 3),
                          "by_length": {n: round(w / g, 3) for n, (w, g) in sorted(r.items()) if n <= 8},
                          "wins": [x[0] for x in recs if x[2]]}
        print(json.dumps({k: ({kk: vv for kk, vv in v.items() if kk != "wins"} if isinstance(v, dict) and "wins" in v else v)
                          for k, v in row.items()}), flush=True)
        if args.out:
            with open(args.out, "a", encoding="utf-8") as fh:
                fh.write(json.dumps(row) + "\n")
    return 0


def main(argv: list[str] | None = None) -> int:
    """grid | fit | confirm (see the module docstring)."""
    ap = argparse.ArgumentParser(prog="python -m research.hangman.lengths", description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("grid")
    g.add_argument("variants", nargs="+", help="JSON overrides of BestParams, one per variant")
    g.add_argument("--per-length", type=int, default=300, help="dictionary words of each length")
    g.add_argument("--min-length", type=int, default=3)
    g.add_argument("--max-length", type=int, default=11)
    g.add_argument("--seed", type=int, default=7, help="seed of the dictionary sample (confirm uses another)")
    g.add_argument("--jobs", type=int, default=1)
    g.add_argument("--out", default="hang-lengths-grid.json")
    f = sub.add_parser("fit")
    f.add_argument("--grid", default="hang-lengths-grid.json")
    f.add_argument("--reference", type=int, default=0, help="index of the shipped variant in the grid")
    f.add_argument("--min-length", type=int, default=3)
    f.add_argument("--dictionary-target", type=float, default=0.95)
    f.add_argument("--rest-unseen", type=float, default=0.90, help="unseen win rate of the unmeasured (longer) words")
    f.add_argument("--rest-dictionary", type=float, default=1.0, help="dictionary win rate of the unmeasured words")
    f.add_argument("--halves", type=int, default=0, help="repeat the fit on N random half splits of the words, measured on the other half")
    c = sub.add_parser("confirm")
    c.add_argument("variants", nargs="+")
    c.add_argument("--games", type=int, default=1500)
    c.add_argument("--dictionary-games", type=int, default=1000)
    c.add_argument("--seed", type=int, default=5)
    c.add_argument("--jobs", type=int, default=1)
    c.add_argument("--out", default="")
    args = ap.parse_args(argv)
    return {"grid": grid, "fit": fit, "confirm": confirm}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
