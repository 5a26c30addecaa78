"""Solvers, the harness and the tree search on small lists (exactness checked by brute force)."""
import itertools
from functools import lru_cache

import numpy as np
import pytest

from core.wordle.bench import play_answers, summarise
from core.wordle.harness import IllegalGuess, SetupError, State, make_setup, play
from core.wordle.rules import feedback, hard_mode_violation, parse_encoding
from core.wordle.solvers import SOLVERS, BestSolver, EntropySolver, PositionalSolver, expected_information
from core.wordle.tree import SearchLimits, build_tree, guess_counts, load_tree, next_guess, save_tree, tree_summary

SMALL = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "heath", "dwarf",
         "model", "karma", "stink", "grade", "quiet", "bench", "abate", "feign", "major", "death", "fresh", "crust",
         "stool", "colon", "abase", "marry", "react", "batty", "pride", "floss", "helix", "croak", "staff", "paper"]
GUESSES = SMALL + ["salet", "crane", "trace", "adieu", "roate", "lints", "pudgy", "whomp"]
EVERYTHING = SearchLimits(root=10**6, large=10**6, medium=10**6, small=10**6, tiny=10**6)


def brute_force_total(setup) -> int:
    """The exact least total guesses by exhaustive recursion (tiny lists only)."""
    m = setup.matrix
    solved = setup.solved

    @lru_cache(maxsize=None)
    def f(h: tuple[int, ...]) -> int:
        if len(h) == 1:
            return 1
        best = 10**9
        for g in range(len(setup.guesses)):
            groups: dict[int, list[int]] = {}
            for a in h:
                groups.setdefault(int(m[g, a]), []).append(a)
            if len(groups) == 1 and solved not in groups:
                continue
            total = len(h) + sum(f(tuple(p)) for code, p in groups.items() if code != solved)
            best = min(best, total)
        return best

    return f(tuple(range(len(setup.answers))))


@pytest.mark.parametrize("words,guesses,rule", [
    (SMALL[:14], GUESSES, "standard"),
    (SMALL[:14], GUESSES, "harsh"),
    (["aab", "aba", "baa", "abb", "bab", "bba", "abc", "cab", "bca"], None, "standard"),
    (["aab", "aba", "baa", "abb", "bab", "bba", "abc", "cab", "bca"], None, "harsh"),
])
def test_tree_search_is_exact_on_small_lists(words, guesses, rule):
    setup = make_setup(words, guesses, rule=rule)
    tree = build_tree(setup, limits=EVERYTHING)
    assert tree_summary(tree, setup)["total"] == brute_force_total(setup)


def test_tree_mean_is_verified_by_replaying_the_rules():
    setup = make_setup(SMALL, GUESSES)
    tree = build_tree(setup)
    counts = guess_counts(tree, setup)
    assert set(counts) == set(SMALL)
    records = play_answers(BestSolver(tree=tree).fit(setup), setup)
    assert list(records["guesses"]) == [counts[a] for a in setup.answers]
    assert summarise(records)["failures"] == 0


def test_hard_mode_tree_only_plays_legal_guesses():
    setup = make_setup(SMALL, GUESSES, hard=True)
    solver = BestSolver(use_saved=False).fit(setup)
    for answer in setup.answers:
        record = play(solver, setup, answer)  # play raises IllegalGuess on a hard-mode violation
        assert record.solved
        history = []
        for step in record.steps:
            assert hard_mode_violation(step.guess, history) is None
            history.append((step.guess, step.pattern))


def test_hard_mode_costs_at_least_normal_mode():
    normal = tree_summary(build_tree(make_setup(SMALL, GUESSES)), make_setup(SMALL, GUESSES))["total"]
    hard_setup = make_setup(SMALL, GUESSES, hard=True)
    assert tree_summary(build_tree(hard_setup), hard_setup)["total"] >= normal


def test_fixed_opener_is_used_and_unknown_opener_refused():
    setup = make_setup(SMALL, GUESSES)
    assert build_tree(setup, first="adieu")["guess"] == "adieu"
    with pytest.raises(ValueError):
        build_tree(setup, first="zzzzz")


