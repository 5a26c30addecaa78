"""WordNet answers of an inflected clue take the inflection where English puts it: a verb phrase's head
(GETSGOING, not GETGOINGS), a noun phrase's last word (ICECREAMS), irregular forms from the exception lists."""
import pytest

from core.words.wordnet import lemma_forms, load_graph, related_answers, verb_exception_ending

TINY_WORDNET = {
    "noun": ["00000010 05 n 02 dog 0 ice_cream 0 000 | a made-up synset of nouns",
             "00000020 05 n 03 goose 0 wild_goose 0 add-on 0 000 | more nouns",
             "00000030 05 n 02 T_cell 0 yo-yo 0 000 | nouns with a one-letter word and a hyphen"],
    "verb": ["00000010 35 v 02 get_going 0 start 0 001 @ 00000020 v 0000 | begin",
             "00000020 35 v 01 begin 0 000 | start",
             "00000030 35 v 03 take_off 0 depart 0 leave 0 000 | go away",
             "00000040 35 v 03 hop 0 carry 0 go_on 0 000 | verbs of one word and a verb in -o",
             "00000050 35 v 03 x_out 0 blow_one's_nose 0 get_lost 0 000 | a one-letter head, an apostrophe"],
    "adj": ["00000010 00 a 02 well-known 0 far_out 0 000 | adjectives of two words"],
    "adv": [],
}
EXCEPTIONS = {
    "noun": "geese goose\n",
    "verb": "took take\ntaken take\nleft leave\ngetting get\ngot get\ngotten get\nhopped hop\nhopping hop\n"
            "was be\nhas have\nlying lie\ngets_lost get_lost\n",
}


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    folder = tmp_path_factory.mktemp("wordnet-phrases")
    for pos, lines in TINY_WORDNET.items():
        (folder / f"data.{pos}").write_text("  licence line\n" + "".join(line + "  \n" for line in lines))
    for pos, text in EXCEPTIONS.items():
        (folder / f"{pos}.exc").write_text(text)
    return load_graph(folder)


@pytest.mark.parametrize("lemma, ending, pos, expected", [
    # single words keep the whole-answer form
    ("dog", "s", "n", {"DOGS"}),
    ("hop", "ed", "v", {"HOPED"}),  # a single word keeps the regular form only, as before
    ("carry", "s", "v", {"CARRIES"}),
    ("carry", "ed", "v", {"CARRIED"}),
    ("leave", "ed", "v", {"LEAVED"}),  # even an irregular one, as before
    ("dog", "", "n", {"DOG"}),  # no inflection: the answer as it is
    # a verb phrase inflects its head
    ("get going", "s", "v", {"GETSGOING"}),
    ("get going", "ing", "v", {"GETTINGGOING"}),  # the doubled head from the exception list
    ("get going", "ed", "v", {"GOTGOING", "GOTTENGOING"}),  # irregular head: both past forms, no GETGOINGED
    ("take off", "ed", "v", {"TOOKOFF", "TAKENOFF"}),
    ("take off", "s", "v", {"TAKESOFF"}),
    ("go on", "s", "v", {"GOESON"}),  # a short verb in -o takes -es
    ("get lost", "s", "v", {"GETSLOST"}),  # a whole phrase in the exception list
    # a noun phrase inflects its last word
    ("ice cream", "s", "n", {"ICECREAMS"}),
    ("wild goose", "s", "n", {"WILDGEESE"}),
    ("add-on", "s", "n", {"ADDONS"}),  # a hyphen is a word boundary
    ("yo-yo", "s", "n", {"YOYOS"}),
    ("t cell", "s", "n", {"TCELLS"}),  # a one-letter first word
    # adversarial
    ("x out", "ed", "v", {"XEDOUT"}),  # a one-letter head verb
    ("blow one's nose", "s", "v", {"BLOWSONESNOSE"}),  # an apostrophe inside the phrase
    ("well-known", "s", "a", {"WELLKNOWNS"}),  # head not a verb nor a noun: the whole answer, as before
    ("get going", "s", "", {"GETGOINGS"}),  # unknown part of speech: the whole answer, as before
    ("4-5", "s", "n", set()),  # no letters: nothing
])
def test_lemma_forms_put_the_inflection_where_english_does(graph, lemma, ending, pos, expected):
    assert set(lemma_forms(graph, lemma, ending, pos)) == expected


@pytest.mark.parametrize("clue, present, absent", [
    ("gets going", {"GETSGOING"}, {"GETGOINGS"}),  # the phrase itself, head inflected
    ("starts", {"GETSGOING", "STARTS"}, {"GETGOINGS"}),  # a synonym phrase of a one-word clue
    ("departed", {"TOOKOFF", "TAKENOFF", "DEPARTED"}, {"TAKEOFFED"}),  # irregular heads
    ("ice creams", {"ICECREAMS", "DOGS"}, set()),  # a noun phrase: its last word
    ("began", set(), set()),  # 'began' is in no exception list here: nothing, no crash
])
def test_related_answers_of_an_inflected_clue_inflect_phrases_at_their_head(graph, clue, present, absent):
    syn, rel = related_answers(graph, clue)
    assert present <= set(syn) | set(rel)
    assert not absent & (set(syn) | set(rel))


