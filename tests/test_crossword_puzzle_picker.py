"""The crossword page's puzzle picker names each demo puzzle by its title, never by its file's name."""
from __future__ import annotations

from streamlit.testing.v1 import AppTest

from core.crossword.data import demo_puzzles


def picker_page() -> None:
    """The picker alone, with no archive (a fresh machine)."""
    import streamlit as st

    from ui.crossword.puzzles import puzzle_picker

    puzzle = puzzle_picker(None)
    st.write(f"picked: {puzzle.title if puzzle else None}")


def test_each_demo_puzzle_is_offered_by_its_title_and_picks_that_puzzle():
    demos = demo_puzzles()
    at = AppTest.from_function(picker_page, default_timeout=60).run()
    picker = at.selectbox(key="cw_demo")
    assert picker.options == [p.title for p in demos.values()]  # "Demo 5x5: Word square …", not "demo-5x5-heart"
    assert not any(name in picker.options for name in demos)
    last = list(demos)[-1]
    picker.set_value(last).run()
    assert not at.exception, at.exception
    assert at.selectbox(key="cw_demo").value == last
    assert any(m.value == f"picked: {demos[last].title}" for m in at.markdown)
