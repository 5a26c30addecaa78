"""`python -m core.bench <game> [options] [--json]`."""
import sys

from core.bench.cli import main

if __name__ == "__main__":
    sys.exit(main())
