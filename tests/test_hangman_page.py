"""AppTest drives every mode of the Hangman page on a small built-in list."""
import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from core.hangman.explain import game_over_sentence

PAGE = str(Path(__file__).resolve().parent.parent / "pages" / "2_Hangman.py")
SMALL = "English common 500"
TECH_TERMS = ("bits", "entropy", "information", "PCA", "belief propagation", "hash", "seed", "Dask", "scheduler",
              "confidence interval", "calibration", "rollout", "n-gram")


@pytest.fixture
def app():
    at = AppTest.from_file(PAGE, default_timeout=180)
    at.session_state["hangman_list"] = SMALL
    at.run()
    assert not at.exception
    return at


def errors(at):
    return [e.value for e in at.error]


def visible_text(at) -> str:
    """Markdown, captions, infos and metrics outside expanders (expanders are collapsed in the page)."""
    hidden = set()
    for exp in at.expander:
        for kind in ("markdown", "caption", "info"):
            hidden |= {id(el.proto) for el in getattr(exp, kind)}
    parts = []
    for kind in ("markdown", "caption", "info", "success", "error", "warning", "metric", "title"):
        for el in getattr(at, kind):
            if id(el.proto) not in hidden:
                parts.append(str(getattr(el, "value", "")) + " " + str(getattr(el, "label", "")))
    return " ".join(parts)


def log_lines(at) -> list[str]:
    """The numbered lines of the move log."""
    texts = [m.value for m in at.markdown if re.match(r"^1\. \*\*", m.value)]
    return texts[0].split("\n") if texts else []


def test_watch_opens_on_move_one_with_its_sentence_and_next_adds_a_line(app):
    app.text_input(key="hangman_secret_input").input("about").run()
    assert not app.exception and not errors(app)
    assert app.session_state["hangman_replay_pos"] == 1
    lines = log_lines(app)
    assert len(lines) == 1 and re.search(r"of the [\d,]+ words of the list( \([\d,]+ with other everyday English words\))? that fitted "
                                                r"before this guess", lines[0])
    assert any(m.value.startswith("**Move 1 of ") for m in app.markdown)
    assert any(re.search(r"words? of the list( \([\d,]+ with other everyday English words\))? still fits?|"
                         r"No word of the list fits", i.value) for i in app.info)
    app.button(key="hangman_next").click().run()
    assert len(log_lines(app)) == 2
    app.button(key="hangman_prev").click().run()
    assert len(log_lines(app)) == 1
    app.button(key="hangman_finish").click().run()
    moves, final = app.session_state["hangman_replay"]
    assert final.over and len(log_lines(app)) == len(moves)
    outcome = [m.value for m in (app.success if final.won else app.error)]  # the outcome, in the colour of the result
    assert outcome == [game_over_sentence(final, "about")]
    assert len(app.get("plotly_chart")) >= 2  # the drawing and the letter chart stay at game over
    assert app.button(key="hangman_next").disabled


def test_watch_chart_names_what_its_bars_are_and_both_strategies(app):
    app.selectbox(key="hangman_world").set_value("unseen").run()  # any word: best's numbers are chances
    app.text_input(key="hangman_secret_input").input("house").run()
    app.selectbox(key="hangman_compare").set_value("frequency").run()
    assert not app.exception and not errors(app)
    charts = app.get("plotly_chart")
    spec = charts[-1].proto.spec
    assert "best: chance this letter is in the word" in spec and "frequency: share of the words that still fit" in spec


def test_watch_mode_refuses_a_secret_outside_the_alphabet(app):
    app.text_input(key="hangman_secret_input").input("ab1").run()
    assert any("alphabet" in e for e in errors(app))
    assert not app.exception


