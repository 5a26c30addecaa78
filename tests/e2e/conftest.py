"""Real-browser rig: one `streamlit run app.py` server on a free loopback port, Playwright on Debian's chromium."""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

# every `expect(...)` waits this long for the expected content (a loaded machine reruns slowly)
expect.set_options(timeout=120_000)

ROOT = Path(__file__).resolve().parent.parent.parent
SHOTS = Path(__file__).resolve().parent / "screenshots"
IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
]


def chromium_path() -> str | None:
    """Debian's chromium, or $CHROMIUM."""
    return os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


def free_port() -> int:
    """A free TCP port on loopback."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int, log: Path) -> subprocess.Popen:
    """`streamlit run app.py` headless on 127.0.0.1:port."""
    cmd = [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true",
           "--server.address", "127.0.0.1", "--server.port", str(port), "--browser.gatherUsageStats", "false"]
    return subprocess.Popen(cmd, cwd=ROOT, stdout=log.open("w"), stderr=subprocess.STDOUT, env=dict(os.environ))


def wait_healthy(url: str, proc: subprocess.Popen, timeout: float = 90) -> None:
    """Block until the server answers its health check."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("streamlit exited early")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError("streamlit did not become healthy")


@pytest.fixture(scope="session")
def server_factory(tmp_path_factory):
    """Starts fresh servers on demand; all stopped at the end of the session."""
    procs: list[subprocess.Popen] = []

    def make() -> str:
        port = free_port()
        log = tmp_path_factory.mktemp("streamlit") / "server.log"
        proc = start_server(port, log)
        procs.append(proc)
        url = f"http://127.0.0.1:{port}"
        wait_healthy(url, proc)
        return url

    yield make
    for proc in procs:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="session")
def app_url(server_factory) -> str:
    """Base URL of a shared streamlit server for the browser tests."""
    return server_factory()


@pytest.fixture(scope="session")
def browser():
    """A headless Debian chromium driven by Playwright."""
    exe = chromium_path()
    if exe is None:
        pytest.fail("chromium is not installed: `apt-get install chromium` (.ci/run does it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=exe, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    """A fresh page in its own browser context (its own Streamlit session)."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    pg = context.new_page()
    pg.set_default_timeout(60_000)
    yield pg
    context.close()


PREPARE_TIMEOUT = 900_000  # ms: Solve unlocks once the clue database is prepared (the page shows a bar meanwhile)


def wait_idle(page, timeout: float = 120_000) -> None:
    """Wait until the app looks idle. Never enough on its own: a rerun may not have started yet, so every test then
    waits for the content it expects (`expect(...)`, `locator.wait_for()`)."""
    page.wait_for_timeout(300)
    page.wait_for_selector(IDLE, timeout=timeout)
    page.wait_for_timeout(200)
    page.wait_for_selector(IDLE, timeout=timeout)


def goto(page, app_url: str, path: str = "") -> None:
    """Open a page of the app and wait for its first run to draw the page's title, then to finish."""
    page.goto(f"{app_url}/{path.lstrip('/')}")
    page.wait_for_selector("[data-testid='stApp']", timeout=90_000)
    page.locator("[data-testid='stMain'] h1").first.wait_for(timeout=180_000)
    wait_idle(page)


def shot(page, name: str) -> Path:
    """Save a full-page screenshot under tests/e2e/screenshots/."""
    SHOTS.mkdir(exist_ok=True)
    path = SHOTS / f"{name}.png"
    size = page.viewport_size or {"width": 1400, "height": 1000}
    height = page.evaluate(
        "() => { const m = document.querySelector('[data-testid=\"stMain\"]');"
        " return m ? m.scrollHeight : document.body.scrollHeight; }")
    page.set_viewport_size({"width": size["width"], "height": max(size["height"], min(int(height) + 40, 8000))})
    page.wait_for_timeout(300)
    page.screenshot(path=str(path), full_page=True)
    page.set_viewport_size(size)
    return path


def assert_no_exception(page) -> None:
    """No exception element on the page."""
    assert page.locator("[data-testid='stException']").count() == 0, page.locator("[data-testid='stException']").first.inner_text()


def pytest_collection_modifyitems(items):
    """Every test in tests/e2e is marked e2e."""
    for item in items:
        if "/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


def pick_typed(page, box_label: str, typed: str, option: str = "") -> None:
    """Pick an option of the select box whose label holds box_label by typing into it (the option named by what was
    typed unless told), then wait for the page."""
    box = page.locator("[data-testid='stSelectbox']").filter(has_text=box_label).first
    for attempt in range(4):  # a background bar's rerun may close the open list: open it again and pick once more
        box.scroll_into_view_if_needed()
        box.click()
        page.keyboard.type(typed)
        try:
            page.get_by_role("option", name=option or typed).first.click(timeout=30_000)
            break
        except PlaywrightTimeoutError:
            if attempt == 3:
                raise
            page.keyboard.press("Escape")
    wait_idle(page)


def type_in(page, label: str, text: str) -> None:
    """Fill the text field of this label, press Enter and wait for the page."""
    field = page.get_by_label(label)
    field.fill(text)
    field.press("Enter")
    wait_idle(page)


def press(page, label: str, timeout: float = 120_000) -> None:
    """Press the first button of this name, wait for the page and check it shows no exception."""
    page.get_by_role("button", name=label).first.click()
    wait_idle(page, timeout=timeout)
    assert_no_exception(page)


def show_slot_candidates(page, typed: str, option: str) -> None:
    """On the solved Crosswords page, pick a slot in the candidates' box by typing its name, then wait for the page."""
    pick_typed(page, "Slot", typed, option)
    assert_no_exception(page)
