"""Wordle: feedback rules, pattern matrices, solvers (positional, entropy, best tree), harness."""