def test_saved_tree_round_trips_and_refuses_other_lists(tmp_path):
    setup = make_setup(SMALL, GUESSES)
    tree = build_tree(setup)
    path = save_tree(tree, setup, tmp_path / "t.json")
    assert load_tree(path, setup) == tree
    assert load_tree(path, make_setup(SMALL[:-1], GUESSES)) is None
    (tmp_path / "bad.json").write_text("{not json")
    assert load_tree(tmp_path / "bad.json", setup) is None


def test_best_solver_leaves_the_tree_gracefully():
    setup = make_setup(SMALL, GUESSES)
    solver = BestSolver(use_saved=False).fit(setup)
    state = State().then("whomp", feedback("cigar", "whomp"))
    assert solver.tree["guess"] != "whomp"  # so the state below is off the tree
    assert next_guess(solver.tree, state) is None
    guess = solver.choose(state)
    assert guess in setup.guess_index


def test_positional_scores_follow_the_first_version_formula():
    setup = make_setup(["abc", "abd", "xbc"])
    solver = PositionalSolver().fit(setup)
    scores = solver.scores(State())
    assert scores["abc"] == pytest.approx(2 / 3 + 1 + 2 / 3)
    state = State().then("xbd", feedback("abc", "xbd"))  # x grey, b green, d grey
    later = solver.scores(state)
    assert set(later) == {"abc"}
    assert later["abc"] == pytest.approx(1 + 1 / 4 + 1)  # b was tried: counts g/4 = 1/4


def test_entropy_prefers_the_splitting_guess_even_if_not_an_answer():
    answers = ["bill", "fill", "hill", "kill", "mill", "pill", "will"]
    setup = make_setup(answers, answers + ["bfhk", "mpwz"])
    assert EntropySolver().fit(setup).choose(State()) not in answers
    bits = EntropySolver().fit(setup).scores(State())
    assert bits["bill"] < bits["bfhk"]


def test_expected_information_of_a_perfect_split_is_log2_n():
    patterns = np.array([[0, 1, 2, 3], [0, 0, 0, 0], [0, 0, 1, 1]])
    assert expected_information(patterns) == pytest.approx([2.0, 0.0, 1.0])


@pytest.mark.parametrize("guesses, answers, codes, weighted", [
    (60, 100, 3 ** 5, False),  # five letters: one dense table
    (60, 100, 3 ** 12, False),  # twelve letters: 3^12 codes, counted in slices over the codes that occur
    (7, 500, 3 ** 12, True),
    (200, 49, 3 ** 9, True),
])
def test_expected_information_is_the_same_in_slices(monkeypatch, guesses, answers, codes, weighted):
    import core.wordle.solvers as solvers

    rng = np.random.default_rng(guesses + answers)
    patterns = rng.integers(0, codes, size=(guesses, answers)) // rng.integers(1, 50, size=(guesses, 1))  # uneven splits
    weights = rng.random(answers) if weighted else None
    whole = expected_information(patterns, weights)
    monkeypatch.setattr(solvers, "SLICE_CELLS", 1_000)  # force small slices of guesses
    monkeypatch.setattr("core.wordle.rules.DENSE_CELLS", 1_000)  # and the renumbered codes
    assert expected_information(patterns, weights) == pytest.approx(whole)


@pytest.mark.parametrize("name", SOLVERS.names())
@pytest.mark.parametrize("rule", ["standard", "harsh"])
def test_every_solver_solves_every_answer_through_the_rules(name, rule):
    setup = make_setup(SMALL, GUESSES, rule=rule)
    solver = SOLVERS.create(name, use_saved=False) if name == "best" else SOLVERS.create(name)
    fitted = solver.fit(setup)
    records = play_answers(fitted, setup)
    assert list(records["item"]) == [setup.decode(a) for a in setup.answers] and records["win"].all()
    assert all(play(fitted, setup, a).steps[-1].guess == a for a in setup.answers[:5])
    assert summarise(records)["games"] == len(SMALL)


