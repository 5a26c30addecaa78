"""A teacher's rehearsal before a class (added 2026-11-29): the app in a real browser at a projector's 1024x768, with
screenshots of the scenes a class will see, optionally beside a staged busy job.

    python -m research.rehearsal --out shots/with-data
    python -m research.rehearsal --out shots/no-data --no-data --busy
    python -m research.rehearsal --out shots/wide --width 1400     # a wide screen (since 2026-11-29)

It starts its own server (a free port unless --port; a fresh temporary cache unless --cache), opens Debian's chromium
through Playwright and, for each scene, waits for the texts and elements the scene is about (never a fixed time), then
saves a full-page PNG and prints one line: the file and what it waited for. Scenes: the Hangman host with a 4-letter
word, the crossword clue look-up ("Capital of France", 5 letters), a Hangman game on FRIEND watched to its end, the
Benchmarks page with a run's results, and an upload with junk lines. A scene that shows an exception box, or whose
content does not come, is still photographed and reported; the exit code is then 1.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

ROOT = Path(__file__).resolve().parent.parent
PROJECTOR = {"width": 1024, "height": 768}
IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
BUSY_LOOP = "while True: pass"
WAIT_MS = 600_000  # a scene's content may take this long on a loaded machine
PREPARE_MS = 3_600_000  # the crossword clue database on a fresh cache: the page shows a bar meanwhile
SECRET = "friend"
JUNK_LINE = "x" * 5000


@dataclass(frozen=True)
class Shot:
    """One saved screenshot, what the scene waited for, and what went wrong (empty when nothing)."""

    path: Path
    waited_for: str
    problem: str = ""


def free_port() -> int:
    """A free TCP port on loopback."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def chromium_path() -> str:
    """Debian's chromium (or $CHROMIUM); SystemExit with a sentence when missing."""
    found = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not found:
        raise SystemExit("chromium is not installed: apt-get install chromium")
    return found


def server_env(cache: Path, results: Path, data: str | None) -> dict:
    """The server's environment: its own cache and results folders, and the development data or none."""
    env = dict(os.environ, WORDLAB_CACHE=str(cache), WORDLAB_RESULTS=str(results))
    if data is not None:
        env["WORDLAB_DATA"] = data
    return env


@contextmanager
def app_server(port: int, env: dict, log: Path) -> Iterator[str]:
    """`streamlit run app.py` on 127.0.0.1:port until the block ends; its base URL."""
    cmd = [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true", "--server.address",
           "127.0.0.1", "--server.port", str(port), "--browser.gatherUsageStats", "false"]
    with log.open("w") as out:
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(url, proc)
        yield url
    finally:
        stop(proc)


def wait_healthy(url: str, proc: subprocess.Popen, limit: float = 300.0) -> None:
    """Return once the server answers its health check (SystemExit when it exits or never answers)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit("the app's server exited early: see its log")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.5)  # polling a server that is starting, not a wait a scene relies on
    raise SystemExit(f"the app's server did not answer within {limit:.0f} s")


def stop(proc: subprocess.Popen) -> None:
    """Stop a process this script started (terminate, then kill after 10 s)."""
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@contextmanager
def busy_job(workers: int) -> Iterator[list[int]]:
    """`workers` pure-CPU Python loops at nice 0 for the length of the block; their process ids."""
    procs = [subprocess.Popen([sys.executable, "-c", BUSY_LOOP]) for _ in range(workers)]
    try:
        yield [p.pid for p in procs]
    finally:
        for proc in procs:
            stop(proc)


def settle(page, limit_ms: float = WAIT_MS) -> None:
    """Wait until the app's script has finished running (twice, a moment apart: a rerun may start just after)."""
    page.wait_for_selector(IDLE, timeout=limit_ms)
    page.wait_for_timeout(300)  # lets a rerun triggered by the last action start; the next line waits for its end
    page.wait_for_selector(IDLE, timeout=limit_ms)


def open_page(page, url: str, path: str) -> None:
    """Open one page of the app and wait for its title and the end of its first run."""
    page.goto(f"{url}/{path}")
    page.locator("[data-testid='stMain'] h1").first.wait_for(timeout=WAIT_MS)
    settle(page)


def visible(page, pattern: str, limit_ms: float = WAIT_MS) -> None:
    """Wait until a text matching the regular expression is visible in the main area."""
    page.locator("[data-testid='stMain']").get_by_text(re.compile(pattern)).first.wait_for(state="visible",
                                                                                          timeout=limit_ms)


