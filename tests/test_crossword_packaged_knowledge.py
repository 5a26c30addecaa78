"""The packaged clue knowledge (core.crossword.clues.packaged): WordNet phrases for blanks, name parts, siblings."""
import numpy as np
import pytest

from tests.test_crossword_plain_progress import technical_terms

from core.crossword.knowledge.table import clue_table
from core.crossword.knowledge.models import fit_models
from core.crossword.clues.packaged import (PackagedGuesser, blank_phrase_answers, blank_words, name_part_answers,
                                     packaged_sources, parse_knowledge, sibling_answers, words_of)

TINY = {
    "noun": ["00000010 15 n 02 Rio_de_Janeiro 0 Rio 0 000 | the former capital of Brazil; a port",
             "00000020 15 n 01 pas_de_deux 0 000 | a dance for two",
             "00000030 15 n 02 Ravi_Shankar 0 Shankar 0 000 | Indian sitar player",
             "00000040 15 n 01 shankar_tape 0 000 | a tape made of cloth",
             "00000050 05 n 01 chicken 0 000 | a domestic fowl",
             "00000060 05 n 01 rooster 0 001 @ 00000050 n 0000 | adult male chicken",
             "00000070 05 n 01 hen 0 001 @ 00000050 n 0000 | adult female chicken",
             "00000080 05 n 01 Stratford-upon-Avon 0 000 | a town in central England",
             "00000090 05 n 01 Ursa_Major 0 000 | a constellation near the pole",
             "00000100 05 n 01 drum_major 0 000 | the leader of a marching band"],
    "verb": [], "adj": [], "adv": [],
}


def wordnet_folder(tmp_path_factory, name: str, tables: dict):
    """A folder of WordNet data.* files holding these synset lines (after a licence line, as the real files)."""
    folder = tmp_path_factory.mktemp(name)
    for pos, lines in tables.items():
        (folder / f"data.{pos}").write_text("  licence line\n" + "".join(line + "  \n" for line in lines))
    return folder


@pytest.fixture(scope="module")
def knowledge(tmp_path_factory):
    # the chicken's hyponym links are read from the hyponyms' hypernym pointers
    return parse_knowledge(wordnet_folder(tmp_path_factory, "wordnet", TINY))


@pytest.mark.parametrize("lemma, words", [
    ("Stratford-upon-Avon", ("stratford", "upon", "avon")),
    ("ice_cream", ("ice", "cream")),
    ("Rio(a)", ("rio",)),  # an adjective marker is not a word
])
def test_lemmas_split_into_lower_case_words(lemma, words):
    assert words_of(lemma) == words


@pytest.mark.parametrize("clue, words", [
    ("___ de janeiro", ([], ["de", "janeiro"])),
    ("stratford upon ___", (["stratford", "upon"], [])),
    ("___ major (constellation)", ([], ["major"])),  # the bracket is not the blank's phrase
    ("no blank here", None),
])
def test_blank_words_are_two_a_side_within_the_blanks_phrase(clue, words):
    assert blank_words(clue) == words


@pytest.mark.parametrize("clue, length, best, absent", [
    ("___ de janeiro", 3, "RIO", "PAS"),  # both words after the blank beat one ('pas de deux' matches 'de' only)
    ("stratford upon ___", 4, "AVON", None),  # a hyphenated lemma
    ("___ major (constellation)", 4, "URSA", None),  # the gloss's 'constellation' puts URSA before DRUM
    ("___ de janeiro", 5, None, "RIO"),  # the wrong length proposes nothing of that phrase
])
def test_blank_phrases_complete_the_gap_with_the_phrase_whose_words_surround_it(knowledge, clue, length, best, absent):
    found = blank_phrase_answers(knowledge, clue, length)
    if best:
        assert max(found, key=found.get) == best
        assert all(found[a] < found[best] for a in found if a != best)
    if absent and absent in found and best:
        assert found[absent] < found[best]
    if not best:
        assert absent not in found


def test_a_phrase_must_hold_the_clues_words_beside_the_gap(knowledge):
    # 'de' alone after the blank: RIO's phrase continues with 'janeiro', which the clue does not hold at that place
    assert "RIO" not in blank_phrase_answers(knowledge, "rio ___ janeiro", 3)
    assert blank_phrase_answers(knowledge, "rio ___ janeiro", 2) == {"DE": 0.8}


