"""The tip game's narration: answer groups of a tip and the one plain sentence per move."""
import pytest

from core.tipgame.explain import answer_groups, groups_sentence, move_sentence, narrate
from core.tipgame.rules import BEGINS, BOTH, CONTAINS, ENDS, IS, NO

WORDS = ["haus", "maus", "laus", "hans", "saus", "aus", "sah"]

GROUPS = [
    # tip, words, expected groups (every word counted once per time it is listed)
    ("s", WORDS, {ENDS: 5, BOTH: 1, BEGINS: 1, CONTAINS: 0}),
    ("aus", WORDS, {IS: 1, ENDS: 4, NO: 2}),
    ("x", WORDS, {NO: 7}),
    ("haus", ["haus", "haus", "maus"], {IS: 2, NO: 1}),  # a duplicate is drawn twice as often
    ("a", [], {}),
    ("ha", WORDS, {BEGINS: 2, NO: 5}),
    ("au", WORDS, {CONTAINS: 4, BEGINS: 1, NO: 2}),
]


@pytest.mark.parametrize("tip,words,expected", GROUPS, ids=[f"{g[0]}-{len(g[1])}" for g in GROUPS])
def test_answer_groups_count_every_listed_word(tip, words, expected):
    got = answer_groups(words, tip)
    assert got == {c: n for c, n in expected.items() if n}
    assert sum(got.values()) == len(words)


SENTENCES = [
    ({NO: 230, CONTAINS: 120, ENDS: 80, BEGINS: 60, BOTH: 10},
     '"n": 230 words don\'t contain it, 120 contain it, 80 end with it, 60 begin with it and 10 begin and end with it.'),
    ({CONTAINS: 1, NO: 1}, '"n": 1 word doesn\'t contain it and 1 contains it.'),  # singular verbs, ties by answer
    ({ENDS: 1}, '"n": 1 word ends with it.'),
    ({IS: 1, NO: 3}, '"n": 3 words don\'t contain it and 1 is the tip itself.'),  # "is" last, whatever its size
    ({BOTH: 1, BEGINS: 2}, '"n": 2 words begin with it and 1 begins and ends with it.'),
    ({NO: 1500, CONTAINS: 0}, '"n": 1,500 words don\'t contain it.'),  # thousands separated, empty groups left out
    ({}, '"n": no word is left to ask about.'),
]


@pytest.mark.parametrize("groups,sentence", SENTENCES, ids=[s[1][:30] for s in SENTENCES])
def test_groups_sentence_reads_as_plain_words(groups, sentence):
    assert groups_sentence("n", groups) == sentence


MOVES = [
    (1, NO, 1, "The game says the hidden word doesn't contain it, so 1 word is left."),
    (2, CONTAINS, 120, "The game says the hidden word contains it in the middle, so 120 words are left."),
    (1, IS, 0, "The game says it is the hidden word: found in 1 try."),
    (7, IS, 0, "found in 7 tries."),
]


@pytest.mark.parametrize("number,code,left,tail", MOVES)
def test_move_sentence_says_what_the_game_answered_and_what_is_left(number, code, left, tail):
    s = move_sentence(number, "au", code, {CONTAINS: 4, NO: 3}, left)
    assert s.startswith(f'Tip {number}, "au": 4 words contain it and 3 don\'t contain it.')
    assert s.endswith(tail)


def test_narrate_follows_the_game_to_the_word():
    moves = narrate(["s", "h", "hans", "haus"], "haus", WORDS)
    assert moves[0].groups == answer_groups(WORDS, "s") and moves[0].before == 7
    assert moves[0].left == 5  # ends with s: haus maus laus hans aus
    assert moves[1].before == 5 and moves[1].answer == BEGINS and moves[1].left == 2  # haus hans
    assert moves[2].tip == "hans" and moves[2].answer == NO and moves[2].left == 1
    assert moves[-1].answer == IS and moves[-1].tip == "haus" and len(moves) == 4
    assert all(m.sentence.startswith(f"Tip {m.number},") for m in moves)


