"""Browser: the Tip game page in a real chromium: watch the tree, play with the hint, walk the explorer, build."""
import re

import pytest

from playwright.sync_api import expect

from tests.e2e.conftest import assert_no_exception, goto, shot, wait_idle


def open_tab(page, name: str) -> None:
    """Switch the page's mode."""
    page.locator("[data-testid='stRadio']").filter(has_text="Mode").get_by_text(name, exact=True).click()
    wait_idle(page)


def click(page, name: str) -> None:
    page.get_by_role("button", name=name).click()
    wait_idle(page)


def log_items(page):
    """The move log's sentences (a locator: `expect` waits on its count)."""
    return page.locator("[data-testid='stMarkdownContainer'] ol").first.locator("li")


@pytest.mark.parametrize("width,height", [(1024, 768)])  # one size per behaviour: 1400 is the German word's
def test_replay_move_one_has_its_sentence_and_next_adds_one_to_the_log(page, app_url, width, height):
    page.set_viewport_size({"width": width, "height": height})
    goto(page, app_url, "Tip_game")
    assert_no_exception(page)
    first = page.locator("[data-testid='stAlertContentInfo']").first.inner_text()
    assert re.match(r'^Tip 1, "[^"]+": [\d,]+ words? ', first), first
    expect(page.get_by_text("Move 1 of")).to_have_count(1)
    expect(log_items(page)).to_have_count(1)
    click(page, "Next")
    expect(page.get_by_text("Move 2 of")).to_have_count(1)
    expect(log_items(page)).to_have_count(2)
    expect(page.locator("[data-testid='stAlertContentInfo']").first).to_contain_text(re.compile(r"^Tip 2,"))
    assert_no_exception(page)
    shot(page, f"tipgame_replay_{width}")
    click(page, "Play")  # plays to the end by itself
    page.get_by_text(re.compile(r"^Found the word \S+ in")).wait_for(timeout=60_000)
    assert_no_exception(page)
    shot(page, f"tipgame_replay_end_{width}")


def test_watch_the_tree_find_a_german_word_with_umlauts(page, app_url):
    goto(page, app_url, "Tip_game")
    assert_no_exception(page)
    expect(page.get_by_text("checked by replaying every word").first).to_be_visible()
    page.get_by_text("German: 500 common words").click()
    expect(page.get_by_role("radio", name="German: 500 common words")).to_be_checked()
    wait_idle(page)
    field = page.get_by_label("…or type one")
    field.fill("natürlich")
    field.press("Enter")
    expect(page.get_by_text("Move 1 of")).to_have_count(1)
    expect(page.locator("[data-testid='stMain']")).to_contain_text("natürlich")
    assert_no_exception(page)
    total = int(page.get_by_text(re.compile(r"Move 1 of \d+")).inner_text().split()[-1])
    for step in range(2, total + 1):
        page.get_by_role("button", name="Next").click()
        expect(page.get_by_text(f"Move {step} of {total}")).to_have_count(1)
    expect(page.get_by_text("Found the word “natürlich” in")).to_have_count(1)
    shot(page, "tipgame_watch")


def test_play_yourself_with_the_hint(page, app_url):
    goto(page, app_url, "Tip_game")
    open_tab(page, "Play yourself")
    page.get_by_text("Show the solver's suggestion").click()
    suggestion = page.locator("[data-testid='stAlertContentInfo']").filter(has_text="Suggestion").first
    done = page.get_by_text("Searched tree needs")
    for sent in range(25):
        expect(suggestion.or_(done).first).to_be_visible()
        if done.count():
            break
        tip = suggestion.inner_text().split("Suggestion: ")[1].split(" (")[0].strip()
        box = page.get_by_label("Your tip (any piece of text)")
        box.fill(tip)
        page.get_by_role("button", name="Send tip").click()
        expect(log_items(page).nth(sent).or_(done).first).to_be_attached()  # the tip joined the log, or the word is found
        wait_idle(page)
        assert_no_exception(page)
    expect(done).to_have_count(1)
    shot(page, "tipgame_play")


def test_explorer_shows_the_tree_and_follows_an_answer(page, app_url):
    goto(page, app_url, "Tip_game")
    open_tab(page, "Tree explorer")
    expect(page.locator("[data-testid='stPlotlyChart']").nth(2)).to_be_attached()
    box = page.locator("[data-testid='stSelectbox']").filter(has_text="Follow an answer").first
    option = page.get_by_role("option", name="doesn't contain").first
    for _ in range(3):  # a click while the charts still lay out can land beside the box: open it until it lists
        box.locator("input").click()
        try:
            option.wait_for(timeout=5_000)
            break
        except Exception:
            page.keyboard.press("Escape")
    option.click()
    # the trail, tip then answer (waited for: the rerun may not have started when the app first looks idle)
    expect(page.get_by_text(re.compile(r"^Where you are: \S+ doesn't contain$"))).to_have_count(1)
    wait_idle(page)
    assert_no_exception(page)
    shot(page, "tipgame_explorer")


def test_build_a_tree_with_a_small_budget(page, app_url):
    goto(page, app_url, "Tip_game")
    open_tab(page, "Build a tree")
    budget = page.get_by_label("Time budget (seconds)")
    budget.fill("2")
    budget.press("Enter")
    expect(budget).to_have_value("2")
    wait_idle(page)
    page.get_by_role("button", name="Build").click()
    expect(page.get_by_text("Best tree: mean")).to_have_count(1)  # the search may still be finishing
    expect(page.get_by_role("button", name="Download the built tree (JSON)")).to_have_count(1)
    assert_no_exception(page)
    shot(page, "tipgame_build")


def test_explorer_says_how_far_the_tree_can_be_from_the_best_possible_beside_its_chart(page, app_url):
    page.set_viewport_size({"width": 1024, "height": 768})
    goto(page, app_url, "Tip_game")
    open_tab(page, "Tree explorer")
    sentence = page.get_by_text(re.compile(r"^No strategy can average fewer than \d\.\d\d tries on this list; this tree "
                                           r"takes \d\.\d\d, at most \d+\.\d% more than the best possible\.$"))
    expect(sentence).to_have_count(1)
    sentence.evaluate("e => e.scrollIntoView({block: 'start'})")
    expect(page.locator("[data-testid='stPlotlyChart']").filter(has_text="least possible")).to_have_count(1)
    assert_no_exception(page)
    shot(page, "tipgame_gap_1024")