@pytest.mark.parametrize("clue, length, answer, wrong", [
    ("sitar player shankar", 4, "RAVI", "TAPE"),  # the gloss names a sitar player: the name beats the tape
    ("sitar player ravi", 7, "SHANKAR", None),
])
def test_name_parts_rank_the_phrase_whose_gloss_matches_the_clue(knowledge, clue, length, answer, wrong):
    found = name_part_answers(knowledge, clue, length)
    assert max(found, key=found.get) == answer
    if wrong:
        assert found[wrong] < found[answer]


def test_a_name_part_already_in_the_clue_is_not_proposed(knowledge):
    assert "RAVI" not in name_part_answers(knowledge, "ravi shankar", 4)


@pytest.mark.parametrize("clue, length, answer", [
    ("rooster's mate", 3, "HEN"),  # a sibling under 'chicken' of one clue word
    ("rooster", 3, "HEN"),  # the whole clue
])
def test_siblings_share_a_hypernym_with_the_clue(knowledge, clue, length, answer):
    assert answer in sibling_answers(knowledge, clue, length)
    assert "ROOSTER" not in sibling_answers(knowledge, clue, 7)  # never the clue's own synset


def test_long_clues_propose_no_siblings(knowledge):
    assert sibling_answers(knowledge, "a rooster is a kind of bird that sings early", 3) == {}


@pytest.mark.parametrize("row, tags", [
    ({8: 1.0, 21: 0.5}, ("synonym", "dictionary phrase")),  # the hybrid's tag first
    ({14: 0.9, 22: 0.5}, ("dictionary name", "words")),  # a packaged tag before the bare 'definition words'
    ({23: 1.0}, ("dictionary sibling",)),
    ({}, ()),
])
def test_packaged_source_tags(row, tags):
    feats = np.zeros(len(PackagedGuesser.FEATURES))
    for j, v in row.items():
        feats[j] = v
    assert packaged_sources(feats, 21, PackagedGuesser.SOURCES) == tags


def test_the_packaged_guesser_proposes_and_tags_its_sources(knowledge, monkeypatch):
    import core.crossword.clues.packaged as packaged

    monkeypatch.setattr(packaged, "installed_knowledge", lambda: knowledge)
    models = fit_models(clue_table([("a port city", "RIO"), ("a dance", "PASDEDEUX")]), use_cache=False,
                        word2vec=False, extra_words=False)
    guesser = PackagedGuesser(models, wordnet=False, meaning=False)
    answers, feats = guesser.features("___ de Janeiro", 3)
    assert feats.shape == (len(answers), len(PackagedGuesser.FEATURES)) == (len(answers), len(guesser.weights))
    conf, tags = guesser.candidates_with_sources("___ de Janeiro", 3)
    assert "dictionary phrase" in tags["RIO"]
    assert max(conf, key=conf.get) == "RIO"
    assert all(np.isfinite(list(conf.values())))


TINY_GRAPH = {
    "noun": ["00000010 05 n 01 manuscript 0 000 | a handwritten book"],
    "verb": ["00000010 35 v 03 reject 0 turn_down 0 pass_up 0 001 @ 00000020 v 0000 | refuse to accept",
             "00000020 35 v 01 refuse 0 000 | show unwillingness"],
    "adj": [], "adv": [],
}


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    from core.words.wordnet import load_graph

    return load_graph(wordnet_folder(tmp_path_factory, "wordnet-graph", TINY_GRAPH))


@pytest.mark.parametrize("clue, length, answer, score", [
    ("turn down, as a manuscript", 6, "REJECT", 1.0),  # the head clause before the comma is a WordNet lemma
    ("turn down, as a manuscript", 6, "REFUSE", 0.5),  # its hypernym: a relative, weaker
    ("turned down, as a manuscript", 8, "REJECTED", 1.0),  # inflected like the clause
    ("politely turn down offers", 6, "REJECT", 0.8),  # a word group inside the clue
])
def test_part_synonyms_come_from_the_head_clause_or_a_word_group(graph, clue, length, answer, score):
    from core.crossword.clues.packaged import part_synonym_answers

    assert part_synonym_answers(graph, clue, length).get(answer) == score


