"""Home page of Word Game Solver Lab: what the lab is, a card per game, the active word list."""
from pathlib import Path

import streamlit as st

from core.words import catalogue, shared_data_dir
from ui.lists import active_list_name, session_uploads

st.set_page_config(page_title="Word Game Solver Lab", page_icon="🧩", layout="wide")

ROOT = Path(__file__).resolve().parent

GAMES = [
    ("pages/2_Hangman.py", "🪢 Hangman",
     "A word is hidden as blanks. The computer guesses one letter at a time; every wrong letter costs a life, "
     "six and it loses. Watch it weigh every letter (a bar chart of how likely each one is), host a game for it "
     "with a word you think of, or play yourself with its hints. Its best solver wins most games even on words "
     "it has never seen, by learning which letter patterns English uses."),
    ("pages/3_Wordle.py", "🟩 Wordle",
     "Guess a five-letter word (or any length) in six tries; each guess colours its letters green (right place), "
     "yellow (elsewhere) or grey (absent). The solvers pick the guess that tells them the most, or follow a "
     "precomputed decision tree that is provably close to the best possible. Use the assistant on today's game."),
    ("pages/4_Tip_game.py", "🔤 Tip game",
     "Find a word from a list by sending pieces of words: the answer says whether the word is, begins with, ends "
     "with, contains or doesn't contain your piece. An optimised decision tree finds any word in a handful of tries; "
     "explore the tree and see how far it is from the best possible."),
    ("pages/5_Crosswords.py", "✏️ Crosswords",
     "Fill a crossword from its clues. Clue guessers look up similar clues from past puzzles; grid solvers fit "
     "the guesses together so crossing letters agree, and a heatmap shows how confident they are in every square."),
    ("pages/1_Word_lists.py", "📚 Word lists",
     "See the lists the solvers learn from, upload your own (a text file, one word a line), and compare two lists."),
]

st.title("🧩 Word Game Solver Lab")
st.write(
    "A place to **watch, compare and beat** computer players of word games. Every game has several solvers, "
    "from simple rules of thumb to carefully searched strategies. Each page shows the solver *thinking*: how many "
    "words are still possible, how likely each letter is, how sure it is about each square. You can play with it, "
    "against it, and race solvers against each other on real word lists, including one you upload."
)

cols = st.columns(2)
for i, (path, title, text) in enumerate(GAMES):
    with cols[i % 2].container(border=True):
        st.subheader(title)
        st.write(text)
        if (ROOT / path).is_file():
            st.page_link(path, label=f"Open {title.split(' ', 1)[1]}", icon="➡️")
        else:
            st.caption("Coming soon.")

st.divider()
st.subheader("Word lists")
uploads = session_uploads()
st.write(f"Active word list: **{active_list_name()}**" + (f" · {len(uploads)} uploaded in this session" if uploads else ""))
data = shared_data_dir()
specs = catalogue()
shared = [n for n, s in specs.items() if s.kind == "shared"]
if data:
    st.caption(f"Development data found in `{data}`: {', '.join(shared) or 'no known lists'}.")
else:
    st.caption("No development data folder found (set WORDLAB_DATA to one); the built-in lists work offline.")
