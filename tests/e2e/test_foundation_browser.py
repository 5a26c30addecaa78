"""Browser: every page opens without an exception (also as a fresh server's first request); uploads work."""
import re
import time
from pathlib import Path
from typing import Callable

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import IDLE, ROOT, assert_no_exception, goto, shot, wait_idle

PAGES = sorted(p.stem for p in (ROOT / "pages").glob("*.py"))


def url_path(stem: str) -> str:
    """The URL path Streamlit serves a pages/ file at (number prefix dropped)."""
    return stem.split("_", 1)[1] if stem.split("_", 1)[0].isdigit() else stem


def test_home_page_renders_cards_for_every_game(page, app_url):
    goto(page, app_url)
    assert_no_exception(page)
    for game in ("Hangman", "Wordle", "Tip game", "Crosswords", "Benchmarks", "Word lists"):
        expect(page.get_by_role("link", name=f"Open {game}")).to_have_count(1)
    nav = page.locator("[data-testid='stSidebarNav'] a").first.inner_text()
    assert nav.strip() == "Home", nav
    shot(page, "home")


def log_items(page):
    """The move log's sentences (a locator: `expect` waits on its count)."""
    return page.locator("[data-testid='stMarkdownContainer'] ol").last.locator("li")


KEYS = {"Hangman": "hangman", "Wordle": "wordle", "Tip game": "tipgame", "Crosswords": "crossword"}


def open_home_replay(page, app_url: str, game: str) -> None:
    """The home page showing a game's replay at its first move (the crossword's after its Watch button)."""
    goto(page, app_url)
    if game != "Hangman":
        page.locator("[data-testid='stRadio']").get_by_text(game, exact=True).click()
    if game == "Crosswords":
        page.get_by_role("button", name="Watch the crossword solver").click()
    # this game's own Next button (keyed by game): the move shown is this game's, not the one before the switch
    expect(page.locator(f".st-key-home_next_{KEYS[game]} button")).to_have_count(1, timeout=600_000)
    expect(page.get_by_text(re.compile(r"^Move 1 of \d+$"))).to_have_count(1)
    expect(log_items(page)).to_have_count(1)
    assert_no_exception(page)


LOST_PRESS_S = 20  # an idle app still without the next move this long after a press never received that press


MOVE = re.compile(r"^Move (\d+) of \d+$")


def shown_move(page) -> int:
    """The move number on screen (0 while none or two show, as during a rerun)."""
    line = page.get_by_text(MOVE)
    return int(MOVE.match(line.first.inner_text()).group(1)) if line.count() == 1 else 0


def press_until_shown(page, button, shown: Callable[[], bool], limit_s: float = 600) -> None:
    """Press `button` until `shown()`; pressed again only when the app has sat idle without it for LOST_PRESS_S
    (a press the server never received), so a slow rerun is seldom pressed twice (and a double press is survived)."""
    wait_idle(page, timeout=limit_s * 1000)
    button.click(timeout=limit_s * 1000)
    start, idle_since = time.monotonic(), None
    while not shown():
        now = time.monotonic()
        assert now - start <= limit_s, f"not shown {limit_s:.0f} s after the press"
        if page.locator(IDLE).count() == 0:
            idle_since = None
        elif idle_since is None:
            idle_since = now
        elif now - idle_since > LOST_PRESS_S:
            button.click(timeout=limit_s * 1000)
            idle_since = None
        page.wait_for_timeout(250)  # a poll of the screen, not a pause the test relies on


def step_to_the_end(page, game: str) -> int:
    """Press Next until the last move, waiting at each for its move number and log line; the number of moves."""
    wait_idle(page)  # the switch's run finished: a stale "Move 1 of N" of the game shown before is gone
    expect(log_items(page)).to_have_count(1)
    total = int(page.get_by_text(re.compile(r"^Move 1 of \d+$")).inner_text().split()[-1])
    next_button = page.locator(f".st-key-home_next_{KEYS[game]} button")
    step = 1
    while step < total:  # each press shows a later move (a press the server got twice moves on two) with its log line
        press_until_shown(page, next_button, lambda: shown_move(page) > step)
        step = shown_move(page)
        expect(log_items(page)).to_have_count(step)
        assert_no_exception(page)
    expect(page.get_by_text(re.compile(rf"^Move {total} of {total}$"))).to_have_count(1)
    expect(next_button).to_be_disabled()
    expect(page.locator("[data-testid='stAlertContentSuccess']")).to_have_count(1)
    return total


