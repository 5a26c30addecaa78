"""Browser: the Wordle page in a real chromium: the assistant (tiles, impossible feedback, undo) and the benchmark."""
from tests.e2e.conftest import assert_no_exception, goto, shot, wait_idle


def click_key(page, key: str, times: int = 1) -> None:
    """Click the keyed button `times` times, waiting for each rerun."""
    for _ in range(times):
        page.locator(f".st-key-{key} button").first.click()
        wait_idle(page)


def type_played(page, word: str) -> None:
    field = page.get_by_label("The word you played")
    field.fill(word)
    field.press("Enter")
    wait_idle(page)


def test_assistant_takes_clicked_tiles_and_suggests(page, app_url):
    goto(page, app_url, "Wordle")
    assert_no_exception(page)
    type_played(page, "crane")
    click_key(page, "wordle_tile_1")  # yellow
    click_key(page, "wordle_tile_2", 2)  # green
    assert page.locator(".st-key-wordle_tile_2 button").first.inner_text().startswith("🟩")
    click_key(page, "wordle_add")
    assert_no_exception(page)
    assert page.get_by_text("Answers left").count() >= 1
    assert page.get_by_text("Next:").count() >= 1
    assert page.locator("[data-testid='stPlotlyChart']").count() >= 2
    shot(page, "wordle_assistant")


def test_impossible_feedback_is_explained_and_undone(page, app_url):
    goto(page, app_url, "Wordle")
    type_played(page, "crane")
    for i in range(4):
        click_key(page, f"wordle_tile_{i}", 2)
    click_key(page, "wordle_tile_4")
    click_key(page, "wordle_add")
    assert page.get_by_text("No answer fits this feedback").count() == 1
    shot(page, "wordle_impossible")
    click_key(page, "wordle_undo")
    assert page.get_by_text("No answer fits this feedback").count() == 0
    assert_no_exception(page)


def test_benchmark_panel_runs_solvers_side_by_side(page, app_url):
    goto(page, app_url, "Wordle")
    page.get_by_role("tab", name="Benchmark").click()
    wait_idle(page)
    games = page.get_by_label("Games (a seeded sample of answers; 0 = every answer)")
    games.fill("20")
    games.press("Enter")
    wait_idle(page)
    click_key(page, "wordle_bench_run")
    assert_no_exception(page)
    assert page.get_by_text("Guesses per game").count() >= 1 or page.locator("[data-testid='stPlotlyChart']").count() >= 1
    assert page.locator("[data-testid='stDataFrame']").count() >= 1
    shot(page, "wordle_benchmark")
