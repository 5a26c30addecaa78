"""Filling a grid: answers in, a grid out (the fill solvers and the word-aware ending)."""
