"""A person's word: `best` in the person world on wordfreq's commonest English words, with English web2 as the list.

The test words are the first 1,000 of `wordfreq.top_n_list("en", 5000)` that are lower-case a-z with 3+ letters; the
dev words are the next 1,000. The dev nouns (since 2026-11-26) are words a person would pick, by a rule: WordNet 3.0
nouns (written lower-case a-z in that sense, 3-8 letters) whose first noun sense lies under physical_entity (hypernyms, instances
included), at least Zipf 4.5 in wordfreq's English, less the test words and the fourteen everyday words of
tests/test_hangman_person.py. The dev three-letter words (since 2026-11-26; the dev words hold only 49) are, by a rule,
the three-letter words (lower-case a-z) of `wordfreq.top_n_list("en", 30000)` ranked after the test list's last
word with at least Zipf THREE_ZIPF, and the three-letter dev nouns, less the fourteen everyday words.
Since 2026-11-29, dev parts of other kinds, none a frequency ranking's top: *wordle*, a seeded half (seed 0) of the
Wordle answers in the shared data folder (familiar five-letter words an editor chose; WORDLAB_DATA), whose other half
(*wordle-test*) and whole (*wordle-all*) are test parts; *kinds*, WordNet nouns of 3-12 letters with a sense under an
everyday kind (EVERYDAY_KINDS: animal, food, plant, vehicle, tool, country, body part, musical instrument, sport,
colour, clothing, furniture), at least Zipf KINDS_ZIPF, less the test words and the fourteen everyday words (a seeded
sample of SAMPLE); *middling*, wordfreq's English words ranked 2,000-20,000 (a seeded sample); *german*, wordfreq's
German words ranked 2,000-20,000 that the German dictionary lists, played with German common 50k as the list (a seeded
sample). Also since 2026-11-29, *short*: the words of 3-4 letters among the dev ranking's next 2,000 (wordfreq ranks
1,001-3,000 of the 3+ letter words, the test's kind and disjoint from it: short everyday words of every kind, a few
function words among them), less the fourteen everyday words; *german-common*, the test's kind in another language:
the first 1,000 of wordfreq's German words (3+ letters) that the German dictionary lists, played with German common
50k. Word lists from other people's Hangman programs are never used. `tune` and `measure` give each part's 95%
(Wilson) interval.
Settings are chosen on the dev parts only (`tune`), then the parts are measured once
through the one benchmark path (`measure`, the same run as `python -m core.bench hangman --world person --test <words
file>`):

    python -m research.hangman.person tune '{"person_temperature": 0.5}' '{"person_temperature": 1.0}' --part dev nouns
    python -m research.hangman.person measure --part dev
    python -m research.hangman.person measure --part nouns
    python -m research.hangman.person measure --part test
    python -m research.hangman.person tune '{}' --part three wordle kinds middling german dev nouns
    python -m research.hangman.person tune '{}' --part german-common short three wordle kinds middling german dev nouns \
        --games 250
    python -m research.hangman.person measure --part wordle-all
    python -m research.hangman.person ceiling --part three

`ceiling`: the most words of one length of a part that any letter order wins when the solver knows the part's words
and draws evenly from them (exact search): how far even perfect knowledge of who chose the word could go.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

DICTIONARY = "English web2 235k"
GERMAN_DICTIONARY = "German common 50k"
PARTS = ("dev", "nouns", "three", "test", "wordle", "kinds", "middling", "german", "short", "german-common",
         "wordle-test",
         "wordle-all")
TEST_PARTS = ("test", "wordle-test", "wordle-all")  # read once, after choosing on the others
WORDLE_ANSWERS = "wordle/answers.txt"  # in the shared data folder: familiar five-letter words an editor chose
KINDS_ZIPF = 2.5  # the kinds part: words at least this common (a person knows GIRAFFE, 3.3; AARDWOLF is rarer)
SAMPLE = 400  # the kinds, middling and German parts: a seeded sample of this many words
# WordNet 3.0's everyday kinds a person lists (lemma, sense number): a word with a noun sense under one is in the part
EVERYDAY_KINDS = (("animal", 1), ("food", 1), ("food", 2), ("plant", 2), ("vehicle", 1), ("tool", 1), ("country", 2),
                  ("city", 1), ("body_part", 1), ("musical_instrument", 1), ("sport", 1), ("chromatic_color", 1),
                  ("clothing", 1), ("furniture", 1))
THREE_ZIPF = 4.0  # the dev three-letter words: at least this common (wordfreq's Zipf scale)
# the words a class types first (tests/test_hangman_person.py), kept out of the dev nouns
EVERYDAY_WORDS = ("cat", "dog", "sun", "red", "bed", "hat", "cup", "pig", "box", "car", "man", "boy", "sea", "run")
PHYSICAL_ENTITY = "00001930"  # WordNet 3.0's offset of physical_entity.n.01


def everyday_words(part: str) -> list[str]:
    """The part's words: wordfreq's commonest English words, lower-case a-z, 3+ letters (test: the first 1,000)."""
    from wordfreq import top_n_list

    words = [w for w in top_n_list("en", 5000) if w.isascii() and w.isalpha() and w.islower() and len(w) >= 3]
    if part in ("wordle", "wordle-test", "wordle-all"):
        return wordle_words(part)
    if part == "kinds":
        return sampled(kind_words(set(words[:1000]) | set(EVERYDAY_WORDS)))
    if part == "middling":
        return sampled(middling_words(2000, 20000))
    if part == "german":
        return sampled(german_words(2000, 20000))
    if part == "german-common":
        return german_words(0, 1500)[:1000]
    if part == "short":
        return [w for w in words[1000:3000] if len(w) <= 4 and w not in EVERYDAY_WORDS]
    if part == "nouns":
        return dev_nouns(set(words[:1000]) | set(EVERYDAY_WORDS))
    if part == "three":
        return dev_three(words[999])
    return words[:1000] if part == "test" else words[1000:2000]


def dev_three(last_test_word: str) -> list[str]:
    """The dev three-letter words (see the module's note), commonest first, then the dev nouns not among them."""
    from wordfreq import top_n_list, zipf_frequency

    ranked = top_n_list("en", 30000)
    after = ranked[ranked.index(last_test_word) + 1:]
    common = [w for w in after if len(w) == 3 and w.isascii() and w.isalpha() and w.islower()
              and zipf_frequency(w, "en") >= THREE_ZIPF and w not in EVERYDAY_WORDS]
    nouns = [w for w in everyday_words("nouns") if len(w) == 3 and w not in common]
    return common + nouns


def part_dictionary(part: str) -> str:
    """The list the solver plays with on a part: English web2, or the German common words for German."""
    return GERMAN_DICTIONARY if part.startswith("german") else DICTIONARY


def sampled(words: list[str], n: int = SAMPLE, seed: int = 0) -> list[str]:
    """A seeded sample of n of the words, in their order (all of them when there are fewer)."""
    import random

    if len(words) <= n:
        return words
    keep = set(random.Random(seed).sample(range(len(words)), n))
    return [w for i, w in enumerate(words) if i in keep]


def wordle_words(part: str) -> list[str]:
    """The Wordle answers: a seeded half as dev ('wordle'), the other half ('wordle-test') or all ('wordle-all')."""
    from core.words.named import shared_data_dir

    folder = shared_data_dir()
    if folder is None:
        raise SystemExit("the Wordle parts need the shared data folder (set WORDLAB_DATA)")
    answers = (folder / WORDLE_ANSWERS).read_text(encoding="utf-8").split()
    dev, test = halves(answers)
    return {"wordle": sorted(dev), "wordle-test": sorted(test), "wordle-all": answers}[part]


def middling_words(start: int, stop: int, lang: str = "en") -> list[str]:
    """wordfreq's words of a language ranked start..stop (lower-case letters, 3+ letters), commonest first."""
    from wordfreq import top_n_list

    return [w for w in top_n_list(lang, stop)[start:] if w.isalpha() and w.islower() and len(w) >= 3]


def german_words(start: int, stop: int) -> list[str]:
    """German words ranked start..stop in wordfreq that the German dictionary lists, commonest first."""
    from core.words import load_list

    known = set(load_list(GERMAN_DICTIONARY).words)
    return [w for w in middling_words(start, stop, "de") if w in known]


def kind_words(left_out: set[str]) -> list[str]:
    """WordNet nouns (3-12 letters, a-z once lower-cased, so countries and cities count) with a sense under one of
    the everyday kinds, at least Zipf KINDS_ZIPF in English, less the given words; alphabetical."""
    from wordfreq import zipf_frequency

    from core.words.wordnet import synset_records, wordnet_dir

    folder = wordnet_dir()
    up = {off: [o for s, o, pos in links if s in ("@", "@i") and pos == "n"]
          for off, _, links, _ in synset_records(folder, "noun")}
    tops, senses = set(), {}
    with open(folder / "index.sense", encoding="utf-8") as fh:
        for line in fh:
            key, off, number, _ = line.split()
            lemma, rest = key.split("%")
            if not rest.startswith("1:"):
                continue
            if (lemma, int(number)) in EVERYDAY_KINDS:
                tops.add(off)
            if lemma.isascii() and lemma.isalpha() and 3 <= len(lemma) <= 12:
                senses.setdefault(lemma.lower(), []).append(off)
    return sorted(w for w, offs in senses.items() if w not in left_out and zipf_frequency(w, "en") >= KINDS_ZIPF
                  and any(under_any(o, tops, up) for o in offs))


def under_any(offset: str, tops: set[str], up: dict) -> bool:
    """True when a synset is one of `tops` or reaches one by hypernyms."""
    seen, stack = set(), [offset]
    while stack:
        o = stack.pop()
        if o in tops:
            return True
        if o not in seen:
            seen.add(o)
            stack.extend(up.get(o, ()))
    return False


def halves(words: list[str], seed: int = 0) -> tuple[list[str], list[str]]:
    """The words shuffled with a seed and cut in two."""
    import random

    shuffled = random.Random(seed).sample(words, len(words))
    return shuffled[:len(shuffled) // 2], shuffled[len(shuffled) // 2:]


def zipf_bands(won: dict[str, bool], cap: float = 4.65) -> dict[str, list]:
    """Games won and played among words at least `cap` common (Zipf) and among the rest."""
    from wordfreq import zipf_frequency

    out = {f"zipf>={cap}": [0, 0], f"zipf<{cap}": [0, 0]}
    for w, win in won.items():
        band = out[f"zipf>={cap}" if zipf_frequency(w, "en") >= cap else f"zipf<{cap}"]
        band[0], band[1] = band[0] + int(win), band[1] + 1
    return out


def dev_nouns(left_out: set[str]) -> list[str]:
    """The dev nouns (see the module's note), in alphabetical order, less the given words."""
    from wordfreq import zipf_frequency

    from core.words.wordnet import synset_records, wordnet_dir

    folder = wordnet_dir()
    up, names = {}, {}
    for off, lemmas, links, _ in synset_records(folder, "noun"):
        up[off] = [o for s, o, pos in links if s in ("@", "@i") and pos == "n"]
        names[off] = set(lemmas)  # as written: a proper name keeps its capital (Boston), index.sense lowers it
    first = {}
    with open(folder / "index.sense", encoding="utf-8") as fh:
        for line in fh:
            key, off, number, _ = line.split()
            lemma, rest = key.split("%")
            if rest.startswith("1:") and number == "1" and lemma.isascii() and lemma.isalpha() and lemma.islower():
                first[lemma] = off
    return sorted(w for w, off in first.items() if 3 <= len(w) <= 8 and w not in left_out and w in names.get(off, ())
                  and zipf_frequency(w, "en") >= 4.5 and under(off, PHYSICAL_ENTITY, up))


def under(offset: str, top: str, up: dict) -> bool:
    """True when a synset is `top` or reaches it by hypernyms."""
    seen, stack = set(), [offset]
    while stack:
        o = stack.pop()
        if o == top:
            return True
        if o not in seen:
            seen.add(o)
            stack.extend(up.get(o, ()))
    return False


def words_file(part: str) -> Path:
    """The part's words as a list file in the cache (the benchmark's --test reads it)."""
    from core.cache import cache_dir

    path = cache_dir("hangman") / f"person-{part}-words.txt"
    path.write_text("\n".join(everyday_words(part)) + "\n", encoding="utf-8")
    return path


def tune(variants: list[str], parts: list[str], jobs: int, games: int = 0, max_length: int = 0) -> None:
    """Play each variant (JSON overrides of BestParams) in the person world on dev parts; one JSON line each. With
    `max_length`, only the sampled words of at most that many letters (a variant that changes only the weights or the
    play of short words plays every longer word as the shipped settings do: a game reads only its own length's
    weights)."""
    from core.hangman.bench import summarise
    from core.hangman.fitting import fitted
    from core.words import load_list
    from research.hangman.games import play_words, variant

    if set(parts) & set(TEST_PARTS):
        raise SystemExit("settings are chosen on dev words only")
    bases = {}
    for name in {part_dictionary(part) for part in parts}:
        wl = load_list(name)
        bases[name] = fitted("best", wl.words, wl.hash)[0]
    chosen = {}
    for part in parts:
        words = everyday_words(part)
        if games and games < len(words):
            import random

            words = random.Random(0).sample(words, games)
        chosen[part] = [w for w in words if len(w) <= max_length] if max_length else words
    for v in variants:
        solvers = {name: variant(base, **json.loads(v)).in_world("person") for name, base in bases.items()}
        row: dict = {"variant": json.loads(v)}
        for part, words in chosen.items():
            records = play_words(solvers[part_dictionary(part)], words, 6, jobs)
            d = summarise(records)
            row[part] = {"games": d["games"], "win_rate": d["win_rate"], "cpu_ms_per_guess": d["cpu_ms_per_guess"],
                         **{f"{n} letters": d["by_length"].get(str(n), d["by_length"].get(n)) for n in (3, 4)}}
            won = dict(zip(records["item"], records["win"]))
            row[part]["interval"] = wilson(int(sum(records["win"])), len(records))
            row[part]["won_by_length"] = {n: [sum(bool(v) for w, v in won.items() if len(w) == n),
                                              sum(1 for w in won if len(w) == n)] for n in (3, 4, 5)}
            row[part]["lost_short"] = sorted(w for w, v in won.items() if not v and len(w) <= 5)
            if part in ("nouns", "three"):  # the two halves of a seeded split, to see how far one half says what the other does
                row[part]["halves"] = [round(sum(won[w] for w in half) / len(half), 4) for half in halves(words)]
            if part == "three":  # the words as common as the test words' weight class (at least the shipped cap) and the rest
                row[part]["bands"] = zipf_bands(won)
        print(json.dumps(row), flush=True)


def wilson(won: int, games: int, z: float = 1.96) -> list[float]:
    """The 95% Wilson interval of a win rate of `won` games of `games`."""
    if not games:
        return [0.0, 1.0]
    p, n = won / games, games
    mid, half = (p + z * z / (2 * n)) / (1 + z * z / n), z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5 / (1 + z * z / n)
    return [round(mid - half, 4), round(mid + half, 4)]


def measure(part: str, world: str, jobs: int) -> dict:
    """The part's figures through `core.bench.run.execute` (stored in the run history like any run)."""
    from core.bench.run import RunRequest, execute
    from core.bench.runner import Backend
    from core.hangman.bench import BENCH

    params = (("test", str(words_file(part))), ("max_wrong", 6), ("world", world))
    outcome = execute(BENCH, RunRequest("hangman", "best", part_dictionary(part), params, 0, 0),
                      Backend("serial" if jobs <= 1 else "local", jobs=jobs))
    s = outcome.summary
    won = dict(zip(outcome.records["item"], outcome.records["win"]))
    return {"part": part, "world": world, "games": s["games"], "win_rate": s["win_rate"],
            "three_letters": s["by_length"].get("3", s["by_length"].get(3)), "ms_per_guess": s["ms_per_guess"],
            "cpu_ms_per_guess": s["cpu_ms_per_guess"],
            "interval": wilson(sum(bool(v) for v in won.values()), len(won)), "by_length": s["by_length"],
            "named": {w: bool(won[w]) for w in ("cat", "dog", "sun", "hat", "pig", "run") if w in won},
            **({"test_half": test_half(won)} if part == "wordle-all" else {})}


def test_half(won: dict) -> dict:
    """Games won and played on the Wordle answers' test half, from the games of all of them."""
    half = wordle_words("wordle-test")
    n = sum(bool(won[w]) for w in half)
    return {"games": len(half), "won": n, "win_rate": round(n / len(half), 4), "interval": wilson(n, len(half))}


def ceiling(part: str, length: int = 3, max_wrong: int = 6) -> dict:
    """The most of the part's words of a length any order wins when the words are known, each as likely (exact)."""
    from core.hangman.expectimax import WeightedExpectimax

    words = [w for w in everyday_words(part) if len(w) == length]
    won = 0
    if words:
        search = WeightedExpectimax(words, [1.0] * len(words), 10**7)
        won = search.count_won(search.everything, max_wrong)
    return {"part": part, "length": length, "words": len(words), "most_won": won,
            "win_rate": round(won / len(words), 4) if words else None}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    t = sub.add_parser("tune", help="compare BestParams overrides on the dev words")
    t.add_argument("variants", nargs="*", default=["{}"])
    t.add_argument("--part", nargs="+", default=["dev"], choices=PARTS)
    t.add_argument("--jobs", type=int, default=1)
    t.add_argument("--games", type=int, default=0, help="a seeded sample of this many dev words (default all)")
    t.add_argument("--max-length", type=int, default=0, help="play only the sampled words of at most this many letters")
    m = sub.add_parser("measure", help="the figures of one part through the benchmark path")
    m.add_argument("--part", default="dev", choices=PARTS)
    m.add_argument("--world", default="person")
    m.add_argument("--jobs", type=int, default=1)
    c = sub.add_parser("ceiling", help="the most words of one length any order wins when the part's words are known")
    c.add_argument("--part", default="three", choices=[p for p in PARTS if p not in TEST_PARTS])
    c.add_argument("--length", type=int, default=3)
    args = ap.parse_args(argv)
    if args.command == "tune":
        tune(args.variants, args.part, args.jobs, args.games, args.max_length)
    elif args.command == "ceiling":
        print(json.dumps(ceiling(args.part, args.length)))
    else:
        print(json.dumps(measure(args.part, args.world, args.jobs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
