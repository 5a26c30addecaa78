"""A usage example as a blank clue: the string search gives what the per-lemma pattern gave, on awkward cases too."""
import pytest

from core.words.wordnet import _example_clue_by_pattern, example_clue

CASES = [
    ("it is the least I can do", "least"),
    ("It Is The LEAST I can do", "least"),  # case-blind
    ("an ice-cream cone on a hot day", "ice_cream"),  # a hyphen between the lemma's words
    ("an ice cream cone and an ice cream sundae", "ice_cream"),  # twice: no clue
    ("the leastwise way of all", "least"),  # inside a longer word: no clue
    ("unleast at least twice", "least"),  # once as a word, once inside one
    ("a well-to-do family in town", "well-to-do"),
    ("a well to do family in town", "well-to-do"),  # spaces where the lemma has hyphens
    ("a least", "least"),  # too little left
    ("café au lait, and a croissant", "café_au_lait"),  # letters beyond ASCII
    ("Straße und Weg und mehr", "straße"),
    ("İstanbul was Constantinople", "istanbul"),  # an example whose lower case is longer: the pattern decides
    ("the dog's bone was buried", "dog's"),
    ("one 4-H club met; the 4-H fair", "4-H"),
    ("a tab\tseparated least word here", "least"),
    ("", "least"),
]


@pytest.mark.parametrize("example,lemma", CASES)
def test_the_string_search_agrees_with_the_pattern(example, lemma):
    assert example_clue(example, lemma) == _example_clue_by_pattern(example, lemma)


@pytest.mark.parametrize("example,lemma,clue", [
    ("It Is The LEAST I can do", "least", "It Is The ___ I can do"),
    ("an ice-cream cone on a hot day", "ice_cream", "an ___ cone on a hot day"),
    ("unleast at least twice", "least", "unleast at ___ twice"),
    ("the leastwise way of all", "least", None),
])
def test_the_blank_replaces_the_lemma_once(example, lemma, clue):
    assert example_clue(example, lemma) == clue
