"""AppTest drives of the Wordle page, one mode at a time: the narrated replay, the assistant (impossible feedback, undo,
hard mode), the cheating host, grading a game, and the benchmark panel."""
import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

PAGE = str(Path(__file__).resolve().parent.parent / "pages" / "3_Wordle.py")


SMALL = ("cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "heath", "dwarf",
         "model", "karma", "stink", "grade", "quiet", "bench", "abate", "feign", "major", "death", "fresh", "crust",
         "stool", "colon", "abase", "marry", "react", "batty", "pride", "floss", "helix", "croak", "staff", "paper")
TECHNICAL = ("bits", "entropy", "information")


def open_page(mode: str, small: bool = False) -> AppTest:
    """The page opened in one mode (on a small uploaded list when asked)."""
    at = AppTest.from_file(PAGE, default_timeout=240)
    at.session_state["wordle_mode"] = mode
    if small:
        from core.words import WordList

        at.session_state["wordlab_uploads"] = {"small (uploaded)": WordList("small (uploaded)", SMALL)}
        at.run()
        at.selectbox(key="wordle_answers").set_value("small (uploaded)")
        at.selectbox(key="wordle_allowed").set_value("small (uploaded)")
    at.run()
    assert not at.exception, at.exception
    return at


def technical_words_outside_panels(at: AppTest) -> set[str]:
    """Technical terms in markdown, captions or tables that are not inside a collapsed panel."""
    inside = {m.value for e in at.expander for m in e.markdown}
    texts = [m.value for m in at.markdown if m.value not in inside] + [c.value for c in at.caption]
    texts += [" ".join(map(str, d.value.columns)) for d in list(at.dataframe) + list(at.table)]
    return {t for t in TECHNICAL for text in texts if t in text.lower()}


@pytest.fixture()
def app() -> AppTest:
    return open_page("Assistant")


def play_row(at: AppTest, word: str, clicks: list[int]) -> None:
    """Type a word, click each tile the given number of times, and add the row."""
    at.text_input(key="wordle_guess").input(word)
    at.run()
    for i, n in enumerate(clicks):
        for _ in range(n):
            at.button(key=f"wordle_tile_{i}").click()
            at.run()
    at.button(key="wordle_add").click()
    at.run()
    assert not at.exception, at.exception


def answers_left(at: AppTest) -> int:
    return int(at.metric[0].value.replace(",", ""))


def test_assistant_narrows_answers_and_suggests(app):
    start = answers_left(app)
    play_row(app, "crane", [0, 1, 2, 0, 0])  # grey, yellow, green, grey, grey
    assert app.session_state["wordle_history"] == [("crane", 1 * 3 + 2 * 9)]
    left = answers_left(app)
    assert 0 < left < start
    assert any("Next:" in m.value for m in app.markdown)
    assert len(app.get("plotly_chart")) >= 2  # the answers-left bars and the letter-by-position heatmap
    assert not technical_words_outside_panels(app)


def test_impossible_feedback_gets_a_message_and_undo_restores(app):
    play_row(app, "crane", [2, 2, 2, 2, 1])  # four greens and a yellow: no answer can fit
    assert any("No answer fits" in e.value for e in app.error)
    app.button(key="wordle_undo").click().run()
    assert app.session_state["wordle_history"] == []
    assert not app.error


def test_word_of_the_wrong_length_is_refused_plainly(app):
    play_row(app, "cran", [])
    assert any("Type a word of 5" in w.value for w in app.warning)
    assert app.session_state["wordle_history"] == []


def log_lines(at: AppTest) -> list[str]:
    """The numbered sentences of the replay's move log."""
    log = next(m.value for m in at.markdown if m.value.startswith("1. "))
    return log.splitlines()


def test_watch_opens_at_guess_one_with_its_sentence_and_next_adds_one():
    at = open_page("Watch a solver")
    at.text_input(key="wordle_watch_answer").input("crane")
    at.button(key="wordle_watch_start").click().run()
    assert not at.exception, at.exception
    assert at.session_state["wordle_watch_at"] == 1
    lines = log_lines(at)
    assert len(lines) == 1
    assert "of the 2,315 possible answers, whatever the colours" in lines[0]
    table = at.table[0].value
    assert list(table.columns) == ["ranked by: colour groups it sorts the answers into (small groups count less) (higher is better)",
                                   "answers left in the worst case", "answers left on average",
                                   "chance it is the answer"]
    assert table.index[0].endswith("(chosen)")
    at.button(key="wordle_watch_next").click().run()
    assert len(log_lines(at)) == 2
    at.button(key="wordle_watch_prev").click().run()
    assert len(log_lines(at)) == 1
    assert not technical_words_outside_panels(at)


