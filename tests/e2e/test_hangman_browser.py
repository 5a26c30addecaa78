"""Browser: the Hangman page in a real chromium, every mode driven by clicks, at 1400 px and at 1024x768."""
import re

import pytest

from playwright.sync_api import expect

from tests.e2e.conftest import assert_no_exception, goto, pick_typed, press, shot, type_in, wait_idle

SMALL = "English common 500"
SIZES = {"1400": {"width": 1400, "height": 1000}, "1024": {"width": 1024, "height": 768}}
STILL_FIT = re.compile(r"(\d[\d,]*|no) words? of the list(?: \((\d[\d,]*) with other everyday English words\))? still fits?")


def pick_small_list(page) -> None:
    pick_typed(page, "Dictionary", SMALL)


def choose_mode(page, mode: str) -> None:
    page.locator("[data-testid='stRadio']").first.get_by_text(mode, exact=True).click()
    wait_idle(page)


def pick(page, box_label: str, option: str) -> None:
    box = page.locator("[data-testid='stSelectbox']").filter(has_text=box_label).first
    box.click()
    page.get_by_role("option", name=option, exact=True).first.click()
    wait_idle(page)


def type_secret(page, word: str) -> None:
    type_in(page, "Secret word (the solver does not see it)", word)


def open_hangman(page, app_url, mode: str = "", size: str = "") -> None:
    """The Hangman page on the small list, in a mode, at one of SIZES when told."""
    if size:
        page.set_viewport_size(SIZES[size])
    goto(page, app_url, "Hangman")
    pick_small_list(page)
    if mode:
        choose_mode(page, mode)


def log_items(page):
    """The move log's sentences (a locator: `expect` waits on its count)."""
    return page.locator(".st-key-hangman_log li")


def game_over(page):
    """The sentence a finished game ends with, won or lost."""
    return page.get_by_text(re.compile(r"Solved:|Hanged after")).first


@pytest.mark.parametrize("size", ["1400"])  # one size per behaviour: the evil host's is 1024
def test_narrated_replay_opens_on_move_one_and_next_adds_to_the_log(page, app_url, size):
    page.set_viewport_size(SIZES[size])
    goto(page, app_url, "Hangman")
    assert_no_exception(page)
    pick_small_list(page)
    type_secret(page, "house")
    expect(page.get_by_text("Move 1 of")).to_have_count(1)
    expect(log_items(page)).to_have_count(1)
    assert re.search(r"words? of the list( \([\d,]+ with other everyday English words\))? that fitted before this guess",
                     page.locator(".st-key-hangman_log").inner_text())
    pick(page, "Compare with", "frequency")
    press(page, "Next ▶")
    expect(log_items(page)).to_have_count(2)
    expect(page.get_by_text("Move 2 of")).to_have_count(1)
    expect(page.get_by_text("Move 2: why best guessed").first).to_be_visible()  # the chart's title
    expect(page.get_by_text("Words of the list that still fit")).to_have_count(1)
    world = page.locator("[data-testid='stAlert']").filter(has_text=re.compile(STILL_FIT.pattern + "|No word of the list fits"))
    expect(world).to_have_count(1)  # which world `best` believes in, in words
    assert_no_exception(page)
    shot(page, f"hangman_replay_move2_{size}")
    press(page, "◀ Previous")
    expect(log_items(page)).to_have_count(1)
    press(page, "Go to the end")
    expect(game_over(page)).to_be_visible()
    expect(page.get_by_role("button", name="Next ▶").first).to_be_disabled()
    expect(page.locator("[data-testid='stPlotlyChart']").nth(1)).to_be_attached()  # the chart stays at game over
    expect(log_items(page).nth(2)).to_be_attached()
    shot(page, f"hangman_replay_end_{size}")


def test_watch_mode_rejects_a_secret_outside_the_alphabet(page, app_url):
    goto(page, app_url, "Hangman")
    pick_small_list(page)
    type_secret(page, "h0use")
    expect(page.get_by_text("is not in the word list's alphabet")).to_have_count(1)
    assert_no_exception(page)


@pytest.mark.parametrize("size", ["1024"])
def test_evil_host_answers_and_says_why(page, app_url, size):
    open_hangman(page, app_url, "Evil host", size)
    expect(page.get_by_text("Words the host still keeps")).to_have_count(1)
    pick(page, "Your letter", "e")
    press(page, "Guess")
    expect(page.get_by_text(re.compile(r"Last answer\. E: of the [\d,]+ words"))).to_have_count(1)
    assert_no_exception(page)
    expect(page.locator("[data-testid='stDataFrame']")).to_have_count(1, timeout=30_000)  # the answers the host could give
    shot(page, f"hangman_evil_host_{size}")
    pick(page, "Who plays against the host", "best")
    press(page, "Play to the end")
    expect(page.get_by_text(re.compile("pinned the host down|The host wins"))).to_have_count(1, timeout=120_000)
    assert_no_exception(page)
    shot(page, f"hangman_evil_host_best_{size}")


