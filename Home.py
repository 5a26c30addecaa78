"""Home page of Word Game Solver Lab: watch a solver play each game, move by move, then a card per page.

`streamlit run app.py` runs this file (app.py is a link to it), so the sidebar names the page "Home".
"""
from __future__ import annotations

from pathlib import Path

import streamlit as st

from ui.home_replays import replays
from ui.lists import active_list_name, session_uploads

ROOT = Path(__file__).resolve().parent

st.set_page_config(page_title="Word Game Solver Lab", page_icon="🧩", layout="wide")

CARDS = (
    ("pages/2_Hangman.py", "🪢 Hangman", "Hangman",
     "A word is hidden as blanks. The computer guesses one letter at a time; six wrong letters and it loses. Watch it "
     "weigh every letter, give it a word to find, or play yourself with its hints."),
    ("pages/3_Wordle.py", "🟩 Wordle", "Wordle",
     "Guess a five-letter word in six tries; each guess colours its letters green (right place), yellow (elsewhere) "
     "or grey (not in the word). Watch the solver, or let it help with today's game."),
    ("pages/4_Tip_game.py", "🔤 Tip game", "Tip game",
     "Find a word from a list by sending pieces of words: the answer says whether the word is, begins with, ends "
     "with, contains or doesn't contain your piece. Watch a decision tree find any word in a handful of tries."),
    ("pages/5_Crosswords.py", "✏️ Crosswords", "Crosswords",
     "Fill a crossword from its clues: the computer looks up similar clues, then fits the answers together so "
     "crossing letters agree, and shows how sure it is of every square."),
    ("pages/6_Benchmarks.py", "📊 Benchmarks", "Benchmarks",
     "Race the solvers against each other on the same words and see who wins most often, in how many tries."),
    ("pages/1_Word_lists.py", "📚 Word lists", "Word lists",
     "See the lists the solvers learn from, upload your own (a text file, one word a line), and compare two lists."),
)


def cards() -> None:
    """A card per page of the lab."""
    st.subheader("Everything in the lab")
    cols = st.columns(2)
    for i, (path, title, short, text) in enumerate(CARDS):
        with cols[i % 2].container(border=True):
            st.markdown(f"##### {title}")
            st.write(text)
            if (ROOT / path).is_file():
                st.page_link(path, label=f"Open {short}", icon="➡️")
            else:
                st.caption("Coming soon.")


def lists_note() -> None:
    """Which word list the pages start from."""
    uploads = session_uploads()
    st.caption(f"Active word list: **{active_list_name()}**"
               + (f" · {len(uploads)} uploaded in this session" if uploads else "")
               + ". Every page can switch lists, and the Word lists page takes your own.")


def main() -> None:
    """The home page: what the lab is, a replay to watch, the cards."""
    st.title("🧩 Word Game Solver Lab")
    st.write("Computer players of word games, explained move by move. Press **Next** to see what the solver does "
             "and why, or **Play** to watch the whole game; then open a page to play with it, against it, or on "
             "your own word list.")
    replays()
    cards()
    lists_note()


main()