def test_watch_best_guesses_at_the_last_move_are_answers_not_tied_junk():
    at = open_page("Watch a solver")
    at.text_input(key="wordle_watch_answer").input("crane")
    at.button(key="wordle_watch_start").click().run()
    record = at.session_state["wordle_watch_record"][2]
    for _ in range(record.guesses - 1):
        at.button(key="wordle_watch_next").click().run()
    assert "All green: solved." in log_lines(at)[-1]
    guesses = list(at.table[0].value.index)
    assert guesses[0] == "CRANE (chosen)"
    assert not any(g.startswith("AAAA") for g in guesses)
    if record.steps[-1].before <= 2:  # two answers or fewer: only they are listed
        assert "cannot be" not in list(at.table[0].value["chance it is the answer"])


def test_play_runs_the_replay_to_the_end():
    at = open_page("Watch a solver", small=True)
    at.text_input(key="wordle_watch_answer").input("paper")
    at.button(key="wordle_watch_start").click().run()
    total = at.session_state["wordle_watch_record"][2].guesses
    at.button(key="wordle_watch_auto").click().run()
    assert not at.exception, at.exception
    assert at.session_state["wordle_watch_at"] == total
    assert len(log_lines(at)) == total
    assert at.session_state["wordle_watch_playing"] is False


def test_host_keeps_the_largest_group_and_a_solver_can_beat_it():
    at = open_page("Play the cheating host", small=True)
    at.text_input(key="wordle_host_word").input("cigar")
    at.button(key="wordle_host_go").click().run()
    assert not at.exception, at.exception
    assert len(at.session_state["wordle_host_history"]) == 1
    assert any("The host answered" in m.value and "the largest group" in m.value for m in at.markdown)
    assert len(at.get("plotly_chart")) == 1
    import json

    bars = json.loads(at.get("plotly_chart")[0].proto.spec)["data"][0]
    assert int(at.metric[0].value) == max(bars["x"]) == bars["x"][0]  # the host kept the largest group
    assert bars["marker"]["color"][0] == "#6aaa64"  # drawn as the kept one
    at.button(key="wordle_host_all").click().run()
    assert not at.exception, at.exception
    assert any("Beaten in" in s.value for s in at.success)
    history = at.session_state["wordle_host_history"]
    assert history[-1][1] == 3**5 - 1


def test_host_refuses_a_word_outside_the_list_plainly():
    at = open_page("Play the cheating host", small=True)
    at.text_input(key="wordle_host_word").input("zzzzz")
    at.button(key="wordle_host_go").click().run()
    assert any("not in the allowed list" in w.value for w in at.warning)
    assert not at.session_state["wordle_host_history"]


def test_grade_my_game_gives_every_move_a_skill_and_a_luck():
    at = open_page("Grade my game")
    at.text_area(key="wordle_grade_moves").input("crane\nsloth\nghost")
    at.text_input(key="wordle_grade_answer").input("ghost")
    at.button(key="wordle_grade_go").click().run()
    assert not at.exception, at.exception
    table = at.table[0].value
    assert list(table.index) == ["1. CRANE", "2. SLOTH", "3. GHOST"]
    assert table["answers before → after"].iloc[0].startswith("2,315 → ")
    assert all(0 <= int(s) <= 100 for s in table["skill"])
    how = [m.value for e in at.expander if e.label == "How it works" for m in e.markdown]
    assert any("**Skill** = 100 × best ÷ yours" in m for m in how)
    outside = [m.value for m in at.markdown if m.value not in how] + [c.value for c in at.caption]
    assert not [t for t in outside if "ln(" in t or "÷" in t]  # formulas only inside the collapsed panel
    assert all(-50 <= int(s) <= 50 for s in table["luck"] if s != "—")  # luck in points around an average draw
    assert sum(1 for m in at.markdown if m.value.startswith(("1. **CRANE**", "2. **SLOTH**", "3. **GHOST**"))) == 3