@pytest.mark.parametrize("clue", ["turn down", "manuscript", "", "a ___ b"])
def test_a_clue_that_is_its_own_head_gives_no_part_synonyms(graph, clue):
    from core.crossword.clues.packaged import part_synonym_answers

    assert part_synonym_answers(graph, clue, 6) == {}  # the hybrid's own synonym feature covers the whole clue


@pytest.mark.parametrize("warm, on_disk", [(True, False), (True, True), (False, False), (False, True)])
def test_the_first_visit_bar_reads_the_packaged_knowledge_first_with_its_share(monkeypatch, warm, on_disk):
    from types import SimpleNamespace

    import core.crossword.clues.packaged as packaged
    from core.crossword import preparation
    import core.crossword.knowledge.wordnet_table as wordnet

    monkeypatch.setattr(wordnet, "wordnet_table", lambda progress: progress(1, 1, "table") or "table")
    monkeypatch.setattr(wordnet, "wordnet_table_folder", lambda: wordnet.Path("/nonexistent"))  # not built: an
    # earlier test's WordNet table in the session's cache would otherwise shrink the table's share of the bar
    monkeypatch.setattr(preparation, "fit_models", lambda table, progress, **kw: SimpleNamespace(info={}))
    monkeypatch.setattr(preparation, "model_folder", lambda table, *args: wordnet.Path("/nonexistent"))
    monkeypatch.setattr(preparation, "with_info", lambda models, info: models)
    monkeypatch.setattr(preparation, "warm_up", lambda models, progress: progress(1, 1, "warm"))
    monkeypatch.setattr(preparation, "packaged_knowledge_on_disk", lambda: on_disk)
    read = []
    monkeypatch.setattr(packaged, "installed_knowledge", lambda: read.append(1))
    monkeypatch.setattr("core.crossword.clues.references.installed_references", lambda: read.append(2))
    monkeypatch.setattr("core.crossword.data.PACKAGED_CALIBRATION", wordnet.Path("/nonexistent"))
    calls = []
    preparation.wordnet_models(lambda done, total, message: calls.append((done, message)), warm=warm)
    assert read == [1, 2], "the knowledge and the books are read under the bar, warm or not (the first guess needs them)"
    steps = [d for d, _ in calls]
    assert steps == sorted(steps) and steps[-1] == 1000
    assert calls[0][1].startswith("reading WordNet's names")
    ready = next(d for d, m in calls if m == "names, phrases and reference books ready")
    share = preparation.wordnet_seconds({"knowledge": on_disk}, warm)
    expected = round(1000 * share["knowledge"] / sum(share.values()))
    assert abs(ready - expected) <= 2, "the knowledge has its share of the bar: large when built, small when read"


@pytest.mark.parametrize("tag", [tag for tag, _ in PackagedGuesser.SOURCES])
def test_every_packaged_source_has_words_on_the_page(tag):
    from core.crossword.explain import NO_SOURCE, source_label, source_phrase

    assert source_phrase((tag,), "RIO", archive=False) != NO_SOURCE
    label = source_label((tag,))
    assert label and not technical_terms([label]), label  # the candidate list names it in plain words


@pytest.mark.parametrize("example, lemma, clue", [
    ("it is the least I can do", "least", "it is the ___ I can do"),
    ("You must comply or else!", "else", "You must comply or ___!"),
    ("an ice-cream cone", "ice_cream", "an ___ cone"),  # a hyphen in the text, an underscore in the lemma
    ("the leastwise thing", "least", None),  # only whole words
    ("least of all the least", "least", None),  # twice: which one is the blank is unclear
    ("a least", "least", None),  # too little left to be a clue
])
def test_usage_examples_become_blank_clues(example, lemma, clue):
    from core.words.wordnet import example_clue

    assert example_clue(example, lemma) == clue


def test_the_wordnet_pairs_hold_usage_examples_as_blanks(tmp_path):
    from core.crossword.knowledge.wordnet_table import wordnet_pairs

    for pos, lines in {"noun": ['00000010 05 n 01 least 0 000 | something of least importance; '
                                '"it is the least I can do"'], "verb": [], "adj": [], "adv": []}.items():
        (tmp_path / f"data.{pos}").write_text("".join(line + "  \n" for line in lines))
    assert ("it is the ___ i can do", "LEAST") in wordnet_pairs(tmp_path)


