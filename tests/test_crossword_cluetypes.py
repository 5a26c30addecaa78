"""Clue-type handlers: recognising blanks, abbreviations, foreign words, cross-references, wordplay and inflections,
and the answers each proposes (core.crossword.clues.cluetypes), wired into the hybrid guesser and the candidate list."""
from dataclasses import replace

import numpy as np
import pytest

from core.crossword.clues import cluetypes as ct
from core.crossword.knowledge.table import clue_table, normalise_clue
from core.crossword.explain import source_label
from core.crossword.clues.guessers import HybridGuesser, feature_sources
from core.crossword.knowledge.models import fit_models
from core.words.wordnet import abbreviation_answers, is_abbreviation_lemma


def kinds(raw: str) -> tuple:
    return ct.clue_kinds(normalise_clue(raw))


@pytest.mark.parametrize("clue, expected", [
    ("Pop ___", ("blank",)),
    ("___ of the above", ("blank",)),
    ("It's a ---", ("blank",)),  # three dashes are a blank too
    ("user_name field", ()),  # one underscore inside a name is not a blank
    ("Doctor: Abbr.", ("abbreviation",)),
    ("Mil. rank (abbr.)", ("abbreviation",)),
    ("Abbr. on an envelope", ("abbreviation",)),  # the marker mid-clue still counts
    ("Abbreviated", ("inflected",)),  # a word that only starts like the marker is no marker (a past tense)
    ('"Abbr" sung by a band', ()),  # inside quotes it is a title, not a marker
    ("Friend, in Paris", ("foreign",)),
    ("Yes, in Spanish", ("foreign",)),
    ("French friend", ("foreign",)),
    ("Nice guy", ()),  # the city's name opening a clue is an adjective, not a language
    ("Paris's river", ()),  # a city named without 'in' is not a language clue
    ("See 17-Across", ("cross-reference",)),
    ("17-Across partner", ("cross-reference",)),
    ("With 5-Down, a bird", ("cross-reference",)),
    ("Bad start?", ("wordplay",)),
    ('"Why not?" guy', ()),  # a question mark inside quotes is not wordplay
    ('"Is that so?"', ()),
    ("Loud dogs", ("inflected",)),
    ("Glass", ()),  # -ss is not a plural
])
def test_clue_kinds_recognise_each_type(clue, expected):
    assert kinds(clue) == expected


@pytest.mark.parametrize("clue, first, rest", [
    ("See 17-Across", True, []),
    ("see 17 across", True, []),
    ("17-Across partner", False, ["cross-reference"]),
    ("With 5-Down, a bird", False, ["cross-reference"]),
])
def test_see_only_clues_are_told_from_partners(clue, first, rest):
    norm = normalise_clue(clue)
    assert ct.is_see_only(norm) is first
    assert ct.is_cross_reference(norm)


@pytest.fixture(scope="module")
def counts():
    unigrams = {"pop": 1000, "art": 500, "up": 3000, "none": 400, "of": 90000, "ice": 300, "age": 800,
                "sri": 50, "lanka": 60, "the": 100000, "old": 900}
    bigrams = {"pop art": 200, "pop up": 900, "none of": 300, "of the": 40000, "ice age": 150,
               "sri lanka": 49, "old age": 200, "the age": 100, "the ice": 50}
    return ct.phrase_counts_from(unigrams, bigrams)


@pytest.mark.parametrize("clue, length, best", [
    ("Pop ___", 3, "ART"),  # POPUP would be 2 letters for the blank: only 3-letter completions
    ("Pop ___", 2, "UP"),
    ("___ of the above", 4, "NONE"),
    ("___ Lanka", 3, "SRI"),
    ("___ age (glacial time)", 3, "ICE"),  # ICE follows more often than OLD or THE
])
def test_blank_answers_complete_common_phrases(counts, clue, length, best):
    props = ct.blank_answers(normalise_clue(clue), length, counts)
    assert max(props, key=props.get) == best
    assert all(len(a) == length for a in props)
    assert abs(sum(props.values()) - 1.0) < 1e-9


def test_blank_answers_join_two_words_without_a_space(counts):
    props = ct.blank_answers(normalise_clue("The ___ (era of glaciers)"), 6, counts)
    assert max(props, key=props.get) == "ICEAGE"


@pytest.mark.parametrize("clue, context", [
    ("Pop ___", ("pop", "")),
    ("Take for ___ (hoodwink)", ("for", "")),  # words in brackets are not the phrase's
    ("St. John's ___ (herbal remedy)", ("john", "")),  # a lone possessive s is skipped
    ('"Come on, ___ you!"', ("", "you")),  # a comma ends the phrase
    ("___ of the above", ("", "of")),
    ("Pop star", None),
])
def test_blank_context_stays_within_the_blanks_phrase(clue, context):
    assert ct.blank_context(normalise_clue(clue)) == context