def viewport(width: int) -> dict:
    """The browser window: the projector's height at the given width (1024 is the projector's, 1400 a wide screen)."""
    return {"width": width, "height": PROJECTOR["height"]}


def photograph(page, path: Path) -> None:
    """A full-page PNG at the window's width (the window grown to the page's height, then set back)."""
    window = page.viewport_size
    height = page.evaluate("() => { const m = document.querySelector('[data-testid=\"stMain\"]');"
                           " return m ? m.scrollHeight : document.body.scrollHeight; }")
    page.set_viewport_size({"width": window["width"], "height": max(window["height"], min(int(height) + 40, 8000))})
    page.wait_for_timeout(300)  # the layout after the resize; the shot shows what is drawn
    page.screenshot(path=str(path), full_page=True)
    page.set_viewport_size(window)


def pick_option(page, box_label: str, option: str) -> None:
    """Choose an option of the select box whose label holds box_label (typed, then clicked)."""
    box = page.locator("[data-testid='stSelectbox']").filter(has_text=box_label).first
    box.click()
    page.keyboard.type(option)
    page.get_by_role("option", name=option, exact=True).first.click()
    settle(page)


def hangman_host_four(page, url: str, folder: Path) -> str:
    """The Hangman page, 'You host', a 4-letter word: the solver's first question and the words that fit."""
    open_page(page, url, "Hangman")
    page.locator("[data-testid='stRadio']").first.get_by_text("You host", exact=True).click()
    settle(page)
    field = page.get_by_label("Letters in your word")
    field.fill("4")
    field.press("Enter")
    settle(page)
    visible(page, r"Is [A-Z] in your word\?")
    visible(page, r"likeliest pick")
    page.get_by_text("Words of the list that still fit the board").first.wait_for()
    return "'Is … in your word?', the 'likeliest picks' sentence and the count of words that still fit"


def crossword_lookup(page, url: str, folder: Path) -> str:
    """The Crosswords page's clue look-up: 'Capital of France', 5 letters."""
    open_page(page, url, "Crosswords")
    page.get_by_text("Look up a clue", exact=True).first.click()
    page.get_by_label("Clue", exact=True).wait_for(timeout=PREPARE_MS)  # once the clue database is ready
    settle(page, PREPARE_MS)
    page.get_by_label("Clue", exact=True).fill("Capital of France")
    page.get_by_label("Letters or length").fill("5")
    page.get_by_role("button", name="Find answers").click()
    settle(page)
    visible(page, r"^Best answers?")
    page.locator("[data-testid='stTable']").filter(has_text="Chance it is right").first.wait_for()
    visible(page, r"Together these \d+ answers hold")
    return "the best-answer sentence, the table's 'Chance it is right' column and the sentence on what they add up to"


def hangman_friend(page, url: str, folder: Path) -> str:
    """The Hangman page on the default dictionary: the solver plays FRIEND, watched to its end."""
    open_page(page, url, "Hangman")
    field = page.get_by_label("Secret word (the solver does not see it)")
    field.fill(SECRET)
    field.press("Enter")
    settle(page)
    visible(page, r"^Move 1 of")
    page.get_by_role("button", name="Go to the end").first.click()
    settle(page)
    visible(page, r"Solved:|Hanged after")
    return "the game's end ('Solved:' or 'Hanged after') and its move sentences"


def benchmarks(page, url: str, folder: Path) -> str:
    """The Benchmarks page after a small run: its results and charts."""
    open_page(page, url, "Benchmarks")
    sample = page.get_by_label("Games (a random sample, the same each time)").first
    sample.fill("40")
    sample.press("Tab")
    settle(page)
    page.get_by_role("button", name="Run benchmark").click()
    page.locator("[data-testid='stPlotlyChart']").first.wait_for(timeout=WAIT_MS)
    settle(page)
    visible(page, r"Games won")
    return "the run's first chart and its 'Games won' figures"


def junk_file(folder: Path) -> Path:
    """A word list with junk lines: a 5,000-character line, a line with a bad byte, an empty line, good words (one,
    naïve, written in UTF-8)."""
    path = folder / "class-words-with-junk.txt"
    path.write_bytes(b"apple\nschool\n" + JUNK_LINE.encode() + b"\ncaf\xe9\n\ntree\n" + "naïve\n".encode()
                     + b"friend\n")
    return path


