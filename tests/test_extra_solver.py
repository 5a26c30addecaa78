"""A solver registered with no other change appears, explained, on its game page's pickers, in the Benchmarks page and
in `python -m core.bench <game> --solver NAME` (Wordle, Hangman and the tip game)."""
import io
import json
from contextlib import redirect_stdout
from pathlib import Path

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from core.bench.cli import main as bench_cli
from core.hangman.rules import State as HangmanState
from core.hangman.solvers import SOLVERS as HANGMAN_SOLVERS
from core.hangman.solvers import Solver as HangmanSolver
from core.tipgame.solvers import SOLVERS as TIP_SOLVERS
from core.tipgame.policy import useful
from core.tipgame.solvers import PolicySolver
from core.tipgame.table import group_weights
from core.tipgame.tree import score
from core.tipgame.rules import TipState
from core.wordle.harness import State
from core.wordle.solvers import SOLVERS as WORDLE_SOLVERS
from core.wordle.solvers import ScoredSolver
from core.words import WordList

ROOT = Path(__file__).resolve().parent.parent
PAGES = ROOT / "pages"
SMALL = ("cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "heath", "dwarf",
         "model", "karma", "stink", "grade", "quiet", "bench", "abate", "feign")
WORDLE_HELP = "guesses the first answer of the list that still fits"
HANGMAN_HELP = "guesses the letters in alphabet order"
TIP_HELP = "sends the first piece of text, in the tip table's order, that still splits the words left"


class FirstFit(ScoredSolver):
    """A Wordle solver no page knows: the first answer that still fits."""

    name = "first-fit"
    score_label = "place in the answer list (earlier first)"
    higher_is_better = False

    def score_text(self, value: float) -> str:
        return f"{value:.0f}"

    def scores(self, state: State) -> dict[str, float]:
        return {self.setup.answers[i]: float(i + 1) for i in self.setup.candidates(state)}

    def choose(self, state: State) -> str:
        return self.setup.answers[int(self.setup.candidates(state)[0])]


class FirstTip(PolicySolver):
    """A tip-game solver no page knows: the first tip in the table's order that splits the words left."""

    name = "first-tip"
    score_label = "place in the tip table (earlier first)"

    def tip_scores(self, H):
        tips = useful(group_weights(self._table(), H))
        return tips, -np.arange(len(tips), dtype=float)


class AlphabetOrder(HangmanSolver):
    """A Hangman solver no page knows: the letters in alphabet order."""

    name = "alphabet"

    def letter_scores(self, state: HangmanState) -> np.ndarray:
        return np.arange(len(self.alphabet.letters), 0, -1, dtype=float)


@pytest.fixture()
def extra_solvers():
    WORDLE_SOLVERS.register("first-fit", plain_name="first that fits", plain_help=WORDLE_HELP,
                            shows=("ranking",))(FirstFit)
    TIP_SOLVERS.register("first-tip", plain_name="first tip", plain_help=TIP_HELP, shows=("ranking", "tree"))(FirstTip)
    HANGMAN_SOLVERS.register("alphabet", plain_name="alphabet order", plain_help=HANGMAN_HELP, shows=("ranking",))(
        AlphabetOrder)
    yield
    HANGMAN_SOLVERS.unregister("alphabet")
    WORDLE_SOLVERS.unregister("first-fit")
    TIP_SOLVERS.unregister("first-tip")


def small_list_file(tmp_path: Path, words) -> str:
    path = tmp_path / "small.txt"
    path.write_text("\n".join(words) + "\n", encoding="utf-8")
    return str(path)


def cli_json(argv: list[str]) -> dict:
    out = io.StringIO()
    with redirect_stdout(out):
        assert bench_cli(argv) == 0
    return json.loads(out.getvalue().strip().splitlines()[-1])


def test_an_extra_wordle_solver_is_on_every_picker_explained_and_plays(extra_solvers):
    at = AppTest.from_file(str(PAGES / "3_Wordle.py"), default_timeout=240)
    at.session_state["wordle_mode"] = "Watch a solver"
    at.session_state["wordlab_uploads"] = {"small (uploaded)": WordList("small (uploaded)", SMALL)}
    at.run()
    at.selectbox(key="wordle_answers").set_value("small (uploaded)")
    at.selectbox(key="wordle_allowed").set_value("small (uploaded)").run()
    picker = at.selectbox(key="wordle_watch_solver")
    assert "first that fits" in picker.options and f"**first that fits**: {WORDLE_HELP}" in picker.help
    picker.set_value("first-fit")
    at.text_input(key="wordle_watch_answer").input("grade")
    at.button(key="wordle_watch_start").click().run()
    assert not at.exception, at.exception
    table = at.table[0].value
    assert table.columns[0] == "ranked by: place in the answer list (earlier first) (lower is better)"
    assert table.index[0] == "CIGAR (chosen)"  # the first answer, ranked by its own column
    assert any(m.value.startswith("**first that fits** solves **GRADE**") for m in at.markdown)
    at.radio(key="wordle_mode").set_value("Assistant").run()
    assert "first that fits" in at.radio(key="wordle_assist_solver").options
    at.radio(key="wordle_assist_solver").set_value("first-fit").run()
    assert any(m.value == "### Next: **CIGAR**" for m in at.markdown)
    at.radio(key="wordle_mode").set_value("Play the cheating host").run()
    assert "first that fits" in at.selectbox(key="wordle_host_solver").options
    at.radio(key="wordle_mode").set_value("Benchmark").run()
    assert "first that fits" in at.multiselect(key="wordle_bench_solvers_wordle").options  # its plain name


