"""Inflected clues: -ing and verb -s clues made plain, phrasal-verb answers inflected on their verb (HACKSUP)."""
import pytest

from core.crossword.clues import cluetypes as ct
from core.crossword.knowledge.table import normalise_clue

COMMON = {"get": 6.3, "gett": 2.0, "lure": 3.7, "lur": 1.8, "cut": 5.2, "join": 5.0, "hurry": 4.1, "hurri": 1.3,
          "walk": 5.0, "fix": 4.8, "fixe": 2.2, "use": 5.8, "us": 6.0, "stop": 5.5, "stopp": 1.6}


def freq(word: str) -> float:
    """A fixed frequency table (Zipf) standing in for wordfreq."""
    return COMMON.get(word, 0.0)


@pytest.mark.parametrize("word, ending, expected", [
    ("getting", "ing", "get"),  # the doubled consonant undone
    ("luring", "ing", "lure"),  # the dropped e put back
    ("lured", "ed", "lure"),
    ("stopped", "ed", "stop"),
    ("hurried", "ed", "hurry"),
    ("fixes", "s", "fix"),  # -es, more common than 'fixe'
    ("uses", "s", "use"),  # 'us' is more common but shorter than three letters
    ("cuts", "s", "cut"),
    ("walking", "ed", None),  # not that ending
    ("zorbing", "ing", None),  # no common base: no guess
])
def test_verb_base_picks_the_most_common_plain_form(word, ending, expected):
    assert ct.verb_base(word, ending, freq) == expected


@pytest.mark.parametrize("clue, expected", [
    ("Getting square", [("get square", "ing")]),
    ("Cuts to pieces", [("cuts to piece", "s"), ("cut to pieces", "s")]),  # plural of the last word, or a verb's -s
    ("Joins the bandwagon?", [("join the bandwagon?", "s")]),
    ("Lured on", [("lure on", "ed")]),  # the e of a past tense put back
    ("Walked slowly", [("walk slowly", "ed")]),
    ("Hurried off", [("hurry off", "ed")]),
    ("Loud dogs", [("loud dog", "s")]),  # one entry: the last word is no verb
    ("Zorbing downhill", []),  # an -ing word with no common base
    ("Sing", []),  # too short for -ing
    ("Bus stop", []),  # -us is no verb's -s
    ("Gets ___", []),  # a blank is the blank handler's
    ("See 17-Across", []),
])
def test_base_clues_make_ing_and_verb_s_clues_plain(clue, expected):
    assert ct.base_clues(normalise_clue(clue), freq) == expected


@pytest.mark.parametrize("answer, ending, present, absent", [
    ("HACKUP", "s", {"HACKSUP", "HACKUPS"}, {"HACKUP"}),  # the verb's -s, and the whole answer's
    ("PAYUP", "ing", {"PAYINGUP"}, set()),
    ("LUREON", "ed", {"LUREDON"}, set()),
    ("RUSHIN", "s", {"RUSHESIN"}, set()),
    ("STOP", "ed", {"STOPPED", "STOPED"}, set()),  # a short verb's doubled consonant (and the plain form)
    ("VISIT", "ed", {"VISITED"}, {"VISITTED"}),  # no doubling past four letters
    ("SNOW", "ing", {"SNOWING"}, {"SNOWWING"}),  # never a doubled W
    ("UP", "s", {"UPS"}, {"SUP"}),  # a particle alone is no phrasal verb
])
def test_inflected_forms_put_the_ending_on_the_verb(answer, ending, present, absent):
    forms = set(ct.inflected_forms(answer, ending))
    assert present <= forms and not (absent & forms)


@pytest.mark.parametrize("bases, ending, length, expected", [
    ({"HACKUP": 0.4}, "s", 7, {"HACKSUP": 0.4, "HACKUPS": 0.4}),
    ({"PAYUP": 0.3}, "ing", 8, {"PAYINGUP": 0.3, "PAYUPING": 0.3}),
    ({"PAYUP": 0.3, "SETTLE": 0.1}, "ing", 8, {"PAYINGUP": 0.3, "PAYUPING": 0.3, "SETTLING": 0.1}),
    ({"HOPON": 0.5}, "s", 9, {}),  # no form of the slot's length
])
def test_inflected_answers_of_phrasal_verbs_keep_the_slot_length(bases, ending, length, expected):
    assert ct.inflected_answers(bases, ending, length) == expected


@pytest.mark.parametrize("length, ending, expected", [
    (7, "s", (6, 5)),
    (7, "ed", (6, 5, 4)),  # +D, +ED, a doubled consonant +ED
    (8, "ing", (6, 5, 4)),  # -E +ING, +ING, a doubled consonant +ING
])
def test_base_lengths_cover_every_form(length, ending, expected):
    assert ct.base_lengths(length, ending) == expected
