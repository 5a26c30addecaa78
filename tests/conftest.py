"""Shared pytest setup: the repo root on sys.path, and a throwaway cache and results folder per test run.

Every artefact a test builds (built-in lists, fitted models, pattern matrices, stored runs) goes to a
fresh temporary folder, so no test can pass on a model that older code built into the repo's .cache.
Subprocesses and the e2e servers inherit the folders through the environment.
"""
import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

for _name, _prefix in (("WORDLAB_CACHE", "wordlab-cache-"), ("WORDLAB_RESULTS", "wordlab-results-")):
    if _name not in os.environ:
        os.environ[_name] = tempfile.mkdtemp(prefix=_prefix)
        atexit.register(shutil.rmtree, os.environ[_name], True)

# Page tests that open the crossword page on the archive learn from its last 150 puzzles only (as the browser
# suite does): the page works the same on a small clue table, and each test run builds it once.
os.environ.setdefault("WORDLAB_CW_TRAIN_LIMIT", "150")
# The Crosswords page starts no background upgrade of the meaning model in tests (a builder process would outlive
# the test); tests of the upgrade's panel set up its states themselves.
os.environ.setdefault("WORDLAB_CW_UPGRADE", "0")