def test_draw_a_word_draws_an_everyday_word(app):
    from core.hangman.draw import common_words, dictionary_words
    from core.words import load_list

    common = set(common_words(load_list(SMALL).words, dictionary=dictionary_words("en")))
    for _ in range(3):
        app.button(key="hangman_draw").click().run()
        assert app.session_state["hangman_secret_input"] in common
    app.checkbox(key="hangman_draw_any").check().run()
    app.button(key="hangman_draw").click().run()
    assert app.session_state["hangman_secret_input"] in load_list(SMALL).words
    assert not app.exception


def test_you_host_solves_a_word_from_honest_answers(app):
    app.radio(key="hangman_mode").set_value("You host").run()
    secret = "house"
    for _ in range(12):
        asks = [m.value for m in app.markdown if "in your word?" in m.value and m.value.startswith("### Is")]
        if not asks:
            break
        letter = re.search(r"\*\*(\w)\*\*", asks[0]).group(1).lower()
        where = [i + 1 for i, c in enumerate(secret) if c == letter]
        state = app.session_state["hangman_host_state"]
        if where:
            app.multiselect(key=f"hangman_host_where_{len(state.guessed)}").set_value(where).run()
            app.button(key="hangman_host_yes").click().run()
        else:
            app.button(key="hangman_host_no").click().run()
        assert not app.exception
    final = app.session_state["hangman_host_state"]
    assert final.won and final.mask == secret  # honest answers: the solver finds the word, within its lives
    assert [m.value for m in app.success] == [f"I found your word in {len(final.guessed)} guesses with "
                                              f"{final.wrong} miss{'' if final.wrong == 1 else 'es'}."]


def test_you_host_explains_a_contradiction(app):
    app.radio(key="hangman_mode").set_value("You host").run()
    state = app.session_state["hangman_host_state"]
    app.multiselect(key=f"hangman_host_where_{len(state.guessed)}").set_value([1]).run()
    app.button(key="hangman_host_yes").click().run()
    before = app.session_state["hangman_host_state"]
    app.multiselect(key=f"hangman_host_where_{len(before.guessed)}").set_value([1]).run()
    app.button(key="hangman_host_yes").click().run()
    assert any("contradicts" in e and "already shows" in e for e in errors(app))
    assert app.session_state["hangman_host_state"] == before
    app.button(key="hangman_host_undo").click().run()
    assert app.session_state["hangman_host_state"].guessed == ()
    assert not app.exception


def test_you_host_asks_for_positions_before_yes(app):
    app.radio(key="hangman_mode").set_value("You host").run()
    app.button(key="hangman_host_yes").click().run()
    assert any("Pick at least one position" in w.value for w in app.warning)


def test_you_play_guesses_shows_a_hint_and_hands_the_game_to_the_grader(app):
    app.radio(key="hangman_mode").set_value("You play").run()
    secret = app.session_state["hangman_play_secret"]
    app.selectbox(key="hangman_play_letter").set_value(secret[0]).run()
    app.button(key="hangman_play_guess").click().run()
    state = app.session_state["hangman_play_state"]
    assert state.mask[0] == secret[0]
    app.toggle(key="hangman_play_hint").set_value(True).run()
    assert len(app.get("plotly_chart")) >= 2 and not app.exception
    app.button(key="hangman_play_grade").click().run()
    assert app.session_state["hangman_mode"] == "Grade my game"
    assert not app.exception and len(app.dataframe[0].value) == 1
    assert any("skill = 100 ×" in m.value for m in app.markdown)


def test_evil_host_a_person_plays_and_the_host_explains(app):
    app.radio(key="hangman_mode").set_value("Evil host").run()
    app.number_input(key="hangman_evil_length").set_value(4).run()
    start = app.session_state["hangman_evil_game"]
    app.selectbox(key="hangman_evil_letter").set_value("e").run()
    app.button(key="hangman_evil_guess").click().run()
    game = app.session_state["hangman_evil_game"]
    assert not app.exception and len(game.choices) == 1
    assert len(game.words) == game.choices[0].kept == max(size for _, size in game.choices[0].groups)
    assert len(game.words) < len(start.words)
    assert any("keeps the most words" in m.value for m in app.markdown)
    table = app.dataframe[0].value
    assert list(table.columns) == ["The host could answer", "Words it would keep", "Chosen"]


