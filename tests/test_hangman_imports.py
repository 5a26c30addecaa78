"""The Hangman package stands on its own: no research imports, no import cycles, every module importable alone."""
import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODULES = sorted(p.stem for p in (ROOT / "core" / "hangman").glob("*.py") if p.stem != "__init__")


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports (top level or inside functions)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
    return out


@pytest.mark.parametrize("name", MODULES)
def test_no_hangman_module_imports_research(name):
    assert not any(m.split(".")[0] == "research" for m in imported_modules(ROOT / "core" / "hangman" / f"{name}.py"))


def test_the_hangman_modules_import_each_other_without_a_cycle():
    graph = {n: {m.rsplit(".", 1)[1] for m in imported_modules(ROOT / "core" / "hangman" / f"{n}.py")
                 if m.startswith("core.hangman.")} for n in MODULES}
    done: set[str] = set()

    def visit(n: str, path: tuple[str, ...]) -> None:
        assert n not in path, f"import cycle: {' -> '.join(path + (n,))}"
        if n in done:
            return
        for m in graph.get(n, ()):
            visit(m, path + (n,))
        done.add(n)

    for n in MODULES:
        visit(n, ())


def test_every_hangman_module_imports_alone_in_a_fresh_interpreter():
    code = "import importlib, sys\nfor m in sys.argv[1:]:\n    importlib.import_module('core.hangman.' + m)\n"
    for name in MODULES:  # one interpreter per module: an import that only works after another one fails here
        done = subprocess.run([sys.executable, "-c", code, name], cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, f"core.hangman.{name}: {done.stderr[-500:]}"
