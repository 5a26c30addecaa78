"""Word lists: normalisation, validation of every kind of bad upload, splits, the catalogue."""
import gzip

import pytest

from core.words import (
    WordList,
    WordListError,
    alphabet_of,
    catalogue,
    load_list,
    make_list,
    normalise,
    parse_upload,
    shared_data_dir,
    split,
    with_lengths,
)


@pytest.mark.parametrize(
    "raw, expected",
    [
        ("Apple", "apple"),
        ("  pear\r", "pear"),
        ("STRASSE", "strasse"),
        ("Straße", "straße"),  # ß survives (casefold would make it 'ss')
        ("Cafe\u0301", "café"),  # NFD input becomes NFC
        ("ÄPFEL", "äpfel"),
    ],
)
def test_normalise_folds_case_and_composes(raw, expected):
    assert normalise(raw) == expected


BAD_UPLOADS = [
    ("empty", b"", "words.txt", "empty"),
    ("only blank lines", b"\n\n  \n", "words.txt", "empty"),
    ("binary", b"\x89PNG\r\n\x1a\n\x00\x00\x00IHDR" + bytes(range(256)), "words.txt", "binary"),
    ("no valid word", b"123\n4-5\n!!\n", "words.txt", "No valid word"),
    ("fake gzip name", b"hello\n", "words.txt.gz", "not gzip"),
    ("truncated gzip", gzip.compress(b"apple\npear\n" * 1000)[:40], "words.txt.gz", "gzip"),
]


@pytest.mark.parametrize("label, data, filename, message", BAD_UPLOADS, ids=[b[0] for b in BAD_UPLOADS])
def test_bad_upload_gets_a_clear_message(label, data, filename, message):
    with pytest.raises(WordListError, match=message):
        parse_upload(data, filename)


def test_upload_over_size_limit_is_refused():
    with pytest.raises(WordListError, match="over the 1 MB limit"):
        parse_upload(b"apple\n" * 200_000, "big.txt", max_bytes=1024 * 1024)


def test_upload_over_word_limit_is_refused():
    data = "\n".join(f"w{'abcdefghij'[i % 10]}{'abcdefghij'[i // 10 % 10]}{'abcdefghij'[i // 100 % 10]}" for i in range(1000)).encode()
    with pytest.raises(WordListError, match="over 500 words"):
        parse_upload(data, "many.txt", max_words=500)


def test_digits_and_punctuation_are_rejected_counted_and_shown_with_line_numbers():
    wl, report = parse_upload(b"apple\nr2d2\nhello!\npear\nice cream\n", "w.txt")
    assert wl.words == ("apple", "pear")
    assert report.rejected == 3
    assert [(r.line, r.reason) for r in report.examples] == [
        (2, "contains a digit"),
        (3, "contains '!'"),
        (5, "contains a space"),
    ]


def test_duplicates_are_dropped_and_counted_after_case_folding():
    wl, report = parse_upload(b"Apple\napple\nAPPLE\npear\n", "w.txt")
    assert wl.words == ("apple", "pear")
    assert report.duplicates == 2
    assert "normalised" in report.summary()


@pytest.mark.parametrize("keeps_repeats, says, never", [
    (False, "2 repeated lines dropped (a word listed again counts once here; the tip game draws it as often as it is "
            "listed)", "kept"),
    (True, "2 repeated lines kept: the tip game draws a word as often as it is listed (the other games count it once)",
     "dropped"),
])
def test_the_upload_report_says_what_this_page_does_with_a_repeated_word(keeps_repeats, says, never):
    _, report = parse_upload(b"Apple\napple\nAPPLE\npear\n", "w.txt")
    text = report.summary(keeps_repeats=keeps_repeats)
    assert "2 words accepted from 4 lines" in text and says in text and never not in text
    assert "repeated" not in parse_upload(b"apple\npear\n", "w.txt")[1].summary(keeps_repeats=keeps_repeats)


