"""Browser: the Benchmarks page runs a comparison, draws charts, and Cancel leaves the app usable."""
from tests.e2e.conftest import assert_no_exception, goto, shot, wait_idle


def choose(page, label: str, option: str) -> None:
    page.get_by_label(label).first.click()
    page.get_by_role("option", name=option, exact=True).click()


def set_number(page, label: str, value: int) -> None:
    box = page.get_by_label(label).first
    box.fill(str(value))
    box.press("Tab")


def test_benchmark_run_draws_charts_and_lands_in_history(page, app_url):
    goto(page, app_url, "Benchmarks")
    set_number(page, "Games (a seeded sample)", 40)
    page.get_by_role("button", name="Run benchmark").click()
    wait_idle(page)
    assert_no_exception(page)
    page.locator("[data-testid='stPlotlyChart']").first.wait_for()
    assert page.get_by_role("heading", name="Compare two runs").count() == 1
    shot(page, "benchmarks_run")


def test_cancel_stops_a_long_run_and_the_page_stays_usable(page, app_url):
    goto(page, app_url, "Benchmarks")
    set_number(page, "Games (a seeded sample)", 20000)
    page.get_by_role("button", name="Run benchmark").click()
    page.locator("[data-testid='stProgress']").first.wait_for(timeout=120_000)
    page.get_by_role("button", name="Cancel").click()
    wait_idle(page, timeout=60_000)
    assert_no_exception(page)
    page.get_by_role("button", name="Run benchmark").wait_for()
    shot(page, "benchmarks_cancelled")