@pytest.mark.parametrize("size", ["1400"])
def test_grade_a_typed_game(page, app_url, size):
    open_hangman(page, app_url, "Grade my game", size)
    page.get_by_text("Type a game", exact=True).click()
    wait_idle(page)
    for label, value in (("The word", "house"), ("Your letters, in order", "e a o s u h")):
        field = page.get_by_label(label, exact=True)
        field.fill(value)
        field.press("Enter")
        wait_idle(page)
    expect(page.get_by_text("Average skill")).to_have_count(1)
    expect(page.locator(".st-key-hangman_grade_moves li")).to_have_count(6)  # a sentence per move
    expect(page.locator("[data-testid='stDataFrame']")).to_have_count(1)
    expect(page.get_by_text(re.compile("skill = 100 ×"))).to_have_count(1)
    assert_no_exception(page)
    shot(page, f"hangman_grade_{size}")


def test_you_host_and_you_play_take_answers(page, app_url):
    open_hangman(page, app_url, "You host")
    expect(page.get_by_text(re.compile(r"Is \w in your word\?"))).to_have_count(1)
    press(page, "Not in my word")
    expect(page.get_by_text("1 of 6 misses").first).to_be_visible()
    assert_no_exception(page)
    shot(page, "hangman_host")
    choose_mode(page, "You play")
    press(page, "Guess")
    assert_no_exception(page)
    page.get_by_text("Hint: show what the solver weighs").click()
    expect(page.get_by_text("What the solver will guess next").first).to_be_visible()
    shot(page, "hangman_play_hint")
    press(page, "Grade my game so far")
    expect(page.get_by_text("Average skill")).to_have_count(1)
    assert_no_exception(page)


def test_benchmark_panel_shows_win_rates_and_charts(page, app_url):
    open_hangman(page, app_url, "Benchmark", "1024")
    page.get_by_text("The training list's own words", exact=True).click()  # every length of the list: the widest x axis
    expect(page.get_by_role("radio", name="The training list's own words", exact=True)).to_be_checked()
    games = page.get_by_label("Games (a random sample, the same each time)")
    wait_idle(page)
    expect(games).to_have_count(1)  # the rerun after the radio has replaced the form (two show while it runs)
    games.fill("120")
    games.press("Tab")
    press(page, "Run benchmark")
    page.locator(".xtick").first.wait_for()
    expect(page.locator("[data-testid='stPlotlyChart']").nth(1)).to_be_attached()
    assert_no_exception(page)
    text = page.locator("[data-testid='stMain']").inner_text()
    assert "Games won" in text and "%" in text and "tested on its own words" in text
    assert not [t for t in ("ci_low", "win_rate", "items_per_second") if t in text]
    shot(page, "hangman_benchmark_1024")


def test_candidates_strategy_plays_its_rollout_in_the_page(page, app_url):
    goto(page, app_url, "Hangman")
    pick_small_list(page)
    pick(page, "Strategy", "candidates")
    type_secret(page, "water")
    press(page, "Next ▶")
    pick(page, "Compare with", "frequency")
    press(page, "Next ▶")
    expect(page.get_by_text("Move 3: why candidates guessed").first).to_be_visible()
    assert_no_exception(page)
    shot(page, "hangman_candidates_rollout")
    press(page, "Go to the end")
    expect(game_over(page)).to_be_visible()
    assert_no_exception(page)


def test_play_steps_through_the_moves_on_its_own(page, app_url):
    goto(page, app_url, "Hangman")
    pick_small_list(page)
    type_secret(page, "house")
    expect(log_items(page)).to_have_count(1)
    page.get_by_text("Play", exact=True).click()
    expect(log_items(page).nth(2)).to_be_attached()  # one move a second by default: the third move comes by itself
    assert_no_exception(page)


def test_a_long_word_stays_on_one_line_at_projector_size(page, app_url):
    open_hangman(page, app_url, size="1024")
    type_secret(page, "electroencephalographically")
    press(page, "Go to the end")
    mask = page.locator(".hangman-mask").first
    expect(mask).to_contain_text("E L E C T R O")
    box = mask.evaluate("e => ({h: e.getBoundingClientRect().height, line: parseFloat(getComputedStyle(e).fontSize),"
                        " scroll: e.scrollWidth, client: e.clientWidth})")
    assert box["h"] < 1.8 * box["line"], box  # one line: no letter pushed onto a second line
    assert box["scroll"] <= box["client"] + 1, box  # and it fits the column without scrolling
    shot(page, "hangman_long_word_1024")


