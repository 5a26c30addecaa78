"""Plain words by default: every page, in its first state, shows no exception and no technical term outside a
collapsed panel (AppTest: the element tree is walked, collapsed expanders skipped)."""
from __future__ import annotations

import json

import pytest
from streamlit.testing.v1 import AppTest

from tests.plain_words import ROOT, all_pages, terms_in

CHART_TEXT_KEYS = {"title", "text", "name", "ticktext", "labels", "y", "x"}  # strings a chart draws on screen


def chart_strings(node, key: str = "") -> list[str]:
    """The strings a plotly spec draws: titles, trace names, bar text, tick and category labels (hover left out)."""
    if isinstance(node, dict):
        return [s for k, v in node.items() if not k.startswith("hover") and k not in ("meta", "customdata", "ids", "uid")
                for s in chart_strings(v, k)]
    if isinstance(node, list):
        return [s for v in node for s in chart_strings(v, key)]
    if isinstance(node, str) and key in CHART_TEXT_KEYS:
        return [node]
    return []


def element_text(el) -> list[str]:
    """What a person sees of one element in its first state (tooltips and closed drop-downs left out)."""
    kind, proto = el.type, el.proto
    if kind in ("markdown", "caption", "title", "header", "subheader", "error", "warning", "info", "success", "text",
                "code", "latex"):
        return [proto.body]
    if kind == "metric":
        return [proto.label, proto.body, proto.delta]
    if kind in ("button", "download_button", "page_link", "link_button", "checkbox", "toggle", "file_uploader"):
        return [proto.label]
    if kind in ("radio", "multiselect"):
        return [proto.label] + [str(o) for o in el.options]
    if kind == "selectbox":  # the option as shown (its format_func applied), not the value behind it
        return [proto.label, el.options[el.index] if el.index is not None else getattr(proto, "placeholder", "")]
    if kind in ("select_slider", "slider", "number_input", "text_input", "text_area"):
        return [proto.label, str(el.value), getattr(proto, "placeholder", "")]
    if kind == "dataframe":
        df = el.value
        return [str(c) for c in df.columns] + [str(v) for v in df.astype(str).to_numpy().ravel()]
    if kind == "plotly_chart":
        return chart_strings(json.loads(proto.spec))
    if kind == "html":
        return [proto.body]
    if kind == "progress":
        return [proto.text]
    return []


def visible_texts(node) -> list[str]:
    """Every visible string under a node of the element tree, skipping the contents of collapsed expanders."""
    if hasattr(node, "children"):
        out = []
        if node.type == "expander":
            out.append(node.proto.label)
            if not node.proto.expanded:
                return out
        if node.type == "tab":
            out.append(node.label)
        for child in node.children.values():
            out.extend(visible_texts(child))
        return out
    return [t for t in element_text(node) if t]


def page_params():
    """Every page of the app."""
    for page in all_pages():
        yield pytest.param(page, id=page)


@pytest.mark.parametrize("page", page_params())
def test_a_page_in_its_first_state_speaks_plain_words(page):
    at = AppTest.from_file(str(ROOT / page), default_timeout=300).run()
    assert not at.exception, [e.value for e in at.exception]
    texts = visible_texts(at._tree)
    assert texts, "the page showed nothing"
    found = [t for text in texts for t in terms_in(text)]
    assert found == [], found


@pytest.mark.parametrize("text,terms", [
    ("Expected information 5.2 bits", ["bits", "information"]),
    ("Games won 19.6%", []),
    ("Content hash abc", ["hash"]),
    ("Seed 0 · f(H) = |H|", ["f(H)", "seed"]),
    ("the 95% confidence interval and calibration", ["confidence interval", "calibration"]),
    ("Dask scheduler tcp://", ["Dask", "scheduler"]),
    ("seedling orbits hashtag", []),  # whole words only
    ("PCA of the clue vectors; belief propagation sweep 3", ["PCA", "belief propagation"]),
])
def test_the_term_finder_catches_each_term_as_a_whole_word(text, terms):
    assert sorted({f.split(":")[0] for f in terms_in(text)}) == sorted(terms)


def test_collapsed_expanders_are_skipped_and_open_ones_read():
    script = ("import streamlit as st\nst.write('plain')\nwith st.expander('How it works'):\n    st.write('entropy')\n"
              "with st.expander('Shown', expanded=True):\n    st.write('bits')\n")
    at = AppTest.from_string(script).run()
    texts = visible_texts(at._tree)
    assert "plain" in texts and "How it works" in texts and "bits" in texts and "entropy" not in texts
