"""Browser: a person fills a demo crossword by hand with the coach (one nudge, one check), and looks up a clue,
at projector size (1024x768) and at 1400 px."""
import pytest

from tests.e2e.conftest import PREPARE_TIMEOUT, assert_no_exception, goto, shot, wait_idle

HEART = (("1-Across", "HEART"), ("6-Across", "EMBER"), ("7-Across", "ABUSE"), ("8-Across", "RESIN"),
         ("9-Across", "TREND"))


@pytest.fixture(scope="module")
def bare_url(server_factory, tmp_path_factory):
    """One server that finds no shared data: the dictionary clue database, whose models load quickly."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("WORDLAB_DATA", str(tmp_path_factory.mktemp("no-archive")))
        return server_factory()


def choose_clue(page, title: str) -> None:
    """Pick a clue in the coach's clue box by typing its name."""
    box = page.locator("[data-testid='stSelectbox']").filter(has_text="Clue").first
    box.click()
    page.keyboard.type(title)
    page.get_by_role("option", name=title).first.click()
    wait_idle(page)


def write_answer(page, word: str) -> None:
    """Type a word into the chosen clue's answer box and press Enter."""
    box = page.get_by_label("Your answer (press Enter to write it in)")
    box.fill(word)
    box.press("Enter")
    wait_idle(page)
    assert_no_exception(page)


def press(page, label: str) -> None:
    """Press a button and wait for the page."""
    page.get_by_role("button", name=label).click()
    wait_idle(page, timeout=300_000)
    assert_no_exception(page)


@pytest.mark.parametrize("width, height", [(1024, 768)])  # one size per behaviour: the narrower, where buttons may not fit
def test_a_person_fills_the_heart_demo_with_one_nudge_and_one_check(browser, bare_url, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(300_000)
    goto(page, bare_url, "Crosswords")
    page.get_by_text("Solve it yourself, with a coach").click()
    page.get_by_role("button", name="Nudge me").wait_for(timeout=PREPARE_TIMEOUT)  # once its clue database is ready
    assert_no_exception(page)
    press(page, "Nudge me")
    nudge = page.locator("[data-testid='stAlertContentInfo']").filter(has_text="sure of its answer").first
    assert nudge.inner_text().startswith("Try ")
    for title, word in HEART:
        choose_clue(page, title)
        write_answer(page, word)
        page.get_by_text(f"Your letters: {word}").first.wait_for()
    shot(page, f"crossword_coach_filled_{width}")
    press(page, "Check my letters")
    page.get_by_text("The solver doubts none of your 25 letters.").first.wait_for()
    box = page.get_by_role("button", name="Check my letters").bounding_box()
    assert box["x"] + box["width"] <= width, box  # the hint buttons are on screen at this width
    press(page, "I'm finished")
    page.get_by_text("25 of 25 letters right").first.wait_for()
    page.get_by_text("2 hints used: 1 nudge, 1 check.").first.wait_for()
    shot(page, f"crossword_coach_finished_{width}")
    context.close()


def test_a_clue_lookup_at_projector_size(browser, bare_url):
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    page.set_default_timeout(300_000)
    goto(page, bare_url, "Crosswords")
    page.get_by_text("Look up a clue").click()
    wait_idle(page)
    page.get_by_label("Clue", exact=True).fill("Opera solo")
    page.get_by_label("Letters or length").fill("A??A")
    press(page, "Find answers")
    page.get_by_text("Best answer: ARIA").first.wait_for()
    shot(page, "crossword_lookup_1024")
    table = page.locator("[data-testid='stTable']").filter(has_text="Proposed by").first
    cell = table.locator("tbody tr").first.locator("td").last.bounding_box()
    assert cell["x"] + cell["width"] <= 1024, cell  # the whole 'Proposed by' cell is on screen
    context.close()
