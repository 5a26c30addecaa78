"""One solver protocol (`core.solver.Solver`) that every game's solvers declare, and no game defining its own."""
import ast
import importlib
from pathlib import Path

import pytest

from core.hangman.rules import State as HangmanState
from core.solver import PuzzleSolver, Solver
from core.tipgame.rules import TipState

ROOT = Path(__file__).resolve().parent.parent
MOVE_GAMES = ("hangman", "wordle", "tipgame")  # crosswords fill a whole puzzle in one move: PuzzleSolver


def _registered(game: str) -> list[tuple[str, object]]:
    registry = importlib.import_module(f"core.{game}.solvers").SOLVERS
    return [(name, registry.create(name)) for name in registry.names()]


@pytest.mark.parametrize("game", MOVE_GAMES)
def test_every_registered_solver_declares_the_shared_protocol(game):
    made = _registered(game)
    assert made
    for name, solver in made:
        assert isinstance(solver, Solver), (game, name)
        assert Solver in type(solver).__mro__, (game, name)  # declared by subclassing, not only shaped alike
        assert isinstance(solver.score_label, str) and isinstance(solver.higher_is_better, bool), (game, name)


def test_the_crossword_solver_classes_declare_the_puzzle_protocol():
    threshold = importlib.import_module("core.crossword.fill.threshold")
    belief = importlib.import_module("core.crossword.fill.belief")
    classes = [threshold.DecayingThresholdSolver, threshold.ThresholdSolver, threshold.CellConfidenceSolver,
               belief.BeliefSolver]
    assert all(PuzzleSolver in cls.__mro__ for cls in classes)


def _local_solver_protocols(source: str) -> list[str]:
    """Classes in a module's source that derive from Protocol and name a solver: a game's own protocol."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef) and "Solver" in node.name:
            bases = {b.id if isinstance(b, ast.Name) else b.attr if isinstance(b, ast.Attribute) else ""
                     for b in (base.value if isinstance(base, ast.Subscript) else base for base in node.bases)}
            if "Protocol" in bases:
                found.append(node.name)
    return found


def test_no_module_besides_the_shared_one_defines_a_solver_protocol():
    found = {str(path.relative_to(ROOT)): names for path in sorted((ROOT / "core").rglob("*.py"))
             if path != ROOT / "core" / "solver.py" and (names := _local_solver_protocols(path.read_text()))}
    assert found == {}


@pytest.mark.parametrize("source, found", [
    ("from typing import Protocol\nclass Solver(Protocol):\n    name: str\n", ["Solver"]),
    ("import typing\nclass WordleSolver(typing.Protocol):\n    pass\n", ["WordleSolver"]),
    ("from typing import Protocol\nclass Solver(Protocol[int]):\n    pass\n", ["Solver"]),
    ("from typing import Protocol\nclass Progress(Protocol):\n    pass\n", []),  # a protocol, not a solver's
    ("from core.solver import Solver as S\nclass Solver(S):\n    pass\n", []),  # a game's base class declaring it
])
def test_the_protocol_scan_catches_a_games_own_solver_protocol(source, found):
    assert _local_solver_protocols(source) == found


WORDS = ["cat", "cot", "dog", "dig"]


@pytest.mark.parametrize("game, state", [
    ("hangman", HangmanState("___", ("o",), 6)),
    ("tipgame", TipState()),
])
def test_the_shared_ranked_is_the_choice_with_the_scores_it_chose_by(game, state):
    for name, solver in _registered(game):
        solver.fit(WORDS)
        move, scores = solver.ranked(state)
        assert move == solver.choose(state) and scores == solver.scores(state), (game, name)
        assert move in scores, (game, name)


@pytest.mark.parametrize("game, default", [("hangman", "best"), ("wordle", "entropy"), ("tipgame", "tree"),
                                           ("crossword", "best")])
def test_each_registry_marks_the_solver_its_pages_open_on(game, default):
    registry = importlib.import_module(f"core.{game}.solvers").SOLVERS
    assert [n for n in registry.names() if registry.entry(n).default] == [default]
    assert registry.default() == default
    assert registry.names()[registry.default_index()] == default


def test_a_registry_refuses_a_second_default_and_opens_on_the_first_when_none_is_marked():
    from core.registry import Registry

    registry = Registry("demo")
    registry.register("plain")(lambda: None)
    registry.register("strong", default=True)(lambda: None)
    with pytest.raises(ValueError, match="already the default"):
        registry.register("other", default=True)(lambda: None)
    assert registry.default() == "strong"
    assert registry.default_index(["plain"]) == 0  # a picker without the default opens on its first
    unmarked = Registry("demo")
    unmarked.register("first")(lambda: None)
    unmarked.register("second")(lambda: None)
    assert unmarked.default() == "first"


def getattr_probes(source: str) -> list[int]:
    """Lines of a module's source that call getattr (a probe for an ability the solver should declare instead)."""
    return [node.lineno for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr"]


@pytest.mark.parametrize("source, probes", [
    ('if getattr(solver, "plays_rollouts", None):\n    pass', [1]),
    ("ok = isinstance(solver, GivesChances)", []),
    ('text = "getattr(solver, name)"', []),  # a word in a string is no call
])
def test_the_probe_check_finds_a_getattr_call(source, probes):
    assert getattr_probes(source) == probes


def test_no_module_of_core_ui_or_pages_probes_with_getattr():
    folders = [ROOT / "core", ROOT / "ui", ROOT / "pages"]
    found = {str(path.relative_to(ROOT)): lines for folder in folders for path in sorted(folder.rglob("*.py"))
             if (lines := getattr_probes(path.read_text(encoding="utf-8")))}
    assert found == {}


HANGMAN_ABILITIES = {"best": {"GivesChances", "WeighsWords", "Tuned"}}  # every other Hangman solver: none


@pytest.mark.parametrize("name", importlib.import_module("core.hangman.solvers").SOLVERS.names())
def test_each_hangman_solver_declares_exactly_its_abilities(name):
    module = importlib.import_module("core.hangman.solvers")
    solver = module.SOLVERS.create(name)
    declared = {p for p in ("GivesChances", "WeighsWords", "Tuned") if isinstance(solver, getattr(module, p))}
    assert declared == HANGMAN_ABILITIES.get(name, set())


def test_a_flag_alone_does_not_make_a_solver_give_chances():
    from core.hangman.explain import is_chance_solver, plays_rollouts
    from core.hangman.solvers import FrequencySolver

    class Flagged(FrequencySolver):  # the old way of saying so: an attribute the explainer probed for
        scores_are_chances = True

    class Declared(FrequencySolver):
        def plays_rollouts(self, state):
            return True

    state = HangmanState("___")
    assert (is_chance_solver(Flagged()), is_chance_solver(Declared())) == (False, True)
    assert (plays_rollouts(Flagged(), state), plays_rollouts(Declared(), state)) == (False, True)
