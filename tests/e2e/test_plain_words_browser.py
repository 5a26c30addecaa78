"""Browser: at 1024x768 every page, in its first state, shows no exception box and no technical term outside a
collapsed panel (the visible text is read with every expander closed, as a first visitor sees it)."""
from __future__ import annotations

import pytest

from tests.e2e.conftest import assert_no_exception, goto, shot
from tests.plain_words import all_pages, terms_in


def url_path(page: str) -> str:
    """The URL path Streamlit serves a page at ("" for the home page, number prefix dropped)."""
    if page == "app.py":
        return ""
    stem = page.split("/")[-1].removesuffix(".py")
    return stem.split("_", 1)[1] if stem.split("_", 1)[0].isdigit() else stem


def page_params():
    """Every page of the app."""
    for page in all_pages():
        yield pytest.param(page, id=page)


def visible_text(page) -> str:
    """The text a visitor sees on the page and in the sidebar (closed expanders and hidden tabs hold none)."""
    parts = []
    for sel in ("[data-testid='stMain']", "[data-testid='stSidebar']"):
        loc = page.locator(sel)
        if loc.count():
            parts.append(loc.first.inner_text())
    return "\n".join(parts)


@pytest.mark.parametrize("name", page_params())
def test_a_page_in_its_first_state_speaks_plain_words_at_1024(page, app_url, name):
    page.set_viewport_size({"width": 1024, "height": 768})
    goto(page, app_url, url_path(name))
    assert_no_exception(page)
    text = visible_text(page)
    assert text.strip(), "the page showed nothing"
    shot(page, f"plain_{url_path(name) or 'home'}_1024")
    found = terms_in(text)
    assert found == [], found