def upload_junk(page, url: str, folder: Path) -> str:
    """The Word lists page after uploading a file with junk lines: what was accepted and which lines were not."""
    open_page(page, url, "Word_lists")
    page.locator("[data-testid='stFileUploaderDropzoneInput']").first.set_input_files(str(junk_file(folder)))
    settle(page)
    visible(page, r"accepted from")
    visible(page, r"\d+ lines? rejected, each with its reason")
    page.locator("[data-testid='stMain'] [data-testid='stDataFrame'], [data-testid='stMain'] [data-testid='stTable']"
                 ).first.wait_for()
    return "the upload's report: words accepted, lines rejected and the table of rejected lines with their reasons"


def run_scene(page, name: str, scene: Callable[[], str], out: Path) -> Shot:
    """Run one scene, photograph the screen whatever happened, and say what it waited for or what went wrong."""
    problem = ""
    try:
        waited = scene()
    except Exception as err:  # a scene that fails is still photographed and reported, then the next one runs
        waited, problem = "its content, which did not come", f"{type(err).__name__}: {str(err).splitlines()[0]}"
    boxes = page.locator("[data-testid='stException']")
    if boxes.count():
        problem = problem or "an exception box: " + boxes.first.inner_text()[:200]
    path = out / f"{name}.png"
    photograph(page, path)
    return Shot(path, waited, problem)


SCENES = (("hangman_host_4_letters", hangman_host_four), ("crossword_lookup_capital_of_france", crossword_lookup),
          ("hangman_friend_to_the_end", hangman_friend), ("benchmarks_results", benchmarks),
          ("upload_junk_lines", upload_junk))  # each scene: (page, url, scratch folder) -> what it waited for


def rehearse(out: Path, data: str | None, cache: Path | None, port: int, busy: int, only: list[str],
             width: int = PROJECTOR["width"]) -> int:
    """Run the scenes against a fresh server; print a line per screenshot; 0 when every scene showed its content."""
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    failures = 0
    with ExitStack() as stack:
        scratch = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="wordlab-rehearsal-")))
        env = server_env(cache or scratch / "cache", scratch / "results", data)
        if busy:
            pids = stack.enter_context(busy_job(busy))
            print(f"busy job: {busy} pure-CPU Python loops at nice 0 (process ids {', '.join(map(str, pids))})")
        started = time.monotonic()
        url = stack.enter_context(app_server(port, env, out / "server.log"))
        print(f"app at {url} (cache {'given' if cache else 'fresh'}, development data "
              f"{'none' if data == '/nonexistent' else data or 'default'})")
        pw = stack.enter_context(sync_playwright())
        browser = pw.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
        stack.callback(browser.close)
        for name, scene in SCENES:
            if only and name not in only:
                continue
            context = browser.new_context(viewport=viewport(width))
            page = context.new_page()
            page.set_default_timeout(WAIT_MS)
            shot = run_scene(page, name, lambda: scene(page, url, scratch), out)
            context.close()
            failures += bool(shot.problem)
            status = f"PROBLEM: {shot.problem}" if shot.problem else "ok"
            print(f"{shot.path}: waited for {shot.waited_for} [{time.monotonic() - started:.0f} s] {status}",
                  flush=True)
    return 1 if failures else 0


def main(argv: list[str] | None = None) -> int:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m research.rehearsal", description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True, help="folder for the PNGs (and the server's log)")
    parser.add_argument("--no-data", action="store_true", help="without the development data (WORDLAB_DATA=/nonexistent)")
    parser.add_argument("--data", default=None, help="the development data folder (default: the app's own default)")
    parser.add_argument("--cache", default=None, help="a cache folder to use (default: a fresh temporary one)")
    parser.add_argument("--port", type=int, default=0, help="the server's port (default: a free one)")
    parser.add_argument("--busy", action="store_true", help="run 2 pure-CPU loops at nice 0 beside the app")
    parser.add_argument("--width", type=int, default=PROJECTOR["width"],
                        help="the window's width in pixels (default 1024, a projector's; 1400 for a wide screen)")
    parser.add_argument("--only", action="append", default=[], choices=[name for name, _ in SCENES],
                        help="run only this scene (repeatable)")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stopped from outside: the server and busy job stop too
    data = "/nonexistent" if args.no_data else args.data
    return rehearse(Path(args.out), data, Path(args.cache) if args.cache else None, args.port or free_port(),
                    2 if args.busy else 0, args.only, args.width)


if __name__ == "__main__":
    raise SystemExit(main())
