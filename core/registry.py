"""A tiny named registry of solver factories, shared by the CLI, the benchmarks and the page pickers.

A solver describes itself through its entry: a plain name and a one-line help for people, what it can show
(`shows`: "ranking", "belief", "tree"), which run options its factory takes (`options`) and whether it is the one a
page opens on (`default`: one entry per registry), so pages and benchmark code ask the entry instead of branching on a
solver's name.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Generic, Mapping, Sequence, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Entry:
    """One registered solver: its factory and how it describes itself."""

    name: str
    factory: Callable[..., Any]
    help: str  # one line for the command line and the benchmark (may be technical)
    plain_name: str  # the name a page shows a person
    plain_help: str  # one line in plain words for a page's picker
    shows: frozenset[str]  # what it can show beside its move: "ranking", "belief", "tree"
    options: tuple[str, ...]  # run options (benchmark parameters) its factory accepts by keyword
    default: bool = False  # the solver a page's picker opens on


class Registry(Generic[T]):
    """Names to entries; `create(name)` builds a fresh solver."""

    def __init__(self, game: str) -> None:
        self.game = game
        self._entries: dict[str, Entry] = {}

    def register(self, name: str, help: str = "", *, plain_name: str = "", plain_help: str = "",
                 shows: tuple[str, ...] = (), options: tuple[str, ...] = (), default: bool = False
                 ) -> Callable[[Callable[..., T]], Callable[..., T]]:
        """Decorator registering a factory under a name, with how the solver describes itself (`default`: the one a
        page opens on; ValueError when another entry already is)."""

        def deco(factory: Callable[..., T]) -> Callable[..., T]:
            others = [e.name for e in self._entries.values() if e.default and e.name != name]
            if default and others:
                raise ValueError(f"{self.game} solvers: {others[0]!r} is already the default, so {name!r} cannot be")
            line = help or (factory.__doc__ or "").strip().split("\n")[0] or plain_help
            self._entries[name] = Entry(name, factory, line, plain_name or name, plain_help or line,
                                        frozenset(shows), tuple(options), default)
            return factory

        return deco

    def unregister(self, name: str) -> None:
        """Forget a name (a test's extra solver)."""
        self._entries.pop(name, None)

    def names(self) -> list[str]:
        """The registered names in registration order."""
        return list(self._entries)

    def entry(self, name: str) -> Entry:
        """The entry of a name (ValueError for an unknown one)."""
        if name not in self._entries:
            raise ValueError(f"unknown {self.game} solver {name!r}; choose from {', '.join(self._entries)}")
        return self._entries[name]

    def default(self) -> str:
        """The name of the solver a page opens on (the one registered as default, else the first)."""
        marked = [n for n, e in self._entries.items() if e.default]
        return marked[0] if marked else self.names()[0]

    def default_index(self, names: Sequence[str] | None = None) -> int:
        """Where the default solver stands among these names (a picker's index; 0 when it is not among them)."""
        names = list(self.names() if names is None else names)
        return names.index(self.default()) if self.default() in names else 0

    def describe(self, name: str) -> str:
        """The one-line help of a name."""
        return self.entry(name).help

    def plain_name(self, name: str) -> str:
        """The name a page shows a person."""
        return self.entry(name).plain_name

    def plain_help(self, name: str) -> str:
        """The one-line help in plain words."""
        return self.entry(name).plain_help

    def shows(self, name: str, what: str) -> bool:
        """True when the solver can show this ("ranking", "belief", "tree")."""
        return what in self.entry(name).shows

    def cli_help(self) -> str:
        """Every name with its one-line help, for a command line's --solver."""
        return "; ".join(f"{n} ({self.describe(n)})" for n in self.names())

    def picker_help(self, names: list[str] | None = None) -> str:
        """One line per solver, its plain name then its plain help (a picker's help text)."""
        return "\n\n".join(f"**{self.plain_name(n)}**: {self.plain_help(n)}" for n in (names or self.names()))

    def create(self, name: str, **params) -> T:
        """A fresh solver by name (ValueError for an unknown one)."""
        return self.entry(name).factory(**params)

    def create_with(self, name: str, options: Mapping[str, Any]) -> T:
        """A fresh solver given only the run options its entry accepts (None values left out)."""
        entry = self.entry(name)
        return entry.factory(**{k: options[k] for k in entry.options if options.get(k) is not None})

    def expand(self, names: list[str] | None) -> list[str]:
        """Names with 'all' expanded and unknown names rejected."""
        if not names or names == ["all"] or "all" in names:
            return self.names()
        for n in names:
            if n not in self._entries:
                raise ValueError(f"unknown {self.game} solver {n!r}; choose from {', '.join(self._entries)}, all")
        return list(dict.fromkeys(names))