@pytest.mark.parametrize(
    "data, encoding",
    [
        (b"apple\r\npear\r\n", "UTF-8"),
        (b"\xef\xbb\xbfapple\npear\n", "UTF-8 with BOM"),
        ("äpfel\nbirne\n".encode("latin-1"), "Latin-1"),
        ("äpfel\nbirne\n".encode("utf-8"), "UTF-8"),
        (b"\xef\xbb\xbf" + "äpfel\nbirne\n".encode("latin-1"), "Latin-1"),  # a UTF-8 mark on Latin-1 text
        ("äpfel\r\nbirne\r\n".encode("utf-16"), "UTF-16"),  # Windows Notepad's "Unicode" (with its BOM)
        (b"\xfe\xff" + "äpfel\nbirne\n".encode("utf-16-be"), "UTF-16"),  # big-endian
    ],
)
def test_line_endings_bom_and_encodings_are_handled(data, encoding):
    wl, report = parse_upload(data, "w.txt")
    assert len(wl) == 2 and wl.words[1] in ("pear", "birne")
    assert report.encoding.startswith(encoding)
    assert all("\r" not in w and "\ufeff" not in w for w in wl.words)


def test_gzip_upload_is_unpacked():
    wl, _ = parse_upload(gzip.compress(b"apple\npear\n"), "w.txt.gz")
    assert wl.words == ("apple", "pear")


def test_csv_with_header_reads_word_and_frequency_columns():
    wl, report = parse_upload(b"rank,word,count\n1,the,100\n2,of,80\n3,and,x\n", "f.csv")
    assert wl.words == ("the", "of")
    assert wl.frequencies == (100.0, 80.0)
    assert report.rejected == 1 and "not a number" in report.examples[0].reason


def test_tsv_without_header_reads_first_column_as_words():
    wl, _ = parse_upload(b"apple\t3\npear\t5\n", "f.tsv")
    assert wl.words == ("apple", "pear") and wl.frequencies == (3.0, 5.0)


def test_german_letters_are_kept_and_detected_in_the_alphabet():
    wl, _ = parse_upload("Straße\nÜber\nmöchte\n".encode(), "de.txt")
    assert wl.words == ("straße", "über", "möchte")
    assert {"ß", "ü", "ö"} <= set(wl.alphabet)


def test_extra_letters_allow_apostrophes_for_multigraph_languages():
    wl, report = parse_upload(b"kw'ats\nhlo'o\n", "g.txt", extra="'")
    assert wl.words == ("kw'ats", "hlo'o") and report.rejected == 0


def test_split_is_deterministic_disjoint_and_complete():
    wl = make_list("t", [f"w{a}{b}" for a in "abcdefghij" for b in "abcdefghij"])
    train, test = split(wl, 0.2, seed=7)
    again_train, again_test = split(wl, 0.2, seed=7)
    assert train.words == again_train.words and test.words == again_test.words
    assert len(test) == 20 and len(train) == 80
    assert not set(train.words) & set(test.words)
    assert set(train.words) | set(test.words) == set(wl.words)
    assert split(wl, 0.2, seed=8)[1].words != test.words


@pytest.mark.parametrize("fraction", [0.0, 1.0, -0.1, 1.5])
def test_split_rejects_fractions_outside_zero_one(fraction):
    with pytest.raises(WordListError):
        split(make_list("t", ["ab", "cd"]), fraction, seed=0)


def test_with_lengths_keeps_only_those_lengths():
    wl = make_list("t", ["a", "ab", "abc", "abcd"])
    assert with_lengths(wl, [2, 4]).words == ("ab", "abcd")


def test_hash_depends_on_content_not_name():
    a = WordList("a", ("x", "y"))
    b = WordList("b", ("x", "y"))
    c = WordList("a", ("y", "x"))
    assert a.hash == b.hash != c.hash


def test_alphabet_always_contains_a_to_z():
    assert alphabet_of(["ß"]).startswith("abcdefghijklmnopqrstuvwxyz")


def test_builtin_lists_load_offline_and_are_clean():
    for name in ("English common 500", "German common 500", "English 5-letter answers"):
        wl = load_list(name)
        assert len(wl) > 400
        assert all(w.isalpha() and w == w.lower() for w in wl.words)
    assert set(load_list("German common 500").alphabet) > set("äöü") - {"x"}
    assert {len(w) for w in load_list("English 5-letter answers").words} == {5}


@pytest.mark.parametrize("name, foreign", [("German common 500", {"the", "and"})])
def test_a_german_everyday_list_keeps_only_words_the_german_dictionary_lists(name, foreign):
    from core.words import german_attested

    words = load_list(name).words
    assert len(words) == 500 and not foreign & set(words)  # English words wordfreq counts in German text
    assert all(german_attested(w) for w in words)
    assert {"weiss", "strasse", "gross"} <= set(words)  # wordfreq's ß written ss: German words, kept as the 50k list


def test_unknown_list_name_is_a_clear_error():
    with pytest.raises(WordListError, match="neither a known list nor a file"):
        load_list("no such list")


