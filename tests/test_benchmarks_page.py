"""The Benchmarks page and its shared panel: runs through `execute`, history reuse, plain words, the defects fixed."""
from pathlib import Path

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from core.bench.charts import rate_by_group
from core.bench.run import Reference, RunRequest, execute, skipped_note
from core.bench.runner import Backend
from core.hangman.bench import BENCH as HANGMAN
from core.wordle.bench import BENCH as WORDLE
from core.words.named import shared_data_dir

ROOT = Path(__file__).resolve().parent.parent
PAGE = str(ROOT / "pages" / "6_Benchmarks.py")
TECHNICAL = ("ci_low", "ci_high", "items_per_second", "scheduler", "win_rate", "0.0667")


def visible_text(node, out=None) -> list[str]:
    """Every label, text and table cell outside collapsed expanders."""
    out = [] if out is None else out
    if type(node).__name__ == "Expander":
        return out
    for attr in ("label", "value", "body"):
        v = getattr(node, attr, None) if attr != "value" or type(node).__name__ != "Expander" else None
        if isinstance(v, str):
            out.append(v)
        elif isinstance(v, pd.DataFrame):
            out.extend(map(str, v.columns))
            out.extend(str(x) for x in v.to_numpy().ravel())
    for child in (node.children.values() if isinstance(getattr(node, "children", None), dict) else []):
        visible_text(child, out)
    return out


def run_hangman(at: AppTest, seed: int, items: int = 30) -> AppTest:
    at.multiselect(key="bench_solvers_hangman").set_value(["frequency"])
    at.selectbox(key="bench_dataset_hangman").set_value("English common 500")
    at.number_input(key="bench_items_hangman").set_value(items)
    at.selectbox(key="bench_backend").set_value("serial")
    at.number_input(key="bench_seed").set_value(seed)
    at.button(key="FormSubmitter:bench_form_hangman-Run benchmark").click()
    return at.run()


def test_hangman_run_is_stored_and_an_identical_request_reloads_it():
    req = RunRequest("hangman", "frequency", "English common 500", HANGMAN.default_params, 40, 3)
    first = execute(HANGMAN, req, Backend("serial"))
    again = execute(HANGMAN, req, Backend("serial"))
    assert not first.reused and again.reused and again.run_id == first.run_id
    assert list(again.records["item"]) == list(first.records["item"])
    assert first.summary["games"] == 40


def test_serial_and_local_runs_give_the_same_records():
    base = dict(game="hangman", solver="frequency", dataset="English common 500", params=HANGMAN.default_params, n_items=60)
    a = execute(HANGMAN, RunRequest(**base, seed=5), Backend("serial"), reuse=False)
    b = execute(HANGMAN, RunRequest(**base, seed=5), Backend("local", jobs=2, chunk_size=7), reuse=False)
    cols = ["item", "win", "misses", "guesses"]
    assert a.records[cols].equals(b.records[cols])


def test_benchmarks_page_runs_a_small_hangman_comparison_in_plain_words():
    at = run_hangman(AppTest.from_file(PAGE, default_timeout=240).run(), seed=0)
    assert not at.exception
    assert len(at.get("plotly_chart")) >= 2
    text = " ".join(visible_text(at.main))
    assert "frequency" in text and "Games won" in text and "%" in text
    assert not [t for t in TECHNICAL if t in text]
    assert "was created with a default value" not in text  # the widget default + session state warning


def test_a_new_run_replaces_the_runs_shown_without_a_widget_warning():
    at = run_hangman(AppTest.from_file(PAGE, default_timeout=240).run(), seed=101, items=20)
    first = at.multiselect(key="bench_show_hangman").value
    at = run_hangman(at, seed=102, items=20)
    assert not at.exception
    assert [w.value for w in at.warning if "could be anywhere" not in w.value] == []  # only the small-sample note
    shown = at.multiselect(key="bench_show_hangman").value
    assert len(shown) == 1 and shown != first


