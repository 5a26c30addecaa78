"""People's names for clues that ask for one (core.crossword.clues.people) and their place in the packaged guesser."""
import pytest

from core.crossword.clues.people import (FIRST, LAST, NameLists, asked_name, census_folder, commonness, installed_names,
                                   load_names, name_answers, person_words, read_census)

NAMES = NameLists.of(  # census shares, percent of people
    first={"JAMES": 3.3, "JANET": 0.6, "JASON": 0.7, "TOM": 0.6, "TED": 0.5, "EVA": 0.4, "OTIS": 0.3, "STAN": 0.5,
           "CAROL": 0.65, "ELLA": 0.4},
    last={"SMITH": 1.0, "HANKS": 0.3, "GETZ": 0.2, "JONES": 0.6, "LONGORIA": 0.2, "REDDING": 0.2, "TEA": 0.1,
          "LIGHT": 0.2, "HOOKS": 0.2, "FITZGERALD": 0.4, "BOND": 0.5})
ROLES = frozenset({"actor", "actress", "saxophonist", "singer", "father", "indian", "painter"})
ZIPF = {"tea": 5.0, "light": 5.4, "hooks": 3.6, "hanks": 3.0, "longoria": 2.0, "stan": 4.0, "redding": 2.5,
        "chagall": 2.3, "fitzgerald": 3.5, "baby": 5.3}


def zipf(word: str) -> float:
    """A stand-in for wordfreq's Zipf frequency (common words high, rare names low)."""
    return ZIPF.get(word, 6.0 if len(word) <= 3 else 4.0)


@pytest.mark.parametrize("clue, length, answer, kind", [
    ("bond's first name", 5, "JAMES", NAMES.first),  # said outright
    ("actor ___ hanks", 3, "TOM", NAMES.first),  # a kind of person, a blank, a surname: the first name
    ("actress longoria", 3, "EVA", NAMES.first),  # a kind of person and a surname: the first name
    ("saxophonist stan", 4, "GETZ", NAMES.last),  # a kind of person and a first name: the surname
    ("redding who sang \"dock of the bay\"", 4, "OTIS", NAMES.first),  # a rare word starting '... who': a person
    ("painter chagall", 4, "ELLA", NAMES.first),  # a surname too rare for the lists: still a first name
    ("a surname", 5, "SMITH", NAMES.last),
])
def test_a_clue_that_asks_for_a_name_gets_every_name_of_that_kind_and_length(clue, length, answer, kind):
    found = name_answers(clue, length, NAMES, ROLES, frequency=zipf)
    assert answer in found
    by_commonness = sorted((a for a in kind if len(a) == length), key=lambda a: (-kind[a], a))
    assert found == {a: 1 / (i + 1) for i, a in enumerate(by_commonness)}  # every one, 1 / rank by how common


def test_the_commonest_name_comes_first():
    found = name_answers("bond's first name", 5, NAMES, ROLES, frequency=zipf)
    assert list(found) == ["JAMES", "JASON", "CAROL", "JANET"]


@pytest.mark.parametrize("clue", [
    "organ that pumps blood",  # no person at all
    "father, to a baby",  # a kind of person, but 'to' is no name
    "spiced indian tea",  # 'tea' is a census surname but a common English word
    "hooks, of a sort",  # a comma: no person called Hooks
    "green light",  # 'green' is no kind of person here, 'light' too common
])
def test_a_clue_that_asks_for_no_name_gets_nothing_from_the_name_lists(clue):
    assert name_answers(clue, 5, NAMES, ROLES, frequency=zipf) == {}


@pytest.mark.parametrize("clue, kind", [
    ("bond's first name", FIRST), ("singer's maiden name", LAST), ("nickname for theresa", FIRST),
    ("actress longoria", FIRST), ("saxophonist stan", LAST), ("singer fitzgerald", FIRST),
    ("organ that pumps blood", None), ("actress", None),
])
def test_which_part_of_a_name_the_clue_asks_for(clue, kind):
    assert asked_name(clue, NAMES, ROLES, zipf) == kind


