"""The Wordle page's modes, one module each, over shared helpers in `common`."""
