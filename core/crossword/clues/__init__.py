"""Clue sources: a clue and a pattern in, ranked answers with their sources out."""
