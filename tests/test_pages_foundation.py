"""AppTest: the home page and the Word lists page, uploads through the page, session isolation."""
import gzip
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parent.parent
WORD_LISTS = str(ROOT / "pages" / "1_Word_lists.py")


def run_page(path: str) -> AppTest:
    at = AppTest.from_file(path, default_timeout=120)
    return at.run()


def upload(at: AppTest, name: str, data: bytes) -> AppTest:
    at.file_uploader(key="wordlists_upload").upload(name, data, "text/plain")
    return at.run()


def texts(at: AppTest) -> str:
    parts = [e.value for kind in ("error", "warning", "success", "info", "markdown", "caption") for e in getattr(at, kind)]
    return "\n".join(str(p) for p in parts)


HOME = str(ROOT / "app.py")


def test_home_page_links_every_page_from_its_card_and_names_the_active_list():
    at = run_page(HOME)
    assert not at.exception
    links = [link.proto.label for link in at.get("page_link")]
    titles = [page.stem.split("_", 1)[1].replace("_", " ") for page in sorted((ROOT / "pages").glob("*.py"))]
    assert sorted(links) == sorted(f"Open {t}" for t in titles)  # a card links every page, and only pages that exist
    assert len(titles) == 6 and len(links) == len(set(links))  # six pages, one card each
    cards = [m.value for m in at.markdown if m.value.startswith("#####")]
    for game in ("Hangman", "Wordle", "Tip game", "Crosswords", "Benchmarks", "Word lists"):
        assert any(game in card for card in cards), game
    assert "Active word list" in texts(at)


def test_app_py_runs_the_home_page_so_the_sidebar_says_home():
    assert (ROOT / "app.py").resolve().name == "Home.py"


def test_the_crossword_replay_waits_for_a_click():
    at = run_page(HOME)
    at.radio(key="home_game").set_value("Crosswords").run()
    assert not at.exception
    assert at.button(key="home_crossword_start").label.startswith("▶ Watch")
    assert not at.info and not move_log(at)  # nothing heavy ran before the click: no move, no log


def move_log(at: AppTest) -> list[str]:
    """The move log's lines (none before a replay is shown)."""
    return [m.value for m in at.markdown if m.value.startswith("1. ")]


def test_word_lists_page_draws_the_charts_for_the_default_list():
    at = run_page(WORD_LISTS)
    assert not at.exception
    assert len(at.get("plotly_chart")) >= 3


GOOD_UPLOAD = b"Apple\napple\npear\nr2d2\nplum\r\n"

BAD_PAGE_UPLOADS = [
    ("empty.txt", b"", "empty"),
    ("image.txt", b"\x89PNG\x00\x00\x00IHDR" + bytes(range(200)), "binary"),
    ("digits.txt", b"123\n456\n", "No valid word"),
    ("fake.txt.gz", b"apple\n", "not gzip"),
]


def test_good_upload_shows_the_report_and_becomes_pickable():
    at = upload(run_page(WORD_LISTS), "fruit.txt", GOOD_UPLOAD)
    assert not at.exception
    body = texts(at)
    assert "3 words accepted" in body
    assert "1 repeated line dropped" in body and "the tip game draws it as often as it is listed" in body
    assert "1 line rejected" in body
    assert "fruit.txt (uploaded)" in at.selectbox(key="wordlists_pick").options
    assert at.selectbox(key="wordlists_pick").value == "fruit.txt (uploaded)"
    assert at.metric[0].value == "3"


@pytest.mark.parametrize("name, data, message", BAD_PAGE_UPLOADS, ids=[b[0] for b in BAD_PAGE_UPLOADS])
def test_bad_upload_shows_a_message_and_the_page_keeps_working(name, data, message):
    at = upload(run_page(WORD_LISTS), name, data)
    assert not at.exception
    assert any(message in e.value for e in at.error), [e.value for e in at.error]
    assert len(at.get("plotly_chart")) >= 3  # the default list is still shown