def test_a_pattern_reaches_names_past_the_first_hundred():
    lists = NameLists.of(first={f"A{i:03d}X": 1.0 for i in range(300)} | {"ZOE": 1.0, "JAMES": 0.5}, last={})
    assert "JAMES" not in name_answers("first name", 5, lists, ROLES, frequency=zipf)
    assert name_answers("first name", 5, lists, ROLES, pattern="J___S", frequency=zipf) == {"JAMES": 1.0}


def test_without_the_lists_the_source_proposes_nothing(monkeypatch):
    import importlib.util

    empty = NameLists.empty()
    assert name_answers("bond's first name", 5, empty, ROLES, frequency=zipf) == {}
    assert load_names(None) == empty
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    assert census_folder() is None


def test_census_lines_become_shares_and_commonness_is_a_log_scale():
    lines = ["JAMES          3.318  3.318      1", "ZYGMUNT        0.001 90.000   1200", "O'NEIL 0.1 1 1", ""]
    assert read_census(lines) == {"JAMES": 3.318, "ZYGMUNT": 0.001}  # letters only
    assert commonness(1.0) == 1.0 and commonness(0.1) == 0.75 and commonness(1e-4) == 0.0
    assert commonness(0.01) > commonness(0.001) > 0


def test_the_installed_census_lists_rank_james_first_for_bonds_first_name():
    names = installed_names()
    assert len(names.first) > 5000 and len(names.last) > 80000, "the pinned census lists are installed"
    found = name_answers("bond's first name", 5, names, ROLES)
    assert max(found, key=found.get) == "JAMES"
    assert name_answers("organ that pumps blood", 5, names, ROLES) == {}



def test_the_census_lists_read_back_from_their_cache_are_the_lists_read():
    from core.crossword.clues.people import load_names

    installed_names.cache_clear()
    first = installed_names()  # read from the text, then cached on disk
    installed_names.cache_clear()
    assert installed_names() == first == load_names(census_folder())  # the second from the cache file


PEOPLE = {
    "noun": ["00000010 03 n 01 person 0 000 | a human being",
             "00000020 18 n 01 actress 0 001 @ 00000010 n 0000 | a female actor",
             "00000030 18 n 01 Hanks 0 001 @i 00000020 n 0000 | United States film actor",
             "00000040 18 n 01 green 0 001 @ 00000010 n 0000 | an inexperienced person",
             "00000050 18 n 01 singer 0 001 @ 00000010 n 0000 | a person who sings",
             "00000060 05 n 01 rock 0 000 | a lump of stone"],
    "verb": ["00000070 30 v 01 sing 0 000 | produce tones with the voice"],
    "adj": ["00000080 00 a 01 green 0 000 | of the colour of grass"], "adv": [],
}


def test_kinds_of_person_come_from_the_dictionary_without_named_people_or_other_senses(tmp_path):
    from core.crossword.clues.packaged import parse_knowledge

    for pos, lines in PEOPLE.items():
        (tmp_path / f"data.{pos}").write_text("".join(line + "  \n" for line in lines))
    roles = person_words(parse_knowledge(tmp_path))
    assert {"actress", "singer", "person"} <= roles
    assert "hanks" not in roles  # a named instance, not a kind of person
    assert "green" not in roles  # an adjective too: 'Green light' names no person
    assert "rock" not in roles