def test_the_computer_plans_against_the_cheater_at_projector_size(page, app_url):
    open_hangman(page, app_url, "Evil host", "1024")
    field = page.get_by_label("Letters in the word")
    field.fill("4")
    field.press("Enter")
    wait_idle(page)
    plan = page.get_by_role("button", name="Let the computer plan against the host (4 letters)")
    expect(plan.or_(page.get_by_text("Computer's misses")).first).to_be_visible()
    if plan.count():  # no plan stored yet for this list and length (a page test may have stored one)
        press(page, "Let the computer plan against the host (4 letters)")
    expect(page.get_by_text("Computer's misses")).to_be_visible()
    expect(page.get_by_text(re.compile(r"^Move \d+ of \d+\."))).to_be_visible()
    assert_no_exception(page)
    page.get_by_text("Can the computer beat the cheater?").scroll_into_view_if_needed()
    shot(page, "hangman_cheater_1024")


def test_hints_in_the_play_yourself_mode_at_projector_size(page, app_url):
    open_hangman(page, app_url, "You play", "1024")
    press(page, "How many words fit?")
    press(page, "A letter worth trying")
    expect(page.get_by_text(re.compile(r"words of the list still fit the board"))).to_be_visible()
    expect(page.get_by_text(re.compile(r"^Try [A-Z]"))).to_be_visible()
    assert_no_exception(page)
    shot(page, "hangman_hints_1024")


def test_the_counts_beside_a_move_of_dog_agree_on_the_pages_defaults(page, app_url):
    # the page once showed "E: 83 of the 157 words that still fit", "Words of the list that still fit the board: 74"
    # and "226 of the 2,631 words that still fit" side by side: three sets, one name
    page.set_viewport_size(SIZES["1024"])
    goto(page, app_url, "Hangman")  # best and a word a person thinks of: the page's defaults
    pick_typed(page, "Dictionary", "English web2 235k")  # the default on a machine without the Trexquant list
    type_secret(page, "dog")
    expect(page.get_by_text("Move 1 of")).to_have_count(1)
    first = shown_counts(page)
    press(page, "Next ▶")
    expect(page.get_by_text("Move 2 of")).to_have_count(1)
    listed, total = shown_counts(page)
    assert total > listed  # a person's word: everyday words the list lacks are counted beside the list's
    log = page.locator(".st-key-hangman_log li").nth(1).inner_text()  # move 2 counts the board move 1 left
    before = re.search(r"of the ([\d,]+) words of the list \(([\d,]+) with other everyday English words\) that fitted "
                       r"before this guess", log)
    assert before and (number(before.group(1)), number(before.group(2))) == first, (log, first)
    assert not re.search(r"\d words that still fit", page.locator("[data-testid='stMain']").inner_text())
    assert_no_exception(page)
    shot(page, "hangman_dog_counts_1024")


def test_a_typed_dog_is_won_with_the_pages_defaults_at_projector_size(page, app_url):
    # with frequency alone the page lost DOG (A E O N T B L): some 26 common words fit _O_ alike
    page.set_viewport_size(SIZES["1024"])
    goto(page, app_url, "Hangman")  # best and a word a person thinks of: the page's defaults
    pick_typed(page, "Dictionary", "English web2 235k")
    type_secret(page, "dog")
    expect(page.get_by_text("Move 1 of")).to_have_count(1)
    press(page, "Go to the end")
    expect(game_over(page)).to_be_visible()
    expect(page.get_by_text(re.compile(r"Solved:")).first).to_be_visible()
    assert not page.get_by_text(re.compile(r"Hanged after")).count()
    assert_no_exception(page)
    shot(page, "hangman_dog_won_1024")


def number(text: str) -> int:
    return int(text.replace(",", ""))


def shown_counts(page) -> tuple[int, int]:
    """(the figure of the list's fitting words, the world sentence's count with everyday words), checked to agree."""
    figure = page.locator("[data-testid='stMetric']").filter(has_text="Words of the list that still fit the board")
    listed = number(figure.locator("[data-testid='stMetricValue']").inner_text())
    world = page.locator("[data-testid='stAlert']").filter(has_text=STILL_FIT).first.inner_text()
    said = STILL_FIT.search(world)
    assert said and number(said.group(1)) == listed, (world, listed)
    total = number(said.group(2)) if said.group(2) else listed
    assert f"of these {total:,}" in world, world
    return listed, total
