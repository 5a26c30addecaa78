"""The house's plan: rooms (packages), floors (longest import chain), arrows between rooms and import cycles.

Reads the project's own sources with `ast` (top-level and lazy imports alike) and prints a summary:
    python -m research.house            # every room
    python -m research.house --room core.crossword --modules   # one room's modules, one line each
"""
from __future__ import annotations

import argparse
import ast
from collections import Counter
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("core", "ui", "pages")


def module_name(path: Path) -> str:
    """The dotted module name of a source file under the project root."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def project_files() -> dict[str, Path]:
    """Every project module the house holds (core, ui, pages and app.py), by dotted name."""
    files = {module_name(p): p for folder in FOLDERS for p in (ROOT / folder).rglob("*.py")}
    files["app"] = ROOT / "app.py"
    return files


def imported_names(path: Path) -> set[str]:
    """Every dotted name a file imports, anywhere in its body (a `from a import b` gives a and a.b)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
    return out


def import_graph(files: dict[str, Path]) -> dict[str, set[str]]:
    """Each module's project imports (package __init__ files count only when imported by name)."""
    return {m: {n for n in imported_names(p) if n in files and n != m} for m, p in files.items()}


def room(module: str) -> str:
    """The package a module lives in (a package's __init__ is in its own room; app.py is in 'app')."""
    if (ROOT / module.replace(".", "/") / "__init__.py").is_file() or "." not in module:
        return module
    return module.rsplit(".", 1)[0]


def strong_components(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components: a component of two or more modules is an import cycle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def longest_chains(graph: dict[str, set[str]]) -> dict[str, list[str]]:
    """For each module the longest import chain that starts at it (cycles cut where a chain would repeat)."""

    @lru_cache(maxsize=None)
    def chain(m: str, seen: frozenset[str]) -> tuple[str, ...]:
        best: tuple[str, ...] = ()
        for n in sorted(graph[m] - seen):
            c = chain(n, seen | {n})
            if len(c) > len(best):
                best = c
        return (m, *best)

    return {m: list(chain(m, frozenset({m}))) for m in graph}


def room_lines(files: dict[str, Path]) -> Counter:
    """Lines of source in each room."""
    lines: Counter = Counter()
    for m, p in files.items():
        lines[room(m)] += len(p.read_text(encoding="utf-8").splitlines())
    return lines


def summary(files: dict[str, Path]) -> list[str]:
    """The house in lines: totals, then one line per room (modules, lines, floors, arrows out)."""
    graph = import_graph(files)
    chains = longest_chains(graph)
    cycles = [c for c in strong_components(graph) if len(c) > 1]
    arrows = {(room(a), room(b)) for a, targets in graph.items() for b in targets if room(a) != room(b)}
    modules = Counter(room(m) for m in files)
    lines = room_lines(files)
    top = max(chains.values(), key=len)
    out = [f"rooms {len(modules)}, modules {len(files)}, module imports {sum(map(len, graph.values()))}, "
           f"arrows between rooms {len(arrows)}, import cycles {len(cycles)}, floors {len(top)}",
           "longest chain: " + " -> ".join(top)]
    out += ["cycle: " + " <-> ".join(c) for c in cycles]
    out.append(f"{'room':28} {'modules':>7} {'lines':>6} {'floors':>6}  arrows out")
    for r in sorted(modules):
        floors = max(len(chains[m]) for m in files if room(m) == r)
        targets = sorted(b for a, b in arrows if a == r)
        out.append(f"{r:28} {modules[r]:7} {lines[r]:6} {floors:6}  {', '.join(targets)}")
    return out


def docstring_line(path: Path) -> str:
    """A module's docstring's first line (empty when it has none)."""
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    return doc.splitlines()[0] if doc else ""


def room_modules(files: dict[str, Path], prefix: str) -> list[str]:
    """Every module under a dotted prefix, with its lines and its docstring's first line."""
    return [f"{m:42} {len(p.read_text(encoding='utf-8').splitlines()):5}  {docstring_line(p)}"
            for m, p in sorted(files.items()) if m == prefix or m.startswith(prefix + ".")]


def main() -> None:
    """Print the house's summary, or one room's modules."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--room", default="", help="a dotted prefix, e.g. core.crossword")
    ap.add_argument("--modules", action="store_true", help="list the room's modules, one line each")
    args = ap.parse_args()
    files = project_files()
    if args.room:
        files_in = {m: p for m, p in files.items() if m == args.room or m.startswith(args.room + ".")}
        if args.modules:
            print("\n".join(room_modules(files, args.room)))
            return
        print("\n".join(summary(files_in)))
        return
    print("\n".join(summary(files)))


if __name__ == "__main__":
    main()