def test_the_assistant_game_can_be_graded(app):
    play_row(app, "crane", [0, 1, 2, 0, 0])
    app.radio(key="wordle_mode").set_value("Grade my game").run()
    app.button(key="wordle_grade_use").click().run()
    assert app.text_area(key="wordle_grade_moves").value == "crane -yg--"
    app.button(key="wordle_grade_go").click().run()
    assert not app.exception, app.exception
    assert list(app.table[0].value.index) == ["1. CRANE"]


def test_grade_my_game_explains_colours_that_cannot_be():
    at = open_page("Grade my game")
    at.text_area(key="wordle_grade_moves").input("crane ggggy")
    at.button(key="wordle_grade_go").click().run()
    assert any("no answer in the list fits" in e.value for e in at.error)


def test_an_upload_in_the_sidebar_is_offered_at_once(app):
    app.file_uploader(key="wordle_upload").upload("mine.txt", b"crane\nslate\nsloth\n", "text/plain").run()
    assert not app.exception
    assert "mine.txt (uploaded)" in app.selectbox(key="wordle_answers").options
    assert app.selectbox(key="wordle_answers").value == app.selectbox(key="wordle_allowed").value == "mine.txt (uploaded)"
    assert "3 answers" in app.caption[0].value  # the game plays the fresh upload at once


def test_a_list_uploaded_on_another_page_is_played_at_once():
    from core.words import WordList

    at = AppTest.from_file(PAGE, default_timeout=240)
    at.session_state["wordle_mode"] = "Assistant"
    at.run()
    at.session_state["wordlab_uploads"] = {"other.txt (uploaded)": WordList("other.txt (uploaded)", SMALL[:12])}
    at.session_state["wordlab_active_list"] = "other.txt (uploaded)"
    at.session_state["wordlab_upload_serial"] = 1  # what an upload on the Word lists page leaves behind
    at.run()
    assert not at.exception, at.exception
    assert at.selectbox(key="wordle_answers").value == "other.txt (uploaded)"
    assert "12 answers" in at.caption[0].value


@pytest.mark.parametrize("rule, hard, note", [("standard", False, ""), ("harsh", True, ", harsh rule and hard mode")])
def test_benchmark_panel_runs_solvers_with_the_sidebar_rule(rule, hard, note):
    from core.bench.history import load_run

    app = open_page("Benchmark", small=True)
    app.radio(key="wordle_rule").set_value(rule)
    app.toggle(key="wordle_hard").set_value(hard)
    app.run()
    app.multiselect(key="wordle_bench_solvers_wordle").set_value(["positional", "entropy", "best"])
    app.selectbox(key="wordle_bench_dataset_wordle").set_value("small (uploaded)")
    app.number_input(key="wordle_bench_items_wordle").set_value(20)
    app.selectbox(key="wordle_bench_backend").set_value("serial")
    app.button(key="FormSubmitter:wordle_bench_form_wordle-Run benchmark").click().run()
    assert not app.exception, app.exception
    assert not app.error, [e.value for e in app.error]
    table = app.dataframe[0].value
    assert [r.split(" (")[0] for r in table["Run"]] == ["letter counts", "best split", "optimal tree"]  # plain names, as the page says them
    assert (table["Games played"] == "20").all()
    guesses = [float(g) for g in table["Guesses per game"]]
    assert guesses[2] <= guesses[0]
    runs = [load_run(r) for r in app.multiselect(key="wordle_bench_show_wordle").value]
    for run in runs:
        assert run.meta["label"] == "small (uploaded)" + note
        assert (run.meta["info"]["rule"], run.meta["info"]["hard"]) == (rule, hard)
    charts = [json.loads(c.proto.spec) for c in app.get("plotly_chart")]
    assert len(charts) >= 2
    assert not charts[0]["data"][0].get("error_y")  # a win-rate interval does not belong on guesses per game
    assert charts[1]["layout"]["yaxis"]["title"]["text"] == "share of games"


