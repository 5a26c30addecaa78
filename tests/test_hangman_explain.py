"""The per-move sentences of the narrated replay: table-driven, plurals agree, numbers come from the solver."""
import pytest

from core.hangman.explain import (
    MoveFacts,
    NarratedMove,
    article,
    game_over_sentence,
    letter_pattern,
    letter_view,
    likelihood,
    misses_text,
    move_facts,
    move_sentence,
    narrate,
    result_words,
)
from core.hangman.harness import play
from core.hangman.rules import State, new_game
from core.hangman.solvers import SOLVERS

WORDS = ["house", "mouse", "horse", "hoist", "fling", "sting", "thing", "bring", "water", "later"]


@pytest.mark.parametrize("facts, expected", [
    (MoveFacts("e", 1310, 1204), "E: 1,204 of the 1,310 words of the list that fitted before this guess contain an E, so a hit is very likely."),
    (MoveFacts("t", 12, 1), "T: 1 of the 12 words of the list that fitted before this guess contains a T, so a hit is very unlikely, but no other letter is likelier."),
    (MoveFacts("t", 12, 1, top=False), "T: 1 of the 12 words of the list that fitted before this guess contains a T, so a hit is very unlikely."),
    (MoveFacts("s", 10, 5), "S: 5 of the 10 words of the list that fitted before this guess contain an S, so a hit is about even."),
    (MoveFacts("a", 4, 4), "A: all 4 words of the list that fitted before this guess contain an A, so a hit is certain if the word is in the list."),
    (MoveFacts("h", 1, 1, only_word="house"), "H: 1 word of the list fitted before this guess (house), and it contains an H, so a hit is certain if the word is in the list."),
    (MoveFacts("h", 1, 1, 0.17, only_word="house"), "H: 1 word of the list fitted before this guess (house), and it contains an H; allowing for "
                                                   "words that are not in the list, the solver puts the chance of a hit at 17%, higher than for any other letter."),
    (MoveFacts("q", 1, 0, only_word="house"), "Q: 1 word of the list fitted before this guess (house), and it has no Q; the solver bets the word is not in the list."),
    (MoveFacts("s", 4, 0, 0.2), "S: none of the 4 words of the list that fitted before this guess contains an S; the solver bets the word is not in the list (it puts the chance of a hit at 20%)."),
    (MoveFacts("r", 1, 0, 0.3, only_word="thinking"), "R: 1 word of the list fitted before this guess (thinking), and it has no R; the solver bets the word is not in the list (it puts the chance of a hit at 30%)."),
    (MoveFacts("g", 0, 0, 0.62, "-ing"), "No word in the list fits any more; letter patterns seen in the list (like -ING) make G the best bet (a 62% chance by its estimate)."),
    (MoveFacts("r", 0, 0), "No word in the list fits any more; how often letters follow each other in the list makes R the best bet."),
    # with few fitting words `best` plays the game out: its numbers are win values, never quoted as a hit chance
    (MoveFacts("o", 14, 5, wins=True), "O: 5 of the 14 words of the list that fitted before this guess contain an O; playing the game out over those "
                                      "words, and allowing for words that are not in the list, O gives the best chance of winning."),
    (MoveFacts("a", 4, 4, wins=True), "A: all 4 words of the list that fitted before this guess contain an A, so a hit is certain if the word is in the list."),
    # the solver's own chance, when it is far from the share of fitting words, is quoted beside it
    (MoveFacts("o", 10, 9, 0.3), "O: 9 of the 10 words of the list that fitted before this guess contain an O; allowing for words that are not in the "
                                 "list, the solver puts the chance of a hit at 30%, higher than for any other letter."),
    (MoveFacts("s", 12, 3, 0.45, top=False), "S: 3 of the 12 words of the list that fitted before this guess contain an S; allowing for words that are "
                                             "not in the list, the solver puts the chance of a hit at 45%."),
    (MoveFacts("e", 157, 83, others=2474, language="English"), "E: 83 of the 157 words of the list (2,631 with other "
     "everyday English words) that fitted before this guess contain an E, so a hit is about even."),
    (MoveFacts("a", 100, 45, 0.5), "A: 45 of the 100 words of the list that fitted before this guess contain an A, so a hit is about even."),
])
def test_move_sentence_reads_the_numbers_in_plain_words(facts, expected):
    assert move_sentence(facts) == expected


@pytest.mark.parametrize("facts, expected", [
    (MoveFacts("e", 1310, 1204), "E: 1,204 of the 1,310 words of the list that still fit contain an E, so a hit is very likely."),
    (MoveFacts("h", 1, 1), "H: 1 word of the list still fits, and it contains an H, so a hit is certain if the word is in the list."),
    (MoveFacts("s", 4, 0, others=3, language="English"), "S: none of the 4 words of the list (7 with other everyday English "
                                                         "words) that still fit contains an S; the solver bets the word is not in the list."),
])
def test_a_sentence_about_the_letter_to_guess_now_counts_the_words_that_still_fit(facts, expected):
    # a hint speaks of the board on screen, a replayed move of the board its guess was made on
    assert move_sentence(facts, now=True) == expected


