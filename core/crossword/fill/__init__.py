"""Filling a grid: answers in, a grid out (the fill solvers, the word-aware ending, linked slots)."""