@pytest.mark.skipif(shared_data_dir() is None, reason="needs ../shared/data")
def test_shared_lists_appear_in_the_catalogue_with_their_sizes():
    specs = catalogue()
    assert specs["Trexquant hangman 227k"].kind == "shared"
    assert len(load_list("Wordle answers 2,315")) == 2315
    assert len(load_list("Wordle allowed 12,972")) == 12972


@pytest.mark.parametrize("n, noun, text", [(0, "word", "0 words"), (1, "word", "1 word"), (2, "line", "2 lines"),
                                           (12345, "duplicate", "12,345 duplicates")])
def test_counts_read_in_the_right_number(n, noun, text):
    from core.words import counted

    assert counted(n, noun) == text


# ---------------------------------------------------------------- built-in Wordle lists hold real words

BUILTIN_WORDLE = ("English 5-letter answers", "English 5-letter guesses", "English 4-letter common",
                  "English 6-letter common")


@pytest.fixture(scope="module")
def builtin_wordle_lists():
    """The built-in Wordle lists, built from their packages (tests use a fresh cache)."""
    return {name: load_list(name) for name in BUILTIN_WORDLE}


@pytest.mark.parametrize("junk, kind", [
    ("april", "month name"), ("david", "first name"), ("obama", "surname"), ("texas", "place"), ("paris", "place"),
    ("james", "first name"), ("https", "web token"), ("thats", "contraction without its apostrophe"),
    ("zzzzz", "not a word"), ("soult", "surname"), ("dolin", "surname"),
    ("ibiza", "place"), ("vuong", "surname"), ("xviii", "Roman numeral"), ("nigga", "slur"), ("kraut", "slur"),
    ("dont", "contraction"), ("cunt", "obscenity"), ("hanna", "first name"), ("larry", "first name"),
    ("niles", "surname"), ("cowes", "place"), ("mitch", "first name"), ("covid", "abbreviation"),
    ("louis", "first name SCOWL also lists lower-case"), ("kelly", "surname SCOWL also lists lower-case"),
    ("nancy", "first name SCOWL also lists lower-case"), ("isnt", "contraction"), ("aaaaa", "not a word"),
    ("bitch", "obscenity"), ("whore", "obscenity"), ("dildo", "obscenity"), ("chink", "slur"),
    ("gonna", "informal contraction"), ("kinda", "informal contraction"), ("corp", "abbreviation"),
    ("tech", "abbreviation"),
])
def test_builtin_wordle_lists_hold_no_names_tokens_or_slurs(builtin_wordle_lists, junk, kind):
    for name, wl in builtin_wordle_lists.items():
        assert junk not in wl, f"{junk!r} ({kind}) is in {name}"


@pytest.mark.parametrize("name, word", [
    ("English 5-letter guesses", w) for w in ("crane", "slate", "water", "house", "apple", "ghost", "women", "began",
                                               "pizza", "stops", "baked", "boxes", "fixed", "among", "those",
                                               "fairy", "miles", "abmho")
] + [("English 5-letter answers", w) for w in ("water", "house", "light", "money", "green")]
  + [("English 4-letter common", w) for w in ("rose", "mark", "bill", "word", "game")]
  + [("English 5-letter guesses", w) for w in ("morph", "therm")]  # words too, though SCOWL files them as abbreviations
  + [("English 6-letter common", w) for w in ("garden", "people", "orange", "bridge")])
def test_builtin_lists_keep_everyday_words_and_inflections(builtin_wordle_lists, name, word):
    assert word in builtin_wordle_lists[name]


@pytest.mark.parametrize("name", ["English 5-letter answers", "English 4-letter common", "English 6-letter common"])
def test_builtin_answer_lists_hold_no_word_scowl_calls_an_abbreviation(builtin_wordle_lists, name):
    from research.wordle.guess_list import scowl_words

    found = sorted(set(builtin_wordle_lists[name].words) & scowl_words().abbreviations)
    assert not found, f"{name} holds {found}"


def test_builtin_wordle_answers_are_common_guesses_without_plurals(builtin_wordle_lists):
    answers, guesses = builtin_wordle_lists["English 5-letter answers"], builtin_wordle_lists["English 5-letter guesses"]
    assert 2_000 <= len(answers) <= 3_000 and 8_000 <= len(guesses) <= 14_000
    assert set(answers.words) <= set(guesses.words)
    plurals = [w for w in answers.words if w.endswith("s") and not w.endswith("ss") and w[:-1] in guesses]
    assert len(plurals) < 0.02 * len(answers), plurals[:20]