def test_bom_crlf_and_mixed_case_upload_through_the_page():
    at = upload(run_page(WORD_LISTS), "bom.txt", b"\xef\xbb\xbfApple\r\nPEAR\r\n")
    assert not at.exception
    body = texts(at)
    assert "2 words accepted" in body and "UTF-8 with BOM" in body and "normalised to lower case" in body


def test_upload_over_the_size_limit_gets_a_message_through_the_page():
    at = upload(run_page(WORD_LISTS), "huge.txt", b"a\n" * (26 * 1024 * 1024))
    assert not at.exception
    assert any("over the 50 MB limit" in e.value for e in at.error)


def test_upload_over_two_million_words_gets_a_message_through_the_page():
    from itertools import islice, product

    words = ("".join(t) for t in product("abcdefghijklmnopqrstuvwxyz", repeat=5))
    data = "\n".join(islice(words, 2_000_001)).encode()
    at = upload(run_page(WORD_LISTS), "many.txt", data)
    assert not at.exception
    assert any("over 2,000,000 words" in e.value for e in at.error)


def test_latin1_and_gzip_uploads_through_the_page():
    at = upload(run_page(WORD_LISTS), "de.txt.gz", gzip.compress("äpfel\nbirne\n".encode("latin-1")))
    assert not at.exception
    assert "Latin-1" in texts(at)


def test_two_sessions_never_see_each_others_uploads():
    alice = upload(run_page(WORD_LISTS), "alice.txt", b"alpha\nbravo\n")
    bob = upload(run_page(WORD_LISTS), "bob.txt", b"charlie\ndelta\necho\n")
    assert "alice.txt (uploaded)" in alice.selectbox(key="wordlists_pick").options
    assert "bob.txt (uploaded)" not in alice.run().selectbox(key="wordlists_pick").options
    assert "alice.txt (uploaded)" not in bob.selectbox(key="wordlists_pick").options
    fresh = run_page(WORD_LISTS)
    assert not any("uploaded" in o for o in fresh.selectbox(key="wordlists_pick").options)


def chart_spec(at: AppTest, key: str) -> dict:
    """The plotly figure a page drew under a key, as JSON."""
    import json

    chart = next(c for c in at.get("plotly_chart") if c.proto.id and key in c.proto.id)
    return json.loads(chart.proto.spec)


def test_compare_defaults_to_a_different_list():
    at = run_page(WORD_LISTS)
    first, second = at.selectbox(key="wordlists_pick").value, at.selectbox(key="wordlists_other").value
    assert first != second
    assert "100.0% of" not in texts(at)


def test_a_small_upload_is_plain_to_see_beside_a_big_list():
    at = upload(run_page(WORD_LISTS), "tiny.txt", b"house\ngarden\nzzyzx\n")
    assert not at.exception
    assert at.selectbox(key="wordlists_pick").value == "tiny.txt (uploaded)"
    spec = chart_spec(at, "wordlists_overlap")
    bars = {d["name"]: d for d in spec["data"]}
    tiny = [n for n in bars["only in this list"]["y"] if n.startswith("tiny.txt")][0]
    i = bars["only in this list"]["y"].index(tiny)
    shares = bars["also in the other list"]["x"][i] + bars["only in this list"]["x"][i]
    assert abs(shares - 1.0) < 1e-9  # the small list fills its own bar: shares, not counts
    legend_y = spec["layout"]["legend"]["y"]
    assert legend_y < 0  # the legend sits below the axis, never over its ticks
    assert "less than 0.1% of" in texts(at) and "0.0% of" not in texts(at)  # 2 words of a big list are not none


@pytest.mark.parametrize("words", [tuple("abcdefghijklmnopqrstuvwxyz"), ("über", "straße", "zebra", "quick", "jump")])
def test_the_letter_heatmap_labels_every_letter(words):
    from core.charts import position_heatmap
    from core.words import WordList

    fig = position_heatmap(WordList(name="t", words=words))
    letters = sorted(set("".join(words)))
    assert list(fig.layout.yaxis.tickvals) == letters and list(fig.layout.yaxis.ticktext) == letters
    assert fig.layout.height >= 18 * len(letters)  # room for every label