# one size per behaviour (the suite's rule, for a ten-minute run): 1024x768 is test_rehearsal.py's, which steps every
# Home replay to its end on a first visit; the second visit, served from the server's cache, is checked here
@pytest.mark.parametrize("width,height", [(1400, 1000)])
@pytest.mark.parametrize("game", ["Hangman", "Wordle", "Tip game"])  # the crossword: tests/test_home_replays.py (AppTest), and the rehearsal in the browser
def test_every_home_replay_steps_to_its_end_on_a_first_and_a_second_visit(browser, app_url, game, width, height):
    totals = []
    for visit in ("first", "second"):  # the second visit is served from the server's cache
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        page.set_default_timeout(120_000)
        try:
            open_home_replay(page, app_url, game)
            sentence = page.locator("[data-testid='stAlertContentInfo']").first.inner_text()
            assert len(sentence.split()) > 8, sentence
            if game == "Crosswords":
                assert '"Organ that pumps blood"' in sentence, sentence  # move one shows the clue it answers
            totals.append(step_to_the_end(page, game))
            shot(page, f"home_replay_{game.replace(' ', '_').lower()}_{visit}_{width}")
        finally:
            context.close()
    assert totals[0] == totals[1] >= 2


@pytest.mark.parametrize("stem", PAGES)
def test_every_page_works_as_the_first_request_to_a_fresh_server(page, server_factory, stem):
    url = server_factory()
    goto(page, url, url_path(stem))
    expect(page.locator("h1").first).to_be_visible()
    assert_no_exception(page)
    shot(page, f"page_{stem}")


def upload_file(page, path: Path) -> None:
    page.locator("[data-testid='stFileUploaderDropzoneInput']").first.set_input_files(str(path))


def test_upload_through_the_real_file_input_shows_the_report(page, app_url, tmp_path):
    f = tmp_path / "fruit.txt"
    f.write_bytes(b"Apple\napple\npear\nr2d2\nplum\r\n")
    goto(page, app_url, "Word_lists")
    upload_file(page, f)
    page.get_by_text("3 words accepted").wait_for()
    expect(page.get_by_text("1 repeated line dropped", exact=False).first).to_be_visible()
    assert_no_exception(page)
    shot(page, "word_lists_uploaded")


def test_bad_upload_in_the_browser_shows_a_message(page, app_url, tmp_path):
    f = tmp_path / "numbers.txt"
    f.write_bytes(b"123\n456\n")
    goto(page, app_url, "Word_lists")
    upload_file(page, f)
    page.get_by_text("No valid word found").wait_for()
    assert_no_exception(page)
    shot(page, "word_lists_bad_upload")


def test_two_browser_sessions_never_see_each_others_upload(browser, app_url, tmp_path):
    a, b = tmp_path / "alice.txt", tmp_path / "bob.txt"
    a.write_text("alpha\nbravo\n")
    b.write_text("charlie\ndelta\n")
    ctx_a, ctx_b = browser.new_context(), browser.new_context()
    pa, pb = ctx_a.new_page(), ctx_b.new_page()
    try:
        for pg, f in ((pa, a), (pb, b)):
            goto(pg, app_url, "Word_lists")
            upload_file(pg, f)
            pg.get_by_text("2 words accepted").wait_for()
        for pg, other in ((pa, "bob.txt"), (pb, "alice.txt")):
            pg.locator("[data-testid='stSelectbox']").first.click()
            pg.locator("[role='option']").filter(has_text="(uploaded)").first.wait_for()
            options = pg.locator("[role='option']").all_inner_texts()
            pg.keyboard.press("Escape")
            assert not any(other in o for o in options), options
            assert any("(uploaded)" in o for o in options), options
    finally:
        ctx_a.close()
        ctx_b.close()