def test_an_ampersand_is_and_beside_a_blank():
    assert blank_words("\"law & ___\"") == (["law", "and"], [])


def test_a_name_part_is_never_a_lone_stopword(tmp_path):
    for pos in ("noun", "verb", "adj", "adv"):
        (tmp_path / f"data.{pos}").write_text("00000010 05 n 01 law_and_order 0 000 | a state of civil order  \n"
                                              if pos == "noun" else "")
    small = parse_knowledge(tmp_path)
    assert "AND" not in name_part_answers(small, "civil law", 3)
    assert "ORDER" in name_part_answers(small, "civil law", 5)
    assert "ANDORDER" in name_part_answers(small, "civil law", 8)  # the whole rest of the phrase still is
    assert blank_phrase_answers(small, "\"law & ___\"", 5) == {"ORDER": 0.8}


def tiny_packaged_models(knowledge, monkeypatch):
    """Packaged models over three clues (no Word2Vec, no wordfreq words), the tiny WordNet knowledge installed."""
    import core.crossword.clues.packaged as packaged

    monkeypatch.setattr(packaged, "installed_knowledge", lambda: knowledge)
    return fit_models(clue_table([("a port city", "RIO"), ("a dance", "PASDEDEUX"), ("a large bird", "EMU")]),
                      use_cache=False, word2vec=False, extra_words=False)


@pytest.mark.parametrize("words, kept", [
    (["New York", "o'hare", "X-ray", "Dr."], ("NEWYORK", "OHARE", "XRAY")),  # spaces, apostrophes, hyphens go
    (["ab", "café", "R2D2", "abc", "ABC"], ("ABC",)),  # too short, not A-Z, digits; each word once
    ([], ()),
])
def test_theme_words_are_the_lists_letters_only_words(words, kept):
    from core.crossword.clues.packaged import theme_words

    assert theme_words(words) == kept


def test_an_uploaded_word_lists_words_join_the_answers(knowledge, monkeypatch):
    from core.crossword.clues.packaged import THEME_CONFIDENCE, THEME_TAG, with_theme_words

    models = tiny_packaged_models(knowledge, monkeypatch)
    themed = with_theme_words(models, ["zebra", "ZONKS", "emu"])
    assert themed.dictionary.of_length(5)[0][:2] == ("ZEBRA", "ZONKS")  # they lead the fill's words of their length
    assert "ZEBRA" not in models.dictionary.index(5)  # the models given stay as they were (a cached object)
    guesser = PackagedGuesser(themed, wordnet=False, meaning=False)
    conf, tags = guesser.candidates_with_sources("striped animal", 5)
    assert conf["ZEBRA"] >= THEME_CONFIDENCE and THEME_TAG in tags["ZEBRA"]
    assert "ZONKS" not in guesser.candidates_with_sources("striped animal", 5, "Z_B__")[0]  # must fit the letters
    assert "ZEBRA" not in guesser.candidates("zebra crossing", 5)  # never a word of the clue itself
    plain = PackagedGuesser(models, wordnet=False, meaning=False).candidates_with_sources("striped animal", 5)[0]
    assert "ZEBRA" not in plain  # without the list, nothing proposes it


def test_the_packaged_guesser_can_read_the_clue_against_the_glosses_by_meaning(knowledge, monkeypatch):
    import core.crossword.knowledge.meaning as meaning

    vocab = ("organ", "blood", "pumps", "heart", "muscular", "port", "city", "dance", "bird", "large")

    def toy(texts):
        """A bag-of-words encoder over a tiny vocabulary (tests never distil the real model)."""
        out = np.array([[float(w in str(t).split()) for w in vocab] for t in texts], np.float32) + 1e-3
        return out / np.linalg.norm(out, axis=1, keepdims=True)

    monkeypatch.setattr(meaning, "DIM", len(vocab))
    monkeypatch.setattr(meaning, "text_vectors", lambda texts, progress=None: toy(list(texts)).astype(np.float16))
    monkeypatch.setattr(meaning, "clue_meaning", lambda clue: toy([clue])[0])
    import core.crossword.clues.packaged as packaged

    monkeypatch.setattr(packaged, "installed_knowledge", lambda: knowledge)
    models = fit_models(clue_table([("the hollow muscular organ that moves the blood", "HEART"),
                                    ("a large bird", "HERON")]), use_cache=False, word2vec=False, extra_words=False)
    assert PackagedGuesser(models, wordnet=False).feature_names == PackagedGuesser.FEATURES  # off unless asked
    guesser = PackagedGuesser(models, wordnet=False, meaning=True)
    assert guesser.feature_names[-2:] == ("meaning confidence", "meaning best cosine")
    answers, feats = guesser.features("organ that pumps blood", 5)
    row = dict(zip(answers, feats[:, -1]))
    assert row["HEART"] > 0.5 > row.get("HERON", 0.0)


