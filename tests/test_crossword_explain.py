"""Plain-word move stories, candidate sources, the kept-best final step, and WordNet definitions as clues."""
from __future__ import annotations

import pytest

from core.crossword.knowledge.table import clue_table
from core.crossword.explain import move_log, slot_sentence, slot_title, source_label, step_story
from core.crossword.rules import write_slot
from core.crossword.readers import puzzle_from_record, read_puz
from core.crossword.puzzle import PuzzleError
from core.crossword.fill.state import FillState, SolveResult, keep_best_state
from core.words.wordnet import parse_data_line
from tests.test_crossword_core import TINY


@pytest.fixture
def tiny():
    return puzzle_from_record(TINY)


def full_fill(p):
    fill = {}
    for name, word in (("1A", "COW"), ("4A", "ARE"), ("5A", "TENT")):
        fill = write_slot(p, fill, name, word)
    return fill


@pytest.mark.parametrize("name, title", [("5D", "5-Down"), ("17A", "17-Across")])
def test_slot_titles_read_as_people_say_them(name, title):
    assert slot_title(name) == title


@pytest.mark.parametrize("tags, archive, says", [
    (("exact",), True, "this very clue had CAT in past puzzles"),
    (("words",), False, "the clue matches 'cat' in the dictionary"),
    (("synonym", "similar"), False, "the dictionary lists 'cat' as meaning the clue"),
    ((), True, "not yet a word any source proposed"),
    (("phrase",), True, "common words that fit the crossing letters spell it"),
])
def test_a_slot_sentence_names_its_strongest_source_and_agreeing_crossings(tiny, tags, archive, says):
    fill = full_fill(tiny)
    sources = {"1D": {"CAT": tags}, "1A": {"COW": ("exact",)}, "4A": {"ARE": ("exact",)}, "5A": {}}
    sentence = slot_sentence(tiny, fill, "1D", sources, archive)
    assert sentence.startswith("1-Down CAT: ") and says in sentence
    assert "2 of 3 crossing letters agree" in sentence  # COW and ARE are proposed by their clues, TENT is not


def test_all_crossings_agree_and_a_partial_word_says_so(tiny):
    fill = full_fill(tiny)
    sources = {n: {w: ("exact",)} for n, w in (("1A", "COW"), ("4A", "ARE"), ("5A", "TENT"), ("1D", "CAT"))}
    assert "all 3 crossing letters agree" in slot_sentence(tiny, fill, "1D", sources, True)
    partial = write_slot(tiny, {}, "1A", "COW")
    assert slot_sentence(tiny, partial, "1D", sources, True) == \
        "1-Down now reads C··: some of its letters are not written yet."


def test_a_step_lists_only_the_slots_that_changed(tiny):
    before = write_slot(tiny, {}, "1A", "COW")
    after = write_slot(tiny, before, "5A", "TENT")
    story = step_story(tiny, before, after, {"5A": {"TENT": ("exact",)}}, True)
    assert story[0].startswith("5-Across TENT: this very clue had TENT")
    assert not any(s.startswith("1-Across") for s in story)
    assert step_story(tiny, after, after, {}, True) == ["No word changed: the solver grew surer of the letters it had."]
    assert len(step_story(tiny, {}, full_fill(tiny), {}, True, limit=2)) == 3  # two sentences and "… and N more"


def test_the_move_log_has_one_entry_per_step(tiny):
    states = [FillState("one", write_slot(tiny, {}, "1A", "COW"), {}), FillState("two", full_fill(tiny), {})]
    log = move_log(tiny, states, {}, True)
    assert [label for label, _ in log] == ["one", "two"]
    assert log[0][1][0].startswith("1-Across COW")


@pytest.mark.parametrize("tags, label", [(("exact", "similar"), "same clue, similar clues"), ((), "word list"),
                                         (("phrase",), "phrase of common words"),
                                         (("loose",), "clues a little like this one"),
                                         (("dictionary sibling",), "same kind of thing as a clue word"),
                                         (("your word list",), "your word list")])
def test_candidate_sources_read_as_words(tags, label):
    assert source_label(tags) == label


def test_a_solver_never_ends_worse_by_its_own_scores_than_an_earlier_step(tiny):
    good, bad = full_fill(tiny), write_slot(tiny, full_fill(tiny), "5A", "TEST")
    lookup = {"1A": {"COW": -0.1}, "4A": {"ARE": -0.1}, "5A": {"TENT": -0.1, "TEST": -3.0}, "1D": {"CAT": -0.1},
              "2D": {"ORE": -0.1}, "3D": {"WEN": -0.1, "WES": -3.0}}
    result = SolveResult("x", bad, {}, [FillState("a", good, {}), FillState("b", bad, {})])
    kept = keep_best_state(tiny, result, lookup)
    assert kept.fill == good and kept.states[-1].label == "Final: step 1 kept" and "Kept step 1" in kept.kept_note
    fine = keep_best_state(tiny, SolveResult("x", good, {}, [FillState("a", bad, {}), FillState("b", good, {})]),
                           lookup)
    assert fine.fill == good and fine.kept_note == "" and len(fine.states) == 2


def test_wordnet_definitions_keep_the_whole_gloss_without_examples():
    line = ("05396366 08 n 02 heart 0 pump 0 000 | the hollow muscular organ located behind the sternum; "
            "its rhythmic contractions move the blood through the body; \"he stood still, his heart thumping\"\n")
    lemmas, first, whole = parse_data_line(line)
    assert lemmas == ["heart", "pump"]
    assert first == "the hollow muscular organ located behind the sternum"
    assert whole.endswith("move the blood through the body") and "thumping" not in whole


def test_the_share_of_clue_words_finds_a_definition_a_cosine_misses():
    from core.crossword.knowledge.answerdocs import answer_docs

    table = clue_table([("the hollow muscular organ located behind the sternum its contractions move the blood", "HEART"),
                        ("fluid part of the blood", "SERUM"), ("organ music", "ORGAN"), ("pump water", "PUMPS")])
    docs = answer_docs(table)
    local, share = docs.coverage("organ that pumps blood", 5)
    assert share[local["HEART"]] > share[local["SERUM"]]
    local, left_out = docs.coverage("fluid part of the blood", 5, exclude="SERUM")
    assert left_out[local["SERUM"]] == 0.0  # its only clue is the one left out


@pytest.mark.parametrize("data", [b"", b"ACROSS&DOWN\x00garbage", b"\x00" * 60])
def test_a_malformed_puz_gets_our_message_not_the_librarys(data):
    with pytest.raises(PuzzleError) as err:
        read_puz(data, "bad.puz")
    assert "bad.puz is not a puzzle we can read" in str(err.value) and "read?" not in str(err.value)
