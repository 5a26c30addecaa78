"""Crosswords in three parts, each importing only the parts before it: knowledge/ (what is prepared once), clues/ (a
clue and a pattern in, ranked answers with their sources out), fill/ (answers in, a grid out); beside them the puzzle
model, its readers, the preparation (builds the models, calibrates the clue sources), the harness, benchmark, charts."""