def test_evil_host_a_solver_plays_to_the_end(app):
    app.radio(key="hangman_mode").set_value("Evil host").run()
    app.selectbox(key="hangman_evil_player").set_value("frequency").run()
    app.slider(key="hangman_max_wrong").set_value(25).run()
    app.button(key="hangman_evil_finish").click().run()
    game = app.session_state["hangman_evil_game"]
    assert game.over and game.state.won and not app.exception
    assert any("pinned the host down" in s.value for s in app.success)


def test_grade_a_typed_game(app):
    app.radio(key="hangman_mode").set_value("Grade my game").run()
    app.radio(key="hangman_grade_source").set_value("Type a game").run()
    app.text_input(key="hangman_grade_answer").input("house").run()
    app.text_input(key="hangman_grade_letters").input("e a o s u h").run()
    assert not app.exception and not errors(app)
    table = app.dataframe[0].value
    assert list(table["Letter"]) == ["E", "A", "O", "S", "U", "H"] and list(table["Result"])[:2] == ["hit", "miss"]
    assert any(m.label == "Average skill (out of 100)" and m.value.isdigit() for m in app.metric)
    summaries = [m.value for m in app.markdown if m.value.startswith("1. E: in the word")]
    assert len(summaries) == 1 and summaries[0].count("\n") == 5  # one sentence per move
    app.selectbox(key="hangman_grade_rule").set_value("frequency").run()
    assert not app.exception and any("the frequency strategy plays on" in m.value for m in app.markdown)
    assert app.dataframe[0].value["Win chance (yours, best)"].iloc[-1] != "–"
    app.text_input(key="hangman_grade_letters").input("e e").run()
    assert any("twice" in e for e in errors(app))


def run_bench(at, solvers, items, how=None, other=None):
    """Run the shared benchmark panel of the page (one process, seed 0)."""
    at.radio(key="hangman_mode").set_value("Benchmark").run()
    if how:
        at.radio(key="hangman_bench_how").set_value(how).run()
    if other:
        at.selectbox(key="hangman_bench_other").set_value(other).run()
    at.multiselect(key="hangman_bench_solvers_hangman").set_value(solvers)
    at.number_input(key="hangman_bench_items_hangman").set_value(items)
    at.selectbox(key="hangman_bench_backend").set_value("serial")
    at.button(key="FormSubmitter:hangman_bench_form_hangman-Run benchmark").click()
    return at.run()


def shown_runs(at):
    from core.bench.history import load_run

    return [load_run(r) for r in at.multiselect(key="hangman_bench_show_hangman").value]


def test_benchmark_panel_runs_and_says_when_the_list_holds_fewer_words(app):
    at = run_bench(app, ["frequency", "ngram-backoff"], 5000)
    assert not at.exception and not errors(at)
    table = at.dataframe[0].value
    assert [r.split(" (")[0] for r in table["Run"]] == ["frequency", "longest letter run"]  # plain names
    assert all(v.endswith("%") for v in table["Games won"])
    assert len(at.get("plotly_chart")) >= 2
    runs = shown_runs(at)
    assert all(len(r.records) == 100 and dict(r.meta["key"]["params"])["max_wrong"] == "6" for r in runs)
    assert any("5,000 games asked for, 100 played: the data holds only 100." in c.value for c in at.caption)
    assert all(r.meta["label"] == f"{SMALL}, 20% held out, where the word comes from: A person's word" for r in runs)
    assert all(dict(r.meta["key"]["params"])["world"] == "person" for r in runs)  # the sidebar's pick, passed on


