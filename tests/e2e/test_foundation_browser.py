"""Browser: every page opens without an exception (also as a fresh server's first request); uploads work."""
from pathlib import Path

import pytest

from tests.e2e.conftest import ROOT, assert_no_exception, goto, shot, wait_idle

PAGES = sorted(p.stem for p in (ROOT / "pages").glob("*.py"))


def url_path(stem: str) -> str:
    """The URL path Streamlit serves a pages/ file at (number prefix dropped)."""
    return stem.split("_", 1)[1] if stem.split("_", 1)[0].isdigit() else stem


def test_home_page_renders_cards_for_every_game(page, app_url):
    goto(page, app_url)
    assert_no_exception(page)
    for game in ("Hangman", "Wordle", "Tip game", "Crosswords", "Benchmarks", "Word lists"):
        assert page.get_by_role("link", name=f"Open {game}").count() == 1, game
    nav = page.locator("[data-testid='stSidebarNav'] a").first.inner_text()
    assert nav.strip() == "Home", nav
    shot(page, "home")


def log_count(page) -> int:
    """How many sentences the move log holds."""
    log = page.locator("[data-testid='stMarkdownContainer'] ol").last
    return log.locator("li").count()


@pytest.mark.parametrize("width,height", [(1024, 768), (1400, 1000)])
@pytest.mark.parametrize("game", ["Hangman", "Wordle", "Tip game"])
def test_home_replay_move_one_has_its_sentence_and_next_adds_one_to_the_log(page, app_url, game, width, height):
    page.set_viewport_size({"width": width, "height": height})
    goto(page, app_url)
    if game != "Hangman":
        page.locator("[data-testid='stRadio']").get_by_text(game, exact=True).click()
        wait_idle(page)
    assert_no_exception(page)
    sentence = page.locator("[data-testid='stAlertContentInfo']").first.inner_text()
    assert len(sentence.split()) > 8, sentence
    assert page.get_by_text("Move 1 of").count() == 1
    assert log_count(page) == 1
    page.get_by_role("button", name="Next").click()
    wait_idle(page)
    assert_no_exception(page)
    assert page.get_by_text("Move 2 of").count() == 1
    assert log_count(page) == 2
    shot(page, f"home_replay_{game.replace(' ', '_').lower()}_{width}")


@pytest.mark.parametrize("stem", PAGES)
def test_every_page_opens_without_an_exception(page, app_url, stem):
    goto(page, app_url, url_path(stem))
    assert_no_exception(page)
    shot(page, f"page_{stem}")


@pytest.mark.parametrize("stem", PAGES)
def test_every_page_works_as_the_first_request_to_a_fresh_server(page, server_factory, stem):
    url = server_factory()
    goto(page, url, url_path(stem))
    assert_no_exception(page)
    assert page.locator("h1").count() >= 1


def upload_file(page, path: Path) -> None:
    page.locator("[data-testid='stFileUploaderDropzoneInput']").first.set_input_files(str(path))
    page.wait_for_timeout(500)
    wait_idle(page)


def test_upload_through_the_real_file_input_shows_the_report(page, app_url, tmp_path):
    f = tmp_path / "fruit.txt"
    f.write_bytes(b"Apple\napple\npear\nr2d2\nplum\r\n")
    goto(page, app_url, "Word_lists")
    upload_file(page, f)
    assert_no_exception(page)
    page.get_by_text("3 words accepted").wait_for()
    assert page.get_by_text("1 repeated line dropped", exact=False).count() >= 1
    shot(page, "word_lists_uploaded")


def test_bad_upload_in_the_browser_shows_a_message(page, app_url, tmp_path):
    f = tmp_path / "numbers.txt"
    f.write_bytes(b"123\n456\n")
    goto(page, app_url, "Word_lists")
    upload_file(page, f)
    assert_no_exception(page)
    page.get_by_text("No valid word found").wait_for()
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
            options = pg.locator("[role='option']").all_inner_texts()
            pg.keyboard.press("Escape")
            assert not any(other in o for o in options), options
            assert any("(uploaded)" in o for o in options), options
    finally:
        ctx_a.close()
        ctx_b.close()


def test_home_crossword_replay_is_one_click_away(page, app_url):
    page.set_viewport_size({"width": 1024, "height": 768})
    goto(page, app_url)
    page.locator("[data-testid='stRadio']").get_by_text("Crosswords", exact=True).click()
    wait_idle(page)
    page.get_by_role("button", name="Watch the crossword solver").click()
    page.get_by_text("Move 1 of").wait_for(timeout=240_000)
    wait_idle(page, timeout=240_000)
    assert_no_exception(page)
    sentence = page.locator("[data-testid='stAlertContentInfo']").first.inner_text()
    assert sentence.startswith("Step 1:"), sentence
    assert log_count(page) == 1
    shot(page, "home_replay_crossword_1024")
