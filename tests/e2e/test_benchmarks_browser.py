"""Browser: the Benchmarks page runs a comparison in plain words, compares two runs, and Cancel stops a run."""
import re

from playwright.sync_api import expect

from tests.e2e.conftest import assert_no_exception, goto, shot

SAMPLE = "Games (a random sample, the same each time)"
# True when the run label's start (time · solver · size) fits in the box; its data set may be cut, a caption has it whole.
FITS_UP_TO_DATA_SET = """e => { const c = document.createElement('canvas').getContext('2d'); c.font = getComputedStyle(e).font;
  const start = e.value.split(' · ').slice(0, 3).join(' · '); return c.measureText(start).width <= e.clientWidth; }"""
TECHNICAL = ("ci_low", "ci_high", "items_per_second", "scheduler", "win_rate")


def set_number(page, label: str, value: int) -> None:
    box = page.get_by_label(label).first
    box.fill(str(value))
    box.press("Tab")


def test_benchmark_run_draws_charts_in_plain_words_and_compares(page, app_url):
    goto(page, app_url, "Benchmarks")
    set_number(page, SAMPLE, 40)
    page.get_by_role("button", name="Run benchmark").click()
    page.locator("[data-testid='stPlotlyChart']").first.wait_for()
    expect(page.locator("[data-testid='stMain']")).to_contain_text(re.compile(r"Games won[\s\S]*%|%[\s\S]*Games won"))
    assert_no_exception(page)
    text = page.locator("[data-testid='stMain']").inner_text()
    assert [t for t in TECHNICAL if t in text] == []  # technical names only inside the collapsed Advanced panel
    shot(page, "benchmarks_run")
    page.set_viewport_size({"width": 1024, "height": 768})
    shot(page, "benchmarks_run_1024")
    page.get_by_text("Compare two runs", exact=True).first.click()
    page.get_by_role("heading", name="Compare two runs").wait_for()
    expect(page.get_by_text(re.compile("changed outcome|agree on every one|in common")).first).to_be_visible()
    assert_no_exception(page)
    assert page.get_by_text("changed outcome").count() + page.get_by_text("agree on every one").count() \
        + page.get_by_text("in common").count() == 1  # exactly one sentence says what changed
    for box in ("Run A", "Run B"):  # the time, solver and size at the label's start are never cut at 1024 px
        field = page.get_by_label(box, exact=True)
        assert field.evaluate(FITS_UP_TO_DATA_SET), field.input_value()
    shot(page, "benchmarks_compare_1024")


def test_cancel_stops_a_long_run_and_the_page_stays_usable(page, app_url):
    goto(page, app_url, "Benchmarks")
    set_number(page, SAMPLE, 20000)
    page.get_by_role("button", name="Run benchmark").click()
    page.locator("[data-testid='stProgress']").first.wait_for(timeout=180_000)
    page.get_by_role("button", name="Cancel").click()
    expect(page.get_by_text("worker processes were closed")).to_have_count(1)
    assert_no_exception(page)
    page.get_by_role("button", name="Run benchmark").wait_for()
    shot(page, "benchmarks_cancelled")
