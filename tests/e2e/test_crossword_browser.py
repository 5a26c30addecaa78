"""Browser: the Crosswords page in a real chromium: solve a demo puzzle, step through the fill, an archive puzzle."""
from core.crossword.data import archive_path
import pytest

from tests.e2e.conftest import assert_no_exception, goto, shot, wait_idle


def solve(page) -> None:
    """Press the sidebar Solve button and wait for the rerun."""
    page.get_by_role("button", name="Solve").click()
    wait_idle(page)
    assert_no_exception(page)


def test_demo_puzzle_solves_with_heatmap_and_slider(page, app_url):
    goto(page, app_url, "Crosswords")
    assert_no_exception(page)
    assert page.get_by_text("Empty grid: press Solve").count() >= 1 or page.locator("[data-testid='stPlotlyChart']").count() >= 1
    solve(page)
    page.wait_for_selector("[data-testid='stSlider']", timeout=60_000)
    assert page.get_by_text("Letters right").count() == 1
    slider = page.locator("[data-testid='stSlider'] input[type='range']").first
    slider.focus()
    page.keyboard.press("Home")
    wait_idle(page)
    assert page.locator("[data-testid='stSliderThumbValue']").first.inner_text().strip() == "1"
    assert_no_exception(page)
    assert page.locator("[data-testid='stPlotlyChart']").count() >= 1
    shot(page, "crossword_demo")


@pytest.mark.skipif(archive_path() is None, reason="shared NYT archive not present")
def test_archive_puzzle_solves(page, app_url):
    goto(page, app_url, "Crosswords")
    page.get_by_text("Archive (test years 2011-2013)").click()
    wait_idle(page)
    assert_no_exception(page)
    solve(page)
    assert page.get_by_text("Letters right").count() == 1
    shot(page, "crossword_archive")