def test_compare_mode_says_what_changed_between_the_two_runs_it_shows():
    from core.bench.history import load_run
    from ui.bench_panel import comparison_sentence

    at = run_hangman(AppTest.from_file(PAGE, default_timeout=240).run(), seed=7, items=20)
    at = run_hangman(at, seed=7, items=20)  # reloaded: the same run twice is fine, a second one is needed
    at = run_hangman(at, seed=8, items=20)
    at.radio(key="bench_mode").set_value("Compare two runs").run()
    assert not at.exception
    a, b = (load_run(at.selectbox(key=f"bench_cmp_{s}_hangman").value).records for s in "ab")
    expected = comparison_sentence(a, b, HANGMAN)
    assert expected in [m.value for m in at.markdown]
    assert "0 items changed" not in expected and "0 of the" not in expected


@pytest.mark.parametrize("a, b, sentence", [
    (["cat", "dog"], ["emu", "owl"], "These two runs played no games in common, so there is nothing to compare one by one."),
    (["cat", "emu", "owl"], ["cat", "emu"], "The two runs agree on every one of the 2 games they both played."),
    (["cat", "dog"], ["cat", "emu"], "The two runs agree on the one game they both played."),
    (["cat", "dog"], ["cat", "dog", "emu"], "1 of the 2 games both runs played changed outcome: 1 won by A only, 0 won by B only."),
])
def test_the_comparison_sentence_names_what_changed(a, b, sentence):
    from ui.bench_panel import comparison_sentence

    wins_a = pd.DataFrame({"item": a, "win": [True] * len(a)})
    wins_b = pd.DataFrame({"item": b, "win": [w != "dog" for w in b]})
    assert comparison_sentence(wins_a, wins_b, HANGMAN) == sentence


def test_a_one_game_run_warns_that_one_game_says_nothing_and_counts_it_in_the_singular():
    at = run_hangman(AppTest.from_file(PAGE, default_timeout=240).run(), seed=3, items=1)
    assert not at.exception
    warnings = [w.value for w in at.warning]
    assert any("only 1 game, so its win rate could be anywhere from 0% to" in w for w in warnings), warnings
    text = " ".join(visible_text(at.main)) + " ".join(at.multiselect(key="bench_show_hangman").options)
    labels = [at.multiselect(key="bench_show_hangman").format_func(o) for o in at.multiselect(key="bench_show_hangman").value]
    assert "1 games" not in text and all(" · 1 game · " in label for label in labels)


@pytest.mark.parametrize("games, wins, warned", [(1, 0, True), (20, 10, True), (400, 200, False), (60, 60, False)])
def test_a_win_rate_known_only_within_more_than_twenty_points_is_warned_about(games, wins, warned):
    from core.bench.run import small_sample_note
    from core.stats import wilson_interval

    lo, hi = wilson_interval(wins, games)
    note = small_sample_note("best (abc123)", {"games": games, "ci_low": lo, "ci_high": hi}, "games")
    assert bool(note) is warned
    assert small_sample_note("tree", {"words": 3}, "words") == ""  # no interval (every word played): no warning


def test_error_bar_whiskers_never_cross_the_figures_and_are_explained_beside_the_chart():
    from core.bench.charts import metric_bars

    summaries = pd.DataFrame({"label": ["a", "b"], "win_rate": [0.5, 0.6], "ci_low": [0.1, 0.2], "ci_high": [0.9, 0.9]})
    with_bars = metric_bars(summaries, "win_rate", "Games won", low="ci_low", high="ci_high", percent=True)
    assert with_bars.data[0].text is None  # nothing above the bars for a whisker to cross ...
    assert list(with_bars.layout.xaxis.ticktext) == ["a<br><b>50.0%</b>", "b<br><b>60.0%</b>"]  # ... under each name
    plain_bars = metric_bars(summaries, "win_rate", "Games won", percent=True)
    assert list(plain_bars.data[0].text) == ["50.0%", "60.0%"] and plain_bars.data[0].textposition == "outside"
    at = run_hangman(AppTest.from_file(PAGE, default_timeout=240).run(), seed=11, items=20)
    assert any("95% confidence" in c.value for c in at.caption if c.value.startswith("The thin line"))


@pytest.mark.parametrize("lengths", [[3, 4, 5, 11, 12], list(range(2, 30))])
def test_word_length_ticks_are_whole_numbers(lengths):
    frame = pd.DataFrame({"length": lengths, "win": [True] * len(lengths)})
    axis = rate_by_group({"a": frame}, "length").layout.xaxis
    assert axis.tickformat == "d" and float(axis.dtick).is_integer() and axis.dtick >= 1


