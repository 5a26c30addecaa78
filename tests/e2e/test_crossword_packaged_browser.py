"""Browser: the Crosswords page on a machine without the archive shows which packaged source proposed a candidate."""
import pytest

from core.crossword.clues.packaged import PackagedGuesser
from tests.e2e.conftest import PREPARE_TIMEOUT, assert_no_exception, goto, shot, show_slot_candidates, wait_idle


@pytest.fixture
def bare_url(server_factory, monkeypatch, tmp_path_factory):
    """A server that finds no shared data (WORDLAB_DATA is an empty folder): a fresh machine's page."""
    monkeypatch.setenv("WORDLAB_DATA", str(tmp_path_factory.mktemp("no-archive")))
    return server_factory()


def test_without_the_archive_the_candidates_name_the_packaged_sources(browser, bare_url):
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    page.set_default_timeout(300_000)
    goto(page, bare_url, "Crosswords")
    assert_no_exception(page)
    page.get_by_role("button", name="Solve", exact=True).click(timeout=PREPARE_TIMEOUT)  # enabled when ready
    wait_idle(page, timeout=300_000)
    assert_no_exception(page)
    page.get_by_text("Solved by").first.wait_for(timeout=300_000)
    assert_no_exception(page)
    clues = page.locator(".st-key-cw_clues")
    clues.get_by_text("Direction of a market").wait_for()
    box = clues.evaluate("e => [getComputedStyle(e).overflowY, e.scrollHeight, e.clientHeight]")
    assert box[0] == "visible" or box[1] <= box[2] + 1, box  # every clue shown: no short box to scroll at 1024x768
    show_slot_candidates(page, "1-Across", "1-Across: Organ that pumps blood")
    table = page.locator("[data-testid='stTable']:visible").filter(has_text="Proposed by").first
    assert "Chance at move 1" in table.inner_text()  # the words move 1 chose from, beside the clue's own chances
    first = table.locator("tbody tr").first.locator("td").first.inner_text().strip()
    assert first == "HEART", first  # the word move 1 writes heads the list
    shot(page, "crossword_heart_panel_1024")
    page.set_viewport_size({"width": 1400, "height": 900})
    shot(page, "crossword_heart_panel_1400")
    page.set_viewport_size({"width": 1024, "height": 768})
    show_slot_candidates(page, "5-Down", "5-Down: Direction of a market")
    shot(page, "crossword_packaged_1024")
    table = page.locator("[data-testid='stTable']:visible").filter(has_text="Proposed by").first
    table.scroll_into_view_if_needed()
    cells = [row.locator("td").last.inner_text().strip() for row in table.locator("tbody tr").all()[:3]]
    proposed = table.locator("tbody tr").first.locator("td").last.bounding_box()
    assert proposed["x"] + proposed["width"] <= 1024, proposed  # the whole 'Proposed by' cell is on screen
    page.set_viewport_size({"width": 1400, "height": 1000})
    shot(page, "crossword_packaged_1400")
    context.close()
    from core.crossword.explain import source_label

    labels = [source_label((tag,)) for tag, _ in PackagedGuesser.SOURCES]  # each source's plain words on the page
    assert any(label in cell for cell in cells for label in labels), cells