def test_a_sample_of_builtin_guesses_are_all_dictionary_words(builtin_wordle_lists):
    from core.words import english_lexicon, sample
    from research.wordle.guess_list import is_guess_word, is_scowl_word, scowl_words

    lex, scowl = english_lexicon(), scowl_words()
    for name, wl in builtin_wordle_lists.items():
        picked = sample(wl, 300, seed=7)
        assert all(is_guess_word(w, lex, scowl) for w in picked), name
        # a word WordNet or web2 writes capitalised (Tours, Hosta) only when SCOWL lists it lower-case, no rarer
        named = [w for w in picked if w in lex.capitalised and w not in lex.lemmas and w not in lex.irregular]
        assert all(is_scowl_word(w, lex, scowl) for w in named), name


@pytest.mark.parametrize("word, bases", [
    ("stopped", ("stop", "v")), ("boxes", ("box", "n")), ("ponies", ("pony", "n")), ("bigger", ("big", "a")),
    ("baking", ("bake", "v")),
])
def test_inflection_bases_find_the_dictionary_form(word, bases):
    from research.wordle.guess_list import inflection_bases

    assert bases in inflection_bases(word)


@pytest.mark.skipif(shared_data_dir() is None, reason="needs ../shared/data")
def test_builtin_guesses_are_nearly_all_words_the_real_game_accepts(builtin_wordle_lists):
    allowed = load_list("Wordle allowed 12,972").word_set
    guesses = builtin_wordle_lists["English 5-letter guesses"].words
    assert sum(w in allowed for w in guesses) >= 0.98 * len(guesses)


def test_shipped_builtin_lists_are_what_their_builders_make_now():
    from core.words import SHIPPED_LISTS, shipped_list_path
    from research.wordle.guess_list import SHIPPED_BUILDERS

    for name in SHIPPED_LISTS:
        assert shipped_list_path(name).read_text(encoding="utf-8").split() == SHIPPED_BUILDERS[name](), (
            f"{name}: rebuild with python -m research.wordle.build_lists")