@pytest.mark.parametrize("how, other, label, test_words", [
    ("Another list, minus the training list", "English 4-letter common",
     f"{SMALL}, tested on English 4-letter common, where the word comes from: A person's word", "minus"),
    ("The training list's own words", None, f"{SMALL}, tested on its own words, where the word comes from: A person's word", SMALL),
])
def test_benchmark_tests_on_what_the_person_picked(app, how, other, label, test_words):
    app.slider(key="hangman_max_wrong").set_value(8).run()
    at = run_bench(app, ["frequency"], 20, how, other)
    assert not at.exception and not errors(at)
    [run] = shown_runs(at)
    assert run.meta["label"] == label and len(run.records) == 20
    assert dict(run.meta["key"]["params"])["max_wrong"] == "8"
    assert test_words in run.meta["info"]["test"]
    if other:  # no test word is in the training list
        from core.words import load_list

        assert not set(run.records["item"]) & set(load_list(SMALL).words)


def test_a_repeated_benchmark_is_reloaded_from_the_stored_runs(app):
    at = run_bench(app, ["frequency"], 20)
    first = at.dataframe[0].value
    at = run_bench(at, ["frequency"], 20)
    assert not at.exception and not errors(at)
    assert any("already stored" in i.value for i in at.info)
    assert at.dataframe[0].value.equals(first)


def test_an_uploaded_test_list_is_played_from_its_file(app):
    from core.words import WordList

    app.session_state["wordlab_uploads"] = {"mine (uploaded)": WordList("mine (uploaded)", ("tesor", "narte", "lonet"))}
    at = run_bench(app, ["frequency"], 10, "Another list, minus the training list", "mine (uploaded)")
    assert not at.exception and not errors(at)
    [run] = shown_runs(at)
    assert sorted(run.records["item"]) == ["lonet", "narte", "tesor"]
    assert run.meta["label"].endswith("mine (uploaded), where the word comes from: A person's word")
    assert any("10 games asked for, 3 played" in c.value for c in at.caption)


def test_play_steps_the_replay_on_its_own(app):
    app.text_input(key="hangman_secret_input").input("house").run()
    app.toggle(key="hangman_auto").set_value(True).run()
    assert not app.exception
    assert app.session_state["hangman_replay_pos"] == 2  # one step per tick


@pytest.mark.parametrize("start, prev_disabled, next_disabled", [
    ("last but one", False, True),  # the automatic step lands on the last move: Next and Go to the end go grey
    ("first", False, False),  # a step from move 1 to move 2: Previous wakes up
])
def test_replay_buttons_follow_the_automatic_step(app, start, prev_disabled, next_disabled):
    app.text_input(key="hangman_secret_input").input("house").run()
    moves, _ = app.session_state["hangman_replay"]
    app.session_state["hangman_replay_pos"] = len(moves) - 1 if start == "last but one" else 1
    app.toggle(key="hangman_auto").set_value(True).run()
    assert not app.exception
    pos = app.session_state["hangman_replay_pos"]
    assert pos == (len(moves) if start == "last but one" else 2)
    assert app.button(key="hangman_prev").disabled is prev_disabled
    assert app.button(key="hangman_next").disabled is next_disabled
    assert app.button(key="hangman_finish").disabled is next_disabled


def test_an_empty_secret_asks_for_a_word_and_a_budget_change_replays(app):
    assert any("Type a secret word" in i.value for i in app.info)
    app.text_input(key="hangman_secret_input").input("mouse").run()
    app.button(key="hangman_next").click().run()
    app.slider(key="hangman_max_wrong").set_value(3).run()
    _, final = app.session_state["hangman_replay"]
    assert final.max_wrong == 3 and app.session_state["hangman_replay_pos"] == 1


def test_a_secret_with_a_letter_the_dictionary_lacks_is_still_played_out(app):
    app.session_state["hangman_list"] = "English 4-letter common"
    app.slider(key="hangman_max_wrong").set_value(25).run()
    app.text_input(key="hangman_secret_input").input("jazz").run()
    app.button(key="hangman_finish").click().run()
    _, final = app.session_state["hangman_replay"]
    assert final.won and "j" in final.guessed and final.mask == "jazz"  # j is outside the list's letters: tried anyway
    assert [m.value for m in app.success] == [game_over_sentence(final, "jazz")]
    assert app.button(key="hangman_next").disabled and app.button(key="hangman_finish").disabled
    assert not app.exception


