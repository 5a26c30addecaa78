"""The crossword package's shape: no import cycle inside it (lazy imports included), every module imports alone."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "core" / "crossword"
FILES = {".".join(p.relative_to(PACKAGE).with_suffix("").parts): p
         for p in sorted(PACKAGE.rglob("*.py")) if p.stem != "__init__"}
MODULES = sorted(FILES)


def crossword_imports(name: str) -> set[str]:
    """The core.crossword modules a module imports anywhere in its body (top level, functions, type checks)."""
    tree = ast.parse(FILES[name].read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("core.crossword."):
            module = node.module.removeprefix("core.crossword.")
            out.update(n for n in (module, *(f"{module}.{a.name}" for a in node.names)) if n in FILES)
        elif isinstance(node, ast.ImportFrom) and node.module == "core.crossword":
            out.update(a.name for a in node.names if a.name in FILES)
        elif isinstance(node, ast.Import):
            out.update(a.name.removeprefix("core.crossword.") for a in node.names
                       if a.name.removeprefix("core.crossword.") in FILES)
    return out - {name}


def imported_modules(path: Path) -> set[str]:
    """Every module name a file imports."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def test_no_import_cycle_inside_the_crossword_package():
    graph = {m: crossword_imports(m) for m in MODULES}
    state: dict[str, int] = {}

    def visit(m: str, path: list[str]) -> None:
        state[m] = 1
        for n in sorted(graph.get(m, ())):
            assert state.get(n) != 1, "import cycle: " + " -> ".join(path + [m, n])
            if n not in state:
                visit(n, path + [m])
        state[m] = 2

    for m in MODULES:
        if m not in state:
            visit(m, [])


def test_nothing_in_core_imports_research():
    offenders = [str(p.relative_to(ROOT)) for p in PACKAGE.rglob("*.py")
                 if any(m.split(".")[0] == "research" for m in imported_modules(p))]
    assert offenders == []


@pytest.mark.parametrize("name", MODULES)
def test_each_module_imports_on_its_own(name):
    subprocess.run([sys.executable, "-c", f"import core.crossword.{name}"], cwd=ROOT, check=True)
