"""The packaged guesser (no archive: WordNet and wordfreq only) ranks plain definition clues' answers in its top 3
before any crossing letter, the slot's length alone given."""
import pytest

from core.crossword.guessers import HybridGuesser
from core.crossword.pipeline import hybrid_guesser, packaged_models


@pytest.fixture(scope="module")
def guesser():
    """The shipped packaged models' guesser (WordNet's table, names and entries, the calibration in data/)."""
    return hybrid_guesser(packaged_models())


@pytest.mark.parametrize("clue, answer", [
    ("Organ that pumps blood", "HEART"),  # an everyday word with many senses: the old pair count sank it to 9th
    ("Plane with no propeller", "JET"),  # the jet demo's clue: NAT was written here
    ("Frozen water", "ICE"),
    ("Large feline", "LION"),  # PUMA's entry fits as well: top 3, not first
    ("Female sheep", "EWE"),
    ("Small hill", "KNOLL"),
    ("Organ of hearing", "EAR"),
    ("Young dog", "PUP"),
    ("Large body of water", "OCEAN"),
    ("Opera solo", "ARIA"),  # no entry holds 'solo': by meaning ('an elaborate melody sung by a single voice')
    ("Exams", "TESTS"),  # a one-word clue: every entry holding 'exam' matches all of it
])
def test_a_plain_definition_clues_answer_is_in_the_top_3_by_length_alone(guesser, clue, answer):
    ranked = [a for a, _ in guesser.guess(clue, "_" * len(answer), 3)]
    assert answer in ranked, f"{clue!r}: {answer} not in {ranked}"


def test_heart_outranks_the_blood_words_that_led_before(guesser):
    conf = guesser.candidates("Organ that pumps blood", 5)
    assert all(conf["HEART"] > conf.get(other, 0.0) for other in ("SERUM", "CTENE", "DRAWS", "LYMPH"))


def test_the_dictionary_pair_count_does_not_rank_packaged_answers(guesser):
    answers, feats = guesser.features("Organ that pumps blood", 5)
    assert "HEART" in answers
    assert not feats[:, HybridGuesser.FEATURES.index("log answer frequency")].any()  # senses are not commonness
    assert feats[answers.index("HEART"), guesser.feature_names.index("everyday word frequency (Zipf / 8)")] > 0.5