def test_play_refuses_a_guess_outside_the_allowed_list():
    setup = make_setup(SMALL)

    class Cheater:
        name = "cheater"

        def choose(self, state):
            return "zzzzz"

    with pytest.raises(IllegalGuess):
        play(Cheater(), setup, "cigar")


@pytest.mark.parametrize("answers,guesses,length,message", [
    ([], None, None, "empty"),
    (["ab", "abc"], None, None, "several lengths"),
    (["a"], None, None, "outside"),
    (["abcdefghijklm"], None, None, "outside"),
    (["ab", "cd"], None, 3, "No answer"),
])
def test_bad_setups_get_plain_messages(answers, guesses, length, message):
    with pytest.raises(SetupError, match=message):
        make_setup(answers, guesses, length=length)


def test_missing_answers_are_added_to_the_guesses():
    setup = make_setup(["cigar", "rebut"], ["cigar", "salet"])
    assert setup.added == ("rebut",)
    assert "rebut" in setup.guess_index


def test_multigraph_words_play_as_symbols_and_decode():
    enc = parse_encoding("kw' Q\nts' T")
    words = ["kw'ats'", "hats'", "kw'am", "ts'am", "hom", "kw'oo"]
    setup = make_setup(words, encoding=enc)
    assert setup.length == 3
    records = play_answers(SOLVERS.create("entropy").fit(setup), setup)
    assert records["win"].all() and set(records["item"]) == set(words)
    assert {setup.decode(a) for a in setup.answers} == set(words)


def test_twelve_letter_german_words_play():
    words = ["straßenbahnen", "kinderwagen", "schmetterlinge"]
    words = [w[:12].ljust(12, "x") for w in words] + ["äöüßäöüßäöüß"]
    setup = make_setup(words)
    records = play_answers(SOLVERS.create("best", use_saved=False).fit(setup), setup)
    assert summarise(records)["failures"] == 0 and len(records) == 4


def test_parallel_benchmark_matches_serial():
    words = ["".join(t) for t in itertools.product("abcde", repeat=3)][::2]
    setup = make_setup(words)
    serial = play_answers(SOLVERS.create("positional").fit(setup), setup)
    parallel = play_answers(SOLVERS.create("positional").fit(setup), setup, jobs=2)
    cols = ["item", "guesses", "win", "first_guess"]
    assert serial[cols].equals(parallel[cols]) and len(serial) == len(words)


def test_frequency_prior_weights_information_and_picks_the_likelier_answer():
    setup = make_setup(["bill", "fill"], weights=[1.0, 3.0])
    solver = EntropySolver(prior="frequency").fit(setup)
    assert solver.scores(State())["bill"] == pytest.approx(-(0.25 * np.log2(0.25) + 0.75 * np.log2(0.75)))
    assert solver.choose(State()) == "fill"
    assert EntropySolver().fit(setup).choose(State()) == "bill"



@pytest.mark.parametrize("rows, columns", [(None, None), ([0, 1], None), (None, [1, 3]), ([2, 0], [0, 1, 2, 3])])
def test_rows_and_columns_are_the_asked_part_of_the_matrix(rows, columns):
    from core.wordle.solvers import rows_and_columns

    m = np.arange(12).reshape(3, 4)
    r = np.arange(3) if rows is None else np.array(rows)
    c = np.arange(4) if columns is None else np.array(columns)
    assert np.array_equal(rows_and_columns(m, r, c), m[np.ix_(r, c)])
    assert (rows_and_columns(m, r, c) is m) == (rows is None and columns is None)  # the whole matrix is not copied


@pytest.mark.parametrize("patterns", [np.array([[3]]), np.array([[3] * 60])])  # one group: small and sliced paths
def test_a_guess_that_cannot_split_gives_zero_bits_never_minus_zero(patterns):
    bits = expected_information(patterns)
    assert bits[0] == 0.0 and not np.signbit(bits[0]) and f"{bits[0]:.2f}" == "0.00"
