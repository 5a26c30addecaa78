"""What is prepared once: the clue table, fitted models, the distilled meaning table, WordNet tables, calibration."""
