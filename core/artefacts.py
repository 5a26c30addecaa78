"""Every cached artefact declared once: the code that builds it, what it reads, and its build step.

A key is `core.cache.artefact_key` of the artefact's code and inputs, so a cache can never serve an artefact built
by other code or from other inputs. Getters only load; building is an explicit step (the Crosswords page's
preparation panel, or the command line):

    python -m core.artefacts list            # each artefact: built or not, its key, what it is
    python -m core.artefacts build NAME      # build one now, progress on stderr
"""
from __future__ import annotations

import argparse
import importlib
import sys
from dataclasses import dataclass
from typing import Callable

from core.cache import artefact_key, module_closure


class NotPrepared(RuntimeError):
    """A getter was asked for an artefact that is not built yet (the message says how to build it)."""


@dataclass(frozen=True)
class Artefact:
    """One cached artefact: its name, what it is in plain words, the code that builds it (paths under core/; with
    `closure` every core module they import counts too), where its fixed inputs come from, and its build step."""

    name: str
    what: str
    code: tuple[str, ...]
    inputs: str = ""  # "module:function" giving the files and texts it reads ("" when the caller passes them)
    build: str = ""  # "module:function(progress)" that builds it ("" when it is built as part of another)
    ready: str = ""  # "module:function() -> bool": whether it is built already
    closure: bool = False

    def code_modules(self) -> tuple[str, ...]:
        """The modules whose source is part of the key."""
        return module_closure(*self.code) if self.closure else self.code

    def key(self, *extra: object) -> str:
        """The artefact's key: its code, its fixed inputs, then `extra` (inputs the caller holds, e.g. a table's hash)."""
        fixed = tuple(resolve(self.inputs)()) if self.inputs else ()
        return artefact_key(*fixed, *(x if hasattr(x, "exists") else str(x) for x in extra), code=self.code_modules())


def resolve(reference: str) -> Callable:
    """The function a "module:function" reference names (imported when asked, never at import time)."""
    module, _, name = reference.partition(":")
    return vars(importlib.import_module(module))[name]


