"""Linked slots (core.crossword.clues.linked): references in clues, "With 43-Across, ..." groups, the whole phrase's parts
as each slot's candidates, and their source in the candidate list ("joined with 43-Across")."""
import pytest

from core.crossword.clues import linked
from core.crossword.explain import source_label, source_phrase
from core.crossword.puzzle import build_puzzle
from core.crossword.clues.source import NamedSource
from core.crossword.fill.state import slot_evidence
# a 3x5 open grid: 1A, 6A, 7A across (5 letters), 1D-5D down (3 letters)
def grid(clues: dict):
    return build_puzzle(3, 5, frozenset(), clues)


class FakeGuesser(NamedSource):
    """Answers by (clue, length) from a table; records what it was asked."""

    name = "fake"
    models = None

    def __init__(self, table: dict) -> None:
        self.table, self.asked = table, []

    def candidates(self, clue: str, length: int, pattern=None) -> dict:
        self.asked.append((clue, length))
        return dict(self.table.get((clue, length), {}))


@pytest.mark.parametrize("clue, refs", [
    ("See 17-Across", ("17A",)),
    ("see 17 across.", ("17A",)),
    ("With 29-/30-Across, wiggle room", ("29A", "30A")),
    ("Hint to 17-, 27-, 34-, 45- and 57-Across", ("17A", "27A", "34A", "45A", "57A")),
    ("Role for both 20- and 26-Down", ("20D", "26D")),
    ("58-Down 29-Across", ("58D", "29A")),
    ("In 1999, 17-Across", ("17A",)),  # a year before a comma is no slot number
    ('"17-Across" and 5-Down', ("5D",)),  # a reference inside quotes is a title, not a slot
    ("Across the street", ()),
    ("Down and out", ()),
    ("Catch-22", ()),
])
def test_references_name_the_slots_outside_quotes(clue, refs):
    assert linked.references(clue) == refs


@pytest.mark.parametrize("clue, target", [
    ("See 6-Across", ("6A",)),
    ("See 6 Across.", ("6A",)),
    ("See 6-Across for more", ()),  # more words than the pointer: not a bare "see"
    ("Seesaw", ()),
])
def test_see_target_only_for_bare_pointers(clue, target):
    assert linked.see_target(clue) == target


@pytest.mark.parametrize("clues, groups", [
    ({"1A": "With 6-Across, yttrium or scandium", "6A": "See 1-Across"}, [(("1A", "6A"), "yttrium or scandium")]),
    ({"1A": "With 6- and 7-Across, long phrase", "6A": "See 1-Across"}, [(("1A", "6A", "7A"), "long phrase")]),
    ({"7A": "With 1-Down: a thing"}, [(("7A", "1D"), "a thing")]),  # a colon ends the references too
    ({"1A": "With 99-Across, a thing"}, []),  # a slot that does not exist
    ({"1A": "With 1-Across, a thing"}, []),  # a self-reference
    ({"1A": 'With "6-Across," a song'}, []),  # the reference is inside quotes
    ({"1A": "With 6-Across"}, []),  # no clue left for the whole phrase
    ({"1A": "With 6-Across, first", "6A": "With 7-Across, second"}, [(("1A", "6A"), "first")]),  # a chain: first lead
    ({"1A": "See 6-Across", "6A": "See 1-Across"}, []),  # pointers with no lead
    ({"1A": "Yttrium, e.g.", "6A": "Like 1-Across"}, []),  # a reference that is no split phrase
])
def test_linked_groups_need_a_lead_and_existing_other_slots(clues, groups):
    got = linked.linked_groups(grid(clues))
    assert [(g.names, g.clue) for g in got] == groups


@pytest.mark.parametrize("answer, lengths, parts", [
    ("RAREEARTH", (4, 5), ("RARE", "EARTH")),
    ("ABCDEF", (2, 2, 2), ("AB", "CD", "EF")),
    ("RAREEARTHS", (4, 5), ()),  # lengths that do not add up
])
def test_split_answer_cuts_by_slot_lengths(answer, lengths, parts):
    assert linked.split_answer(answer, lengths) == parts


def test_joint_candidates_split_the_whole_phrase_over_the_slots():
    puzzle = grid({"1A": "With 6-Across, metal pair", "6A": "See 1-Across"})
    guesser = FakeGuesser({("metal pair", 10): {"IRONSTEELS": 0.6, "COPPERTINS": 0.2, "TOOLONGANSWER": 0.9}})
    cands, tags = linked.joint_candidates(puzzle, guesser)
    assert guesser.asked == [("metal pair", 10)]
    assert cands == {"1A": {"IRONS": 0.6, "COPPE": 0.2}, "6A": {"TEELS": 0.6, "RTINS": 0.2}}
    assert tags["6A"]["TEELS"] == ("joined with 1-Across",)
    assert tags["1A"]["IRONS"] == ("joined with 6-Across",)


def test_a_part_keeps_its_best_whole_phrase():
    puzzle = grid({"1A": "With 6-Across, x", "6A": "See 1-Across"})
    guesser = FakeGuesser({("x", 10): {"AAAAABBBBB": 0.3, "AAAAACCCCC": 0.7}})
    cands, _ = linked.joint_candidates(puzzle, guesser)
    assert cands["1A"] == {"AAAAA": 0.7}


class SourcedGuesser(FakeGuesser):
    """A guesser that also names its sources, as the hybrid does."""

    def candidates_with_sources(self, clue, length, pattern=None):
        conf = self.candidates(clue, length)
        return conf, {a: ("similar",) for a in conf}


@pytest.mark.parametrize("weight, see_own, expected_6a", [
    (1.0, True, {"JUNKS": 0.9, "TEELS": 0.6}),
    (0.5, True, {"JUNKS": 0.9, "TEELS": 0.3}),
    (1.0, False, {"TEELS": 0.6}),  # the pointer's own words proposed junk: dropped
    (None, True, {"JUNKS": 0.9}),  # linking off: the slot keeps only its own clue's answers
    (None, False, {}),  # a bare pointer's own words say nothing, linked or not
])
def test_slot_evidence_adds_the_parts_with_their_source(weight, see_own, expected_6a):
    puzzle = grid({"1A": "With 6-Across, metal pair", "6A": "See 1-Across"})
    guesser = SourcedGuesser({("metal pair", 10): {"IRONSTEELS": 0.6}, ("See 1-Across", 5): {"JUNKS": 0.9}})
    cands, sources = slot_evidence(puzzle, guesser, linked_weight=weight, see_own=see_own)
    assert cands["6A"] == pytest.approx(expected_6a)
    if weight is not None:
        assert sources["6A"]["TEELS"] == ("joined with 1-Across",)
        assert source_label(sources["6A"]["TEELS"]) == "joined with 1-Across"


def test_a_part_also_proposed_by_its_own_clue_names_both_sources():
    puzzle = grid({"1A": "With 6-Across, metal pair", "6A": "See 1-Across"})
    guesser = SourcedGuesser({("metal pair", 10): {"IRONSTEELS": 0.6}, ("With 6-Across, metal pair", 5): {"IRONS": 0.2}})
    cands, sources = slot_evidence(puzzle, guesser)
    assert cands["1A"]["IRONS"] == pytest.approx(0.6)
    assert sources["1A"]["IRONS"] == ("similar", "joined with 6-Across")


def test_the_story_says_which_slot_a_part_was_joined_with():
    assert "joined with 1-Across" in source_phrase(("joined with 1-Across",), "TEELS", True)
