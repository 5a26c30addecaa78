"""Word lists: pick or upload a list, see its validation report, its shape, and how much it shares with another."""
import streamlit as st

from core.charts import length_histogram, letter_frequency_bar, overlap_bar, overlap_shares, position_heatmap
from core.words import WordList, catalogue
from ui.lists import list_names, session_uploads, upload_result, upload_widget, word_list_picker

K = "wordlists_"
COMPARE_WITH = ("English common 50k", "English web2 235k", "Trexquant hangman 227k", "dwyl 370k")

st.set_page_config(page_title="Word lists · Word Game Solver Lab", page_icon="📚", layout="wide")


def other_list_names(current: str) -> list[str]:
    """Lists to compare with, a different one first: a big general list, else any other list."""
    names = [n for n in list_names() if n != current]
    return [n for n in COMPARE_WITH if n in names] + [n for n in names if n not in COMPARE_WITH]


def share_text(share: float) -> str:
    """A share as a percentage that never reads 0.0% or 100.0% when it is not exactly that ("less than 0.1%")."""
    if 0 < share < 0.0005:
        return "less than 0.1%"
    if 0.9995 <= share < 1:
        return "more than 99.9%"
    return f"{share:.1%}"


def length_range(words: WordList) -> str:
    """The word lengths in words: '5 letters' when all share one, else '3–12 letters'."""
    short, long = min(map(len, words.words)), max(map(len, words.words))
    return f"{short} letter{'' if short == 1 else 's'}" if short == long else f"{short}–{long} letters"


@st.cache_data(show_spinner="Drawing the list's charts…", max_entries=16)
def shape_figures(words_hash: str, _words: WordList) -> tuple:
    """The list's length, letter and position charts, drawn once per list (a big list takes seconds)."""
    return length_histogram(_words), letter_frequency_bar(_words), position_heatmap(_words)


def shape(words: WordList) -> None:
    """The list's size, lengths and letters in numbers and charts."""
    spec = catalogue().get(words.name)
    c1, c2, c3 = st.columns(3)
    c1.metric("Words", f"{len(words):,}")
    c2.metric("Lengths", length_range(words))
    c3.metric("Letters used", len(set("".join(words.words))))
    st.caption(f"Source: {words.source or 'unknown'}" + (f" · {spec.kind} list" if spec else " · uploaded in this session"))
    extra = sorted(set(words.alphabet) - set("abcdefghijklmnopqrstuvwxyz"))
    if extra:
        st.info("Letters beyond a–z: " + " ".join(extra))
    lengths, letters, heatmap = shape_figures(words.hash, words)
    left, right = st.columns(2)
    left.plotly_chart(lengths, width="stretch", key=f"{K}lengths")
    right.plotly_chart(letters, width="stretch", key=f"{K}letters")
    st.plotly_chart(heatmap, width="stretch", key=f"{K}heatmap")
    st.download_button("Download the cleaned list (.txt)", words.text().encode("utf-8"),
                       file_name=f"{words.name.replace(' ', '_')}.txt", mime="text/plain", key=f"{K}download")
    with st.expander("Advanced"):
        st.write(f"Content fingerprint: `{words.hash}`. This is a hash, a short code computed from every word of the "
                 "list: two lists with the same fingerprint hold the same words, and saved models and trees are "
                 "filed under it.")


def compare(words: WordList) -> None:
    """How much of the list is in a second list (a different one by default), and the other way round."""
    st.subheader("Compare with another list")
    others = other_list_names(words.name)
    if not others:
        st.info("There is no other list to compare with: upload one above.")
        return
    other = word_list_picker(f"{K}other", "Second list", prefer=others, set_active=False, follows_uploads=False)
    if other is None:
        return
    st.plotly_chart(overlap_bar(words, other), width="stretch", key=f"{K}overlap")
    a, b = overlap_shares(words, other)
    st.write(f"{a['in both']:,} words are in both lists: {share_text(a['share in both'])} of **{words.name}** is in "
             f"**{other.name}**, and {share_text(b['share in both'])} of **{other.name}** is in **{words.name}**.")


def main() -> None:
    """The page: upload, pick, shape, compare."""
    st.title("📚 Word lists")
    st.write("Every solver learns only from a word list. Pick one of the lab's lists or upload your own: "
             "it is checked, cleaned, and kept for this browser session only.")
    with st.expander("Upload a word list", expanded=not session_uploads()):
        upload_widget(f"{K}upload", show_result=False)
    upload_result(f"{K}upload")  # in view even when the section above is collapsed
    words = word_list_picker(f"{K}pick", "Active word list")
    if words is None:
        return
    shape(words)
    compare(words)


main()
