"""What is prepared once: the clue table, fitted models, the meaning tables, WordNet tables, the phrase lexicon (it
imports neither clues/ nor fill/)."""
