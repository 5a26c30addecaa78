"""Crossword core: slot numbering, readers (good and malformed), gimmicks, confidence combination, solvers."""
from __future__ import annotations

import json

import numpy as np
import pytest

from core.crossword.knowledge.table import clue_table, normalise_clue, puzzle_pairs
from core.crossword.clues import packaged  # noqa: F401  (registers the packaged guesser)
from core.crossword.clues.guessers import CLOSE_SOURCE_COLUMNS, GUESSERS, fits
from core.crossword.clues.source import ClueSource
from core.crossword.knowledge.models import COUNT_EXPONENT, fit_models
from core.crossword.puzzle import PuzzleError, block_set, numbered_slots
from core.crossword.rules import read_slot, score_fill, write_slot
from core.crossword.readers import (BLANK_CELLS, LOCKED, NO_SOLUTION, puzzle_from_record, puzzle_to_ipuz, read_ipuz,
                                    read_puz, read_puzzle_file, unscorable_reason)
from core.crossword.solvers import SOLVERS
from core.crossword.fill.state import slot_evidence
from core.solver import PuzzleSolver

TINY = {"title": "tiny", "date": "2000-01-03", "dow": "Monday",
        "grid": ["COW.", "ARE.", "TENT"],
        "clues": {"across": [[1, "Dairy animal"], [4, "Exist"], [5, "Camping shelter"]],
                  "down": [[1, "Feline pet"], [2, "Mined rock"], [3, "Benign skin cyst"]]},
        "answers": {"across": ["COW", "ARE", "TENT"], "down": ["CAT", "ORE", "WEN"]}}


def slots_of(grid: list[str]) -> list[tuple[str, int]]:
    """(name, length) of the numbered runs of a grid ('.' black)."""
    rows, cols = len(grid), len(grid[0])
    return [(f"{n}{d}", len(cells)) for n, d, cells in numbered_slots(rows, cols, block_set(grid))]


@pytest.mark.parametrize("grid, expected", [
    (["..."], []),  # all black: no slots
    (["A.B"], []),  # single cells are not entries
    (["AB"], [("1A", 2)]),  # one row
    (["A", "B", "C"], [("1D", 3)]),  # one column
    (["AB.", ".CD"], [("1A", 2), ("2D", 2), ("3A", 2)]),  # staircase: a down run starts mid-grid
    (["ABC", "D.E", "FGH"], [("1A", 3), ("1D", 3), ("2D", 3), ("3A", 3)]),  # ring with a hole
    ([".AB", "CDE"], [("1A", 2), ("1D", 2), ("2D", 2), ("3A", 3)]),  # non-square, leading block
])
def test_slot_numbering_on_odd_grids(grid, expected):
    assert slots_of(grid) == expected


def test_archive_record_reads_slots_crossings_and_answers():
    p = puzzle_from_record(TINY)
    assert list(p.slots) == ["1A", "4A", "5A", "1D", "2D", "3D"]
    assert p.slots["5A"].cells == ((2, 0), (2, 1), (2, 2), (2, 3)) and p.slots["5A"].answer == "TENT"
    assert (0, "1D", 0) in p.crossings("1A")
    assert p.crossings("5A")[-1] == (2, "3D", 2)  # 5A's last cell is unchecked
    assert p.gimmick == ""
    fill = write_slot(p, {}, "1D", "cat")
    assert read_slot(p, fill, "1A") == "C__"
    with pytest.raises(PuzzleError):
        write_slot(p, fill, "1D", "COWS")


@pytest.mark.parametrize("change, message", [
    ({"grid": ["CAT.", "ORE", "WEST"]}, "differ in length"),
    ({"clues": {"across": [[9, "Nowhere"]], "down": []}, "answers": {"across": ["X"], "down": []}}, "match no slot"),
    ({"grid": []}, "non-empty"),
    ({"rows": 7}, "the grid is"),
    ({"answers": {"across": ["COW"], "down": ["CAT", "ORE", "WEN"]}}, "answers"),
])
def test_malformed_records_raise_a_clear_error(change, message):
    with pytest.raises(PuzzleError, match=message):
        puzzle_from_record({**TINY, **change})


