"""The evil host's choices on small lists, ties included, and a solver's whole game against it."""
import pytest

from core.hangman.adversary import host_answer, host_choice, pattern_text, play_against_host, start_host, where_text
from core.hangman.rules import RuleError
from core.hangman.solvers import SOLVERS


@pytest.mark.parametrize("words, letter, chosen, kept", [
    # the largest group wins
    (["cat", "bat", "hat", "dog"], "a", (1,), 3),
    (["cat", "bat", "hat", "dog"], "o", (), 3),
    # tie 2-2 between a miss and a hit: the miss reveals fewer letters
    (["cat", "bat", "dog", "log"], "a", (), 2),
    # tie between two hits of one letter each: the leftmost; a miss of the same size beats both
    (["ab", "ba"], "a", (0,), 1),
    (["ab", "ba", "cc"], "a", (), 1),
    # tie between a hit of one letter and a hit of two: fewer revealed
    (["aab", "abb", "ccc"], "a", (), 1),
    (["aab", "abb"], "a", (0,), 1),
    # one group only: no choice
    (["sing", "ring"], "n", (2,), 2),
])
def test_host_keeps_the_largest_group_and_breaks_ties_as_stated(words, letter, chosen, kept):
    choice, left = host_choice(words, letter)
    assert choice.chosen == chosen and choice.kept == kept == len(left)
    assert sum(size for _, size in choice.groups) == len(words)


@pytest.mark.parametrize("words, letter, phrase", [
    (["cat", "bat", "dog", "log"], "a", "a miss reveals nothing"),
    (["ab", "ba"], "a", "its letters sit furthest left"),
    (["abb", "bab", "aab"], "a", "reveals the fewest letters and, among those, sits furthest left"),
    (["sing", "ring"], "n", "of the 2 words the host still kept, every one gives the same answer (letter 3), so the host had no choice"),
    (["sing"], "g", "G: the host is down to one word, so it must answer truthfully: G is at letter 4."),
    (["sing"], "x", "X: the host is down to one word, so it must answer truthfully: X is not in the word."),
    (["cat", "bat", "hat", "dog"], "a", "keeps the most words (3)"),
])
def test_host_says_why(words, letter, phrase):
    choice, _ = host_choice(words, letter)
    assert phrase in choice.reason()


def test_a_game_narrows_the_words_and_never_loses_track():
    game = start_host(["cat", "bat", "hat", "mat", "dog", "cot", "cut", "tat"], 3, 6)
    for letter in "aot":
        game = host_answer(game, letter)
    assert game.state.mask == "_at" and game.words == ("bat", "cat", "hat", "mat")
    assert all(w[1:] == "at" for w in game.words)
    with pytest.raises(RuleError):
        host_answer(game, "a")


def test_the_host_needs_words_of_the_length():
    with pytest.raises(RuleError, match="no 7-letter word"):
        start_host(["cat"], 7)


def test_pattern_and_where_texts():
    assert pattern_text("_a_", "t", (2,)) == "_ A T"
    assert where_text(()) == "not in the word" and where_text((0, 3)) == "letters 1 and 4"


def test_play_against_host_counts_the_misses_a_solver_needs():
    words = ["cat", "bat", "hat", "mat", "dog", "cot", "cut"]
    solver = SOLVERS.create("frequency").fit(words)
    record = play_against_host(solver, words, 3)
    assert record.won and record.word in words
    # replaying the solver's letters against the word the host claims gives the same board
    assert all(c.letter in record.final.guessed for c in record.choices)
    assert record.misses == sum(1 for c in record.choices if not c.hit)
    assert record.as_dict()["misses"] == record.misses
    assert record.misses == 3  # t, a hit; then b c h each a miss; m (the last) a hit


def test_a_small_budget_ends_the_game_lost():
    words = ["cat", "bat", "hat", "mat", "sat", "pat"]
    solver = SOLVERS.create("frequency").fit(words)
    record = play_against_host(solver, words, 3, max_wrong=2)
    assert not record.won and record.misses == 2


@pytest.mark.parametrize("kept, named", [
    (("anal", "bell", "cell"), "bell"),  # the first alphabetically is an obscenity: the host names the next
    (("bell", "cell"), "bell"),
    (("anal",), "anal"),  # the only word left is the word, whatever it is
])
def test_the_host_never_names_an_offensive_word_while_another_is_kept(kept, named):
    from core.hangman.adversary import HostGame
    from core.hangman.rules import new_game

    assert HostGame(new_game(4, 6), kept).final_word() == named
