"""Browser: the Tip game page in a real chromium: watch the tree, play with the hint, walk the explorer, build."""
import re

from tests.e2e.conftest import assert_no_exception, goto, shot, wait_idle


def open_tab(page, name: str) -> None:
    page.get_by_role("tab", name=name).click()
    wait_idle(page)


def test_watch_the_tree_find_a_word_with_umlauts(page, app_url):
    goto(page, app_url, "Tip_game")
    assert_no_exception(page)
    assert page.get_by_text("verified by replaying every word").count() >= 1
    field = page.get_by_label("…or type one")
    field.fill("natürlich")
    field.press("Enter")
    wait_idle(page)
    assert_no_exception(page)
    assert page.get_by_text("Found natürlich in").count() == 1
    shot(page, "tipgame_watch")


def test_play_yourself_with_the_hint(page, app_url):
    goto(page, app_url, "Tip_game")
    open_tab(page, "Play yourself")
    page.get_by_text("Show the tree's suggestion").click()
    wait_idle(page)
    for _ in range(25):
        if page.get_by_text("The tree needs").count():
            break
        hint = page.locator("[data-testid='stAlertContentInfo']").filter(has_text="Suggestion").first.inner_text()
        tip = hint.split("Suggestion: ")[1].split(" (")[0].strip()
        box = page.get_by_label("Your tip (any piece of text)")
        box.fill(tip)
        page.get_by_role("button", name="Send tip").click()
        wait_idle(page)
        assert_no_exception(page)
    assert page.get_by_text("The tree needs").count() == 1
    shot(page, "tipgame_play")


def test_explorer_shows_the_tree_and_follows_an_answer(page, app_url):
    goto(page, app_url, "Tip_game")
    open_tab(page, "Tree explorer")
    page.wait_for_selector("[data-testid='stPlotlyChart']", timeout=60_000)
    page.wait_for_timeout(1000)
    assert page.locator("[data-testid='stPlotlyChart']").count() >= 3
    box = page.locator("[data-testid='stSelectbox']").filter(has_text="Follow an answer").first
    box.click()
    page.get_by_role("option", name="doesn't contain").first.click()
    wait_idle(page)
    assert_no_exception(page)
    assert page.get_by_text(re.compile(r"^Node: \S+ doesn't contain$")).count() == 1  # the trail: tip, then answer
    shot(page, "tipgame_explorer")


def test_build_a_tree_with_a_small_budget(page, app_url):
    goto(page, app_url, "Tip_game")
    open_tab(page, "Build a tree")
    budget = page.get_by_label("Time budget (seconds)")
    budget.fill("2")
    budget.press("Enter")
    wait_idle(page)
    page.get_by_role("button", name="Build").click()
    wait_idle(page)
    assert_no_exception(page)
    assert page.get_by_text("Best tree: mean").count() == 1
    assert page.get_by_role("button", name="Download the built tree (JSON)").count() == 1
    shot(page, "tipgame_build")