def test_record_without_a_field_names_it():
    bad = dict(TINY)
    del bad["clues"]
    with pytest.raises(PuzzleError, match="clues"):
        puzzle_from_record(bad)


def test_gimmick_puzzles_are_flagged():
    rebus = puzzle_from_record({**TINY, "rebus": {"0": "COW"}})
    assert "rebus" in rebus.gimmick
    differ = puzzle_from_record({**TINY, "answers": {"across": ["COW", "ARE", "TNET"], "down": ["CAT", "ORE", "WEN"]}})
    assert "5A" in differ.gimmick


def test_ipuz_round_trip_and_malformed_files():
    p = puzzle_from_record(TINY)
    doc = puzzle_to_ipuz(p)
    back = read_ipuz(json.dumps(doc))
    assert [(s.name, s.answer, s.clue) for s in back.slots.values()] == \
        [(s.name, s.answer, s.clue) for s in p.slots.values()]
    with pytest.raises(PuzzleError, match="not valid JSON"):
        read_ipuz('{"puzzle": [[1, 2')
    with pytest.raises(PuzzleError, match="differ in length"):
        read_ipuz(json.dumps({**doc, "puzzle": [[1, 2], [0]]}))
    with pytest.raises(PuzzleError, match="dimensions"):
        read_ipuz(json.dumps({**doc, "dimensions": {"width": 9, "height": 9}}))
    with pytest.raises(PuzzleError, match="unknown puzzle format"):
        read_puzzle_file(b"hello", "x.txt")
    with pytest.raises(PuzzleError, match="empty"):
        read_puzzle_file(b"", "x.ipuz")


def _puz_bytes() -> bytes:
    """A .puz file of the tiny puzzle made with puzpy."""
    import puz

    p = puz.Puzzle()
    p.width, p.height = 4, 3
    p.solution = "".join(TINY["grid"])
    p.fill = "".join("." if ch == "." else "-" for ch in p.solution)
    p.title = "tiny"
    clues = {**{f"{n}A": t for n, t in TINY["clues"]["across"]}, **{f"{n}D": t for n, t in TINY["clues"]["down"]}}
    p.clues = [clues[k] for k in ("1A", "1D", "2D", "3D", "4A", "5A")]  # by number, across first
    return p.tobytes()


def test_puz_reader_good_and_truncated():
    p = read_puzzle_file(_puz_bytes(), "tiny.puz")
    assert p.slots["3D"].clue.startswith("Benign") and p.slots["5A"].answer == "TENT"
    with pytest.raises(PuzzleError, match="puz"):
        read_puz(_puz_bytes()[:40], "cut.puz")


def tiny_upload(kind: str) -> bytes:
    """The tiny puzzle as a file: a plain or solution-locked .puz, or an .ipuz with a full, no or a gappy solution."""
    if not kind.startswith("ipuz"):
        import puz

        p = puz.load(_puz_bytes())
        if kind == "locked puz":
            p.lock_solution(1234)
        return p.tobytes()
    doc = puzzle_to_ipuz(puzzle_from_record(TINY))
    if kind == "ipuz without solution":
        del doc["solution"]
    elif kind == "ipuz with a blank cell":
        doc["solution"][0][0] = None
    return json.dumps(doc).encode()


@pytest.mark.parametrize("kind, name, reason, says", [
    ("puz", "tiny.puz", "", ""),
    ("locked puz", "tiny.puz", LOCKED, "locked (scrambled) solution, so the fill cannot be checked"),
    ("ipuz", "tiny.ipuz", "", ""),
    ("ipuz without solution", "tiny.ipuz", NO_SOLUTION, "has no solution, so the fill cannot be scored"),
    ("ipuz with a blank cell", "tiny.ipuz", BLANK_CELLS, "blank cells, so the fill cannot be scored"),
])
def test_readers_say_why_a_puzzle_without_a_usable_solution_cannot_be_scored(kind, name, reason, says):
    p = read_puzzle_file(tiny_upload(kind), name)
    assert p.blocks == puzzle_from_record(TINY).blocks
    assert p.has_solution == (not reason)
    assert p.gimmick == reason  # the only reason: a missing solution is not called blank cells
    assert (says in unscorable_reason(p)) if says else unscorable_reason(p) == ""
    assert all((s.answer is None) == bool(reason) for s in p.slots.values())  # no scrambled answers


