"""Browser: the `best` fill's last step swaps non-words for candidates that fit, and the page says so at both sizes."""
import pytest
from playwright.sync_api import expect

from core.crossword.data import archive_path
from tests.e2e.conftest import PREPARE_TIMEOUT, assert_no_exception, goto, shot, wait_idle


@pytest.mark.skipif(archive_path() is None, reason="shared NYT archive not present")
@pytest.mark.parametrize("width, height", [(1400, 1000)])  # one size per behaviour: 1024 is the demo replay's
def test_the_ending_step_names_the_non_words_it_replaced(page, app_url, width, height):
    page.set_viewport_size({"width": width, "height": height})
    goto(page, app_url, "Crosswords")
    page.get_by_text("Archive (test years 2011-2013)").click()
    page.get_by_text("Star of India, once").first.wait_for(timeout=300_000)
    wait_idle(page)
    page.get_by_role("button", name="Solve", exact=True).click(timeout=PREPARE_TIMEOUT)  # enabled when ready
    page.get_by_text("Letters right").first.wait_for(timeout=600_000)
    wait_idle(page)
    assert_no_exception(page)
    page.get_by_role("button", name="Last").click()
    ending = page.get_by_text("non-words replaced by candidates that fit their crossings")
    ending.first.wait_for(timeout=120_000)  # a loaded machine can take longer than one idle check to redraw
    expect(page.get_by_text("may not spell a real word even so")).to_have_count(1)
    assert_no_exception(page)
    shot(page, f"crossword_ending_last_{width}")