@pytest.mark.parametrize("clue", ["Pop star", "user_name field", "___"])
def test_blank_answers_need_a_blank_with_a_neighbour(counts, clue):
    assert ct.blank_answers(normalise_clue(clue), 3, counts) == {}


def test_blank_answers_are_plain_letters():
    counts = ct.phrase_counts_from({"pop": 10, "für": 5, "art": 5}, {"pop für": 9, "pop art": 1, "für pop": 3})
    assert set(ct.blank_answers(normalise_clue("Pop ___"), 3, counts)) == {"ART"}
    assert ct.blank_answers(normalise_clue("___ pop"), 3, counts) == {}


def test_blank_answers_respect_known_letters(counts):
    props = ct.blank_answers(normalise_clue("Pop ___"), 3, counts, pattern="_R_")
    assert set(props) == {"ART"}


@pytest.mark.parametrize("clue, length, expected", [
    ("National Football League: Abbr.", 3, {"NFL"}),
    ("Chief of the staff (abbr.)", 2, {"CS"}),
    ("Doctor: Abbr.", 5, set()),
])
def test_initials_of_an_abbreviation_clue(clue, length, expected):
    assert set(ct.initials(normalise_clue(clue), length)) == expected


def test_abbreviation_answers_keep_synonyms_written_as_abbreviations():
    props = ct.abbreviation_answers(normalise_clue("Doctor: Abbr."), 2, {"DR": 1, "MD": 1, "DOC": 1, "GP": 1},
                                    frozenset({"DR", "MD"}))
    assert set(props) == {"DR", "MD"}
    assert ct.abbreviation_answers(normalise_clue("Doctor"), 2, {"DR": 1}, frozenset({"DR"})) == {}


@pytest.mark.parametrize("lemma, others, expected", [
    ("Dr.", ["doctor", "Dr."], True),
    ("MD", ["doctor", "MD"], True),
    ("USA", ["United_States", "USA"], True),
    ("doc", ["doctor", "doc"], False),  # a short word is not an abbreviation unless written as one
    ("NATO", ["NATO"], False),  # nothing longer beside it to abbreviate
])
def test_wordnet_abbreviation_lemmas(lemma, others, expected):
    assert is_abbreviation_lemma(lemma, others) is expected


def test_wordnet_abbreviations_read_from_data_files(tmp_path):
    line = "00000001 10 n 03 doctor 0 Dr. 0 MD 0 000 | a licensed medical practitioner  \n"
    (tmp_path / "data.noun").write_text(line)
    for pos in ("verb", "adj", "adv"):
        (tmp_path / f"data.{pos}").write_text("")
    assert abbreviation_answers(tmp_path) == frozenset({"DR", "MD"})


@pytest.mark.parametrize("word, letters", [("été", "ETE"), ("amigo", "AMIGO"), ("l'eau", ""), ("ça", "CA")])
def test_plain_letters_drop_accents(word, letters):
    assert ct.plain_letters(word) == letters


def test_foreign_answers_are_common_words_of_the_language():
    props = ct.foreign_answers(normalise_clue("Friend, in Paris"), 3)
    if not ct.foreign_words("fr"):
        pytest.skip("wordfreq not installed")
    assert "AMI" in props and all(len(a) == 3 for a in props)
    assert "AMIGO" in ct.foreign_answers(normalise_clue("Friend, in Madrid"), 5)
    assert ct.foreign_answers(normalise_clue("Friend"), 3) == {}


@pytest.mark.parametrize("clue, expected", [
    ("Loud dogs", [("loud dog", "s")]),
    ("Berries", [("berry", "s")]),
    ("Walked slowly", [("walk slowly", "ed")]),
    ("Hurried off", [("hurry off", "ed")]),
    ("Bus", []),  # -us is no plural
    ("Pop ___s", []),  # a blank is the blank handler's
    ("See 17-Across", []),
])
def test_base_clues_undo_plurals_and_tenses(clue, expected):
    assert ct.base_clues(normalise_clue(clue)) == expected


@pytest.mark.parametrize("bases, ending, length, expected", [
    ({"DOG": 0.5}, "s", 4, {"DOGS": 0.5}),
    ({"BOX": 0.4}, "s", 5, {"BOXES": 0.4}),
    ({"BERRY": 0.3}, "s", 7, {"BERRIES": 0.3}),
    ({"WALK": 0.2}, "ed", 6, {"WALKED": 0.2}),
    ({"DOG": 0.5}, "s", 6, {}),
])
def test_inflected_answers_keep_the_slot_length(bases, ending, length, expected):
    assert ct.inflected_answers(bases, ending, length) == expected