@pytest.mark.parametrize("answer, pattern, ok", [
    ("CAT", "C_T", True), ("CAT", "C_", False), ("CAT", "D__", False), ("CAT", "...", True),
])
def test_fits(answer, pattern, ok):
    assert fits(answer, pattern) is ok


def test_normalise_clue_unifies_blanks_and_entities():
    assert normalise_clue("Las ___ &amp; <i>Vegas</i>") == normalise_clue("LAS _____ & Vegas") == "las ___ & vegas"


@pytest.fixture(scope="module")
def tiny_models():
    """Models trained on the tiny puzzle's own clues plus decoys (no cache, no Word2Vec)."""
    p = puzzle_from_record(TINY)
    pairs = puzzle_pairs([p]) * 3 + [(normalise_clue("Feline pet"), "CUB"), (normalise_clue("Region"), "AREA"),
                                     (normalise_clue("Dairy animal"), "YAK")]
    return fit_models(clue_table(pairs), use_cache=False, word2vec=False, extra_words=False)


@pytest.mark.parametrize("name", GUESSERS.names())
def test_every_registered_guesser_is_a_clue_source(tiny_models, name):
    assert isinstance(GUESSERS.create(name, models=tiny_models), ClueSource)


@pytest.mark.parametrize("name, tagged", [("tfidf", {"tfidf"}), ("dictionary", {"dictionary"}),
                                          ("hybrid", {tag for tag, _ in CLOSE_SOURCE_COLUMNS} | {"loose"})])
def test_a_clue_source_names_a_source_for_each_of_its_answers(tiny_models, name, tagged):
    source = GUESSERS.create(name, models=tiny_models)
    conf, tags = source.candidates_with_sources("Feline pet", 3)
    assert conf and set(tags) == set(conf) and all(len(a) == 3 for a in conf)
    assert {t for ts in tags.values() for t in ts} <= tagged
    assert source.candidates("Feline pet", 3) == conf


def test_the_dictionary_source_gives_a_fill_its_evidence(tiny_models):
    # it had no `candidates`: a fill asking it for each slot's evidence stopped on a missing attribute
    cands, sources = slot_evidence(puzzle_from_record(TINY), GUESSERS.create("dictionary", models=tiny_models))
    assert cands and all(sources[n] == {a: ("dictionary",) for a in cs} for n, cs in cands.items())
    assert all(len(a) == puzzle_from_record(TINY).slots[n].length for n, cs in cands.items() for a in cs)


def test_guessers_rank_the_training_answer_first(tiny_models):
    for name in ("tfidf", "hybrid", "dictionary"):
        guesses = GUESSERS.create(name, models=tiny_models).guess("Feline pet", "___", 5)
        assert guesses and all(len(a) == 3 for a, _ in guesses)
    assert GUESSERS.create("tfidf", models=tiny_models).guess("Feline pet", "___", 5)[0][0] == "CAT"
    assert GUESSERS.create("tfidf", models=tiny_models).guess("Feline pet", "__B", 5)[0][0] == "CUB"
    assert GUESSERS.create("tfidf", models=tiny_models).guess("Feline pet", "Q__", 5) == []


@pytest.mark.parametrize("solver", ["threshold", "cell-confidence", "best"])
def test_each_solver_fills_the_tiny_puzzle(tiny_models, solver):
    p = puzzle_from_record(TINY)
    made = SOLVERS.create(solver, models=tiny_models)
    assert isinstance(made, PuzzleSolver) and PuzzleSolver in type(made).__mro__  # declares the shared protocol
    result = made.solve(p)
    score = score_fill(p, result.fill)
    assert result.states, "solvers keep intermediate states"
    assert score.filled_accuracy == 1.0 and score.fill_percentage == 1.0
    assert score.word_accuracy == 1.0
    if solver == "best":
        assert set(result.letter_probs) == set(p.white_cells)