@pytest.mark.parametrize("word, stem_", [("pumps", "pump"), ("pumped", "pump"), ("pumping", "pump"), ("glass", "glass"),
                                         ("bus", "bus"), ("organ", "organ"), ("bees", "bee")])
def test_stems_join_plural_and_verb_forms(word, stem_):
    from core.crossword.clues.packaged import stem

    assert stem(word) == stem_


ORGANS = {"noun": ["00000010 05 n 03 heart 0 pump 0 ticker 0 000 | the hollow muscular organ; it moves the blood",
                   "00000020 05 n 01 liver 0 000 | a large organ that cleans the blood",
                   "00000030 05 n 01 lymph 0 000 | a clear fluid like blood plasma"],
          "verb": [], "adj": [], "adv": []}


@pytest.mark.parametrize("clue, length, best, share", [
    ("organ that pumps blood", 5, "HEART", 1.0),  # 'pump' is one of HEART's synonyms: its entry holds every word
    ("cleans the blood", 5, "LIVER", 1.0),
    ("blood", 5, None, None),  # one word held by all three entries: a tie, no best
    ("quasar", 5, None, None),  # no entry holds it
])
def test_definitions_rank_the_entry_holding_most_of_the_clues_words(tmp_path_factory, clue, length, best, share):
    from core.crossword.clues.packaged import definition_answers

    found = definition_answers(parse_knowledge(wordnet_folder(tmp_path_factory, "organs", ORGANS)), clue, length)
    if best is None:
        assert len(set(found.values())) <= 1
        return
    assert max(found, key=found.get) == best and found[best] == pytest.approx(share)
    assert all(v < found[best] for a, v in found.items() if a != best)


@pytest.mark.parametrize("clue, length, whole", [
    ("organ that pumps blood", 5, {"HEART"}),  # HEART's entry holds organ, pump (a synonym) and blood; LIVER's two
    ("organ blood", 5, {"HEART", "LIVER"}),  # every entry holding all the words counts, not only the first
    ("cleans the blood", 5, {"LIVER"}),
    ("pumps blood plasma", 5, set()),  # HEART's entry holds two of the words, LYMPH's two: no entry all three
    ("blood", 5, set()),  # a one-word clue's full match never counts, though all three entries hold it
    ("organ that pumps blood", 6, {"TICKER"}),  # the same entry's other synonym of that length
    ("organ that pumps blood", 7, set()),  # no entry's answer of this length
    ("quasar nebula", 5, set()),
])
def test_a_whole_definition_match_needs_every_word_of_a_clue_of_two_or_more(tmp_path_factory, clue, length, whole):
    from core.crossword.clues.packaged import definition_answers, whole_definition_answers

    found = definition_answers(parse_knowledge(wordnet_folder(tmp_path_factory, "organs", ORGANS)), clue, length)
    assert set(whole_definition_answers(found, clue)) == whole


def test_the_packaged_guesser_weighs_a_whole_definition_match_in_its_own_column(tmp_path_factory, monkeypatch):
    import core.crossword.clues.packaged as packaged

    organs = parse_knowledge(wordnet_folder(tmp_path_factory, "organs", ORGANS))
    monkeypatch.setattr(packaged, "installed_knowledge", lambda: organs)
    models = fit_models(clue_table([("a small bird", "WREN")]), use_cache=False, word2vec=False, extra_words=False)
    guesser = PackagedGuesser(models, wordnet=False, meaning=False)
    column = guesser.feature_names.index(PackagedGuesser.WHOLE_DEFINITION)
    answers, feats = guesser.features("Organ that pumps blood", 5)
    whole = dict(zip(answers, feats[:, column]))
    assert whole["HEART"] == 1.0 and whole["LIVER"] == 0.0
    conf = guesser.candidates("Organ that pumps blood", 5)
    assert max(conf, key=conf.get) == "HEART"