def test_overlap_shares_count_each_list_against_the_other():
    from core.charts import overlap_shares
    from core.words import WordList

    a, b = WordList(name="a", words=("x", "y", "z", "w")), WordList(name="b", words=("y", "q"))
    ra, rb = overlap_shares(a, b)
    assert (ra["in both"], ra["only here"], ra["share in both"]) == (1, 3, 0.25)
    assert (rb["in both"], rb["only here"], rb["share in both"]) == (1, 1, 0.5)


def test_the_letter_frequency_chart_labels_every_letter():
    from core.charts import letter_frequency_bar
    from core.words import WordList

    fig = letter_frequency_bar(WordList(name="t", words=tuple("abcdefghijklmnopqrstuvwxyz")))
    assert sorted(fig.layout.xaxis.tickvals) == list("abcdefghijklmnopqrstuvwxyz")


def test_the_list_charts_are_drawn_once_per_list_not_on_every_rerun(monkeypatch):
    import core.charts

    calls = []
    real = core.charts.position_heatmap
    monkeypatch.setattr(core.charts, "position_heatmap", lambda words: calls.append(words.hash) or real(words))
    at = upload(run_page(WORD_LISTS), "once.txt", b"quartz\nzephyr\njockey\nfjords\n")
    at.selectbox(key="wordlists_other").set_value(at.selectbox(key="wordlists_other").options[-1]).run()
    assert not at.exception
    mine = [h for h in calls if h == at.session_state["wordlab_uploads"]["once.txt (uploaded)"].hash]
    assert len(mine) == 1, calls


@pytest.mark.parametrize("words", [("house", "mouse", "tree"), ("a",), tuple("ab" * n for n in range(1, 15)),
                                   tuple("x" * n for n in range(1, 40))])
def test_the_length_histogram_ticks_are_whole_numbers_of_letters(words):
    from core.charts import length_histogram
    from core.words import WordList

    axis = length_histogram(WordList(name="t", words=words)).layout.xaxis
    lengths = sorted({len(w) for w in words})
    assert axis.tickmode == "array" and all(isinstance(v, int) for v in axis.tickvals), axis
    assert min(axis.tickvals) <= lengths[0] and max(axis.tickvals) >= lengths[-1] and len(axis.tickvals) <= 10
    assert axis.tickangle == 0  # few enough to read level, even at half of a 1024-pixel page
    if lengths[-1] - lengths[0] < 8:
        assert set(lengths) <= set(axis.tickvals)  # a short range labels every length


@pytest.mark.parametrize("words, dtick", [
    (("house", "mouse", "tree"), 1), (("a",), 1), (tuple("ab" * n for n in range(1, 15)), 1),
    (tuple(f"{c}{d}xyz" for c in "abcdefghijkl" for d in "ab"), None),  # 24 words of one length: plotly's own steps
])
def test_the_length_histogram_counts_whole_words(words, dtick):
    from core.charts import length_histogram
    from core.words import WordList

    axis = length_histogram(WordList(name="t", words=words)).layout.yaxis
    assert axis.tickformat == ",d" and axis.dtick == dtick  # never "1.5 words"; a step of one word for small counts


@pytest.mark.parametrize("data, says", [
    (b"apple\n12ab!\nbanana\nfig tree\n", "2 lines rejected, each with its reason:"),  # both shown: no "the first"
    (b"apple\n" + b"".join(b"x%d\n" % i for i in range(12)), "12 lines rejected; the first 10, each with its reason:"),
])
def test_the_upload_report_says_how_many_rejected_lines_it_shows(data, says):
    at = upload(run_page(WORD_LISTS), "some.txt", data)
    assert not at.exception
    assert [w.value for w in at.warning] == [says]