@pytest.mark.parametrize("doc", [
    {"puzzle": [[1, 2]], "clues": [1, 2]},  # clues not a mapping
    {"puzzle": [[1, 2]], "clues": {"Across": [[1]]}},  # clue without text
    {"grid": ["AB"], "clues": {"across": "oops"}},  # archive record with a string for clues
    {"puzzle": [["#", "#"]]},  # no white cells
])
def test_odd_uploads_raise_puzzle_errors_never_other_exceptions(doc):
    with pytest.raises(PuzzleError):
        read_puzzle_file(json.dumps(doc).encode(), "odd.json")


def letter_evidence(pattern: str, strength: float = 5.0) -> "np.ndarray":
    """(L, 26) log evidence favouring each known letter of a pattern ('_' = no evidence)."""
    import numpy as np

    out = np.zeros((len(pattern), 26))
    for i, ch in enumerate(pattern):
        if ch != "_":
            out[i] -= strength
            out[i, ord(ch) - 65] = 0.0
    return out


PHRASE_WORDS = ["the", "a", "it", "do", "ll", "runaway", "jury", "navy", "run", "away", "kill", "time", "pogo", "stick"]


@pytest.mark.parametrize("pattern, expected", [
    ("RUNAWAYJURY", "RUNAWAYJURY"),  # crossings pick JURY over NAVY
    ("RUNAWAY_A_Y", "RUNAWAYNAVY"),
    ("POGOSTICK", "POGOSTICK"),
    ("K_LLT_ME", "KILLTIME"),
])
def test_phrases_fit_the_crossing_letters(pattern, expected):
    from core.crossword.knowledge.phrases import best_phrases, lexicon_from_ranked

    lexicon = lexicon_from_ranked(PHRASE_WORDS)
    phrases = best_phrases(lexicon, letter_evidence(pattern), k=5)
    assert phrases[0][0] == expected
    assert all(len(w) == len(pattern) for w, _ in phrases)


def test_phrases_need_two_words_and_prefer_common_parts():
    from core.crossword.knowledge.phrases import best_phrases, lexicon_from_ranked

    lexicon = lexicon_from_ranked(PHRASE_WORDS)
    assert "KILL" not in [w for w, _ in best_phrases(lexicon, letter_evidence("KILL"), k=5)]  # one word is no phrase
    (phrase, prior), = best_phrases(lexicon, letter_evidence("RUNAWAYJURY"), k=1)
    logp = {w: p for n in lexicon.words for w, p in zip(lexicon.words[n], lexicon.logp[n])}
    assert prior == pytest.approx(logp["RUNAWAY"] + logp["JURY"])  # a phrase's prior: its parts' unigram product
    assert logp["THE"] > logp["JURY"]  # earlier in the ranked list = more common
    assert lexicon.logp[1].size == 1 and lexicon.words[1] == ("A",)  # single letters: only A, I, O


@pytest.mark.parametrize("phrase_weight, phrase_round", [(None, False), (30.0, True)])
def test_best_adds_a_phrase_round_only_when_asked(tiny_models, phrase_weight, phrase_round):
    p = puzzle_from_record(TINY)
    calls = []
    result = SOLVERS.create("best", models=tiny_models, phrase_weight=phrase_weight).solve(
        p, progress=lambda i, n, message: calls.append((i, n, message)))
    assert any("with phrases" in s.label for s in result.states) == phrase_round
    assert score_fill(p, result.fill).perfect  # phrases never displace the clue answers here
    solving = [(i, n) for i, n, message in calls if not message.startswith("guessing")]
    assert len({n for _, n in solving}) == 1, "one total for every solving step"
    steps = [i for i, _ in solving]
    assert steps == sorted(steps) and steps[-1] == solving[-1][1], "the bar never steps back and ends full"


@pytest.mark.parametrize("solver", ["threshold", "cell-confidence"])
def test_first_version_solvers_compare_calibrated_probabilities(tiny_models, solver):
    assert SOLVERS.create(solver, models=tiny_models).guesser.name == "hybrid"


