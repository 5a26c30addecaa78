"""Clue sources: a clue and a pattern in, ranked answers with their sources out (source.py: the one type every
guesser is); linked slots ask for a phrase split over several slots."""
