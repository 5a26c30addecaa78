"""How long the Home page's crossword replay takes to show its first explained move after its button is pressed.

Starts a fresh `streamlit run app.py` on a loopback port with the environment it is given (for a fresh machine:
WORDLAB_DATA=/nonexistent WORDLAB_CACHE=$(mktemp -d)), opens the Home page in Debian's chromium at 1024x768,
picks Crosswords, presses "Watch the crossword solver" and times until the first move's sentence ("Step 1: ...")
shows; prints one JSON line and saves a screenshot. A measurement, not a test (added 2026-11-29):

    WORDLAB_DATA=/nonexistent WORDLAB_CACHE=$(mktemp -d) nice -n 10 .venv/bin/python -m research.crossword.home_first_move \
        --port 8614 --shot home_crossword.png
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"]
FIRST_MOVE = "Step 1:"


def start_server(port: int, log: Path) -> subprocess.Popen:
    """A headless Streamlit server for app.py on 127.0.0.1:port (this process's environment)."""
    cmd = [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true", "--server.address",
           "127.0.0.1", "--server.port", str(port), "--browser.gatherUsageStats", "false"]
    return subprocess.Popen(cmd, cwd=ROOT, stdout=log.open("w"), stderr=subprocess.STDOUT, env=dict(os.environ))


def wait_healthy(url: str, timeout: float = 120) -> None:
    """Block until the server answers its health check."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError("the server did not answer its health check")


def first_move_seconds(url: str, shot: str, timeout_s: float) -> dict:
    """Seconds from the Watch button's press to the first move's sentence on screen (and the sentence)."""
    import shutil

    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=shutil.which("chromium"), headless=True, args=CHROMIUM_ARGS)
        page = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
        page.goto(url)
        page.locator("[data-testid='stMain'] h1").first.wait_for(timeout=180_000)
        page.locator("[data-testid='stRadio']").get_by_text("Crosswords", exact=True).click()
        button = page.get_by_role("button", name="Watch the crossword solver")
        button.wait_for(timeout=120_000)
        start = time.monotonic()
        button.click()
        sentence = page.locator("[data-testid='stAlertContentInfo']").get_by_text(FIRST_MOVE)
        sentence.first.wait_for(timeout=timeout_s * 1000)
        seconds = time.monotonic() - start
        text = sentence.first.inner_text()
        page.wait_for_timeout(1500)
        if shot:
            page.screenshot(path=shot, full_page=True)
        browser.close()
    return {"first_move_seconds": round(seconds, 1), "sentence": text}


def main(argv: list[str] | None = None) -> int:
    """Start the server, time the first move, stop the server, print the JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=8614)
    parser.add_argument("--shot", default="", help="save a screenshot of the replay here (PNG)")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds to wait for the first move")
    args = parser.parse_args(argv)
    log = Path(tempfile.gettempdir()) / f"home_first_move_{args.port}.log"
    proc = start_server(args.port, log)
    try:
        url = f"http://127.0.0.1:{args.port}"
        wait_healthy(url)
        result = first_move_seconds(url, args.shot, args.timeout)
    finally:
        proc.terminate()
        proc.wait(20)
    print(json.dumps({**result, "data": os.environ.get("WORDLAB_DATA", ""),
                      "fresh_cache": bool(os.environ.get("WORDLAB_CACHE"))}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
