"""The tip game plays a list as the game does: a word listed twice is drawn twice as often."""
import gzip

import pytest

from core.tipgame.lists import duplicates, duplicates_note, game_words_from_upload, listed_words, load_game_words
from core.tipgame.tree import score
from core.words import WordListError

LISTED = [
    # file name, bytes, the words as the game draws them
    ("a.txt", b"haus\nmaus\nhaus\n", ["haus", "maus", "haus"]),
    ("b.txt", b"Haus\n haus \nMAUS\r\n\n", ["haus", "haus", "maus"]),  # normalised before counting
    ("c.txt", b"haus\nr2d2\nhaus\n", ["haus", "haus"]),  # rejected lines dropped, repeats kept
    ("d.csv", b"word,count\nhaus,3\nmaus,1\nhaus,2\n", ["haus", "maus", "haus"]),  # the word column, header skipped
    ("e.txt.gz", gzip.compress("straße\nstraße\nfuß\n".encode()), ["straße", "straße", "fuß"]),
    ("f.txt", "über\nu\u0308ber\n".encode(), ["über", "über"]),  # one word in two Unicode spellings
]


@pytest.mark.parametrize("name,data,expected", LISTED, ids=[x[0] for x in LISTED])
def test_an_upload_keeps_every_listed_word_as_often_as_listed(name, data, expected):
    wl, words = game_words_from_upload(data, name)
    assert words == expected
    assert set(words) == set(wl.words)  # the checked list holds each word once


def test_a_bad_upload_is_refused_with_the_list_message():
    with pytest.raises(WordListError):
        game_words_from_upload(b"123\n456\n", "digits.txt")


def test_a_500_line_file_with_one_repeat_plays_500_words(tmp_path):
    words = [f"w{chr(97 + i // 26)}{chr(97 + i % 26)}" for i in range(499)]
    path = tmp_path / "five_hundred.txt"
    path.write_text("\n".join(words + [words[0]]) + "\n")
    played = load_game_words(str(path))
    assert len(played) == 500 and len(set(played)) == 499
    assert played.count(words[0]) == 2


def test_a_repeated_word_counts_twice_in_the_average():
    from core.tipgame.tree import Node
    from core.tipgame.rules import NO

    root = Node("haus", ((NO, Node("maus")),))
    assert score(root, ["haus", "maus"]).mean == 1.5
    assert score(root, ["haus", "haus", "maus"]).mean == pytest.approx(4 / 3)  # haus drawn twice as often


@pytest.mark.parametrize("words,note", [
    (["haus", "maus"], ""),
    (["haus", "maus", "haus"], "1 word is listed more than once: haus (2 times). The game draws a word as often as the "
                               "list holds it, so it plays all 3 entries (2 different words)"),
    (["a", "a", "b", "b", "b"], "2 words are listed more than once: a (2 times), b (3 times)."),
])
def test_the_duplicates_note_says_how_the_game_draws(words, note):
    got = duplicates_note(words)
    assert (got == "") if not note else got.startswith(note)


def test_listed_words_ignores_text_outside_the_list():
    assert listed_words("haus\nmaus\nbaum\n", ["haus", "baum"]) == ["haus", "baum"]
    assert duplicates(["x", "y", "x"]) == {"x": 2}
