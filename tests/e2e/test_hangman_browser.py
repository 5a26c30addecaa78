"""Browser: the Hangman page in a real chromium, every mode driven by clicks."""
import re

from tests.e2e.conftest import assert_no_exception, goto, shot, wait_idle

SMALL = "English common 500"


def pick_small_list(page) -> None:
    box = page.locator("[data-testid='stSelectbox']").filter(has_text="Dictionary").first
    box.click()
    page.keyboard.type(SMALL)
    page.get_by_role("option", name=SMALL).first.click()
    wait_idle(page)


def choose_mode(page, mode: str) -> None:
    page.locator("[data-testid='stRadio']").first.get_by_text(mode, exact=True).click()
    wait_idle(page)


def click(page, label: str) -> None:
    page.get_by_role("button", name=label).first.click()
    wait_idle(page)


def test_watch_mode_shows_the_live_letter_chart_and_finishes(page, app_url):
    goto(page, app_url, "Hangman")
    assert_no_exception(page)
    pick_small_list(page)
    field = page.get_by_label("Secret word (the solver does not see it)")
    field.fill("house")
    field.press("Enter")
    wait_idle(page)
    box = page.locator("[data-testid='stSelectbox']").filter(has_text="Compare with").first
    box.click()
    page.get_by_role("option", name="frequency").first.click()
    wait_idle(page)
    click(page, "Next step")
    assert_no_exception(page)
    assert page.get_by_text("What the solver will guess next").count() >= 1
    assert page.locator("[data-testid='stPlotlyChart']").count() >= 2
    assert page.get_by_text("Dictionary words still matching").count() == 1
    shot(page, "hangman_watch_step")
    click(page, "Play to the end")
    assert page.get_by_text("Solved in").count() + page.get_by_text("hanged").count() >= 1
    assert page.get_by_role("button", name="Next step").first.is_disabled()  # the game is over
    shot(page, "hangman_watch_done")


def test_watch_mode_rejects_a_secret_outside_the_alphabet(page, app_url):
    goto(page, app_url, "Hangman")
    pick_small_list(page)
    field = page.get_by_label("Secret word (the solver does not see it)")
    field.fill("h0use")
    field.press("Enter")
    wait_idle(page)
    assert page.get_by_text("is not in the word list's alphabet").count() == 1
    assert_no_exception(page)


def test_you_host_and_you_play_take_answers(page, app_url):
    goto(page, app_url, "Hangman")
    pick_small_list(page)
    choose_mode(page, "You host")
    assert page.get_by_text(re.compile(r"Is \w in your word\?")).count() == 1
    click(page, "Not in my word")
    assert_no_exception(page)
    assert page.get_by_text("1 of 6 misses").count() >= 1
    shot(page, "hangman_host")
    choose_mode(page, "You play")
    click(page, "Guess")
    assert_no_exception(page)
    page.get_by_text("Hint: show the solver's probabilities").click()
    wait_idle(page)
    assert page.get_by_text("What the solver will guess next").count() >= 1
    shot(page, "hangman_play_hint")


def test_benchmark_panel_shows_win_rates_and_charts(page, app_url):
    goto(page, app_url, "Hangman")
    pick_small_list(page)
    choose_mode(page, "Benchmark")
    games = page.get_by_label("Games")
    games.fill("30")
    games.press("Enter")
    wait_idle(page)
    click(page, "Run benchmark")
    assert_no_exception(page)
    page.get_by_text("Hardest words lost").wait_for()
    shot(page, "hangman_benchmark")
    page.locator("[data-testid='stPlotlyChart']").first.wait_for()
    assert page.locator("[data-testid='stPlotlyChart']").count() >= 2
    assert page.get_by_text("95% interval").count() >= 1


def test_candidates_strategy_plays_its_rollout_in_the_page(page, app_url):
    goto(page, app_url, "Hangman")
    pick_small_list(page)
    box = page.locator("[data-testid='stSelectbox']").filter(has_text="Strategy").first
    box.click()
    page.get_by_role("option", name="candidates", exact=True).first.click()
    wait_idle(page)
    field = page.get_by_label("Secret word (the solver does not see it)")
    field.fill("water")
    field.press("Enter")
    wait_idle(page)
    click(page, "Next step")
    box = page.locator("[data-testid='stSelectbox']").filter(has_text="Compare with").first
    box.click()
    page.get_by_role("option", name="frequency").first.click()
    wait_idle(page)
    click(page, "Next step")
    assert_no_exception(page)
    assert page.get_by_text("What the solver will guess next").count() >= 1
    shot(page, "hangman_candidates_rollout")
    click(page, "Play to the end")
    assert page.get_by_text("Solved in").count() + page.get_by_text("hanged").count() >= 1
    assert_no_exception(page)