def test_a_solver_keeps_one_colour_in_every_view_whatever_the_runs_shown():
    from core.bench.charts import count_distribution, metric_bars, solver_colours

    order = ["frequency", "candidates", "best"]
    one = solver_colours(["best (1)", "frequency (2)"], ["best", "frequency"], order)
    other = solver_colours(["frequency (3)", "candidates (4)", "best (5)"], ["frequency", "candidates", "best"], order)
    assert one["best (1)"] == other["best (5)"] and one["frequency (2)"] == other["frequency (3)"]
    assert len(set(other.values())) == 3
    frames = {"best (1)": pd.DataFrame({"misses": [1, 2]}), "frequency (2)": pd.DataFrame({"misses": [3, 2]})}
    bars = metric_bars(pd.DataFrame({"label": list(one), "win_rate": [0.5, 0.4]}), "win_rate", "x", colours=one)
    dist = count_distribution(frames, "misses", "t", "misses", colours=one)
    assert list(bars.data[0].marker.color) == [t.marker.color for t in dist.data] == [one["best (1)"], one["frequency (2)"]]


def test_the_data_box_has_the_whole_width_so_long_list_names_are_not_cut():
    at = AppTest.from_file(PAGE, default_timeout=240).run()
    at.selectbox(key="bench_game").set_value("wordle").run()
    in_columns = {s.key for c in at.columns for s in c.selectbox}
    assert "bench_dataset_wordle" not in in_columns
    assert any(s.key == "bench_dataset_wordle" for s in at.selectbox)


def test_wordle_runs_through_the_framework_with_local_workers():
    req = RunRequest("wordle", "positional", "English 4-letter common (built-in)", WORDLE.default_params, 40, 1)
    serial = execute(WORDLE, req, Backend("serial"), reuse=False)
    local = execute(WORDLE, req, Backend("local", jobs=2, chunk_size=6), reuse=False)
    assert serial.records[["item", "guesses", "win"]].equals(local.records[["item", "guesses", "win"]])
    assert serial.summary["games"] == 40 and serial.records["guesses"].min() >= 1


@pytest.mark.parametrize("dataset, label", [
    pytest.param("Wordle answers 2,315 / allowed 12,972", "Wordle answers 2,315 / allowed 12,972",
                 marks=pytest.mark.skipif(shared_data_dir() is None, reason="needs ../shared/data: the list is known there")),
    ("English 5-letter answers / guesses (built-in)", "English 5-letter answers / guesses (built-in)"),
    ("/srv/.cache/uploads/ab12cd34.txt", "an uploaded list"),
])
def test_a_run_is_labelled_by_its_data_set_as_a_person_knows_it(dataset, label):
    from ui.bench_panel import run_label

    meta = {"solver": "best", "dataset": dataset, "n_records": 20, "saved_at": "2026-01-01"}
    assert run_label(meta, WORDLE).endswith(f" · optimal tree · 20 games · {label}")  # the solver's plain name
    old = {**meta, "label": float("nan"), "n_records": float("nan")}  # a run stored before labels: a table gap
    assert run_label(old, WORDLE).endswith(f" · optimal tree · 0 games · {label}")


@pytest.mark.parametrize("saved_at, when", [
    ("2026-11-24 06:46:23", "24 Nov 06:46:23"), ("2026-01-01", "2026-01-01"), (None, "an unknown time"),
])
def test_a_run_s_label_starts_with_when_it_ran_so_a_narrow_box_never_cuts_the_time(saved_at, when):
    from ui.bench_panel import run_label

    meta = {"solver": "best", "dataset": "English 5-letter answers / guesses (built-in)", "n_records": 20,
            "saved_at": saved_at}
    assert run_label(meta, WORDLE).startswith(f"{when} · optimal tree · 20 games · ")


def test_default_solvers_are_ones_each_game_offers_and_include_its_strongest():
    from core.bench.games import all_games

    games = all_games()
    assert "tree" in games["tipgame"].default_solvers and "best" in games["hangman"].default_solvers
    for bench in games.values():
        assert set(bench.default_solvers) <= set(bench.solvers())