def test_the_shipped_packaged_calibration_weighs_the_packaged_guessers_columns():
    import json

    from core.crossword.data import PACKAGED_CALIBRATION

    doc = json.loads(PACKAGED_CALIBRATION.read_text())
    assert doc["feature_version"] == PackagedGuesser.FEATURE_VERSION  # else the models silently fall back to defaults
    assert doc["features"] == list(PackagedGuesser.FEATURES) and len(doc["weights"]) == len(PackagedGuesser.FEATURES)
    assert "census first name or surname the clue asks for (1 / rank by how common)" in doc["features"]
    assert all(np.isfinite(doc["weights"])) and np.isfinite(doc["bias"])


@pytest.mark.parametrize("lemmas, hypernym_lemmas, modifiers", [
    (["Amish_sect"], [["sect", "religious_sect", "religious_order"]], ("AMISH",)),  # a sect: the other word
    (["Arno", "Arno_River", "River_Arno"], [["river"]], ("ARNO",)),  # the kind first or last, said once
    (["apple_tree"], [["fruit_tree"]], ("APPLE",)),  # one word of a two-word hypernym is enough
    (["heart", "pump"], [["organ"]], ()),  # one-word lemmas have no modifier
    (["fruit_tree"], [["angiospermous_tree", "flowering_tree"]], ("FRUIT",)),  # any lemma of a hypernym may name the kind
    (["tree_tree"], [["tree"]], ()),  # both words are the kind: no other word
    (["sea_of_Japan"], [["sea"]], ()),  # three words: a phrase, not a modifier and its kind
    (["Ursa_Major"], [["constellation"]], ()),  # neither word names the kind
    (["of_course"], [["course"]], ()),  # the other word is a stopword
    (["ox_cart"], [["cart"]], ()),  # the other word is too short to stand alone
    (["Amish_sect"], [], ()),  # no hypernym, no kind
])
def test_a_two_word_lemma_naming_its_kind_gives_its_other_word(lemmas, hypernym_lemmas, modifiers):
    from core.crossword.clues.packaged import modifier_answers

    assert modifier_answers(lemmas, hypernym_lemmas) == modifiers


SECTS = {"noun": ["00000010 14 n 03 sect 0 religious_sect 0 religious_order 0 000 | a subdivision of a larger religious group",
                  "00000020 14 n 01 Amish_sect 0 001 @ 00000010 n 0000 | an orthodox Anabaptist sect; settled in southeastern Pennsylvania",
                  "00000030 14 n 01 Irish 0 000 | people of Ireland",
                  "00000040 14 n 01 Pennsylvania 0 000 | a Mid-Atlantic state; one of the original 13 colonies"],
         "verb": [], "adj": [], "adv": []}


@pytest.mark.parametrize("clue, length, best, absent", [
    ("Pennsylvania Dutch group", 5, "AMISH", ()),  # the sect's entry names Pennsylvania; its lemma names a sect
    ("Anabaptist sect", 5, "AMISH", ()),
    ("Anabaptist sect", 9, "AMISHSECT", ()),  # the whole lemma stays an answer at its own length
    ("Pennsylvania Dutch group", 4, "SECT", ()),  # the kind answers from its own entry ('religious group') alone
    ("Irish people", 5, "IRISH", ("AMISH",)),  # no word of the sect's entry: no modifier
    ("quasar nebula", 5, None, ("AMISH",)),
])
def test_a_definition_proposes_the_modifier_of_an_entry_whose_lemma_names_its_kind(tmp_path_factory, clue, length,
                                                                                    best, absent):
    from core.crossword.clues.packaged import definition_answers

    found = definition_answers(parse_knowledge(wordnet_folder(tmp_path_factory, "sects", SECTS)), clue, length)
    assert (max(found, key=found.get) if found else None) == best
    assert not set(absent) & set(found)


# --- inflected clues get their entries' answers inflected like them ('Took a seat' -> SAT, 'Rye breads' -> RYES) ---

