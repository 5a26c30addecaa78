"""Pages are short scripts that know no solver by name: every solver's name, help and abilities come from its
registry entry, so a solver registered with no other change is offered the same way as the others. The ui/ modules
under the pages follow the same rule: they may use a game's registry (`SOLVERS`) and its protocol type, but name no
solver and import no solver class."""
import ast
from pathlib import Path

import pytest

from core.crossword.solvers import SOLVERS as CROSSWORD
from core.hangman.solvers import SOLVERS as HANGMAN
from core.tipgame.solvers import SOLVERS as TIPGAME
from core.wordle.solvers import SOLVERS as WORDLE

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted((ROOT / "pages").glob("*.py")) + [ROOT / "Home.py"]  # the home page is a page too
UI_MODULES = sorted((ROOT / "ui").rglob("*.py"))
MAX_PAGE_LINES = 150


def solver_names() -> set[str]:
    """Every registered solver's name, in every game."""
    return {n for reg in (HANGMAN, WORDLE, TIPGAME, CROSSWORD) for n in reg.names()}


def solver_knowledge(source: str) -> list[str]:
    """What a page's source knows of particular solvers: string literals that are a solver's name, and imports from a
    game's solvers module."""
    names = solver_names()
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in names:
            found.append(f"the name {node.value!r} on line {node.lineno}")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").endswith(".solvers"):
            found.append(f"an import from {node.module} on line {node.lineno}")
    return found


def solver_classes_imported(source: str) -> list[str]:
    """The solver classes a ui module imports from a game's solvers module (its registry and the game's protocol type
    `Solver` are allowed: they name no particular solver)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").endswith(".solvers"):
            found += [f"{a.name} from {node.module} on line {node.lineno}" for a in node.names
                      if a.name.endswith("Solver") and a.name != "Solver"]
    return found


def ui_solver_knowledge(source: str) -> list[str]:
    """What a ui module knows of particular solvers: string literals that are a solver's name, and solver classes it
    imports."""
    names = [k for k in solver_knowledge(source) if k.startswith("the name ")]
    return names + solver_classes_imported(source)


@pytest.mark.parametrize("source, knows", [
    ('index=names.index("entropy")', True),  # a default named by string
    ("from core.tipgame.solvers import GreedySolver, TreeSolver", True),  # solver classes built by hand
    ('bound = figs["bound"]["best"]', True),  # a dict key that reads as a solver's name
    ("from core.hangman.solvers import SOLVERS, Solver", False),  # the registry and the protocol type
    ("from core.crossword.solvers import SOLVERS, FillState, SolveResult", False),  # values a solve returns
    ('index=SOLVERS.default_index(names)', False),
])
def test_the_ui_check_finds_a_solver_named_in_a_ui_module(source, knows):
    assert bool(ui_solver_knowledge(source)) is knows


@pytest.mark.parametrize("module", UI_MODULES, ids=lambda p: str(p.relative_to(ROOT / "ui")))
def test_a_ui_module_names_no_solver(module):
    assert ui_solver_knowledge(module.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("source, knows", [
    ('st.selectbox("Strategy", names, index=names.index("best"))', True),  # a default picked by name
    ('if solver == "entropy":\n    show_bits()', True),  # a branch on a name
    ("from core.tipgame.solvers import GreedySolver", True),  # a solver class imported
    ('st.title("The best tree")', False),  # a sentence that uses the word is not a name
    ("from ui.hangman.common import sidebar", False),
])
def test_the_check_finds_a_solver_named_in_a_page(source, knows):
    assert bool(solver_knowledge(source)) is knows


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.stem)
def test_a_page_names_no_solver(page):
    assert solver_knowledge(page.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.stem)
def test_a_page_is_a_short_script_over_its_ui_modules(page):
    lines = len(page.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_PAGE_LINES, f"{page.name} has {lines} lines: move its modes into ui/<game>/ modules"