@pytest.mark.parametrize("frames, traces", [
    ({"a": pd.DataFrame({"length": [3, 4], "tries": [5, 6]})}, 1),  # tip game: tries by length, drawn
    ({"a": pd.DataFrame({"length": [3, 4], "tries": [5, 6]})}, 0),  # ... but never an empty "win" chart
])
def test_the_by_group_chart_has_data_or_no_trace(frames, traces):
    outcome = "tries" if traces else "win"
    fig = rate_by_group(frames, "length", outcome)
    assert len(fig.data) == traces
    if traces:
        assert fig.layout.yaxis.tickformat is None  # tries are not a percentage


def test_the_weekday_chart_reads_monday_first_and_breaks_at_a_missing_day():
    from core.crossword.stats import WEEKDAYS

    frame = pd.DataFrame({"weekday": ["Friday", "Monday", "Saturday"], "letter_accuracy": [0.5, 0.9, 0.4]})
    fig = rate_by_group({"a": frame}, "weekday", "letter_accuracy", order=WEEKDAYS)
    assert list(fig.layout.xaxis.categoryarray) == list(WEEKDAYS)
    ys = list(fig.data[0].y)
    assert ys[0] == 0.9 and pd.isna(ys[1]) and fig.data[0].connectgaps is False


@pytest.mark.parametrize("meta, expected", [
    ({"asked": 20, "n_records": 19, "skipped": [["2012-03-04", "a rebus square"]]}, "20 puzzles asked for, 19 played"),
    ({"asked": 20, "n_records": 20, "skipped": []}, ""),
    ({"asked": 0, "n_records": 500, "skipped": []}, ""),
    ({"asked": 5000, "n_records": 120, "skipped": []}, "5,000 puzzles asked for, 120 played: the data holds only 120."),
    ({"asked": 500, "n_records": 97, "skipped": [["x", "a rebus square"]] * 3},
     "500 puzzles asked for, 97 played: 3 left out (a rebus square), and the data holds only 100."),
])
def test_fewer_items_than_asked_come_with_a_reason(meta, expected):
    note = skipped_note(meta, "puzzles")
    assert expected in note and ("rebus" in note or not meta["skipped"]) if expected else note == ""


@pytest.mark.parametrize("datasets, shown, applies", [
    ((), ["anything"], True),
    (("Wordle answers 2,315 / allowed 12,972",), ["Wordle answers 2,315 / allowed 12,972"], True),
    (("Wordle answers 2,315 / allowed 12,972",), ["English 4-letter common (built-in)"], False),
    (("Trexquant hangman 227k",), ["Trexquant hangman 227k", "/srv/.cache/uploads/ab12.txt"], False),
])
def test_a_published_figure_is_drawn_only_over_its_own_data(datasets, shown, applies):
    assert Reference("x", 1.0, "m", datasets).applies_to(shown) == applies


@pytest.mark.parametrize("game, defaults", [("wordle", ["positional", "best"]), ("tipgame", ["ratio", "tree"]),
                                            ("crossword", None)])
def test_every_game_opens_in_every_mode_with_its_defaults(game, defaults):
    at = AppTest.from_file(PAGE, default_timeout=240).run()
    at.selectbox(key="bench_game").set_value(game).run()
    assert not at.exception
    if defaults is not None:
        assert at.multiselect(key=f"bench_solvers_{game}").value == defaults
    for mode in ("Compare two runs", "All stored runs", "Run and show"):
        at.radio(key="bench_mode").set_value(mode).run()
        assert not at.exception


def test_changed_items_are_named_in_words():
    from ui.bench_panel import changed_items, plain_changes

    a = pd.DataFrame({"item": ["cat", "dog", "emu"], "win": [True, False, True]})
    b = pd.DataFrame({"item": ["cat", "dog", "owl"], "win": [True, True, False]})
    table = plain_changes(changed_items(a, b, "win"), HANGMAN)
    assert list(table.columns) == ["Word", "Won in run A", "Won in run B"] and list(table["Word"]) == ["dog"]


@pytest.mark.parametrize("game, sample_box", [("tipgame", False), ("hangman", True), ("wordle", True)])
def test_the_sample_size_is_offered_only_where_a_run_plays_a_sample(game, sample_box):
    at = AppTest.from_file(PAGE, default_timeout=240).run()
    at.selectbox(key="bench_game").set_value(game).run()
    assert not at.exception
    keys = {n.key for n in at.number_input}
    assert (f"bench_items_{game}" in keys) is sample_box
    if not sample_box:
        assert any("Every one of the list's words is played" in c.value for c in at.caption)
