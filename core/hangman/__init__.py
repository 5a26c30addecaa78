"""Hangman: rules, solvers, harness, benchmark and charts."""