def test_an_extra_tip_game_solver_is_on_every_picker_explained_and_plays(extra_solvers):
    at = AppTest.from_file(str(PAGES / "4_Tip_game.py"), default_timeout=240).run()
    picker = at.selectbox(key="tipgame_solver")
    assert "first tip" in picker.options and f"**first tip**: {TIP_HELP}" in picker.help
    picker.set_value("first-tip").run()
    assert not at.exception, at.exception
    assert any("**first tip**: its own tree" in c.value for c in at.caption)
    first = at.session_state["tipgame_watch_word"]
    words = list(at.selectbox(key="tipgame_watch_word").options)
    opening = FirstTip().fit(words).choose(TipState())
    assert any(i.value.startswith("Tip 1,") and f'"{opening}"' in i.value for i in at.info), [i.value for i in at.info]
    assert first in words
    at.radio(key="tipgame_mode").set_value("Build a tree").run()
    assert any("does not search" in i.value for i in at.info)
    at.radio(key="tipgame_mode").set_value("Benchmark").run()
    assert "first tip" in at.multiselect(key="tipgame_bench_solvers_tipgame").options


def test_an_extra_hangman_solver_is_on_every_picker_and_plays(extra_solvers):
    at = AppTest.from_file(str(PAGES / "2_Hangman.py"), default_timeout=240)
    at.session_state["hangman_list"] = "English common 500"
    at.run()
    picker = at.selectbox(key="hangman_strategy")
    assert "alphabet order" in picker.options and f"**alphabet order**: {HANGMAN_HELP}" in picker.help
    picker.set_value("alphabet").run()
    at.text_input(key="hangman_secret_input").input("about").run()
    assert not at.exception, at.exception
    log = [m.value for m in at.markdown if m.value.startswith("1. **")]
    assert log and log[0].startswith("1. **A**"), log  # its first letter, in alphabet order
    panel = [m.value for m in at.markdown if "**Words that still fit**" in m.value]
    assert panel and f"- **alphabet order**: {HANGMAN_HELP}.\n" in panel[0], panel  # How it works lists it too
    at.selectbox(key="hangman_strategy").set_value("best").run()
    assert "alphabet order" in at.selectbox(key="hangman_compare").options
    at.radio(key="hangman_mode").set_value("Evil host").run()
    assert "alphabet order" in at.selectbox(key="hangman_evil_player").options
    at.radio(key="hangman_mode").set_value("Grade my game").run()
    at.radio(key="hangman_grade_source").set_value(at.radio(key="hangman_grade_source").options[1]).run()
    at.text_input(key="hangman_grade_answer").input("about")
    at.text_input(key="hangman_grade_letters").input("e a t").run()
    assert "alphabet order" in at.selectbox(key="hangman_grade_rule").options
    at.radio(key="hangman_mode").set_value("Benchmark").run()
    assert "alphabet order" in at.multiselect(key="hangman_bench_solvers_hangman").options


@pytest.mark.parametrize("game", ["wordle", "hangman", "tipgame"])
def test_an_extra_solver_is_offered_on_the_benchmarks_page(extra_solvers, game):
    at = AppTest.from_file(str(PAGES / "6_Benchmarks.py"), default_timeout=240).run()
    at.selectbox(key="bench_game").set_value(game).run()
    name = {"wordle": "first that fits", "hangman": "alphabet order", "tipgame": "first tip"}[game]  # plain names
    assert name in at.multiselect(key=f"bench_solvers_{game}").options


@pytest.mark.parametrize("game, name", [("wordle", "first-fit"), ("hangman", "alphabet"), ("tipgame", "first-tip")])
def test_the_command_line_help_explains_an_extra_solver(extra_solvers, game, name, capsys):
    with pytest.raises(SystemExit):
        bench_cli([game, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    solver = {"wordle": FirstFit, "hangman": AlphabetOrder, "tipgame": FirstTip}[game]
    assert f"{name} ({solver.__doc__})" in text  # registered without a technical help: its docstring explains it


def test_an_extra_wordle_solver_runs_from_the_command_line(extra_solvers, tmp_path):
    report = cli_json(["wordle", "--answers", small_list_file(tmp_path, SMALL), "--solver", "first-fit",
                       "--backend", "serial", "--json"])
    (row,) = report["results"]
    assert row["solver"] == "first-fit" and row["games"] == len(SMALL) and row["first_guess"] == "cigar"


def test_an_extra_tip_game_solver_runs_from_the_command_line(extra_solvers, tmp_path):
    words = ("haus", "maus", "laus", "baum", "raum", "kind")
    report = cli_json(["tipgame", "--words", small_list_file(tmp_path, words), "--solver", "first-tip",
                       "--backend", "serial", "--json"])
    (row,) = report["results"]
    assert row["solver"] == "first-tip" and row["words"] == len(words) and row["verified"]
    assert row["mean_tries"] == round(score(FirstTip().fit(words).tree(), list(words)).mean, 4)


def test_an_extra_hangman_solver_runs_from_the_command_line(extra_solvers, tmp_path):
    words = ("cab", "bad", "fed", "zoo", "jazz", "quiz")
    report = cli_json(["hangman", "--train", small_list_file(tmp_path, words), "--in-dictionary", "--solver",
                       "alphabet", "--limit", "6", "--backend", "serial", "--json"])
    (row,) = report["results"]
    assert row["strategy"] == "alphabet" and row["games"] == 6
    assert row["wins"] == 3  # cab, bad, fed are found within six misses in alphabet order; zoo, jazz, quiz are not
