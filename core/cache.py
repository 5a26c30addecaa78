"""On-disk cache folder and the one artefact key: code version plus the content of every input."""
from __future__ import annotations

import ast
import hashlib
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def cache_dir(*parts: str) -> Path:
    """The cache folder (WORDLAB_CACHE or .cache/ in the repo), created on demand."""
    root = Path(os.environ.get("WORDLAB_CACHE", ROOT / ".cache"))
    path = root.joinpath(*parts)
    path.mkdir(parents=True, exist_ok=True)
    return path


def content_hash(*chunks: str | bytes) -> str:
    """A short stable sha256 hex digest of the given chunks."""
    h = hashlib.sha256()
    for chunk in chunks:
        h.update(chunk.encode("utf-8") if isinstance(chunk, str) else chunk)
        h.update(b"\x00")
    return h.hexdigest()[:16]


def code_version(*modules: str) -> str:
    """A short hash of source code: the whole core package, or only the named modules (paths under core/).

    Name the modules an artefact's builder runs (`"crossword/knowledge/models.py"`) so that an edit elsewhere in core
    does not rebuild it; a named module that does not exist raises ValueError (a renamed file cannot be
    silently left out of a key).
    """
    h = hashlib.sha256()
    root = ROOT / "core"
    if modules:
        paths = []
        for name in sorted(set(modules)):
            path = root / name
            if not path.is_file():
                raise ValueError(f"no module core/{name} to key an artefact by")
            paths.append(path)
    else:
        paths = sorted(root.rglob("*.py"))
    for path in paths:
        h.update(path.relative_to(root).as_posix().encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:12]


def _core_imports(path: Path) -> set[str]:
    """The core modules a source file imports anywhere in it (paths under core/, e.g. "crossword/knowledge/table.py")."""
    root = ROOT / "core"
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                 else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
        for name in names:
            if not name.startswith("core."):
                continue
            rel = Path(*name.split(".")[1:])
            for candidate in (rel.with_suffix(".py"), rel / "__init__.py"):
                if (root / candidate).is_file():
                    out.add(candidate.as_posix())
                    break
    return out


def module_closure(*modules: str) -> tuple[str, ...]:
    """The named core modules and every core module they import, directly or through others (sorted)."""
    root = ROOT / "core"
    seen: set[str] = set()
    todo = list(modules)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        if not (root / name).is_file():
            raise ValueError(f"no module core/{name} to key an artefact by")
        seen.add(name)
        todo.extend(_core_imports(root / name) - seen)
    return tuple(sorted(seen))


def path_hash(path: str | Path) -> str:
    """The content hash of a file, or of every file under a folder (names included)."""
    path = Path(path)
    if path.is_dir():
        files = sorted(p for p in path.rglob("*") if p.is_file())
        return content_hash(*[c for p in files for c in (p.relative_to(path).as_posix(), path_hash(p))])
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()[:16]


def artefact_key(*inputs: str | Path, code: tuple[str, ...] = ()) -> str:
    """The key of anything built from inputs: the version of the code that built it plus the content of every input.

    Pass a `Path` for every file or folder the artefact read (a word list file, `best_ranker.npz`, a
    saved tree, a puzzle archive) and a `str` for inputs already hashed (a `WordList.hash`). `code` names
    the modules (paths under core/) whose source builds the artefact; by default it is the whole core
    package. Two artefacts share a key only when that code and every input are byte for byte the same, so
    a cache keyed by it cannot serve a result built from other inputs. Missing files hash as "missing".
    """
    parts = [code_version(*code)]
    for item in inputs:
        if isinstance(item, Path):
            parts.append(path_hash(item) if item.exists() else f"missing:{item.name}")
        else:
            parts.append(str(item))
    return content_hash(*parts)