def test_uploaded_mixed_length_multigraph_list_asks_for_a_length_and_plays():
    from core.words import WordList

    words = ("kw'ats'", "hats'", "kw'am", "ts'am", "hom", "kw'oo", "lax", "abcd", "bcda")
    at = AppTest.from_file(PAGE, default_timeout=240)
    at.session_state["wordle_mode"] = "Assistant"
    at.session_state["wordlab_uploads"] = {"gitksan (uploaded)": WordList("gitksan (uploaded)", words)}
    at.run()
    at.selectbox(key="wordle_answers").set_value("gitksan (uploaded)")
    at.selectbox(key="wordle_allowed").set_value("gitksan (uploaded)")
    at.text_area(key="wordle_mapping").input("kw' Q\nts' T")
    at.run()
    assert not at.exception, at.exception
    assert at.selectbox(key="wordle_length").value == 3
    assert "7 answers" in at.caption[0].value
    play_row(at, "kw'am", [2, 0, 0])
    assert answers_left(at) == 1  # only kw'oo: kw'ats' has an a
    assert not at.error


def test_answers_missing_from_the_allowed_list_are_added_with_a_note():
    from core.words import WordList

    at = AppTest.from_file(PAGE, default_timeout=240)
    at.session_state["wordlab_uploads"] = {
        "ans (uploaded)": WordList("ans (uploaded)", ("cigar", "rebut", "sissy")),
        "ok (uploaded)": WordList("ok (uploaded)", ("cigar", "salet")),
    }
    at.run()
    at.selectbox(key="wordle_answers").set_value("ans (uploaded)")
    at.selectbox(key="wordle_allowed").set_value("ok (uploaded)")
    at.run()
    assert any("2 answers missing from the allowed list were added" in i.value for i in at.info)


def test_best_suggestion_follows_the_saved_tree_and_survives_leaving_it(app):
    app.radio(key="wordle_assist_solver").set_value("best").run()
    assert not app.exception, app.exception
    first = next(m.value for m in app.markdown if "Next:" in m.value)
    play_row(app, "crane", [0, 1, 2, 0, 0])  # a first guess the tree would not make
    assert any("Next:" in m.value for m in app.markdown)
    assert next(m.value for m in app.markdown if "Next:" in m.value) != first


def test_hard_mode_refuses_feedback_for_a_guess_the_game_would_refuse(app):
    app.toggle(key="wordle_hard").set_value(True).run()
    play_row(app, "crane", [2, 0, 0, 0, 0])  # C green
    assert len(app.session_state["wordle_history"]) == 1
    play_row(app, "sloth", [0, 0, 0, 0, 0])  # drops the green C: the real game refuses it in hard mode
    assert len(app.session_state["wordle_history"]) == 1
    assert [w.value for w in app.warning if "Hard mode" in w.value] == [
        "Hard mode: the game refuses 'sloth' (position 1 must be 'c')."]  # one, not two


@pytest.mark.parametrize("mode", ["Watch a solver", "Play yourself", "Assistant", "Play the cheating host", "Grade my game"])
def test_first_state_of_each_mode_keeps_technical_words_in_the_collapsed_panel(mode):
    at = open_page(mode)
    assert not technical_words_outside_panels(at)
    assert all(not e.proto.expanded for e in at.expander if e.label == "How it works")


def column_values(table, column: str) -> list[float]:
    """The scored values of a table column (rows the solver did not score left out)."""
    return [float(v.replace(",", "")) for v in table[column] if v != "not scored"]


@pytest.mark.parametrize("solver, column, better", [
    ("positional", "letter score (how common its letters are at their places among the answers left)", max),
    ("entropy", "colour groups it sorts the answers into (small groups count less)", max),
    ("best", "guesses still needed on average, by the tree's search", min),
])
def test_the_watch_table_shows_first_the_column_the_solver_ranks_by_and_its_choice_leads_it(solver, column, better):
    """A solver's choice can look worse than another guess on the columns of what a guess leaves (TARES against
    RAISE); the column it ranks by comes first, so the table says why it chose."""
    at = open_page("Watch a solver", small=True)
    at.selectbox(key="wordle_watch_solver").set_value(solver)
    at.text_input(key="wordle_watch_answer").input("grade")
    at.button(key="wordle_watch_start").click().run()
    assert not at.exception, at.exception
    table = at.table[0].value
    assert table.index[0].endswith("(chosen)")
    heading = table.columns[0]
    assert heading.startswith("ranked by: " + column)
    values = column_values(table, heading)
    assert values and values[0] == better(values)  # the chosen guess is the best by the solver's own column
    assert values == sorted(values, reverse=better is max)
    assert any("ranks the guesses by the first column" in c.value for c in at.caption)
    assert len(log_lines(at)) == 1


