"""Crosswords in three parts: clues/ (a clue and a pattern in, ranked answers out), fill/ (answers in, a grid out),
knowledge/ (what is prepared once); beside them the puzzle model, its readers, the harness, benchmark and charts."""