@pytest.mark.parametrize("letter, expected", [("e", "an"), ("s", "an"), ("x", "an"), ("t", "a"), ("u", "a"), ("g", "a")])
def test_article_follows_the_letter_name(letter, expected):
    assert article(letter) == expected


@pytest.mark.parametrize("p, words", [(1.0, "certain"), (0.9, "very likely"), (0.7, "likely"), (0.5, "about even"),
                                      (0.2, "unlikely"), (0.01, "very unlikely")])
def test_likelihood_words(p, words):
    assert likelihood(p) == words


@pytest.mark.parametrize("n, text", [(0, "0 misses"), (1, "1 miss"), (2, "2 misses"), (1000, "1,000 misses")])
def test_misses_agree_in_number(n, text):
    assert misses_text(n) == text


def bracket_depth(text: str) -> int:
    """How deeply round brackets nest in a text: 'A (miss)' is 1, 'A (miss (1 so far))' is 2."""
    depth = deepest = 0
    for ch in text:
        depth += (ch == "(") - (ch == ")")
        deepest = max(deepest, depth)
    return deepest


@pytest.mark.parametrize("wrong, where, text", [
    (0, (), "miss, 1 miss so far"), (1, (), "miss, 2 misses so far"), (2, (), "miss, 3 misses so far"),
    (0, (1,), "hit: letter 2"), (2, (1,), "hit: letter 2"), (0, (0, 3, 4), "hit: letters 1, 4 and 5"),
])
def test_result_words_in_plain_words_that_a_heading_can_bracket_without_nesting(wrong, where, text):
    from ui.hangman.watch import move_heading

    state = State("_____", tuple("qzxjk"[:wrong]), 6)
    assert result_words(state, "e", where) == text
    move = NarratedMove(state, "e", where, state, "E: ...", result_words(state, "e", where))
    heading = move_heading(3, 9, move)
    assert heading == f"**Move 3 of 9: E** ({text})" and bracket_depth(heading) == 1


@pytest.mark.parametrize("mask, letter, words, expected", [
    ("___in_", "g", ["sing", "ring", "bang"], "-ing"),
    ("th__", "e", ["then", "there", "other"], "the-"),
    ("____", "e", ["then"], ""),  # touches no revealed letter
    ("_in_", "q", ["sing"], ""),  # a pattern no word has
])
def test_letter_pattern_finds_the_commonest_piece(mask, letter, words, expected):
    assert letter_pattern(words, mask, letter) == expected


def test_game_over_sentence_agrees_in_number():
    assert game_over_sentence(State("cat", ("c", "a", "t"), 6), "cat") == "Solved: CAT in 3 guesses with 0 misses."
    assert game_over_sentence(State("cat", ("q", "c", "a", "t"), 6), "cat") == "Solved: CAT in 4 guesses with 1 miss."
    assert game_over_sentence(State("c__", ("c", "q"), 1), "cat").startswith("Hanged after 1 miss")


@pytest.fixture(scope="module")
def frequency():
    return SOLVERS.create("frequency").fit(WORDS)


def test_move_facts_count_the_fitting_words_that_contain_the_letter(frequency):
    f = move_facts(frequency, new_game(5), "o", WORDS)
    assert (f.fitting, f.containing) == (10, 4)  # every word has 5 letters; house mouse horse hoist have an o


def test_a_replay_has_one_sentence_per_recorded_step(frequency):
    record = play(frequency, "thing", 6, record_scores=True)
    moves = narrate(frequency, record, WORDS)
    assert [m.letter for m in moves] == [s.letter for s in record.steps]
    assert moves[-1].after == record.final
    assert all(m.sentence.startswith(m.letter.upper()) or m.sentence.startswith("No word") for m in moves)


def test_letter_view_says_what_the_bars_are(frequency):
    values, label = letter_view(frequency, new_game(5))
    assert label == "share of the words that still fit containing this letter"
    assert values["o"] == pytest.approx(4 / 10)


@pytest.mark.parametrize("state, label, wins", [
    (new_game(7), "chance this letter is in the word", False),  # no seven-letter word: the letter model's chances
    (new_game(5), "how much this letter helps to win", True),  # ten fitting words: played out
])
def test_best_says_whether_its_bars_are_hit_chances_or_win_values(state, label, wins):
    best = SOLVERS.create("best").fit(WORDS)
    assert best.plays_rollouts(state) == wins
    values, said = letter_view(best, state)
    assert said.startswith(label) and all(0 <= v <= 1 for v in values.values())
    letter = max(values, key=values.__getitem__)
    facts = move_facts(best, state, letter, WORDS)
    assert facts.wins == wins and (facts.chance is None) == wins
    assert ("chance of winning" in move_sentence(facts)) == (wins and facts.containing < facts.fitting)
