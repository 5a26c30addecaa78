"""Browser: the Crosswords page in a real chromium: solve a demo puzzle, replay it move by move, an archive puzzle."""
import re

import pytest
from playwright.sync_api import expect

from core.crossword.data import archive_path
from tests.e2e.conftest import PREPARE_TIMEOUT, assert_no_exception, goto, shot, show_slot_candidates, wait_idle


def solve(page) -> None:
    """Press the sidebar Solve button (enabled once the clue database is ready) and wait for the solve's move log."""
    page.get_by_role("button", name="Solve", exact=True).click(timeout=PREPARE_TIMEOUT)
    page.locator(".st-key-cw_log").wait_for(timeout=600_000)
    assert_no_exception(page)


def log_entries(page) -> list[str]:
    """The move log's entries, newest first."""
    box = page.locator(".st-key-cw_log")
    return [t for t in box.locator("p").all_inner_texts() if t[:1].isdigit()]


def wait_for_log_entry(page, move: int) -> None:
    """Wait until the move log shows this move's entry (the log redraws after the move counter above it)."""
    entry = page.locator(".st-key-cw_log p").filter(has_text=re.compile(rf"^{move}\. "))
    expect(entry).to_have_count(1)


@pytest.mark.parametrize("width, height", [(1024, 768)])  # one size per behaviour: 1400 is the archive puzzle's
def test_demo_replay_explains_each_move(page, app_url, width, height):
    page.set_viewport_size({"width": width, "height": height})
    goto(page, app_url, "Crosswords")
    assert_no_exception(page)
    solve(page)
    expect(page.get_by_text("Move 1 of")).to_have_count(1)
    # after Solve the grid is in view at 1024x768 (2026-11-29: the title, the mode and the puzzle picker left it below
    # the fold): the page scrolls to the replay controls and the grid under them
    expect(page.get_by_text("Move 1 of")).to_be_in_viewport()
    expect(page.locator(".st-key-cw_board .js-plotly-plot").first).to_be_in_viewport(ratio=0.9)
    wait_for_log_entry(page, 1)
    first = log_entries(page)
    assert len(first) == 1 and first[0].startswith("1. ") and "-Across " in first[0], first
    expect(page.get_by_text("Letters right")).to_have_count(1)
    expect(page.get_by_text("Red outline").first).to_be_visible()
    expect(page.get_by_text("may not spell a real word")).to_have_count(1)  # best ends square by square, and says so
    shot(page, f"crossword_replay_move1_{width}")
    page.get_by_role("button", name="Next ▶").click()
    expect(page.get_by_text("Move 2 of")).to_have_count(1)
    wait_for_log_entry(page, 2)
    assert_no_exception(page)
    second = log_entries(page)
    assert len(second) == 2 and second[0].startswith("2. ") and second[1] == first[0]
    wait_idle(page)
    page.locator(".st-key-cw_play button").last.click()
    # Play moves on by itself, one move a second, until the last
    expect(page.get_by_role("button", name="Next ▶")).to_be_disabled(timeout=180_000)
    wait_idle(page)
    assert_no_exception(page)
    assert len(log_entries(page)) >= 3, "Play moves on by itself"
    shot(page, f"crossword_replay_last_{width}")
    page.get_by_text("Show the solution").click()
    expect(page.get_by_text("The puzzle's own solution.")).to_have_count(1)
    shot(page, f"crossword_replay_played_{width}")


@pytest.mark.skipif(archive_path() is None, reason="shared NYT archive not present")
def test_archive_puzzle_solves(page, app_url):
    goto(page, app_url, "Crosswords")
    page.get_by_text("Archive (test years 2011-2013)").click()
    page.get_by_text("Star of India, once").first.wait_for(timeout=180_000)  # the archive puzzle is in (a loaded
    wait_idle(page)  # machine may start the rerun after wait_idle's first look)
    assert_no_exception(page)
    solve(page)
    expect(page.get_by_text("Letters right")).to_have_count(1, timeout=300_000)
    shot(page, "crossword_archive")
    assert_no_exception(page)


@pytest.mark.skipif(archive_path() is None, reason="shared NYT archive not present")
def test_the_benchmark_is_the_shared_panel_and_runs(page, app_url):
    page.set_viewport_size({"width": 1024, "height": 768})
    goto(page, app_url, "Crosswords")
    page.get_by_text("Show the benchmark").click()
    items = page.get_by_label("Puzzles (a random sample, the same each time)")
    items.wait_for()
    assert_no_exception(page)
    items.fill("1")
    items.press("Enter")
    page.get_by_role("button", name="Run benchmark").click()
    # two solvers fit their clue models and fill one puzzle, then the shared panel lists its stored runs
    expect(page.get_by_text("Runs to show")).to_have_count(1, timeout=900_000)
    expect(page.locator("[data-testid='stPlotlyChart']").first).to_be_attached()
    assert_no_exception(page)
    shot(page, "crossword_benchmark_panel_1024")


def test_a_linked_slot_lists_the_parts_joined_with_its_lead(browser, app_url, tmp_path):
    from tests.test_crossword_page import linked_upload

    path = tmp_path / "linked.ipuz"
    path.write_bytes(linked_upload())
    context = browser.new_context(viewport={"width": 1024, "height": 768},
                                  permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.set_default_timeout(60_000)
    goto(page, app_url, "Crosswords")
    page.get_by_text("Dictionary definitions (WordNet)").click()  # the packaged database: the same on every machine
    expect(page.get_by_role("radio", name="Dictionary definitions (WordNet)")).to_be_checked()
    wait_idle(page)
    page.get_by_text("Upload .puz / .ipuz").click()
    # the puzzle's uploader, found by its key (the own-archive panel and the theme word list have uploaders too)
    page.locator(".st-key-cw_upload input[type='file']").set_input_files(str(path))
    expect(page.get_by_role("button", name="Remove linked.ipuz")).to_have_count(1)
    wait_idle(page)
    assert_no_exception(page)
    solve(page)
    page.get_by_text("Solved by").first.wait_for(timeout=300_000)
    show_slot_candidates(page, "6-Across", "6-Across: See 1-Across")
    page.get_by_text("6-Across (5 letters): See 1-Across").wait_for()
    shot(page, "crossword_linked_1024")
    # the candidates' table (an HTML table: its cells are text)
    table = page.locator("[data-testid='stTable']:visible").filter(has_text="Proposed by").first
    first = table.locator("tbody tr").first
    first.scroll_into_view_if_needed()
    heads = [h.strip() for h in table.locator("thead th").all_inner_texts()]
    cells = [c.strip() for c in first.locator("th, td").all_inner_texts()]
    column = dict(zip(heads[::-1], cells[::-1]))  # read by column name, aligned from the right (an index cell may lead)
    answer, proposed = column["Answer"], column["Proposed by"]
    page.set_viewport_size({"width": 1400, "height": 1000})
    shot(page, "crossword_linked_1400")
    context.close()
    assert (answer, proposed) == ("LIGHT", "joined with 1-Across")