@pytest.mark.parametrize("count_power", [0.0, 0.35, COUNT_EXPONENT, 1.0])
def test_best_weighs_dictionary_words_by_count_to_its_power(tiny_models, count_power):
    solver = SOLVERS.create("best", models=tiny_models, count_power=count_power)
    length = max(tiny_models.dictionary.words, key=lambda n: len(tiny_models.dictionary.words[n]))
    stored = tiny_models.dictionary.of_length(length)[2]
    prior = solver.dictionary_prior(length)
    assert prior.sum() == pytest.approx(1.0)
    counts = stored ** (1 / COUNT_EXPONENT)  # the stored weights are counts ** COUNT_EXPONENT, normalised
    expected = counts ** count_power
    assert prior == pytest.approx(expected / expected.sum())
    if count_power == 0.0 and len(set(stored)) > 1:
        assert len(set(np.round(prior, 12))) == 1, "power 0 ignores counts"


@pytest.mark.parametrize("settings, spread, count_power", [
    (None, 1.5, 0.0),  # archive-tuned defaults
    ({"best": {"spread": 0.6, "count_power": 0.75}}, 0.6, 0.75),  # settings the models carry (WordNet fallback)
    ({"threshold": {"start": 0.5}}, 1.5, 0.0),  # another solver's settings leave best alone
])
def test_make_solver_applies_the_settings_the_models_carry(tiny_models, settings, spread, count_power):
    from dataclasses import replace

    from core.crossword.harness import make_solver

    models = tiny_models if settings is None else replace(tiny_models, info=dict(tiny_models.info, solver_settings=settings))
    solver = make_solver("best", models)
    assert (solver.settings.spread, solver.settings.count_power) == (spread, count_power)


@pytest.mark.parametrize("name", ["tfidf", "hybrid"])
@pytest.mark.parametrize("pattern, expected", [("__T", "CAT"), ("__B", "CUB"), ("C_B", "CUB"), ("Q__", None)])
def test_known_letters_search_past_the_nearest_neighbours(tiny_models, name, pattern, expected):
    # "Feline pet" has two training answers; with one neighbour, TF-IDF sees one of them without letters to fit
    guesser = GUESSERS.create(name, models=tiny_models, neighbours=1)
    if name == "tfidf":
        assert len({a for a, _ in guesser.guess("Feline pet", "___", 5)} & {"CAT", "CUB"}) == 1
    found = [a for a, _ in guesser.guess("Feline pet", pattern, 5)]
    assert (found[0] if found else None) == expected


def test_sure_pattern_keeps_only_letters_the_crossings_are_sure_of(tiny_models):
    from core.crossword.fill.belief import SlotVar
    solver = SOLVERS.create("best", models=tiny_models, requery_cell=0.7)
    incoming = np.log(np.full((4, 26), 1 / 26))
    incoming[0] = np.log(np.where(np.arange(26) == 2, 0.9, 0.1 / 25))  # crossing sure of C
    incoming[1] = np.log(np.where(np.arange(26) == 0, 0.6, 0.4 / 25))  # A, but not sure enough
    incoming[3] = np.log(np.where(np.arange(26) == 18, 0.99, 0.01 / 25))  # S, but no crossing slot there
    var = SlotVar("1A", np.array(["CATS"], dtype=object), np.zeros((1, 4), np.uint8), np.zeros(1), incoming,
                  [("1D", 0), ("2D", 0), ("3D", 0), None])
    assert solver._sure_pattern(var) == "C___"


@pytest.mark.parametrize("requery_weight, asked", [(None, False), (3.0, True)])
def test_best_asks_unsure_slots_again_only_when_asked(tiny_models, requery_weight, asked):
    p = puzzle_from_record(TINY)
    solver = SOLVERS.create("best", models=tiny_models, requery_weight=requery_weight, requery_below=1.0)
    first = slot_evidence(p, solver.guesser)[0]
    name = next(iter(first))
    result = solver.solve(p, candidates=dict(first, **{name: {}}))  # one slot starts without clue answers
    assert any("clues asked again" in s.label for s in result.states) == asked
    assert score_fill(p, result.fill).perfect



def test_dataset_weekdays_read_monday_first():
    from core.crossword.stats import dataset_stats

    records = [{"date": "2016-01-0%d" % i, "dow": d} for i, d in
               enumerate(["Thursday", "Sunday", "Monday", "Saturday", "Monday", "", "Wednesday"], start=1)]
    assert list(dataset_stats(records)["by_weekday"]) == ["Monday", "Wednesday", "Thursday", "Saturday", "Sunday", ""]
