"""Word lists: pick or upload a list, see its validation report, shape and overlap with another."""
import streamlit as st

from core.charts import length_histogram, letter_frequency_bar, overlap_bar, position_heatmap
from core.words import catalogue
from ui.lists import session_uploads, upload_widget, word_list_picker

st.set_page_config(page_title="Word lists · Word Game Solver Lab", page_icon="📚", layout="wide")
st.title("📚 Word lists")
st.write(
    "Every solver learns only from a word list. Pick one of the lab's lists or upload your own: "
    "it is checked, cleaned, and kept for this browser session only."
)

with st.expander("Upload a word list", expanded=not session_uploads()):
    upload_widget("wordlists_upload")

words = word_list_picker("wordlists_pick", "Active word list")
if words is None:
    st.stop()

spec = catalogue().get(words.name)
c1, c2, c3, c4 = st.columns(4)
c1.metric("Words", f"{len(words):,}")
c2.metric("Lengths", f"{min(len(w) for w in words.words)}–{max(len(w) for w in words.words)}")
c3.metric("Alphabet size", len(set("".join(words.words))))
c4.metric("Content hash", words.hash[:10])
st.caption(f"Source: {words.source or 'unknown'}" + (f" · {spec.kind} list" if spec else " · uploaded in this session"))
extra = sorted(set(words.alphabet) - set("abcdefghijklmnopqrstuvwxyz"))
if extra:
    st.info("Letters beyond a–z: " + " ".join(extra))

left, right = st.columns(2)
left.plotly_chart(length_histogram(words), width="stretch")
right.plotly_chart(letter_frequency_bar(words), width="stretch")
st.plotly_chart(position_heatmap(words), width="stretch")

st.download_button("Download the cleaned list (.txt)", words.text().encode("utf-8"),
                   file_name=f"{words.name.replace(' ', '_')}.txt", mime="text/plain", key="wordlists_download")

st.subheader("Compare with another list")
other = word_list_picker("wordlists_other", "Second list", set_active=False)
if other is not None:
    st.plotly_chart(overlap_bar(words, other), width="stretch")
    shared = len(words.word_set & other.word_set)
    st.write(f"{shared:,} words are in both; {shared / max(1, len(words)):.1%} of **{words.name}** is in **{other.name}**.")
