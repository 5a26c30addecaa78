"""Word Game Solver Lab: pure-Python solvers, rules and benchmarks (no Streamlit here)."""
