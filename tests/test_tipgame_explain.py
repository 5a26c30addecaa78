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


GAPS = [
    # bound (or proven optimum), tree's mean, proven, the sentence (its numbers agree: the bound rounded down, the
    # share rounded up, so "at most" stays true)
    (6.81, 6.98, False, "No strategy can average fewer than 6.81 tries on this list; this tree takes 6.98, at most 2.5% "
                        "more than the best possible."),
    (5.896, 6.984, False, "No strategy can average fewer than 5.89 tries on this list; this tree takes 6.98, at most "
                          "18.5% more than the best possible."),
    (37 / 12, 37 / 12, False, "No strategy can average fewer than 3.08 tries on this list, and this tree takes 3.08: no "
                           "strategy does better."),
    (3.083, 3.0833, False, "No strategy can average fewer than 3.08 tries on this list; this tree takes 3.08, at most "
                           "0.1% more than the best possible."),  # a gap too small for two decimals is still said
    (4.4, 4.4, True, "The best possible strategy averages 4.40 tries on this list, and this tree takes 4.40: no "
                     "strategy does better."),
    (4.4, 4.5, True, "The best possible strategy averages 4.40 tries on this list; this tree takes 4.50, 2.3% more."),
]


@pytest.mark.parametrize("bound, mean, proven, sentence", GAPS)
def test_the_gap_sentence_agrees_with_its_numbers(bound, mean, proven, sentence):
    from core.tipgame.explain import gap_sentence

    assert gap_sentence(bound, mean, proven) == sentence


def test_the_gap_chart_puts_every_strategy_and_the_bound_on_one_axis():
    from core.tipgame.charts import gap_figure

    fig = gap_figure({"searched tree": 6.984, "quick tree": 7.12, "even split": 7.352}, 5.896, optimum=None)
    points = {t.y[0] if len(t.y) == 1 else None: list(t.x) for t in fig.data}
    assert list(fig.data[0].x) == [6.984, 7.12, 7.352] and list(fig.data[0].y) == ["searched tree", "quick tree",
                                                                                 "even split"]
    assert points["least possible"] == [5.896] and "best possible" not in points
    assert fig.layout.shapes[0].x1 == 5.896  # the shaded part no strategy reaches ends at the bound
    assert fig.layout.xaxis.range[0] < 5.896 and fig.layout.xaxis.range[1] > 7.352
    with_best = gap_figure({"searched tree": 3.1}, 3.0, optimum=3.05)
    assert [list(t.x) for t in with_best.data[1:]] == [[3.0], [3.05]]
    assert with_best.layout.shapes[0].x1 == 3.05  # with the optimum proven, the grey reaches it
