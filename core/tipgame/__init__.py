"""The substring "tip" game: rules, tip tables, decision trees, solvers, search and charts."""
