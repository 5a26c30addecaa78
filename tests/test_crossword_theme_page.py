"""AppTest: the Crosswords page's own word list (theme words) joins the answers the solver may write and propose."""
from __future__ import annotations

from streamlit.testing.v1 import AppTest


def theme_page() -> None:
    """The theme panel over tiny packaged models, then the candidates of a five-letter slot and the fill's words."""
    import streamlit as st

    from core.crossword.knowledge.table import clue_table
    from core.crossword.knowledge.models import fit_models
    from core.crossword.clues.packaged import PackagedGuesser
    from ui.crossword.theme import theme_words_panel

    models = fit_models(clue_table([("a port city", "RIO"), ("a dance", "PASDEDEUX"), ("a large bird", "EMU")]),
                        use_cache=False, word2vec=False, extra_words=False)
    models = theme_words_panel(models)
    conf, tags = PackagedGuesser(models, wordnet=False, meaning=False).candidates_with_sources("striped animal", 5)
    st.markdown("candidates: " + ", ".join(f"{a} ({'; '.join(tags[a])})" for a in sorted(conf)))
    st.markdown("fill words: " + ", ".join(models.dictionary.of_length(5)[0][:3]))


def page() -> AppTest:
    at = AppTest.from_function(theme_page, default_timeout=120)
    at.run()
    assert not at.exception, at.exception
    return at


def texts(at: AppTest) -> str:
    return "\n".join(m.value for m in at.markdown)


def test_without_a_list_nothing_of_it_is_proposed():
    shown = texts(page())
    # OKAPI may be proposed by the dictionary (a striped animal), never as the person's own word
    assert "your word list" not in shown and "OKAPI (your word list)" not in shown


def test_an_uploaded_list_joins_the_answers_and_every_slot_it_fits_proposes_it():
    at = page()
    at.session_state["cw_results"] = {"an earlier solve": "made without the list"}
    at.file_uploader(key="cw_theme_upload").upload("zoo.txt", b"zebra\nokapi\nX-ray\n", "text/plain").run()
    assert not at.exception, at.exception
    shown = texts(at)
    assert "ZEBRA (your word list)" in shown and "OKAPI (your word list)" in shown
    assert "fill words: ZEBRA, OKAPI" in shown  # they lead the words the fill may write
    assert any("2 of your words join the answers: ZEBRA, OKAPI" in s.value for s in at.success)  # X-ray: rejected
    assert at.session_state["cw_results"] == {}, "solves made without the list are forgotten"


def test_a_list_with_no_usable_answer_says_so():
    at = page()
    at.file_uploader(key="cw_theme_upload").upload("short.txt", b"ab\nox\n", "text/plain").run()
    assert not at.exception, at.exception
    assert any("None of the list's words can be an answer" in w.value for w in at.warning)
    assert "your word list" not in texts(at)
