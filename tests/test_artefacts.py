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