INFLECTIONS = {"noun": ["00000010 05 n 01 rye 0 000 | bread made of rye flour",
                        "00000020 05 n 01 orzo 0 000 | pasta shaped like rice grains",
                        "00000030 05 n 01 seat 0 000 | a spot to sit"],
               "verb": ["00000040 29 v 01 sit 0 000 01 + 02 00 | take a seat",
                        "00000050 29 v 01 bake 0 000 01 + 02 00 | cook rye bread in an oven"],
               "adj": ["00000060 00 a 01 seated 0 000 | sitting in a seat"], "adv": []}
EXCEPTIONS = {"took": (("take", "ed"),), "geese": (("goose", "s"),), "left": (("leave", "ed"),)}
IRREGULAR = {("SIT", "ed"): ("SAT",), ("TAKE", "ed"): ("TOOK", "TAKEN")}


@pytest.fixture(scope="module")
def inflections(tmp_path_factory):
    return parse_knowledge(wordnet_folder(tmp_path_factory, "inflections", INFLECTIONS))


@pytest.mark.parametrize("clue, length, exceptions, proposed, absent", [
    ("Took a seat", 3, EXCEPTIONS, {"SAT": 1.0}, ()),  # 'took' read as 'take': SIT's gloss; SIT's past is SAT
    ("Took a seat", 3, {}, {}, ("SAT",)),  # without the exception list 'took' is no form of 'take'
    ("Take a seat", 3, EXCEPTIONS, {"SIT": 1.0}, ("SAT",)),  # a plain clue: the plain answer only
    ("Rye breads", 4, EXCEPTIONS, {"RYES": 1.0}, ()),  # a plural clue: the entry's noun with -S
    ("Rye bread", 4, EXCEPTIONS, {}, ("RYES",)),  # a singular clue: no plural proposed
    ("Rice-shaped pastas", 5, EXCEPTIONS, {"ORZOS": 1.0}, ()),
    ("Spots to sit", 5, EXCEPTIONS, {"SEATS": 1.0}, ("SEATEDS",)),  # -S on nouns and verbs, never on adjectives
    ("Spots to sit", 7, EXCEPTIONS, {}, ("SEATEDS",)),
    ("Cooked rye bread in an oven", 5, EXCEPTIONS, {"BAKED": 1.0}, ()),  # a past tense: the verb's -ED
    ("Cooked rye bread", 4, EXCEPTIONS, {}, ("RYED",)),  # -ED on verbs only (RYE is a noun)
])
def test_an_inflected_clues_definitions_are_inflected_like_it(inflections, clue, length, exceptions, proposed, absent):
    from core.crossword.clues.packaged import definition_answers

    found = definition_answers(inflections, clue, length, exceptions=exceptions, irregular=IRREGULAR, heads={})
    assert {a: found.get(a) for a in proposed} == pytest.approx(proposed)
    assert not set(absent) & set(found)


@pytest.mark.parametrize("clue, endings", [
    ("rye breads", ("s",)), ("pumps iron", ("s",)), ("walked slowly", ("ed",)), ("getting square", ("ing",)),
    ("organ that pumps blood", ()),  # a verb in -s inside the clue marks no plural answer
    ("glass", ()), ("bus", ()), ("pumps", ("s",)), ("___ breads", ("s",)), ("", ()),
])
def test_a_clues_inflections_are_read_from_its_first_and_last_words(clue, endings):
    from core.crossword.clues.packaged import clue_endings

    assert clue_endings(clue) == endings


@pytest.mark.parametrize("clue, variants", [
    ("took a seat", [({"take", "seat"}, "ed")]),
    ("wild geese", [({"wild", "goose"}, "s")]),  # the last word: a plural noun
    ("geese flew south", [({"goose", "flew", "south"}, "s")]),  # a first word takes any of its inflections
    ("turn to the left", []),  # the last word as a past tense ('left' -> 'leave') is no plural: not read
    ("rye bread", []),
])
def test_an_irregular_word_of_a_clue_is_read_as_its_base(clue, variants):
    from core.crossword.clues.packaged import clue_stems, irregular_variants

    assert irregular_variants(clue, clue_stems(clue), EXCEPTIONS) == variants