def test_the_host_tie_rule_is_told_in_plain_words_without_codes():
    at = open_page("Play the cheating host", small=True)
    rule = next(c.value for c in at.caption if "on a tie" in c.value)
    assert "code" not in rule.lower() and "fixed order" in rule


def test_the_sidebar_says_multigraph_in_plain_words():
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(Path(__file__).resolve().parent.parent / "pages" / "3_Wordle.py"), default_timeout=120).run()
    assert not at.exception
    assert [e.label for e in at.sidebar.expander if "multigraph" in e.label.lower()] == []
    assert any("several characters" in e.label for e in at.sidebar.expander)


def play_page(answer: str = "grade") -> AppTest:
    """The play-yourself mode on the small list with a known hidden answer."""
    at = open_page("Play yourself", small=True)
    at.session_state["wordle_play_answer"] = answer
    at.run()
    return at


def play_guess(at: AppTest, word: str) -> None:
    at.text_input(key="wordle_play_word").input(word)
    at.button(key="wordle_play_go").click().run()
    assert not at.exception, at.exception


def test_the_count_hint_says_how_many_answers_still_fit():
    at = play_page()
    at.button(key="wordle_play_hint_count").click().run()
    assert [i.value for i in at.info] == ["36 answers still fit the colours so far."]
    play_guess(at, "crust")  # r is the only shared letter: grade's r is yellow... the colours narrow the answers
    from core.wordle.harness import make_setup, State
    from core.wordle.rules import feedback

    setup = make_setup(SMALL)
    left = len(setup.candidates(State((("crust", feedback("grade", "crust")),))))
    at.button(key="wordle_play_hint_count").click().run()
    assert [i.value for i in at.info] == [f"{left} answers still fit the colours so far."]


def test_the_letter_hint_names_a_letter_not_the_word():
    at = play_page()
    at.button(key="wordle_play_hint_letter").click().run()
    (sentence,) = [i.value for i in at.info]
    assert sentence.startswith("Try a word with ") and "of the 36 answers that still fit" in sentence
    letter = sentence.split("Try a word with ")[1][0].lower()
    holding = int(sentence.split("it is in ")[1].split(" of")[0])
    assert holding == sum(letter in w for w in SMALL)  # the number is the letter's own count
    assert not any(w.upper() in sentence for w in SMALL)  # no word is given away


def test_the_move_hint_gives_the_chosen_solver_s_move_in_one_sentence():
    at = play_page()
    at.selectbox(key="wordle_play_solver").set_value("positional").run()
    at.button(key="wordle_play_hint_move").click().run()
    (sentence,) = [i.value for i in at.info]
    from core.wordle.harness import make_setup, State
    from core.wordle.solvers import SOLVERS

    move = SOLVERS.create("positional").fit(make_setup(SMALL)).choose(State())
    assert sentence.startswith(f"Letter counts would play {move.upper()} next: {move.upper()} ")


def test_the_grade_at_the_end_says_which_moves_used_a_hint():
    at = play_page()
    play_guess(at, "crust")
    at.button(key="wordle_play_hint_letter").click().run()
    at.button(key="wordle_play_hint_count").click().run()
    play_guess(at, "grade")
    assert any("Solved in 2 guesses: GRADE." in s.value for s in at.success)
    table = at.table[0].value
    assert list(table["hint used"]) == ["none", "a letter worth trying, how many answers still fit"]
    sentences = [m.value for m in at.markdown if m.value.startswith(("1. **", "2. **"))]
    assert len(sentences) == 2 and "hint used" not in sentences[0]
    assert sentences[1].endswith("*(hint used before it: a letter worth trying, how many answers still fit)*")


def test_a_guess_the_game_refuses_is_explained_in_play():
    at = play_page()
    play_guess(at, "zzzzz")
    assert [w.value for w in at.warning] == ["'zzzzz' is not in the allowed list."]
    assert at.session_state["wordle_play_history"] == []
