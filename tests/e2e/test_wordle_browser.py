"""Browser: the Wordle page in a real chromium at projector and desktop widths: the narrated replay, the assistant's
tiles and buttons, the cheating host, grading a game, and the benchmark."""
import pytest

from playwright.sync_api import expect

from tests.e2e.conftest import assert_no_exception, goto, shot, wait_idle

SIZES = [(1024, 768), (1400, 1000)]
TILE_GREEN = "rgb(106, 170, 100)"


def click_key(page, key: str, times: int = 1) -> None:
    """Click the keyed button `times` times, waiting for each rerun."""
    for _ in range(times):
        page.locator(f".st-key-{key} button").first.click()
        wait_idle(page)


def choose_mode(page, mode: str) -> None:
    """Pick a mode in the row of modes at the top."""
    page.locator(".st-key-wordle_mode").get_by_text(mode, exact=True).click()
    wait_idle(page)


def fill(page, label: str, text: str) -> None:
    """Type into a labelled text field and confirm it."""
    field = page.get_by_label(label)
    field.fill(text)
    field.press("Control+Enter" if field.evaluate("e => e.tagName") == "TEXTAREA" else "Enter")
    wait_idle(page)


def log_items(page):
    """The move log's sentences (a locator: `expect` waits on its count)."""
    return page.locator(".st-key-wordle_watch_log li")


def assert_not_clipped(page, selector: str) -> None:
    """Every matching element shows its whole text (no ellipsis, nothing cut)."""
    for el in page.locator(selector).all():
        cut = el.evaluate("e => e.scrollWidth > e.clientWidth + 1")
        assert not cut, f"{el.inner_text()!r} is cut"


@pytest.mark.parametrize("width, height", SIZES[1:])  # one size per behaviour; the tiles below are checked at both
def test_narrated_replay_opens_at_guess_one_and_next_adds_a_sentence(page, app_url, width, height):
    page.set_viewport_size({"width": width, "height": height})
    goto(page, app_url, "Wordle")
    assert_no_exception(page)
    fill(page, "Answer (leave empty for a random one)", "crane")
    click_key(page, "wordle_watch_start")
    expect(log_items(page)).to_have_count(1)
    assert_no_exception(page)
    first = page.locator(".st-key-wordle_watch_log li").first.inner_text()
    assert "possible answers, whatever the colours" in first
    expect(page.locator("[data-testid='stTable']")).to_have_count(1)
    click_key(page, "wordle_watch_next")
    expect(log_items(page)).to_have_count(2)
    assert_not_clipped(page, ".st-key-wordle_watch_prev button p, .st-key-wordle_watch_next button p, "
                             ".st-key-wordle_watch_auto button p")
    shot(page, f"wordle_replay_{width}")


@pytest.mark.parametrize("width, height", SIZES)
def test_assistant_tiles_show_letter_and_colour_and_buttons_are_whole(page, app_url, width, height):
    page.set_viewport_size({"width": width, "height": height})
    goto(page, app_url, "Wordle")
    choose_mode(page, "Assistant")
    fill(page, "The word you played", "crane")
    click_key(page, "wordle_tile_1")  # yellow
    click_key(page, "wordle_tile_2", 2)  # green
    tile = page.locator(".st-key-wordle_tile_2 button").first
    expect(tile).to_have_text("A")
    expect(tile).to_have_css("background-color", TILE_GREEN)
    assert tile.bounding_box()["width"] >= 36
    assert_not_clipped(page, "[class*='st-key-wordle_tile_'] button p, .st-key-wordle_add button p, "
                             ".st-key-wordle_undo button p, .st-key-wordle_reset button p")
    shot(page, f"wordle_assistant_tiles_{width}")
    click_key(page, "wordle_add")
    expect(page.get_by_text("Answers left").first).to_be_visible()
    expect(page.get_by_text("Next:").first).to_be_visible()
    assert_no_exception(page)
    shot(page, f"wordle_assistant_{width}")


def test_impossible_feedback_is_explained_and_undone(page, app_url):
    goto(page, app_url, "Wordle")
    choose_mode(page, "Assistant")
    fill(page, "The word you played", "crane")
    for i in range(4):
        click_key(page, f"wordle_tile_{i}", 2)
    click_key(page, "wordle_tile_4")
    click_key(page, "wordle_add")
    expect(page.get_by_text("No answer fits this feedback")).to_have_count(1)
    click_key(page, "wordle_undo")
    expect(page.get_by_text("No answer fits this feedback")).to_have_count(0)
    assert_no_exception(page)


def test_cheating_host_shows_the_split_and_the_group_kept(page, app_url):
    page.set_viewport_size({"width": 1024, "height": 768})
    goto(page, app_url, "Wordle")
    choose_mode(page, "Play the cheating host")
    fill(page, "Your guess", "crane")
    click_key(page, "wordle_host_go")
    expect(page.get_by_text("The host answered")).to_have_count(1)
    expect(page.get_by_text("Answers the host still keeps")).to_have_count(1)
    expect(page.locator("[data-testid='stPlotlyChart']")).to_have_count(1)
    assert_no_exception(page)
    shot(page, "wordle_host_1024")


def test_grade_my_game_shows_a_row_and_a_sentence_per_move(page, app_url):
    page.set_viewport_size({"width": 1024, "height": 768})
    goto(page, app_url, "Wordle")
    choose_mode(page, "Grade my game")
    fill(page, "Your guesses", "crane\nsloth\nghost")
    fill(page, "The answer (optional when you give the colours)", "ghost")
    click_key(page, "wordle_grade_go")
    expect(page.get_by_text("Average skill")).to_have_count(1)
    expect(page.get_by_text("**CRANE**")).to_have_count(0)  # markdown is rendered, not shown raw
    for word in ("CRANE", "SLOTH", "GHOST"):
        expect(page.locator("strong", has_text=word).first).to_be_visible()
    assert_no_exception(page)
    shot(page, "wordle_grade_1024")


def test_benchmark_panel_runs_solvers_side_by_side(page, app_url):
    page.set_viewport_size({"width": 1024, "height": 768})
    goto(page, app_url, "Wordle")
    choose_mode(page, "Benchmark")
    games = page.get_by_label("Games (a random sample, the same each time)")
    games.fill("20")
    games.press("Tab")
    expect(games).to_have_value("20")
    page.get_by_role("button", name="Run benchmark").first.click()
    page.locator("[data-testid='stPlotlyChart']").first.wait_for()
    expect(page.locator("[data-testid='stDataFrame']").first).to_be_visible()
    expect(page.locator("[data-testid='stMain']")).to_contain_text("Guesses per game")
    expect(page.locator("[data-testid='stMain']")).to_contain_text("standard rule")
    assert_no_exception(page)
    shot(page, "wordle_benchmark")
