"""Crosswords: puzzle model and readers, clue guessers, fill solvers, benchmark and charts."""