def test_the_packaged_guesser_proposes_and_tags_names_only_for_name_clues(monkeypatch):
    import core.crossword.clues.packaged as packaged
    from core.crossword.knowledge.table import clue_table
    from core.crossword.knowledge.models import fit_models
    from core.crossword.clues.packaged import NAME_TAG, PackagedGuesser, PackagedKnowledge

    monkeypatch.setattr(packaged, "installed_knowledge", lambda: PackagedKnowledge((), (), (), {}, {}, (), (), ()))
    monkeypatch.setattr(packaged, "installed_names", lambda: NAMES)
    models = fit_models(clue_table([("a small bird", "WREN")]), use_cache=False, word2vec=False, extra_words=False)
    guesser = PackagedGuesser(models, wordnet=False, meaning=False)
    answers, feats = guesser.features("Bond's first name", 5)
    column = PackagedGuesser.FEATURES.index(dict(PackagedGuesser.SOURCES)[NAME_TAG])
    column_of = dict(zip(answers, feats[:, column]))
    assert (column_of["JAMES"], column_of["JASON"]) == (1.0, 0.5)  # 1 / rank by how common
    conf, tags = guesser.candidates_with_sources("Bond's first name", 5)
    assert NAME_TAG in tags["JAMES"] and max(conf, key=conf.get) == "JAMES"
    conf, tags = guesser.candidates_with_sources("Organ that pumps blood", 5)
    assert not any(NAME_TAG in t for t in tags.values())


FAMOUS = {  # named people and characters (instances, '@i') beside phrases that are no person
    "noun": ["00000010 03 n 01 person 0 000 | a human being",
             "00000020 18 n 01 agent 0 001 @ 00000010 n 0000 | a secret agent",
             "00000030 18 n 02 Bond 0 James_Bond 0 001 @i 00000020 n 0000 | British secret operative 007 in novels",
             "00000040 18 n 02 Fleming 0 Ian_Fleming 0 001 @i 00000090 n 0000 | British writer of spy novels",
             "00000050 18 n 03 Shankar 0 Ravi_Shankar 0 Shankar_Ravi 0 001 @i 00000010 n 0000 | Indian sitar player",
             "00000060 18 n 02 Lear 0 King_Lear 0 001 @i 00000010 n 0000 | a legendary king of Britain",
             "00000070 21 n 01 savings_bond 0 000 | a bond sold by the government",
             "00000090 18 n 01 author 0 001 @ 00000010 n 0000 | a writer of books",
             "00000080 15 n 02 The_Hague 0 Hague 0 001 @i 00000010 n 0000 | the seat of government of the Netherlands"],
    "verb": [], "adj": [], "adv": [],
}
FAMOUS_ZIPF = {"bond": 4.59, "fleming": 3.56, "shankar": 2.98, "king": 5.17, "lear": 3.0, "hague": 3.65,
               "savings": 4.5, "author": 4.8, "sitar": 2.5, "player": 5.0, "first": 6.0, "name": 6.0}
FAMOUS_NAMES = NameLists.of(first={"JAMES": 3.3, "RAVI": 0.01, "IAN": 0.1},
                            last={"BOND": 0.5, "FLEMING": 0.1, "SHANKAR": 0.01, "LEAR": 0.01, "HAGUE": 0.01})
FAMOUS_ROLES = frozenset({"author", "player", "agent", "person", "king"})


@pytest.fixture(scope="module")
def famous(tmp_path_factory):
    from core.crossword.clues.packaged import parse_knowledge

    folder = tmp_path_factory.mktemp("famous")
    for pos, lines in FAMOUS.items():
        (folder / f"data.{pos}").write_text("".join(line + "  \n" for line in lines))
    return parse_knowledge(folder)


def famous_zipf(word: str) -> float:
    """Zipf frequencies for the famous-name tests (unknown words common)."""
    return FAMOUS_ZIPF.get(word, 6.0)


@pytest.mark.parametrize("clue, length, expected", [
    ("bond's first name", 5, {"JAMES": 1.0}),  # the instance James Bond: the part before the clue's name
    ("author fleming", 3, {"IAN": 0.5}),  # a kind of person and a surname
    ("sitar player shankar", 4, {"RAVI": 1.0}),  # the clue's other words all in the person's gloss
])
def test_a_named_persons_other_name_answers_a_clue_that_asks_for_it(famous, clue, length, expected):
    from core.crossword.clues.people import famous_name_answers

    assert famous_name_answers(famous, clue, length, FAMOUS_NAMES, FAMOUS_ROLES, famous_zipf) == expected