def test_a_decomposed_unicode_secret_is_normalised(app):
    app.session_state["hangman_list"] = "German common 500"
    app.text_input(key="hangman_secret_input").input("u\u0308ber").run()  # ü as u + combining diaeresis (macOS paste)
    assert not errors(app) and not app.exception
    _, final = app.session_state["hangman_replay"]
    assert final.length == 4


def test_you_play_restarts_when_the_miss_budget_changes(app):
    app.radio(key="hangman_mode").set_value("You play").run()
    app.slider(key="hangman_max_wrong").set_value(3).run()
    assert app.session_state["hangman_play_state"].max_wrong == 3


@pytest.mark.parametrize("mode", ["Watch the solver", "You host", "You play", "Evil host", "Grade my game"])
def test_no_technical_term_outside_a_collapsed_panel(app, mode):
    app.radio(key="hangman_mode").set_value(mode).run()
    if mode == "Watch the solver":
        app.text_input(key="hangman_secret_input").input("house").run()
    text = visible_text(app).lower()
    assert "hangman" in text  # the page's own words are read
    assert not [t for t in TECH_TERMS if t.lower() in text]


def test_an_upload_on_this_page_becomes_the_dictionary():
    at = AppTest.from_file(PAGE, default_timeout=180)
    at.run()
    at.file_uploader(key="hangman_upload").upload("mine.txt", b"house\nmouse\nlouse\n", "text/plain").run()
    assert at.selectbox(key="hangman_list").value == "mine.txt (uploaded)"
    assert not at.exception


def test_the_held_out_share_is_shown_as_a_percentage(app):
    app.radio(key="hangman_mode").set_value("Benchmark").run()
    slider = app.slider(key="hangman_bench_fraction")
    assert slider.value == 20 and slider.proto.format == "%d%%"  # "20%", not "0.20"


def test_the_computer_plans_against_the_cheater_and_explains_each_move(app):
    from core.hangman.planner import DEFAULT_NODES, plan_for_length
    from core.words import load_list

    app.radio(key="hangman_mode").set_value("Evil host").run()
    app.number_input(key="hangman_evil_length").set_value(4).run()
    assert not any(m.label == "Computer's misses" for m in app.metric)  # nothing searched before asked
    app.button(key="hangman_cheater_plan").click().run()
    assert not app.exception and not errors(app)
    expected = plan_for_length(load_list(SMALL).words, 4, DEFAULT_NODES)
    shown = {m.label: m.value for m in app.metric}
    assert shown["Computer's misses"] == str(expected.misses)
    assert shown["Simple rule's misses"] == str(expected.greedy)
    verdict = " ".join(s.value for s in app.success) + " ".join(w.value for w in app.warning)
    assert re.search(rf"needs (only )?{expected.misses} miss", verdict)
    assert ("No letter order can do with fewer misses" in verdict) == expected.proven
    table = app.dataframe[-1].value
    assert list(table["Letter"][:len(expected.letters)]) == [c.upper() for c in expected.letters]
    assert (table["Host's answer"] == "miss").sum() == expected.misses
    assert table["Misses still needed"].iloc[0] + int(table["Host's answer"].iloc[0] == "miss") == expected.misses
    assert table["Misses still needed"].iloc[-1] == 0
    app.slider(key="hangman_cheater_move").set_value(1).run()
    first = [m.value for m in app.markdown if m.value.startswith("**Move 1 of ")]
    assert first and first[0].split("** ")[1].startswith(f"{expected.letters[0].upper()}: the host's ")
    kept, answer = table["Words the host keeps"].iloc[0], table["Host's answer"].iloc[0]
    said = f"keeps the {kept:,} without" if answer == "miss" else f"keep {kept:,} word"
    assert said in first[0]  # the sentence and the table agree


