"""Guards on the shape of the code: core never imports streamlit; no shared data is committed."""
import ast

import pytest
import subprocess
from pathlib import Path

from research.house import imported_names, module_name

ROOT = Path(__file__).resolve().parent.parent


def test_core_never_imports_streamlit():
    offenders = [str(p.relative_to(ROOT)) for p in (ROOT / "core").rglob("*.py") if "streamlit" in {n.split(".")[0] for n in imported_names(p)}]
    assert offenders == []


def test_core_imports_without_streamlit_loaded():
    code = "import sys, core.words, core.bench.cli, core.bench.run, core.charts; assert 'streamlit' not in sys.modules"
    subprocess.run([__import__("sys").executable, "-c", code], cwd=ROOT, check=True)


def test_no_shared_data_file_is_tracked():
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True).stdout.split()
    forbidden = ("words_250k", "words_alpha_370k", "nyt.jsonl", "allowed_nyt2022", "answers_nyt2022")
    assert [f for f in tracked if any(x in f for x in forbidden)] == []


# ---------------------------------------------------------------- package shape (since 2026-11-24)

GAMES = ("hangman", "wordle", "tipgame", "crossword")  # modules and their imports read as research.house reads them


CORE_MODULES = sorted(module_name(p) for p in (ROOT / "core").rglob("*.py"))


@pytest.mark.parametrize("game", [g for g in GAMES if g != "crossword"])
def test_no_other_game_imports_the_crossword_package(game):
    """WordNet reading lives in core.words, so Hangman (or any game) never stands above crosswords."""
    offenders = [module_name(p) for p in (ROOT / "core" / game).rglob("*.py")
                 if any(m.startswith("core.crossword") for m in imported_names(p))]
    assert offenders == []


def test_nothing_in_core_imports_research():
    offenders = [module_name(p) for p in (ROOT / "core").rglob("*.py")
                 if any(m == "research" or m.startswith("research.") for m in imported_names(p))]
    assert offenders == []


WORDS_MODULES = ("core.words.lists", "core.words.uploads", "core.words.lexicon", "core.words.named")


@pytest.mark.parametrize("module", WORDS_MODULES)
def test_each_word_list_module_imports_alone_without_research(module):
    """Each part of core.words imports first in a fresh interpreter, pulling in no research module."""
    import sys

    code = (f"import sys, {module}; bad = [m for m in sys.modules if m == 'research' or m.startswith('research.')]; "
            "assert not bad, bad")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


def test_the_shipped_list_builders_live_in_research_not_core():
    """core reads the shipped Wordle lists and builds none of them; their builders are research's."""
    import core.words
    from research.wordle.guess_list import SHIPPED_BUILDERS

    assert set(SHIPPED_BUILDERS) == set(core.words.SHIPPED_LISTS)
    assert not set(core.words.BUILTIN_BUILDERS) & set(core.words.SHIPPED_LISTS)
    assert not [n for n in ("scowl_words", "guess_words", "common_words", "dictionary_words") if hasattr(core.words, n)]
    assert set(WORDS_MODULES) <= set(CORE_MODULES)


def test_the_benchmark_framework_imports_no_game():
    games = tuple(f"core.{g}" for g in GAMES)
    offenders = {module_name(p): sorted(m for m in imported_names(p) if m.startswith(games))
                 for p in (ROOT / "core" / "bench").rglob("*.py")}
    assert {k: v for k, v in offenders.items() if v} == {}


# A parent interpreter that has imported only third-party libraries forks one child per core module: each
# child imports its module with no other core module loaded (what a fresh interpreter sees), without paying
# numpy/pandas/plotly start-up sixty times over.
FORK_IMPORTS = r"""
import importlib, os, sys, traceback
for lib in ("numpy", "pandas", "plotly.graph_objects", "pyarrow"):
    try:
        importlib.import_module(lib)
    except ImportError:
        pass
assert not [m for m in sys.modules if m == "core" or m.startswith("core.")]
failed = 0
for name in sys.argv[1:]:
    pid = os.fork()
    if pid == 0:
        try:
            importlib.import_module(name)
            os._exit(0)
        except BaseException:
            sys.stderr.write(name + ": " + traceback.format_exc().strip().splitlines()[-1] + "\n")
            sys.stderr.flush()
            os._exit(1)
    failed += os.waitpid(pid, 0)[1] != 0
sys.exit(1 if failed else 0)
"""


