"""Browser rehearsal: what a teacher does before a class, at a projector's 1024x768.

From the home page, each game's replay is watched and stepped to its end; then every page is opened and each of its
modes picked. Anywhere, the rehearsal fails on an exception box, on a label it can see is cut (a metric, a button, a
tab or a radio option whose text is wider than its box), or on a wait of over 10 s with no progress bar or spinner
on screen. Screenshots at 1024x768 and 1400x900 go to tests/e2e/screenshots/rehearsal_*.png.
"""
from __future__ import annotations

import os
import re
import time
from typing import Callable

import pytest

from tests.e2e.conftest import IDLE, assert_no_exception, goto, shot

PROJECTOR, DESKTOP = {"width": 1024, "height": 768}, {"width": 1400, "height": 900}
QUIET_LIMIT = 10.0  # seconds a person may wait with nothing on screen saying that work goes on, on a machine of its own


def quiet_limit() -> float:
    """QUIET_LIMIT stretched by how many runnable jobs share each core now (a full suite on two cores beside other
    work runs every rerun several times slower than a person's machine would)."""
    return QUIET_LIMIT * max(1.0, os.getloadavg()[0] / (os.cpu_count() or 1))

WORKING = "[data-testid='stProgress']:visible, [data-testid='stSpinner']:visible"  # inside a closed panel: not seen
# labels that must show whole: a cut one has a clipping box narrower than its text (Streamlit ends it in '…')
LABELS = ("[data-testid='stMetric'], [data-testid='stButton'], [data-testid='stFormSubmitButton'], "
          "[data-testid='stDownloadButton'], [data-baseweb='tab'], [data-testid='stRadioOption'], "
          "[data-testid='stPageLink']")
CUT_LABELS = f"""() => [...document.querySelectorAll({LABELS!r})].filter(box =>
  [box, ...box.querySelectorAll('*')].some(e => e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1
    && getComputedStyle(e).overflowX !== 'visible' && e.innerText.trim()))
  .map(box => box.innerText.trim())"""
HOME_KEYS = {"Hangman": "hangman", "Wordle": "wordle", "Tip game": "tipgame", "Crosswords": "crossword"}
HOME_GAMES = tuple(HOME_KEYS)
PAGES = ("Hangman", "Wordle", "Tip_game", "Crosswords", "Benchmarks", "Word_lists")


def await_content(page, ready: Callable[[], bool], what: str, limit: float = 900.0) -> None:
    """Wait until `ready()` (the content expected on screen), failing when over quiet_limit() seconds pass with no
    progress bar or spinner on screen (or `limit` seconds in all)."""
    start = last_sign = time.monotonic()
    while True:
        if ready():
            return
        now = time.monotonic()
        if page.locator(WORKING).count():
            last_sign = now
        assert now - last_sign <= quiet_limit(), (f"{what}: {now - last_sign:.0f} s with no progress bar on screen "
                                                f"({now - start:.0f} s into the wait); on screen: {on_screen(page)!r}")
        assert now - start <= limit, f"{what}: not there after {limit:.0f} s"
        page.wait_for_timeout(250)  # a poll of the screen, not a pause the test relies on


def on_screen(page) -> str:
    """The start and end of the main area's text (for a failure's message)."""
    main = page.locator("[data-testid='stMain']")
    text = " ".join(main.first.inner_text().split()) if main.count() else ""
    return text if len(text) < 400 else f"{text[:200]} … {text[-200:]}"


def settled(page) -> bool:
    """True when the app's rerun has finished (the expected content is checked beside it)."""
    return page.locator(IDLE).count() == 1 and page.locator(WORKING).count() == 0


def check(page, where: str) -> None:
    """No exception box and no cut label on screen."""
    assert_no_exception(page)
    cut = page.evaluate(CUT_LABELS)
    assert cut == [], f"{where}: cut labels {cut}"


def shots(page, name: str) -> None:
    """Screenshots at the projector's size and at a desktop's."""
    shot(page, f"rehearsal_{name}_1024")
    page.set_viewport_size(DESKTOP)
    shot(page, f"rehearsal_{name}_1400")
    page.set_viewport_size(PROJECTOR)


def move_text(page, step: int):
    """The home replay's 'Move N of M' line."""
    return page.get_by_text(re.compile(rf"^Move {step} of \d+$"))


@pytest.fixture
def projector(browser):
    """A page in its own session at 1024x768."""
    context = browser.new_context(viewport=PROJECTOR)
    pg = context.new_page()
    pg.set_default_timeout(120_000)
    yield pg
    context.close()


@pytest.mark.parametrize("game", HOME_GAMES)
def test_rehearse_each_home_replay_to_its_end(projector, app_url, game):
    page = projector
    goto(page, app_url)
    check(page, "home")
    if game != "Hangman":
        page.locator("[data-testid='stRadio']").get_by_text(game, exact=True).click()
    if game == "Crosswords":
        button = page.get_by_role("button", name="Watch the crossword solver")
        await_content(page, lambda: button.count() == 1, "the crossword's Watch button")
        button.click()
    next_button = page.locator(f".st-key-home_next_{HOME_KEYS[game]} button")  # this game's own, not the last shown
    await_content(page, lambda: next_button.count() == 1 and move_text(page, 1).count() == 1 and settled(page),
                  f"{game}: move 1")
    check(page, f"{game} move 1")
    shots(page, f"home_{game.replace(' ', '_').lower()}_move1")
    total = int(move_text(page, 1).inner_text().split()[-1])
    for step in range(2, total + 1):
        next_button.click()
        await_content(page, lambda: move_text(page, step).count() == 1 and settled(page), f"{game}: move {step}")
        check(page, f"{game} move {step}")
    assert page.locator("[data-testid='stAlertContentSuccess']").count() == 1, f"{game}: no outcome at the end"
    shots(page, f"home_{game.replace(' ', '_').lower()}_end")


def mode_radio(page):
    """The page's row of modes: its first horizontal radio in the main area (None on a page without modes)."""
    radios = page.locator("[data-testid='stMain'] [data-testid='stRadio']")
    return radios.first if radios.count() else None


@pytest.mark.parametrize("path", PAGES)
def test_rehearse_every_mode_of_every_page(projector, app_url, path):
    page = projector
    page.goto(f"{app_url}/{path}")
    title = page.locator("[data-testid='stMain'] h1").first
    await_content(page, lambda: title.count() == 1 and settled(page), f"{path}: opening")
    check(page, path)
    shots(page, f"{path.lower()}")
    radio = mode_radio(page)
    options = radio.locator("[data-testid='stRadioOption']").all_inner_texts() if radio else []
    for option in options:
        picked = radio.get_by_role("radio", name=option, exact=True)
        if picked.is_checked():
            continue  # on screen already
        before = page.locator("[data-testid='stMain']").inner_text()
        radio.get_by_text(option, exact=True).click()
        await_content(page, lambda: picked.is_checked() and settled(page)
                      and page.locator("[data-testid='stMain']").inner_text() != before, f"{path}: {option}")
        check(page, f"{path}: {option}")
        shots(page, f"{path.lower()}_{re.sub(r'[^a-z0-9]+', '_', option.lower()).strip('_')}")