CROSSWORD = "core.crossword"
ARTEFACTS: dict[str, Artefact] = {a.name: a for a in (
    Artefact("builtin-list", "a built-in word list built from its package (one per list name)",
             ("words/named.py",), inputs="core.words.named:builtin_inputs", closure=True),
    Artefact("wordnet-graph", "WordNet's synonyms, related words and word forms, read once",
             ("words/wordnet.py",), inputs="core.words.wordnet:wordnet_inputs",
             build="core.words.wordnet:build_graph", ready="core.words.wordnet:graph_ready"),
    Artefact("wordnet-table", "WordNet's definitions and usage examples as clues",
             ("words/wordnet.py", "crossword/knowledge/table.py", "crossword/knowledge/wordnet_table.py"),
             inputs="core.words.wordnet:wordnet_inputs",
             build=f"{CROSSWORD}.knowledge.wordnet_table:wordnet_table",
             ready=f"{CROSSWORD}.knowledge.wordnet_table:table_ready"),
    Artefact("meaning-table", "the meaning model: a vector for each piece of a word, distilled from a small "
                              "transformer once", ("crossword/knowledge/distil.py",),
             inputs=f"{CROSSWORD}.knowledge.distil:table_inputs", build=f"{CROSSWORD}.knowledge.meaning:prepare",
             ready=f"{CROSSWORD}.knowledge.meaning:table_ready"),
    Artefact("packaged-knowledge", "WordNet's names, phrases and word families for the packaged guesser",
             ("crossword/clues/packaged.py", "words/wordnet.py"), inputs=f"{CROSSWORD}.clues.packaged:knowledge_inputs",
             build=f"{CROSSWORD}.clues.packaged:build_knowledge", ready=f"{CROSSWORD}.clues.packaged:knowledge_ready"),
    Artefact("reference-book", "a reference book's table: the thesaurus, the dictionary or WordNet's opposites "
                               "(one per book)", ("crossword/knowledge/table.py",),
             build=f"{CROSSWORD}.clues.references:build_references"),
    Artefact("packed-table", "a cached word table (a reference book's, the packaged knowledge's) packed into a few "
                             "flat arrays, opened without unpickling (one per table)", ("crossword/knowledge/packed.py",)),
    Artefact("census-names", "US census first names and surnames", ("crossword/clues/people.py",),
             inputs=f"{CROSSWORD}.clues.people:census_inputs", build=f"{CROSSWORD}.clues.people:build_census"),
    Artefact("clue-table", "the clue table of an archive between two dates (one per archive and dates)",
             ("crossword/data.py", "crossword/knowledge/table.py", "crossword/readers.py", "crossword/puzzle.py")),
    Artefact("own-clue-table", "the clue table of your own archive (one per archive)",
             ("crossword/data.py", "crossword/knowledge/table.py", "crossword/readers.py", "crossword/puzzle.py",
              "crossword/archives.py")),
    Artefact("clue-phrases", "the word and word-pair counts of a clue table's own phrases (one per table)",
             ("crossword/clues/cluetypes.py",)),
    Artefact("clue-models", "the fitted clue models of a clue table (one per table)",
             ("crossword/knowledge/models.py", "crossword/knowledge/table.py", "crossword/knowledge/answerdocs.py",
              "crossword/knowledge/termvectors.py", "crossword/letters.py")),
    Artefact("clue-snapshots", "a clue model's index and word vectors, read without scikit-learn or gensim (one per "
             "models folder)", ("crossword/knowledge/termvectors.py",)),
    Artefact("calibration", "how much each clue source is trusted, fitted on practice puzzles (one per table)",
             ("crossword/clues/guessers.py", "crossword/clues/combined.py", "crossword/data.py",
              "crossword/knowledge/distil.py"), closure=True),
    Artefact("meaning-vectors", "the meaning vectors of a list of clues (one per list)",
             ("crossword/knowledge/meaning.py", "crossword/knowledge/distil.py")),
    Artefact("full-meaning-store", "the full meaning model's vector of each archive clue, stored in chunks as the "
                                   "background upgrade reads them", ("crossword/knowledge/fullencoder.py",),
             inputs=f"{CROSSWORD}.knowledge.fullmeaning:store_inputs"),
    Artefact("full-meaning-vectors", "a clue list's full meaning vectors gathered in its order (one per list)",
             ("crossword/knowledge/fullmeaning.py", "crossword/knowledge/fullencoder.py")),
    Artefact("archive-models", "the clue models of the shared crossword archive, calibrated and warmed",
             (), build=f"{CROSSWORD}.preparation:build_archive_models"),
    Artefact("packaged-models", "the clue models of the packaged knowledge (WordNet and the reference books)",
             (), build=f"{CROSSWORD}.preparation:build_packaged_models"),
    Artefact("hangman-solver", "a Hangman solver fitted to a word list (one per solver, list and setting)", (),
             inputs="core.hangman.fitting:fit_inputs"),
    Artefact("everyday-words", "a Hangman list's everyday words, drawn for a person to guess (one per list)",
             ("hangman/draw.py",), closure=True),
    Artefact("host-plan", "the plan against the cheating Hangman host (one per list, word length and budget)",
             ("hangman/planner.py", "hangman/adversary.py", "hangman/rules.py")),
    Artefact("wordle-patterns", "the colours of every allowed Wordle guess against every answer (one per lists and "
                                "rule)", ()),
    Artefact("tip-tree", "a tip-game tree built on this machine for a list (one per list)",
             ("tipgame/rules.py", "tipgame/tree.py")),
    Artefact("bench-run", "a benchmark run's records, reused for an identical run (one per game, solver, lists and "
                          "settings)", ()),
)}


def artefact(name: str) -> Artefact:
    """The declared artefact of a name (KeyError names the known ones)."""
    if name not in ARTEFACTS:
        raise KeyError(f"no artefact {name!r}; known: {', '.join(ARTEFACTS)}")
    return ARTEFACTS[name]


def key(name: str, *extra: object) -> str:
    """The key of a declared artefact (see Artefact.key)."""
    return artefact(name).key(*extra)


def buildable() -> list[Artefact]:
    """The artefacts with a build step of their own, in declaration order."""
    return [a for a in ARTEFACTS.values() if a.build]


def prepared_once() -> list[tuple[str, str]]:
    """(name, what it is) of each artefact with a build step of its own: what preparing builds, in plain words."""
    return [(a.name, a.what) for a in buildable()]


def status_line(a: Artefact) -> str:
    """One line of the list: built or not (or built per input), the name and what it is."""
    state = ("built" if resolve(a.ready)() else "not built") if a.ready else "per input" if not a.build else "on use"
    return f"{a.name:20} {state:10} {a.what}"


def main(argv: list[str] | None = None) -> int:
    """The command line: list the artefacts, or build one."""
    parser = argparse.ArgumentParser(prog="python -m core.artefacts", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="each artefact, whether it is built and what it is")
    build = sub.add_parser("build", help="build one artefact now")
    build.add_argument("name", choices=[a.name for a in buildable()])
    args = parser.parse_args(argv)
    if args.command == "list":
        print("\n".join(status_line(a) for a in ARTEFACTS.values()))
        return 0
    from core.progress import no_progress

    def progress(done: int, total: int, message: str = "") -> None:
        print(f"\r{done}/{total} {message}"[:120].ljust(120), end="", file=sys.stderr, flush=True)

    resolve(artefact(args.name).build)(progress if sys.stderr.isatty() else no_progress)
    print(f"{args.name}: built", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