def test_confidence_of_is_monotone_and_bounded():
    values = [ct.confidence_of(x) for x in (0.0, 1e-9, 1e-4, 0.1, 1.0)]
    assert values == sorted(values) and values[0] == 0.0 and values[-1] == 1.0


@pytest.fixture(scope="module")
def tiny_models(tmp_path_factory):
    pairs = [("man's best friend", "DOG"), ("barker", "DOG"), ("feline", "CAT"), ("ice ___", "AGE"),
             ("doctor: abbr.", "DR"), ("street: abbr.", "ST"), ("friend, in paris", "AMI"),
             ("see 17-across", "ERA"), ("bad start?", "OMEN"), ("canine", "DOG")] * 2
    return fit_models(clue_table(pairs, "tiny"), word2vec=False, extra_words=False)


def test_hybrid_guesser_has_a_column_and_weight_for_every_clue_type_feature(tiny_models):
    hybrid = HybridGuesser(tiny_models, wordnet=False)
    answers, feats = hybrid.features("Barkers", 4)
    assert feats.shape == (len(answers), len(hybrid.feature_names)) == (len(answers), len(hybrid.weights))
    assert hybrid.feature_names[:len(HybridGuesser.FEATURES)] == HybridGuesser.FEATURES
    assert "DOGS" in answers  # the base clue 'barker' had DOG: inflected like the clue
    row = feats[answers.index("DOGS")]
    assert row[HybridGuesser.FEATURES.index("inflected like the clue")] > 0
    assert "inflected" in feature_sources(row)


def test_handlers_on_by_default_are_the_ones_that_paid_and_models_can_widen_them(tiny_models):
    assert HybridGuesser(tiny_models).clue_types == frozenset({"inflected", "archive blank"})
    wide = replace(tiny_models, info={"clue_types": HybridGuesser.ALL_CLUE_TYPES})
    assert HybridGuesser(wide).clue_types == frozenset(HybridGuesser.ALL_CLUE_TYPES)
    cross = HybridGuesser.FEATURES.index("cross-reference clue: similar-clue confidence")
    assert HybridGuesser(tiny_models, wordnet=False).features("See 17-Across", 3)[1][:, cross].max() == 0
    assert HybridGuesser(wide, wordnet=False).features("See 17-Across", 3)[1][:, cross].max() > 0


def test_hybrid_guesser_without_handlers_proposes_no_inflections(tiny_models):
    answers, _ = HybridGuesser(tiny_models, wordnet=False, clue_types=()).features("Barkers", 4)
    assert "DOGS" not in answers


def test_cross_reference_and_wordplay_features_fire_only_on_their_clues(tiny_models):
    hybrid = HybridGuesser(tiny_models, wordnet=False, clue_types=HybridGuesser.ALL_CLUE_TYPES)
    cross = HybridGuesser.FEATURES.index("cross-reference clue: similar-clue confidence")
    play = HybridGuesser.FEATURES.index("wordplay clue (?): dictionary evidence")
    _, feats = hybrid.features("See 17-Across", 3)
    assert feats[:, cross].max() > 0
    _, feats = hybrid.features("Man's best friend", 3)
    assert feats[:, cross].max() == 0 and feats[:, play].max() == 0


def test_abbreviation_share_counts_past_abbreviation_clues(tiny_models):
    hybrid = HybridGuesser(tiny_models, wordnet=False)
    share = hybrid.clue_word_share(["DR", "DOG", "NOPE"], ("abbr",), "mister: abbr.", None)
    assert share.tolist() == [1.0, 0.0, 0.0]
    # leave-one-out: the clue's own occurrences do not count for its answer
    left = hybrid.clue_word_share(["DR"], ("abbr",), "doctor: abbr.", "DR")
    assert left.tolist() == [0.0]


@pytest.mark.parametrize("tags, label", [
    (("blank",), "fill-in-the-blank phrase"),
    (("abbreviation", "similar"), "abbreviation, similar clues"),
    (("foreign",), "foreign word"),
    (("inflected",), "plural or past form"),
])
def test_new_sources_read_as_plain_words(tags, label):
    assert source_label(tags) == label


def test_feature_sources_name_each_handler():
    row = np.zeros(len(HybridGuesser.FEATURES))
    row[HybridGuesser.FEATURES.index("fill-in-the-blank phrase")] = 0.4
    row[HybridGuesser.FEATURES.index("word of the clue's language")] = 0.2
    assert feature_sources(row) == ("blank", "foreign")


# --- fill-in-the-blank from the archive's own phrases ---