@pytest.mark.parametrize("clue, length", [
    ("bond's last name", 5),  # James sits before Bond: no surname of Bond's is known
    ("savings bond", 7),  # asks for no name, and a savings bond is no person
    ("bond's first name", 4),  # no named Bond's first name has four letters
    ("\"the hague\" author fleming", 3),  # IAN, but never THE from the quoted title's words
    ("king's last name", 4),  # 'king' is too common a word to name King Lear
    ("organ that pumps blood", 5),
])
def test_clues_that_name_no_known_person_get_no_famous_name(famous, clue, length):
    from core.crossword.clues.people import famous_name_answers

    found = famous_name_answers(famous, clue, length, FAMOUS_NAMES, FAMOUS_ROLES, famous_zipf)
    assert found == ({"IAN": 0.5} if "fleming" in clue else {})


def test_the_installed_dictionary_names_james_for_bonds_first_name():
    from core.crossword.clues.packaged import installed_knowledge
    from core.crossword.clues.people import famous_name_answers

    knowledge = installed_knowledge()
    roles = person_words(knowledge)
    assert famous_name_answers(knowledge, "bond's first name", 5, installed_names(), roles) == {"JAMES": 1.0}
    assert famous_name_answers(knowledge, "sitar player shankar", 4, installed_names(), roles) == {"RAVI": 1.0}


@pytest.mark.parametrize("clue, answers, marked", [
    ("bond's first name", ["JAMES", "NAMER", "ALIAS"], {"NAMER", "ALIAS"}),  # words that are no first name
    ("actress longoria", ["EVA", "ERA"], {"ERA"}),
    ("saxophonist stan", ["GETZ", "JAMES"], {"JAMES"}),  # asks for a surname: a first name is no answer
    ("bond's first name", ["RAVI"], set()),  # a name the dictionary's people know counts (below: known)
    ("organ that pumps blood", ["HEART", "NAMER"], set()),  # asks for no name: nothing marked
])
def test_a_name_clue_marks_the_answers_that_are_no_name(clue, answers, marked):
    from core.crossword.clues.people import unknown_names

    found = unknown_names(clue, answers, NAMES, ROLES, known={"RAVI": 1.0}, frequency=zipf)
    assert found == {a: 1.0 for a in marked}


def test_the_packaged_guesser_ranks_a_famous_persons_name_with_its_own_columns(famous, monkeypatch):
    import core.crossword.clues.packaged as packaged
    from core.crossword.knowledge.table import clue_table
    from core.crossword.knowledge.models import fit_models
    from core.crossword.clues.packaged import FAMOUS_TAG, PackagedGuesser

    monkeypatch.setattr(packaged, "installed_knowledge", lambda: famous)
    monkeypatch.setattr(packaged, "installed_names", lambda: FAMOUS_NAMES)
    models = fit_models(clue_table([("a small bird", "WREN")]), use_cache=False, word2vec=False, extra_words=False)
    guesser = PackagedGuesser(models, wordnet=False, meaning=False)
    answers, feats = guesser.features("Author Fleming", 3)
    row = dict(zip(answers, feats))
    famous_column = PackagedGuesser.FEATURES.index(dict(PackagedGuesser.SOURCES)[FAMOUS_TAG])
    no_name = PackagedGuesser.FEATURES.index(PackagedGuesser.NO_NAME)
    assert row["IAN"][famous_column] == 0.5 and row["IAN"][no_name] == 0.0
    conf, tags = guesser.candidates_with_sources("Author Fleming", 3)
    assert FAMOUS_TAG in tags["IAN"] and max(conf, key=conf.get) == "IAN"
    _, tags = guesser.candidates_with_sources("Organ that pumps blood", 5)
    assert not any(FAMOUS_TAG in t for t in tags.values())