def test_narrate_stops_at_the_word():
    moves = narrate(["haus", "maus"], "haus", WORDS)
    assert len(moves) == 1 and moves[0].answer == IS


def test_the_tree_chart_labels_its_root_and_colours_it():
    from core.tipgame.charts import tree_figure
    from core.tipgame.tree import Node

    root = Node("s", ((ENDS, Node("haus", ((NO, Node("maus")),))), (BEGINS, Node("sah"))))
    fig = tree_figure(root, ["haus", "maus", "sah"])
    trace = fig.data[0]
    labels = dict(zip(trace.ids, trace.labels))
    assert labels["root"] == "first tip: s"
    assert labels["root/2"] == "ends with → haus"
    assert trace.root.color not in (None, "rgba(0,0,0,0)")  # the root block is drawn, not left blank


def test_the_tree_chart_says_1_word_not_1_words():
    from core.tipgame.charts import tree_figure
    from core.tipgame.tree import Node

    root = Node("s", ((ENDS, Node("haus", ((NO, Node("maus")),))), (BEGINS, Node("sah"))))
    trace = tree_figure(root, ["haus", "maus", "sah"]).data[0]
    sizes = dict(zip(trace.ids, trace.text))
    assert "%{text}" in trace.texttemplate and "%{value}" not in trace.texttemplate  # the block's words as written
    assert sizes["root"] == "3 words" and sizes["root/2"] == "2 words" and sizes["root/3"] == "1 word", sizes


@pytest.mark.parametrize("chosen", [NO, CONTAINS, IS])
def test_the_groups_chart_names_the_answer_the_game_gave(chosen):
    from core.tipgame.charts import groups_figure

    groups = {NO: 3, CONTAINS: 2, IS: 1}
    fig = groups_figure(groups, chosen, "au")
    names = list(fig.data[0].y)
    assert [n for n in names if n.endswith("(the answer)")] == [names[[NO, CONTAINS, ENDS, BEGINS, BOTH, IS].index(chosen)]]
    assert list(fig.data[0].x) == [3, 2, 0, 0, 0, 1]  # every answer shown, empty ones as 0
    assert '"au"' in fig.layout.title.text


@pytest.mark.parametrize("words, expected", [
    (["house", "mouse", "house"], "house (2 times), mouse"),
    (["a", "b"], "a, b"),
    ([], ""),
])
def test_listed_text_names_each_word_once_with_how_often_it_is_listed(words, expected):
    from core.tipgame.explain import listed_text

    assert listed_text(words) == expected


def test_the_bounds_chart_writes_every_figure_inside_its_bar_so_a_narrow_chart_cuts_none():
    from core.tipgame.charts import mean_vs_bound

    fig = mean_vs_bound({"this tree": 6.972, "quick (greedy) tree": 7.004}, {"counting only": 4.612})
    bar = fig.data[0]
    assert list(bar.text) == ["6.972", "7.004", "4.612"] and bar.textposition == "inside"
    assert all(len(line) <= 30 for line in fig.layout.title.text.split("<br>"))  # fits half a 1024-pixel page


FOUND = [
    # word, tries, who, the whole sentence (a word like "until" is quoted, never read as part of the sentence)
    ("until", 6, "", "Found the word \u201cuntil\u201d in 6 tries."),
    ("haus", 1, "", "Found the word \u201chaus\u201d in 1 try."),
    ("natürlich", 4, "You", "You found the word \u201cnatürlich\u201d in 4 tries."),
]


@pytest.mark.parametrize("word, n, who, sentence", FOUND)
def test_the_found_sentence_is_whole_with_the_word_quoted(word, n, who, sentence):
    from core.tipgame.explain import found_sentence

    assert found_sentence(word, n, who) == sentence
