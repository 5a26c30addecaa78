"""Guards on the shape of the code: core never imports streamlit; no shared data is committed."""
import ast
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_core_never_imports_streamlit():
    offenders = [str(p.relative_to(ROOT)) for p in (ROOT / "core").rglob("*.py") if "streamlit" in _imports(p)]
    assert offenders == []


def test_core_imports_without_streamlit_loaded():
    code = "import sys, core.words, core.bench, core.charts; assert 'streamlit' not in sys.modules"
    subprocess.run([__import__("sys").executable, "-c", code], cwd=ROOT, check=True)


def test_no_shared_data_file_is_tracked():
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True).stdout.split()
    forbidden = ("words_250k", "words_alpha_370k", "nyt.jsonl", "allowed_nyt2022", "answers_nyt2022")
    assert [f for f in tracked if any(x in f for x in forbidden)] == []
