"""Artefact keys follow the code that built them: an edit to a module the artefact depends on changes its key,
an edit anywhere else in core does not (so a fix to the fill does not rebuild half an hour of clue models)."""
import shutil
from pathlib import Path

import pytest

from core import cache
from core.artefacts import ARTEFACTS

TABLE_CODE = ARTEFACTS["clue-table"].code
MODEL_CODE = ARTEFACTS["clue-models"].code

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def core_copy(tmp_path, monkeypatch) -> Path:
    """A copy of core/ under a tmp root that core.cache hashes instead of the real one."""
    shutil.copytree(REPO / "core", tmp_path / "core", ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(cache, "ROOT", tmp_path)
    return tmp_path / "core"


def _touch(core: Path, module: str) -> None:
    """Append a comment to a module (a code change that changes no behaviour, but must still change keys)."""
    with open(core / module, "a", encoding="utf-8") as f:
        f.write("\n# edited\n")


def _calibration_modules() -> tuple[str, ...]:
    return cache.module_closure("crossword/clues/guessers.py", "crossword/data.py")


KEYS = {
    "clue table": lambda: cache.artefact_key("archive-hash", "", "2010-12-31", "0", code=TABLE_CODE),
    "clue models": lambda: cache.artefact_key("table-hash", "w2v", code=MODEL_CODE),
    "calibration": lambda: cache.code_version(*_calibration_modules()),
    "whole core (default)": lambda: cache.artefact_key("list-hash"),
}


@pytest.mark.parametrize("artefact, edited, changes", [
    ("clue models", "crossword/knowledge/models.py", True),
    ("clue models", "crossword/knowledge/table.py", True),
    ("clue models", "crossword/knowledge/answerdocs.py", True),
    ("clue models", "crossword/letters.py", True),
    ("clue models", "crossword/solvers.py", False),  # the fill does not build the models
    ("clue models", "crossword/harness.py", False),
    ("clue models", "crossword/clues/guessers.py", False),  # guessers read the models; they do not build them
    ("clue models", "hangman/solvers.py", False),
    ("clue table", "crossword/readers.py", True),
    ("clue table", "crossword/data.py", True),
    ("clue table", "crossword/knowledge/table.py", True),
    ("clue table", "crossword/knowledge/models.py", False),
    ("clue table", "crossword/solvers.py", False),
    ("calibration", "crossword/clues/guessers.py", True),
    ("calibration", "crossword/knowledge/models.py", True),  # imported by the guessers
    ("calibration", "words/wordnet.py", True),  # imported through the models
    ("calibration", "crossword/data.py", True),  # the dev sample
    ("calibration", "crossword/solvers.py", False),
    ("calibration", "crossword/bench.py", False),
    ("calibration", "wordle/rules.py", False),
    ("whole core (default)", "wordle/rules.py", True),  # other games keep today's key: any core edit
    ("whole core (default)", "crossword/solvers.py", True),
])
def test_a_key_changes_exactly_when_the_code_it_names_changes(core_copy, artefact, edited, changes):
    before = KEYS[artefact]()
    assert KEYS[artefact]() == before  # stable
    _touch(core_copy, edited)
    assert (KEYS[artefact]() != before) == changes


def test_a_new_module_imported_by_a_named_one_joins_the_calibration_key(core_copy):
    before = cache.code_version(*_calibration_modules())
    (core_copy / "crossword" / "newfeature.py").write_text("X = 1\n")
    assert cache.code_version(*_calibration_modules()) == before  # not imported yet: not a dependency
    with open(core_copy / "crossword" / "clues" / "guessers.py", "a", encoding="utf-8") as f:
        f.write("\nfrom core.crossword.newfeature import X  # noqa\n")
    after = cache.code_version(*_calibration_modules())
    assert after != before
    assert "crossword/newfeature.py" in _calibration_modules()
    (core_copy / "crossword" / "newfeature.py").write_text("X = 2\n")
    assert cache.code_version(*_calibration_modules()) != after


@pytest.mark.parametrize("named", [("crossword/no_such.py",), ("crossword/knowledge/models.py", "nowhere/else.py")])
def test_naming_a_module_that_does_not_exist_is_an_error_not_a_silent_gap(named):
    with pytest.raises(ValueError, match="no module"):
        cache.artefact_key("x", code=named)
    with pytest.raises(ValueError, match="no module"):
        cache.module_closure(*named)


def test_the_default_key_is_the_whole_core_as_before():
    assert cache.artefact_key("a") == cache.content_hash(cache.code_version(), "a")
    assert cache.artefact_key("a", code=MODEL_CODE) != cache.artefact_key("a")
    assert cache.code_version(*MODEL_CODE) == cache.code_version(*reversed(MODEL_CODE))  # order-free


@pytest.mark.parametrize("name", sorted(ARTEFACTS))
def test_the_modules_every_declared_artefact_names_exist(name):
    for module in ARTEFACTS[name].code:
        assert (REPO / "core" / module).is_file(), module