@pytest.mark.parametrize("clue, answer, texts", [
    ("mona ___", "LISA", ["mona lisa"]),  # a blank clue with its answer written in
    ("___ of the above", "NONE", ["none of the above"]),
    ("mona lisa painter", "DAVINCI", ["mona lisa painter"]),  # any other clue as it reads
    ("___ ___ land", "LALA", ["lala   land"]),  # a second blank is left out, not kept as a word
])
def test_clue_phrase_texts_write_the_answer_into_the_blank(clue, answer, texts):
    assert ct.clue_phrase_texts(clue, answer) == texts


def test_count_phrases_never_pair_words_across_punctuation():
    unigrams, bigrams = ct.count_phrases([("thom mcan (footwear brand)", 2), ('"the wire," tv show', 1)])
    assert bigrams["thom mcan"] == 2 and bigrams["footwear brand"] == 2
    assert "mcan footwear" not in bigrams and "wire tv" not in bigrams  # a bracket and a comma end a phrase
    assert unigrams["thom"] == 2


def archive_counts(pairs):
    from core.crossword.knowledge.table import clue_table

    table = clue_table(pairs)
    return table, ct.phrase_counts_from(*ct.count_phrases(ct.table_phrase_texts(table)))


@pytest.mark.parametrize("clue, length, answer", [
    ("___ lisa", 4, "MONA"),  # a name web word pairs rank low, learned from 'Mona ___' and 'Mona Lisa painter'
    ("thom ___ shoes", 4, "MCAN"),
    ("mother ___", 6, "TERESA"),
])
def test_archive_phrases_complete_names_and_titles(clue, length, answer):
    _, counts = archive_counts([("mona ___", "LISA"), ("mona lisa painter", "DAVINCI"), ("thom ___ footwear", "MCAN"),
                                ("mother ___", "TERESA"), ("mother teresa, e.g.", "NUN"), ("pop ___", "ART")])
    got = ct.blank_answers(normalise_clue(clue), length, counts)
    assert next(iter(got)) == answer, got


def test_archive_phrases_leave_one_pair_out():
    table, counts = archive_counts([("thom ___ footwear", "MCAN"), ("pop ___", "ART")])
    assert "MCAN" in ct.blank_answers("thom ___ footwear", 4, counts)
    alone = ct.without_pair(counts, "thom ___ footwear", "MCAN")
    assert "MCAN" not in ct.blank_answers("thom ___ footwear", 4, alone)  # its own clue cannot complete itself
    assert "ART" in ct.blank_answers("pop ___", 3, alone)


def test_archive_phrase_counts_are_cached_by_table_content(tmp_path, monkeypatch):
    from core.crossword.knowledge.table import clue_table

    monkeypatch.setenv("WORDLAB_CACHE", str(tmp_path))
    one = ct.archive_phrase_counts(clue_table([("mona ___", "LISA")]))
    other = ct.archive_phrase_counts(clue_table([("mona ___", "ROSE")]))
    assert one.bigrams == {"mona lisa": 1} and other.bigrams == {"mona rose": 1}
    assert len(list((tmp_path / "crossword" / "tables").glob("phrases-*.pkl"))) == 2
    assert ct.archive_phrase_counts(clue_table([("mona ___", "LISA")])).bigrams == {"mona lisa": 1}  # from disk


@pytest.fixture(scope="module")
def phrase_models():
    """Tiny models whose training clues hold a name in a blank and in a plain clue."""
    pairs = [(normalise_clue(c), a) for c, a in [("Mona ___", "LISA"), ("Mona Lisa painter", "DAVINCI"),
                                                 ("Thom ___ footwear", "MCAN"), ("Pop ___", "ART"), ("Feline pet", "CAT")]]
    return fit_models(clue_table(pairs), use_cache=False, word2vec=False, extra_words=False)


def blank_column(models, clue, length, exclude=None, clue_types=None):
    guesser = HybridGuesser(models, wordnet=False, clue_types=clue_types)
    answers, feats = guesser.features(clue, length, exclude=exclude)
    column = HybridGuesser.FEATURES.index("fill-in-the-blank phrase")
    return dict(zip(answers, feats[:, column]))


def test_the_hybrid_completes_blanks_from_the_archives_own_phrases(phrase_models):
    assert blank_column(phrase_models, "___ Lisa", 4).get("MONA", 0) > 0  # from 'Mona ___' + LISA
    assert blank_column(phrase_models, "___ Lisa", 4, clue_types=("inflected",)).get("MONA", 0) == 0  # handler off


def test_calibration_never_lets_a_blank_clue_complete_itself(phrase_models):
    assert blank_column(phrase_models, "Thom ___ footwear", 4).get("MCAN", 0) > 0
    assert blank_column(phrase_models, "Thom ___ footwear", 4, exclude="MCAN").get("MCAN", 0) == 0