def test_a_stored_plan_is_shown_at_once_on_the_next_visit(app):
    app.radio(key="hangman_mode").set_value("Evil host").run()
    app.number_input(key="hangman_evil_length").set_value(3).run()
    app.button(key="hangman_cheater_plan").click().run()
    again = AppTest.from_file(PAGE, default_timeout=180)
    again.session_state["hangman_list"] = SMALL
    again.session_state["hangman_mode"] = "Evil host"
    again.session_state["hangman_evil_length"] = 3
    again.run()
    assert not again.exception
    assert not [b for b in again.button if b.key == "hangman_cheater_plan"]
    assert any(m.label == "Computer's misses" for m in again.metric)
def shown_fitting(at) -> int:
    """The figure 'Words of the list that still fit the board' as the page shows it."""
    [metric] = [m for m in at.metric if m.label == "Words of the list that still fit the board"]
    return int(metric.value.replace(",", ""))


def world_infos(at) -> list[str]:
    return [i.value for i in at.info if " of the list" in i.value]


def assert_counts_match(sentence: str, fits: int) -> None:
    """The world sentence counts the fitting words as the figure beside it does."""
    if fits == 0:  # a person's word may still be an everyday word the list lacks
        assert sentence.startswith(("No word of the list fits", "no word of the list (")), sentence
    elif fits == 1:
        assert re.findall(r"(\d[\d,]*) words? of the list", sentence) == ["1"], sentence
    else:
        assert re.findall(r"(\d[\d,]*) words? of the list", sentence) == [f"{fits:,}"], (sentence, fits)


def test_the_world_sentence_counts_the_words_the_board_shows_at_every_move(app):
    # the sentence once counted the words before the move while the figure beside it counted them after
    app.text_input(key="hangman_secret_input").input("about").run()
    moves, final = app.session_state["hangman_replay"]
    checked = 0
    for pos in range(1, len(moves) + 1):
        if pos > 1:
            app.button(key="hangman_next").click().run()
        board = moves[pos - 1].after
        [sentence] = world_infos(app) if not board.over else [""]
        if board.over:
            continue
        assert_counts_match(sentence, shown_fitting(app))
        checked += 1
    assert checked >= 2


TEACHER = ("apple table chair house mouse horse water bread green happy pencil school friend garden window "
           "doctor summer winter yellow orange banana rabbit kitten puppy flower river forest mother father sister").split()


@pytest.mark.parametrize("secret", ["apple", "rabbit", "sister"])
def test_a_word_from_the_teachers_own_list_is_never_called_one_the_list_lacks(secret):
    from core.words import WordList

    at = AppTest.from_file(PAGE, default_timeout=180)
    at.session_state["wordlab_uploads"] = {"class (uploaded)": WordList("class (uploaded)", tuple(TEACHER))}
    at.session_state["hangman_list"] = "class (uploaded)"
    at.run()
    at.text_input(key="hangman_secret_input").input(secret).run()
    moves, final = at.session_state["hangman_replay"]
    assert final.won
    for pos in range(1, len(moves)):
        sentences = world_infos(at)
        assert len(sentences) == 1 and "lacks" not in sentences[0].split(";")[0]
        assert not re.search(r"suggest a word the list lacks|usually one the list lacks", sentences[0])
        assert_counts_match(sentences[0], shown_fitting(at))
        at.button(key="hangman_next").click().run()
    assert not at.exception


def test_the_world_choice_says_what_it_changes_and_replays_for_the_new_world(app):
    app.text_input(key="hangman_secret_input").input("house").run()
    assert any("changes which words the solver counts as likely" in c.value for c in app.sidebar.caption)
    app.selectbox(key="hangman_world").set_value("list").run()
    assert app.session_state["hangman_replay_key"][-1] == "list"
    assert any("drawn evenly from the list" in i.value for i in app.info)
    app.selectbox(key="hangman_strategy").set_value("frequency").run()
    assert any("frequency always plays as if the word is a word drawn evenly from the list" in c.value
               for c in app.sidebar.caption)
    assert not app.exception
