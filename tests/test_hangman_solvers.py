"""Each hangman strategy's choices pinned on small hand-made lists (including the first version's examples)."""
import pytest

from core.hangman.harness import play
from core.hangman.rules import State, state_from_mask
from core.hangman.solvers import SOLVERS, BestSolver

A_LE = ["apple", "ample", "angle", "ankle", "table", "title"]
E_WORDS = ["hello", "jelly", "belly", "berry", "ferry", "merry"]


def fit(name, words):
    return SOLVERS.create(name).fit(words)


def test_registry_lists_the_six_strategies():
    assert SOLVERS.names() == ["frequency", "candidates", "ngram-mle", "ngram-backoff", "best", "planner"]


@pytest.mark.parametrize("name, words, mask, misses, expected", [
    # a _ _ l e: candidates apple, ample, angle, ankle; 'p' occurs 3 times, 'n' twice
    ("frequency", A_LE, "a__le", "", "p"),
    # p in 2 words, n in 2 words: the tie goes to 'p' (it splits apple/ample apart: more information)
    ("candidates", A_LE, "a__le", "", "p"),
    # _ e _ _ _: 'l' and 'r' both occur 6 times (tie to 'l'), 'y' is in 5 of the 6 words
    ("frequency", E_WORDS, "_e___", "", "l"),
    ("candidates", E_WORDS, "_e___", "", "y"),
    # back-off: no one-blank 5- or 4-gram window; the 3-gram '?le' saw 'p' twice (apple, ample)
    ("ngram-backoff", A_LE, "a__le", "", "p"),
    # with 'p' missed, '?le' offers b, g, k, t once each: the first in alphabet order
    ("ngram-backoff", A_LE, "a__le", "p", "b"),
    # nothing matches any more: frequency falls back to the whole list's letter counts
    ("frequency", A_LE, "a__le", "pnbgkti", "m"),
])
def test_strategy_choice_is_pinned(name, words, mask, misses, expected):
    assert fit(name, words).choose(state_from_mask(mask, misses)) == expected


def test_ngram_mle_uses_frequency_while_most_letters_are_hidden():
    mle, freq = fit("ngram-mle", E_WORDS), fit("frequency", E_WORDS)
    state = state_from_mask("_e___")
    assert mle.scores(state) == freq.scores(state)


def test_ngram_mle_switches_to_ngrams_once_half_is_revealed():
    mle = fit("ngram-mle", A_LE)
    state = state_from_mask("a__le")
    # '?le' 3-grams and 'a?' 2-grams: p (apple, ample), n (angle, ankle) ... 'p' leads
    assert mle.choose(state) == "p"
    assert mle.scores(state) != fit("frequency", A_LE).scores(state)


@pytest.mark.parametrize("mask, misses, expected", [("a__le", "", "p"), ("_e___", "", "y")])
def test_best_follows_the_candidates_when_many_remain(mask, misses, expected):
    assert fit("best", A_LE + E_WORDS).choose(state_from_mask(mask, misses)) == expected


@pytest.mark.parametrize("name", SOLVERS.names())
def test_scores_are_a_distribution_over_unguessed_letters(name):
    solver = fit(name, A_LE + E_WORDS)
    state = state_from_mask("a__le", "z")
    scores = solver.scores(state)
    assert not set(scores) & {"a", "l", "e", "z"}
    assert abs(sum(scores.values()) - 1.0) < 1e-9
    assert all(v >= 0 for v in scores.values())


@pytest.mark.parametrize("name", SOLVERS.names())
def test_every_strategy_wins_an_easy_in_dictionary_word(name):
    solver = fit(name, A_LE + E_WORDS)
    assert play(solver, "apple", 25).won


@pytest.mark.parametrize("name", SOLVERS.names())
@pytest.mark.parametrize("secret, max_wrong, won", [
    ("zzzzz", 6, False),  # z is not in the list: the game still ends (lost), never stuck
    ("zebra", 25, True),  # with lives to spare it reaches z after every letter it knows
])
def test_a_letter_the_list_never_uses_is_still_guessed(name, secret, max_wrong, won):
    solver = fit(name, A_LE + E_WORDS)
    assert "z" not in solver.alphabet.letters
    record = play(solver, secret, max_wrong)
    assert record.final.over
    assert record.won == won


@pytest.mark.parametrize("name", SOLVERS.names())
def test_other_alphabets_work(name):
    words = ["straße", "größe", "äpfel", "müde", "öde", "süß"]
    solver = fit(name, words)
    record = play(solver, "größe", 25)
    assert record.won
    assert "ß" in solver.alphabet.letters


def test_fitting_an_empty_list_is_refused():
    with pytest.raises(ValueError):
        fit("best", [])


def test_best_never_repeats_a_letter_and_never_picks_a_known_miss():
    solver = fit("best", A_LE + E_WORDS)
    state = State("_____", ("e", "a", "t"), 6)
    assert solver.choose(state) not in {"e", "a", "t"}


def test_best_without_a_ranker_is_the_linear_mix():
    solver = BestSolver(ranker="").fit(A_LE)
    assert solver.choose(state_from_mask("a__le")) == "p"


@pytest.mark.parametrize("name", SOLVERS.names())
def test_learning_a_list_reports_progress_that_never_steps_back_and_ends_full(name, tmp_path, monkeypatch):
    from core.hangman.fitting import fitted

    monkeypatch.setenv("WORDLAB_CACHE", str(tmp_path))
    reports = []
    fitted(name, ["house", "mouse", "horse", "cable", "table"], progress=lambda d, t, m="": reports.append((d, t, m)))
    assert reports, "a page would show a bare spinner"
    fractions = [d / t for d, t, _ in reports]
    assert fractions == sorted(fractions) and fractions[-1] == 1.0 and all(t == 100 for _, t, _ in reports)
    assert all(m for _, _, m in reports)


def test_a_solver_loaded_from_disk_says_so():
    from core.hangman.fitting import fitted

    words = ["house", "mouse", "horse"]
    fitted("best", words)
    reports = []
    fitted("best", words, progress=lambda d, t, m="": reports.append(m))
    assert reports == ["loading what it learned before"]
