"""The packaged guesser reads a clue through its own words' WordNet definitions (core.crossword.packaged)."""
import pytest

from core.crossword.clues import clue_table
from core.crossword.models import fit_models
from core.crossword.packaged import PackagedGuesser, clue_word_answers, gloss_expansion_answers

# WordNet-like data: 'petri dish' and 'gel' are lemmas, AGAR's gloss shares no word with "Petri dish gel"
TINY_GRAPH = {
    "noun": ["00000010 06 n 01 Petri_dish 0 000 | a shallow dish used to culture bacteria",
             "00000020 06 n 01 gel 0 000 | a colloid in a more solid form than a sol",
             "00000030 06 n 01 agar 0 000 | a culture medium made from red algae",
             "00000040 06 n 01 tray 0 000 | an open receptacle for holding objects"],
    "verb": [], "adj": [], "adv": [],
}
GLOSSES = [("a shallow dish used to culture bacteria", "PETRIDISH"),
           ("a colloid in a more solid form than a sol", "GEL"),
           ("a culture medium made from red algae", "AGAR"),
           ("an open receptacle for holding objects", "TRAY"),
           ("a colloid that is not a culture", "SOLS"),
           ("small dish for sauces", "BOAT")]


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    from core.crossword.wordnet import load_graph

    folder = tmp_path_factory.mktemp("wordnet-glosses")
    for pos, lines in TINY_GRAPH.items():
        (folder / f"data.{pos}").write_text("  licence line\n" + "".join(line + "  \n" for line in lines))
    return load_graph(folder)


@pytest.fixture(scope="module")
def models():
    return fit_models(clue_table(GLOSSES), use_cache=False, word2vec=False, extra_words=False)


@pytest.mark.parametrize("clue, named", [
    ("petri dish gel", ["PETRIDISH", "GEL"]),  # a word pair is a lemma, and a single word
    ("petri dishes", ["PETRIDISH"]),  # in its base form
    ("the of and", []),  # stopwords name nothing
    ("", []),
])
def test_the_clues_words_name_their_wordnet_answers(graph, clue, named):
    assert clue_word_answers(graph, clue) == named


def test_a_clue_read_through_its_words_definitions_finds_an_answer_sharing_no_word_with_it(graph, models):
    # 'culture' is in PETRIDISH's definition and AGAR's, never in the clue
    assert "AGAR" in gloss_expansion_answers(models.answer_docs, graph, "petri dish gel", 4, None)
    assert "AGAR" not in gloss_expansion_answers(models.answer_docs, graph, "petri dish gel", 4, None, weight=0.0)


@pytest.mark.parametrize("clue, length, pattern, absent", [
    ("petri dish gel", 3, None, "GEL"),  # an answer the clue itself names is never proposed
    ("petri dish gel", 4, "T___", "AGAR"),  # the crossing letters rule it out
    ("petri dish gel", 5, None, "AGAR"),  # the wrong length
    ("xyzzy", 4, None, "AGAR"),  # a clue whose words name nothing reads no definitions
])
def test_the_definitions_source_keeps_to_length_pattern_and_the_clues_own_words(graph, models, clue, length,
                                                                                pattern, absent):
    assert absent not in gloss_expansion_answers(models.answer_docs, graph, clue, length, pattern)


def test_the_packaged_guesser_adds_the_definitions_candidates_without_a_new_column(graph, models, monkeypatch):
    import core.crossword.packaged as packaged
    from core.crossword.packaged import PackagedKnowledge

    monkeypatch.setattr(packaged, "installed_knowledge", lambda: PackagedKnowledge((), (), (), {}, {}, (), (), ()))
    monkeypatch.setitem(models.__dict__, "wordnet", graph)
    guesser = PackagedGuesser(models)
    answers, feats = guesser.features("Petri dish gel", 4)
    assert "AGAR" in answers
    assert feats.shape == (len(answers), len(PackagedGuesser.FEATURES)) == (len(answers), len(guesser.weights))
    assert len(PackagedGuesser.FEATURES) == 25  # the shipped calibration's columns (feature version v4-p2)
    conf, tags = guesser.candidates_with_sources("Petri dish gel", 4)
    assert tags["AGAR"] == (PackagedGuesser.DEFINITIONS,)  # proposed by no other source: the page says which did
    assert "similar" in tags["BOAT"] or "words" in tags["BOAT"]  # 'dish' in its definition: not this source's tag


def test_the_definitions_source_has_words_on_the_page():
    from core.crossword.explain import NO_SOURCE, source_label, source_phrase

    tag = PackagedGuesser.DEFINITIONS
    assert source_phrase((tag,), "AGAR", archive=False) != NO_SOURCE
    assert source_label((tag,)) == tag