def test_without_shared_data_the_wordle_defaults_are_the_builtin_real_word_lists(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDLAB_DATA", str(tmp_path))
    specs = catalogue()
    assert not [n for n, s in specs.items() if s.kind == "shared"]
    answers, guesses = specs["English 5-letter answers"].load(), specs["English 5-letter guesses"].load()
    assert {"crane", "water"} <= set(guesses.words) and "zzzzz" not in guesses and "april" not in answers


# Written out here, apart from core.words.OBSCENE, so a word dropped from the builders' list is still caught.
OBSCENITIES = frozenset("""
fuck fucks fucked fucker fucking shit shits shitty shite cunt cunts twat twats wank wanker wankers bitch bitches whore
whores slut sluts piss dildo dildos jizz nigga niggas nigger niggers faggot faggots fags kike kikes chink chinks spic
spics gook gooks wetback coon coons dyke dykes tranny retard retarded asshole arsehole bollocks bullshit motherfucker
""".split())
SHIPPED_AND_DEFAULT = BUILTIN_WORDLE + ("English common 500", "German common 500")


@pytest.mark.parametrize("name", SHIPPED_AND_DEFAULT)
def test_builtin_lists_hold_no_obscenity_or_slur(name):
    found = sorted(OBSCENITIES & set(load_list(name).words))
    assert not found, f"{name} holds {found}"


def test_english_common_500_takes_the_next_clean_words_in_place_of_obscenities():
    from wordfreq import top_n_list

    words = load_list("English common 500").words
    clean = [w for w in top_n_list("en", 2_000) if w.isalpha() and len(w) >= 3 and w not in OBSCENITIES | PREFIXES]
    assert len(words) == 500 and list(words) == clean[:500]


# Written out here too: prefixes wordfreq splits off hyphenated words, no word a class would call common English.
PREFIXES = frozenset("non pre anti multi semi pseudo quasi".split())


@pytest.mark.parametrize("prefix", sorted(PREFIXES))
def test_english_common_500_offers_no_prefix_as_a_common_word(prefix):
    words = load_list("English common 500").words
    assert prefix not in words


def _lexicon(**sets):
    from core.words import Lexicon

    empty = frozenset()
    return Lexicon(lemmas=sets.get("lemmas", {}), irregular={}, capitalised=sets.get("capitalised", empty),
                   offensive=empty, spelled=sets.get("spelled", empty), web2_lower=sets.get("web2", empty))


@pytest.mark.parametrize("word, sizes, names, lexicon, expected", [
    ("among", {"among": 10}, {}, {}, True),  # a common word WordNet lacks
    ("miles", {"miles": 10}, {"miles": 50}, {}, True),  # the name is rarer than the word
    ("roger", {"roger": 50}, {"roger": 50}, {}, True),  # as common as the name: the word stays
    ("louis", {"louis": 70}, {"louis": 50}, {}, False),  # the name is commoner: a name
    ("frass", {"frass": 80}, {}, {"spelled": frozenset({"frass"})}, True),  # rare word another dictionary holds
    ("qepiq", {"qepiq": 80}, {}, {}, False),  # rare and no other dictionary holds it
    ("mitch", {"mitch": 80}, {}, {"spelled": frozenset({"mitch"}), "capitalised": frozenset({"mitch"})}, False),
    ("devon", {"devon": 80}, {"devon": 50}, {"web2": frozenset({"devon"})}, False),  # rare and a name
    ("zzzzz", {}, {}, {"spelled": frozenset({"zzzzz"})}, False),  # not in SCOWL
])
def test_scowl_words_are_guesses_unless_names_or_unconfirmed_rarities(word, sizes, names, lexicon, expected):
    from research.wordle.guess_list import Scowl, is_scowl_word

    assert is_scowl_word(word, _lexicon(**lexicon), Scowl(sizes, names)) is expected


def test_scowl_reader_keeps_lower_case_words_and_names_by_size(tmp_path):
    from research.wordle.guess_list import scowl_words

    (tmp_path / "english-words.10").write_text("among\nMay's\ncafé\nmark\n", encoding="utf-8")
    (tmp_path / "american-words.70").write_text("louis\nmark\n", encoding="utf-8")
    (tmp_path / "english-upper.50").write_text("Louis\nMark\n", encoding="utf-8")
    (tmp_path / "english-words.95").write_text("zzxjoanw\n", encoding="utf-8")
    (tmp_path / "english-abbreviations.10").write_text("USA\nmph\nCorp.\nmark\ne.g.\n", encoding="utf-8")
    scowl = scowl_words.__wrapped__(tmp_path)
    assert scowl.words == {"among": 10, "mark": 10, "louis": 70}
    assert scowl.capitalised == {"louis": 50, "mark": 50}
    assert scowl.abbreviations == {"usa", "mph", "corp"}  # mark is also a word; e.g. is no word at all


def test_missing_scowl_is_a_clear_error(tmp_path):
    from research.wordle.guess_list import scowl_words

    with pytest.raises(WordListError, match="apt-get install scowl"):
        scowl_words.__wrapped__(tmp_path / "none")


def _slow_make_list(words, frequencies=None):
    """make_list's rule written out word by word: normalised, invalid and repeated words dropped, order kept."""
    from core.words import normalise, rejection_reason

    seen = {}
    for i, raw in enumerate(words):
        w = normalise(raw)
        if rejection_reason(w) is None and w not in seen:
            seen[w] = frequencies[i] if frequencies is not None else 0.0
    return tuple(seen), (tuple(seen.values()) if frequencies is not None else None)


@pytest.mark.parametrize("words", [
    ["house", "water", "house"],  # plain a-z with a repeat: the quick path
    ["House", "HOUSE", "water"],  # case folds into a repeat
    ["  house ", "water"],  # spaces around a word
    ["a b", "house"],  # a space inside a word
    ["ice\ncream", "house"],  # a line break inside a word must not split it into two words
    ["", "house", ""],  # empty words
    ["straße", "ÄPFEL", "e\u0301t\u00e9"],  # beyond a-z: NFC, ß kept
    ["x1", "don't", "house"],  # a digit, an apostrophe
    [],
])
def test_make_list_quick_path_keeps_the_word_by_word_rule(words):
    from core.words import make_list

    assert make_list("t", words).words == _slow_make_list(words)[0]
    freqs = [float(i) for i in range(len(words))]
    wl = make_list("t", words, frequencies=freqs)
    assert (wl.words, wl.frequencies) == _slow_make_list(words, freqs)


@pytest.mark.parametrize("words, max_len", [
    (["abc", "abd", "b"], 3), (["abcdef", "z"], 3),  # a letter only past max_len still gets its (empty) row
    (["äpfel", "haus", "straße"], 6), (["a"], 12), ([], 4),
])
def test_position_matrix_counts_each_letter_at_each_position(words, max_len):
    from core.words import make_list, position_matrix

    letters, mat = position_matrix(make_list("t", words), max_len)
    assert letters == sorted({c for w in words for c in w})
    for i, c in enumerate(letters):
        assert list(mat[i]) == [sum(1 for w in words if len(w) > j and w[j] == c) for j in range(max_len)]


def test_the_quick_offensive_word_reader_agrees_with_the_full_wordnet_lexicon():
    from core.words import english_lexicon, wordnet_offensive

    assert wordnet_offensive() == english_lexicon().offensive and "negro" in wordnet_offensive()


def test_the_obscenity_list_holds_retarded_and_the_never_chosen_words_hold_every_obscenity():
    from core.words import NEVER_CHOSEN, OBSCENE

    assert "retarded" in OBSCENE and OBSCENE <= NEVER_CHOSEN and {"cock", "pussy"} <= NEVER_CHOSEN - OBSCENE


@pytest.mark.parametrize("lang, n, min_len", [("en", 3_000, 1), ("de", 3_000, 1), ("en", 500, 3)])
def test_wordfreq_lists_keep_top_n_list_s_order_read_only_as_far_as_needed(lang, n, min_len):
    from wordfreq import top_n_list

    from core.words import LANGUAGE_LETTERS, OBSCENE, _wordfreq_top, normalise

    letters = LANGUAGE_LETTERS[lang]
    expected = [w for w in map(normalise, top_n_list(lang, 20_000))
                if w.isalpha() and len(w) >= min_len and w not in OBSCENE and set(w) <= letters][:n]
    assert _wordfreq_top(lang, n, min_len=min_len, skip=OBSCENE) == expected


@pytest.mark.parametrize("data, says", [
    (b"cat\n\ndog\n1x\n", "2 words accepted from 4 lines (read as UTF-8). 1 line rejected. 1 empty line skipped."),
    (b"cat\n\n\ndog\n", "2 words accepted from 4 lines (read as UTF-8). 2 empty lines skipped."),
    (b"cat\ndog\n", "2 words accepted from 2 lines (read as UTF-8)."),
])
def test_the_upload_report_accounts_for_every_line_empty_ones_too(data, says):
    _, report = parse_upload(data, "mine.txt")
    assert report.summary() == says


@pytest.mark.slow
@pytest.mark.parametrize("name, absent, present", [
    ("English common 50k", ("lol", "http", "usa", "bbc", "haha", "instagram"), ("the", "garden", "house", "dog")),
    ("German common 50k", ("the", "and", "afd", "ok", "hey"), ("und", "weiss", "strasse", "haus", "grösse")),
])
def test_the_everyday_lists_keep_only_words_a_dictionary_knows_in_frequency_order(name, absent, present):
    from wordfreq import zipf_frequency

    from core.words import builtin_list, english_attested, german_attested

    words = builtin_list(name).words
    attested = english_attested if name.startswith("English") else german_attested
    assert len(words) == 50_000 and all(attested(w) for w in words)
    assert not set(absent) & set(words) and set(present) <= set(words)
    lang = "en" if name.startswith("English") else "de"
    head = [zipf_frequency(w, lang) for w in words[:200]]
    assert head == sorted(head, reverse=True)  # still the most frequent first


def test_a_shipped_list_whose_file_is_missing_says_how_to_rebuild_it(tmp_path, monkeypatch):
    """core never builds a shipped list itself: a missing file is a clear error naming the research builder."""
    import importlib

    cat = importlib.import_module("core.words.named")  # the module of the named lists
    monkeypatch.setattr(cat, "SHIPPED_DIR", tmp_path)
    cat._builtin_cached.cache_clear()
    try:
        with pytest.raises(WordListError, match="research.wordle.build_lists"):
            cat.builtin_list("English 5-letter guesses")
    finally:
        cat._builtin_cached.cache_clear()


@pytest.mark.parametrize("text, expected", [("pear\napple\n", ("apple", "pear")), ("Äpfel\nbirne\n", ("birne", "äpfel"))])
def test_a_list_loads_from_a_file_path_with_its_words(tmp_path, text, expected):
    """load_list reads a file path into a WordList named after the file (read_file returns the list it parsed)."""
    path = tmp_path / "fruit.txt"
    path.write_text(text, encoding="utf-8")
    wl = load_list(str(path))
    assert isinstance(wl, WordList) and wl.name == "fruit" and tuple(sorted(wl.words)) == expected
