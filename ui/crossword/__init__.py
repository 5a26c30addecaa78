"""The Crosswords page's modes, one module each."""
