"""A game board drawn in large monospace letters, readable on a projector."""
from __future__ import annotations

import html
from typing import Sequence

import streamlit as st


def board_html(lines: Sequence[str], size: str = "1.3rem") -> str:
    """The board's lines as one HTML block (escaped), large monospace on a light panel."""
    text = "<br>".join(html.escape(line) for line in lines)
    return (f"<div style=\"font-family:'Source Code Pro',monospace;font-size:{size};line-height:1.5;"
            f"padding:0.6rem 0.8rem;background:#f4f4f6;border-radius:0.5rem;white-space:pre-wrap;overflow-x:auto\">"
            f"{text}</div>")


def show_board(lines: Sequence[str], size: str = "1.3rem") -> None:
    """Draw a board."""
    st.html(board_html(lines, size))
