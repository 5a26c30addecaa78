"""Artefacts declared once (core.artefacts): one key per declaration, getters that only load, a CLI that lists."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from core import artefacts, cache

ROOT = Path(__file__).resolve().parent.parent


def test_the_list_names_every_declared_artefact():
    out = subprocess.run([sys.executable, "-m", "core.artefacts", "list"], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert [line.split()[0] for line in out.stdout.splitlines()] == list(artefacts.ARTEFACTS)


@pytest.mark.parametrize("name, extra", [
    ("clue-models", ("table-hash", "w2v")),
    ("clue-table", ("archive-hash", "", "2010-12-31", "0")),
    ("meaning-vectors", ("texts-hash", "table-key")),
])
def test_a_key_is_the_declared_code_and_the_inputs(name, extra):
    declared = artefacts.ARTEFACTS[name]
    assert artefacts.key(name, *extra) == cache.artefact_key(*extra, code=declared.code)
    assert artefacts.key(name, *extra) != artefacts.key(name, *extra[:-1], "other")


def test_an_unknown_artefact_is_named_in_the_error():
    with pytest.raises(KeyError, match="known: builtin-list"):
        artefacts.key("no-such-artefact")


def _explode(*args, **kwargs):
    raise AssertionError("a getter started a build")


def test_the_meaning_tokenizer_only_loads_a_prepared_table(tmp_path, monkeypatch):
    from core.crossword.knowledge import distil

    monkeypatch.setattr(distil, "table_path", lambda: tmp_path / "static" / "pieces.npy")
    monkeypatch.setattr(distil, "make_table", _explode)
    with pytest.raises(artefacts.NotPrepared, match="core.artefacts build meaning-table"):
        distil.tokenizer()


def test_the_meaning_table_getter_only_loads_a_prepared_table(tmp_path, monkeypatch):
    from core.crossword.knowledge import distil, meaning

    monkeypatch.setattr(distil, "table_path", lambda: tmp_path / "static" / "pieces.npy")
    monkeypatch.setattr(distil, "make_table", _explode)
    meaning.static_table.cache_clear()
    with pytest.raises(artefacts.NotPrepared):
        meaning.static_table()
    meaning.static_table.cache_clear()


def test_the_built_in_lists_are_keyed_by_their_declaration_not_a_version_string():
    import core.words
    import core.words.named as named

    assert not hasattr(core.words, "BUILTIN_VERSION") and not hasattr(named, "BUILTIN_VERSION")
    assert "words/named.py" in artefacts.ARTEFACTS["builtin-list"].code_modules()


def test_the_harness_builds_no_models():
    import core.crossword.harness as harness

    builders = ("archive_models", "wordnet_models", "calibrated", "warm_up", "fit_models", "packaged_models")
    assert [name for name in builders if hasattr(harness, name)] == []


def test_the_preparation_panel_lists_every_artefact_with_a_build_step():
    assert [name for name, _ in artefacts.prepared_once()] == [a.name for a in artefacts.ARTEFACTS.values() if a.build]
    assert {"meaning-table", "archive-models", "packaged-models"} <= {name for name, _ in artefacts.prepared_once()}


def artefact_key_calls(source: str) -> list[int]:
    """Lines of a module's source that key a cache with `artefact_key` itself instead of a declared artefact."""
    import ast

    return [node.lineno for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Call)
            and ((isinstance(node.func, ast.Name) and node.func.id == "artefact_key")
                 or (isinstance(node.func, ast.Attribute) and node.func.attr == "artefact_key"))]


@pytest.mark.parametrize("source, calls", [
    ('path = f"x-{artefact_key(h, code=CODE)}.npy"', [1]),
    ("k = cache.artefact_key(a)", [1]),
    ('k = artefacts.key("tip-tree", h)', []),
    ('text = "artefact_key(a)"', []),  # a word in a string is no call
])
def test_the_check_finds_a_cache_keyed_outside_the_declarations(source, calls):
    assert artefact_key_calls(source) == calls


def test_every_cache_in_core_is_keyed_through_a_declared_artefact():
    allowed = {"core/cache.py", "core/artefacts.py"}
    found = {str(p.relative_to(ROOT)): lines for p in sorted((ROOT / "core").rglob("*.py"))
             if str(p.relative_to(ROOT)) not in allowed and (lines := artefact_key_calls(p.read_text(encoding="utf-8")))}
    assert found == {}


@pytest.mark.parametrize("game, names", [
    ("hangman", {"hangman-solver", "everyday-words", "host-plan"}), ("wordle", {"wordle-patterns"}),
    ("tipgame", {"tip-tree"}), ("bench", {"bench-run"}),
])
def test_each_games_caches_are_declared(game, names):
    assert names <= set(artefacts.ARTEFACTS)


@pytest.mark.parametrize("name, extra, old", [
    ("everyday-words", ("list-hash", "en"), lambda: cache.artefact_key("list-hash", "en", code=cache.module_closure(
        "hangman/draw.py"))),
    ("tip-tree", ("list-hash",), lambda: cache.artefact_key("list-hash", code=("tipgame/rules.py", "tipgame/tree.py"))),
    ("host-plan", ("pool", "5", "100"), lambda: cache.artefact_key("pool", "5", "100", code=(
        "hangman/planner.py", "hangman/adversary.py", "hangman/rules.py"))),
    ("wordle-patterns", ("standard", "g", "a"), lambda: cache.artefact_key("standard", "g", "a")),
    ("bench-run", ("a", "b"), lambda: cache.artefact_key("a", "b")),
])
def test_a_declared_cache_keeps_the_key_it_had(name, extra, old):
    assert artefacts.key(name, *extra) == old()
