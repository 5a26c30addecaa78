"""Shared pytest setup: the repo root on sys.path and a throwaway cache folder per run."""
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("WORDLAB_CACHE", str(ROOT / ".cache"))

import tempfile

os.environ.setdefault("WORDLAB_RESULTS", tempfile.mkdtemp(prefix="wordlab-results-"))