def test_every_core_module_imports_on_its_own_in_a_fresh_interpreter():
    import sys

    out = subprocess.run([sys.executable, "-c", FORK_IMPORTS, *CORE_MODULES], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


def test_the_import_check_catches_a_module_that_needs_another_imported_first(tmp_path):
    """The check above can fail: a package whose module imports a name its cycle partner has not set yet."""
    import sys

    pkg = tmp_path / "cyc"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from cyc.b import B\nA = 1\n")
    (pkg / "b.py").write_text("from cyc.a import A\nB = 2\n")
    out = subprocess.run([sys.executable, "-c", FORK_IMPORTS, "cyc.a"], cwd=tmp_path, capture_output=True, text=True)
    assert out.returncode == 1 and "ImportError" in out.stderr


def _cycle(game: str) -> list[str]:
    """One import cycle among a game package's modules (empty when the graph is acyclic)."""
    prefix = f"core.{game}."
    files = {module_name(p): p for p in (ROOT / "core" / game).rglob("*.py")}
    graph = {m: {i for i in imported_names(p) if i in files and i != m} for m, p in files.items()}
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> list[str]:
        state[m] = 1
        stack.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                return stack[stack.index(n):] + [n]
            if not state.get(n) and (found := visit(n)):
                return found
        stack.pop()
        state[m] = 2
        return []

    for m in sorted(graph):
        if not state.get(m) and (found := visit(m)):
            return [x.removeprefix(prefix) for x in found]
    return []


@pytest.mark.parametrize("game", GAMES)
def test_no_import_cycle_inside_a_game_package(game):
    assert _cycle(game) == []


# ---------------------------------------------------------------- one shape for every game (since 2026-11-26)

SHAPE = ("rules.py", "solvers.py", "harness.py", "bench.py", "explain.py", "charts.py")
NOT_GAMES = ("bench", "words")  # the shared benchmark framework and the word lists, not games


def _game_packages(core: Path) -> list[str]:
    """Every game package under a core folder: its sub-packages other than the shared framework."""
    return sorted(p.parent.name for p in core.glob("*/__init__.py") if p.parent.name not in NOT_GAMES)


def _defines_solvers(path: Path) -> bool:
    """Whether a module binds the name SOLVERS at its top level."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        if any(isinstance(t, ast.Name) and t.id == "SOLVERS" for t in targets):
            return True
    return False


def _shape_gaps(folder: Path) -> list[str]:
    """What a game package lacks of the shared shape: missing modules, and 'SOLVERS' when solvers.py has none."""
    gaps = [name for name in SHAPE if not (folder / name).is_file()]
    if (folder / "solvers.py").is_file() and not _defines_solvers(folder / "solvers.py"):
        gaps.append("SOLVERS")
    return gaps


def test_the_game_list_names_every_game_package_in_core():
    assert _game_packages(ROOT / "core") == sorted(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_shared_modules_and_a_solver_registry(game):
    assert _shape_gaps(ROOT / "core" / game) == []


def _fake_game(tmp_path: Path, drop: str = "", solvers: str = "SOLVERS = object()\n") -> Path:
    folder = tmp_path / "core" / "fakegame"
    folder.mkdir(parents=True)
    (folder / "__init__.py").write_text("")
    for name in SHAPE:
        if name != drop:
            (folder / name).write_text(solvers if name == "solvers.py" else '"""A module."""\n')
    return folder


@pytest.mark.parametrize("drop", SHAPE)
def test_the_shape_check_catches_a_game_missing_one_module(tmp_path, drop):
    folder = _fake_game(tmp_path, drop=drop)
    assert _shape_gaps(folder) == [drop]
    assert _game_packages(tmp_path / "core") == ["fakegame"]


@pytest.mark.parametrize("solvers, gaps", [
    ("SOLVERS = object()\n", []),
    ("SOLVERS: dict = {}\n", []),
    ("REG = {}\n", ["SOLVERS"]),  # a registry under another name
    ("def f():\n    SOLVERS = {}\n", ["SOLVERS"]),  # bound inside a function, not on the module
    ("# SOLVERS = {}\n", ["SOLVERS"]),
])
def test_the_shape_check_wants_a_module_level_solvers_registry(tmp_path, solvers, gaps):
    assert _shape_gaps(_fake_game(tmp_path, solvers=solvers)) == gaps


@pytest.mark.parametrize("part, never", [
    ("knowledge", ("core.crossword.clues", "core.crossword.fill")),  # what is prepared once reads no clue source
    ("clues", ("core.crossword.fill",)),  # a clue source knows no grid
])
def test_the_crossword_parts_import_one_way(part, never):
    offenders = {module_name(p): sorted(m for m in imported_names(p) if m.startswith(never))
                 for p in sorted((ROOT / "core" / "crossword" / part).rglob("*.py"))}
    assert {m: found for m, found in offenders.items() if found} == {}
