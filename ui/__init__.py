"""Streamlit-aware helpers shared by the pages (cached loaders, widgets, session state)."""
