"""A tiny named registry of solver factories, shared by the CLI and the page pickers."""
from __future__ import annotations

from typing import Callable, Generic, TypeVar

T = TypeVar("T")


class Registry(Generic[T]):
    """Names to factories; `create(name)` builds a fresh solver."""

    def __init__(self, game: str) -> None:
        self.game = game
        self._factories: dict[str, Callable[..., T]] = {}
        self._help: dict[str, str] = {}

    def register(self, name: str, help: str = "") -> Callable[[Callable[..., T]], Callable[..., T]]:
        """Decorator registering a factory under a name."""

        def deco(factory: Callable[..., T]) -> Callable[..., T]:
            self._factories[name] = factory
            self._help[name] = help or (factory.__doc__ or "").strip().split("\n")[0]
            return factory

        return deco

    def names(self) -> list[str]:
        """The registered names in registration order."""
        return list(self._factories)

    def describe(self, name: str) -> str:
        """The one-line help of a name."""
        return self._help[name]

    def create(self, name: str, **params) -> T:
        """A fresh solver by name (ValueError for an unknown one)."""
        if name not in self._factories:
            raise ValueError(f"unknown {self.game} solver {name!r}; choose from {', '.join(self._factories)}")
        return self._factories[name](**params)

    def expand(self, names: list[str] | None) -> list[str]:
        """Names with 'all' expanded and unknown names rejected."""
        if not names or names == ["all"] or "all" in names:
            return self.names()
        for n in names:
            if n not in self._factories:
                raise ValueError(f"unknown {self.game} solver {n!r}; choose from {', '.join(self._factories)}, all")
        return list(dict.fromkeys(names))