@pytest.mark.parametrize("form, ending", [
    ("took", "ed"), ("taken", "ed"), ("was", "ed"),  # past forms, 'was' despite its -s
    ("lying", "ing"), ("getting", "ing"),
    ("has", "s"), ("gets_lost", "s"),  # third person, a phrase by its head
])
def test_verb_exception_forms_are_labelled_by_what_they_mark(graph, form, ending):
    assert verb_exception_ending(form) == ending
    assert (graph.exceptions[form.replace("_", " ")][0][1]) == ending


IRREGULAR = {("GET", "ed"): ("GOT", "GOTTEN"), ("KEEP", "ed"): ("KEPT",), ("LEAVE", "ed"): ("LEFT",),
             ("RUN", "ed"): ("RAN",), ("GOOSE", "s"): ("GEESE",)}


@pytest.mark.parametrize("answer, ending, present, absent", [
    ("GETTO", "ed", {"GOTTO", "GOTTENTO"}, set()),  # a phrasal verb's irregular head ('Bugged' -> GOTTO)
    ("KEEPQUIZ", "ed", {"KEEPQUIZED"}, {"KEPTQUIZ"}),  # no particle, no WordNet phrase: no known boundary
    ("RUNOUT", "ed", {"RANOUT", "RUNOUTED"}, set()),
    ("LEAVE", "ed", {"LEFT", "LEAVED"}, set()),  # a single word: the irregular form beside the regular one
    ("GOOSE", "s", {"GEESE", "GOOSES"}, set()),
    ("HACKUP", "s", {"HACKSUP", "HACKUPS"}, set()),  # no exception: as before
    ("GETTO", "s", {"GETSTO"}, {"GOTTO"}),  # the irregular form of another inflection is not used
    ("UP", "ed", {"UPED"}, {"GOT"}),  # a particle alone is no phrasal verb
])
def test_inflected_forms_use_the_irregular_forms_of_the_exception_lists(answer, ending, present, absent):
    from core.crossword.clues.cluetypes import inflected_forms

    forms = set(inflected_forms(answer, ending, IRREGULAR))
    assert present <= forms and not (absent & forms)


def test_inflected_forms_without_exceptions_are_the_regular_ones():
    from core.crossword.clues.cluetypes import inflected_forms

    assert set(inflected_forms("GETTO", "ed", {})) == {"GETEDTO", "GETTEDTO", "GETTOED"}


def test_graph_irregular_map_reads_phrases_and_single_words(graph):
    assert set(graph.irregular[("get", "ed")]) == {"got", "gotten"}
    assert graph.irregular[("get lost", "s")] == ("gets lost",)
    assert graph.irregular[("goose", "s")] == ("geese",)


HEADS = {"KEEPPACE": ("KEEP",), "GETITON": ("GET",), "XOUT": ("X",)}


@pytest.mark.parametrize("answer, ending, present, absent", [
    ("KEEPPACE", "ed", {"KEPTPACE", "KEEPPACED"}, set()),  # a WordNet verb phrase: its head, irregular
    ("KEEPPACE", "s", {"KEEPSPACE"}, set()),
    ("GETITON", "ed", {"GOTITON"}, {"GETITED"}),  # the phrase's head, not the letters before the particle
    ("GETITON", "ing", {"GETTINGITON"}, set()),  # doubled by the short-verb rule
    ("XOUT", "ed", {"XEDOUT"}, set()),  # a one-letter head
    ("ICECREAM", "s", {"ICECREAMS"}, {"ICESCREAM"}),  # not a verb phrase: the whole answer
])
def test_inflected_forms_inflect_a_wordnet_verb_phrase_at_its_head(answer, ending, present, absent):
    from core.crossword.clues.cluetypes import inflected_forms

    forms = set(inflected_forms(answer, ending, IRREGULAR, HEADS))
    assert present <= forms and not (absent & forms)


def test_verb_phrase_heads_read_the_first_word_of_each_verb_phrase(tmp_path_factory):
    from core.words.wordnet import verb_phrase_heads

    folder = tmp_path_factory.mktemp("wordnet-heads")
    (folder / "data.verb").write_text("  licence\n" + "".join(line + "  \n" for line in TINY_WORDNET["verb"]))
    heads = verb_phrase_heads(folder)
    assert heads["GETGOING"] == ("GET",) and heads["TAKEOFF"] == ("TAKE",) and heads["XOUT"] == ("X",)
    assert heads["BLOWONESNOSE"] == ("BLOW",) and "START" not in heads  # single words are not phrases
