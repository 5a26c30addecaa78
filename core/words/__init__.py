"""Word lists (the module moves into this package, then splits into its parts)."""
from core.words.catalogue import *  # noqa: F401,F403
from core.words.catalogue import _wordfreq_top  # noqa: F401