def test_the_packaged_guesser_proposes_the_inflected_definition_as_a_whole_match(inflections, monkeypatch):
    import core.crossword.clues.packaged as packaged

    monkeypatch.setattr(packaged, "installed_knowledge", lambda: inflections)
    models = fit_models(clue_table([("a small bird", "WREN")]), use_cache=False, word2vec=False, extra_words=False)
    guesser = PackagedGuesser(models, wordnet=False, meaning=False)
    answers, feats = guesser.features("Took a seat", 3)  # the installed WordNet's exception lists: took -> take
    row = dict(zip(answers, feats[:, guesser.feature_names.index(PackagedGuesser.WHOLE_DEFINITION)]))
    assert row.get("SAT") == 1.0 and row.get("SIT", 0.0) == 0.0


# a chain of kinds: a bassoon is a double-reed instrument, which is a woodwind, which is a device; eleven herbs are
# kinds of plant
KINDS = {"noun": ["00000010 06 n 01 device 0 000 | an instrumentality invented for a purpose",
                  "00000020 06 n 01 woodwind 0 001 @ 00000010 n 0000 | a wind instrument of wood",
                  "00000030 06 n 01 double-reed_instrument 0 001 @ 00000020 n 0000 | a reed instrument with two reeds",
                  "00000040 06 n 01 bassoon 0 001 @ 00000030 n 0000 | the tenor of the oboe family",
                  "00000050 06 n 01 tuba 0 000 | a large brass instrument of low pitch",
                  "00000060 06 n 01 plant 0 000 | a living organism lacking the power of locomotion"]
         + [f"{70 + 10 * i:08d} 06 n 01 {herb} 0 001 @ 00000060 n 0000 | an aromatic herb"
            for i, herb in enumerate("anise basil borage chervil chives dill fennel lovage mint oregano sage".split())],
         # a verb's own kinds (to spot is a way to spy) are not read: "Spot with your eyes" once gave SPY over SEE
         "verb": ["00000500 39 v 01 spy 0 000 01 + 02 00 | catch sight of",
                  "00000510 39 v 01 spot 0 001 @ 00000500 v 0000 01 + 02 00 | detect with the senses"],
         "adj": [], "adv": []}


@pytest.mark.parametrize("clue, length, proposed, absent", [
    ("Deep-toned woodwind", 7, "BASSOON", None),  # the kind two links up, in no word of its gloss
    ("Oboe family woodwind", 7, "BASSOON", None),  # its gloss and its kind together hold every word
    ("Reed instrument", 7, "BASSOON", None),  # the kind one link up
    ("Large device", 7, None, "BASSOON"),  # three links up is too general to name it
    ("Instrument of low pitch", 4, "TUBA", None),  # a gloss alone, as before
    ("Sage, e.g.", 5, None, "PLANT"),  # eleven kinds of its own are too many to read an entry with
    ("Spot, perhaps", 3, None, "SPY"),  # a verb is not read with its own kinds
    ("Spy secretly", 4, "SPOT", None),  # a verb still holds the kinds it is of: SPOT's entry holds 'spy'
])
def test_a_definition_reaches_an_entry_through_the_kinds_it_is_of(tmp_path_factory, clue, length, proposed, absent):
    from core.crossword.clues.packaged import definition_answers

    found = definition_answers(parse_knowledge(wordnet_folder(tmp_path_factory, "kinds", KINDS)), clue, length)
    if proposed:
        assert proposed in found
    if absent:
        assert absent not in found


def test_an_entry_holding_every_word_through_its_kind_is_a_whole_definition(tmp_path_factory):
    from core.crossword.clues.packaged import definition_answers, whole_definition_answers

    found = definition_answers(parse_knowledge(wordnet_folder(tmp_path_factory, "kinds", KINDS)),
                               "Oboe family woodwind", 7)
    assert whole_definition_answers(found, "Oboe family woodwind") == {"BASSOON": 1.0}


def test_an_entry_is_read_with_the_names_of_its_few_own_kinds(tmp_path_factory):
    from core.crossword.clues.packaged import definition_answers

    found = definition_answers(parse_knowledge(wordnet_folder(tmp_path_factory, "kinds", KINDS)),
                               "Double-reed instrument, e.g.", 8)
    assert found["WOODWIND"] == pytest.approx(1.0)  # its one kind of its own holds every word of the clue
