"""The meaning source: a static model distilled from MiniLM, clue vectors stored once per list, and a guesser that
finds answers through paraphrases."""
import numpy as np
import pytest

from core.crossword.knowledge import distil, meaning
from core.crossword.knowledge.table import clue_table
from core.crossword.clues.guessers import HybridGuesser, MeaningGuesser, TfidfGuesser, feature_sources, CLOSE_SOURCE_COLUMNS
from core.crossword.knowledge.models import fit_models, with_info

PAIRS = [("operatic song", "ARIA"), ("engine part", "PISTON"), ("large body of water", "OCEAN"),
         ("tree with acorns", "OAK"), ("farm animal", "COW"), ("computer key", "ENTER"),
         ("frozen water", "ICE"), ("baby dog", "PUP"), ("musical drama", "OPERA"), ("car fuel", "GAS")]


@pytest.fixture(scope="module")
def models():
    return fit_models(clue_table(PAIRS), use_cache=False, word2vec=False, extra_words=False)


@pytest.mark.parametrize("clue, near, far", [
    ("opera solo", "operatic song", "engine part"),
    ("young canine", "baby dog", "car fuel"),
    ("keyboard button", "computer key", "tree with acorns"),
    ("bovine", "farm animal", "computer key"),
    ("automobile fuel", "car fuel", "baby dog"),
])
def test_clue_vectors_put_paraphrases_closer_than_unrelated_clues(clue, near, far):
    v = meaning.encode([clue, near, far])
    assert v.dtype == np.float32 and v.shape == (3, meaning.DIM)
    assert v[0] @ v[1] > v[0] @ v[2] + 0.25
    assert np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)


@pytest.mark.parametrize("text", [
    "Organ that pumps blood", "\"Kiss,\" e.g.", "Café au lait   ingredient", "Mona ___", "tab\tseparated words",
    "It's a-OK!", "U.S.N.A. grad", "日本 capital", "x" * 300, "line\nbreak clue",
])
def test_encoding_chunk_by_chunk_gives_the_whole_texts_word_pieces(text):
    table, tok = meaning.static_table(), meaning.tokenizer()
    whole = table[tok.encode(text, add_special_tokens=False).ids].sum(axis=0)
    got = meaning.encode([text, "padding text"])[0]
    norm = np.linalg.norm(whole)  # 0 for a word longer than the tokenizer reads (one unknown piece)
    assert np.allclose(got, whole / norm if norm else whole, atol=1e-5)


@pytest.mark.parametrize("texts, zero_rows", [([], []), ([""], [0]), (["   ", "plain"], [0]), (["[CLS]"], [0]),
                                              (["plain", "plain"], [])])
def test_texts_without_word_pieces_get_zero_rows_and_the_rest_unit_rows(texts, zero_rows):
    v = meaning.encode(texts)
    assert v.shape == (len(texts), meaning.DIM)
    norms = np.linalg.norm(v, axis=1)
    for i, n in enumerate(norms):
        assert n == pytest.approx(0.0 if i in zero_rows else 1.0, abs=1e-5)


def test_the_distilled_table_zeroes_special_pieces_keeps_dim_and_weighs_common_pieces_down():
    rng = np.random.default_rng(0)
    outputs = rng.normal(size=(50, 8)).astype(np.float32) + 3.0
    vocab = {"[PAD]": 0, "[unused0]": 1, "[CLS]": 2, **{f"w{i}": i for i in range(3, 50)}}
    table = distil.distil(outputs, vocab, dim=4, sif=1e-2)
    assert table.shape == (50, 4) and table.dtype == np.float16
    assert not table[:3].any() and table[3:].any()
    unweighted = distil.distil(outputs, vocab, dim=4, sif=1e9).astype(np.float64)
    ratio = np.linalg.norm(table.astype(np.float64), axis=1)[3:] / np.linalg.norm(unweighted, axis=1)[3:]
    assert np.all(np.diff(ratio) > -1e-3) and ratio[0] < ratio[-1]  # the earlier (commoner) a piece, the lighter


@pytest.mark.parametrize("setting, value", [("DIM", distil.DIM // 2), ("SIF", distil.SIF * 10),
                                            ("WORDS", distil.WORDS + 1), ("WORDS", 0), ("FIT_TEXTS", 0),
                                            ("FIT_TEXTS", distil.FIT_TEXTS + 1), ("FIT_RIDGE", distil.FIT_RIDGE * 2),
                                            ("FIT_STEPS", distil.FIT_STEPS + 1)])
def test_the_tables_key_changes_with_each_of_its_settings(monkeypatch, setting, value):
    before = distil.table_key()
    monkeypatch.setattr(distil, setting, value)
    distil.table_key.cache_clear()
    try:
        assert distil.table_key() != before
    finally:
        monkeypatch.undo()
        distil.table_key.cache_clear()
    assert distil.table_key() == before


def stored_word_row(word: str) -> int | None:
    """The table row of one of its whole words (None when the word is not among them)."""
    words = distil.json.loads(distil.words_path().read_text(encoding="utf-8"))
    return len(meaning.static_table()) - len(words) + words.index(word) if word in words else None


@pytest.mark.parametrize("word, whole", [
    ("epidural", True), ("trailblazer", True), ("snowboard", True), ("orca", True),  # frequent words the pieces split
    ("kegger", False), ("etui", False),  # split too, but rarer than the 20,000 words kept: not a row of their own
])
def test_a_word_of_the_extra_vocabulary_encodes_as_its_own_row_and_another_by_several(word, whole):
    assert len(distil.base_tokenizer().encode(word, add_special_tokens=False).ids) > 1  # "ep ##id ##ural"
    row = stored_word_row(word)
    assert (row is not None) is whole
    ids = meaning.tokenizer().encode(word, add_special_tokens=False).ids
    assert (ids == [row]) if whole else (len(ids) > 1)
    table = meaning.static_table()
    want = table[ids].sum(axis=0)
    want = want / np.linalg.norm(want)
    assert np.allclose(meaning.encode([word, word.capitalize(), f"  {word.upper()} "]), want, atol=1e-5)


@pytest.mark.parametrize("text, first", [("snowboards", "snowboard"), ("trailblazers", "trailblazer"),
                                         ("epidurals", "epidural")])
def test_a_longer_word_starts_with_the_whole_word_it_begins_with(text, first):
    ids = meaning.tokenizer().encode(text, add_special_tokens=False).ids
    assert ids[0] == stored_word_row(first) and len(ids) == 2  # "snowboard ##s", not "snow ##board ##s"


def test_the_stored_table_has_a_row_for_every_piece_and_word_and_zero_rows_only_for_special_pieces():
    table, tok = meaning.static_table(), meaning.tokenizer()
    assert table.shape == (distil.base_tokenizer().get_vocab_size() + distil.WORDS, meaning.DIM)
    assert tok.get_vocab_size() == len(table)
    zero = {piece for piece, i in tok.get_vocab().items() if not table[i].any()}
    assert zero and all(p.startswith("[") and p.endswith("]") for p in zero)


@pytest.mark.parametrize("candidates, n, expected", [
    (["heart", "kegger", "epidural"], 5, ["kegger", "epidural"]),  # one piece: no row needed
    (["kegger", "kegger", "Kegger", "ke-gger", "kégger", "epidural"], 5, ["kegger", "epidural"]),  # once, lower ASCII
    (["kegger", "epidural", "trailblazer"], 2, ["kegger", "epidural"]),  # the first n, in order
    ([], 3, []),
])
def test_extra_words_are_the_first_lower_case_words_the_pieces_split(candidates, n, expected):
    assert distil.split_words(candidates, n) == expected


def test_fitting_moves_the_rows_towards_the_transformer_and_keeps_special_rows_zero():
    rng = np.random.default_rng(1)
    true = rng.normal(size=(12, 3))
    true[0] = 0
    table = (true + rng.normal(scale=0.8, size=true.shape)).astype(np.float16)
    table[0] = 0  # a special piece
    sequences = [list(rng.choice(np.arange(1, 12), size=rng.integers(2, 6))) for _ in range(400)]
    targets = np.array([true[s].mean(axis=0) for s in sequences]) + 5.0  # the transformer's vectors are not centred

    def error(t):
        pred = np.array([t.astype(np.float64)[s].mean(axis=0) for s in sequences])
        return float(((pred - (targets - targets.mean(axis=0))) ** 2).sum())

    fit = distil.fitted(table, sequences, targets, np.eye(3), ridge=0.01, steps=200)
    assert fit.dtype == np.float16 and fit.shape == table.shape and not fit[0].any()
    assert error(fit) < 0.1 * error(table)
    stiff = distil.fitted(table, sequences, targets, np.eye(3), ridge=1e9, steps=50).astype(np.float64)
    rows = table[1:].astype(np.float64)
    scale = float((stiff[1:] * rows).sum() / (rows * rows).sum())
    assert scale > 0 and np.allclose(stiff[1:], scale * rows, atol=1e-2)  # a huge ridge keeps the rows, only scaled


@pytest.mark.parametrize("words_file", ["[]", None])  # stored with no whole words (WORDS = 0), or no word list
def test_a_table_stored_without_whole_word_rows_loads_and_reads_texts_by_their_pieces(tmp_path, monkeypatch,
                                                                                     words_file):
    base = distil.base_tokenizer()
    rows = np.random.default_rng(2).normal(size=(base.get_vocab_size(), meaning.DIM)).astype(np.float16)
    np.save(tmp_path / "pieces.npy", rows)
    if words_file is not None:
        (tmp_path / "words.json").write_text(words_file, encoding="utf-8")
    monkeypatch.setattr(distil, "table_path", lambda: tmp_path / "pieces.npy")
    monkeypatch.setattr(distil, "make_table", lambda progress=None: pytest.fail("a stored table is not rebuilt"))
    meaning.static_table.cache_clear()
    meaning.tokenizer.cache_clear()
    try:
        ids = meaning.tokenizer().encode("epidural", add_special_tokens=False).ids
        assert ids == base.encode("epidural", add_special_tokens=False).ids and len(ids) > 1  # its pieces
        want = rows[ids].astype(np.float32).sum(axis=0)
        assert np.allclose(meaning.encode(["epidural"])[0], want / np.linalg.norm(want), atol=1e-5)
    finally:
        meaning.static_table.cache_clear()
        meaning.tokenizer.cache_clear()


def test_stored_vectors_are_read_back_without_encoding_and_another_list_is_encoded(monkeypatch):
    texts = ["alpha clue", "beta clue", "alpha clue"]
    first = meaning.text_vectors(texts)
    assert first.dtype == np.float16 and np.allclose(first.astype(np.float32), meaning.encode(texts), atol=2e-3)
    calls = []
    real = meaning.encode

    def counting(batch):
        calls.append(list(batch))
        return real(batch)

    monkeypatch.setattr(meaning, "encode", counting)
    assert np.array_equal(meaning.text_vectors(texts), first) and calls == []
    other = meaning.text_vectors(["beta clue", "gamma clue"])
    assert calls == [["beta clue", "gamma clue"]] and np.array_equal(other[0], first[1])


def test_a_half_written_vector_file_is_ignored():
    path = meaning.vectors_path(["delta clue"])
    path.with_name(f"{path.stem}.tmp123.npy").write_bytes(b"broken")  # a writer that never finished
    assert meaning.missing_count(["delta clue"]) == 1
    v = meaning.text_vectors(["delta clue"])
    assert np.linalg.norm(v[0].astype(np.float32)) > 0.99 and meaning.missing_count(["delta clue"]) == 0


@pytest.mark.parametrize("texts", [[], ["line\nbreak clue"], ["", "plain"]])
def test_odd_texts_get_vectors_without_breaking_the_store(texts):
    v = meaning.text_vectors(texts)
    assert v.shape == (len(texts), meaning.DIM)
    assert np.array_equal(meaning.text_vectors(texts), v)  # stored ones read back


def test_progress_reports_the_clues_left_and_ends_full(monkeypatch):
    monkeypatch.setattr(meaning, "CHUNK", 2)
    seen = []
    meaning.text_vectors([f"clue number {i}" for i in range(5)], progress=lambda d, n, m="": seen.append((d, n, m)))
    done = [d for d, _, _ in seen]
    assert done == sorted(done) and seen[-1][:2] == (seen[-1][1], seen[-1][1])
    assert any("2 of 5" in m for _, _, m in seen) and any("4 of 5" in m for _, _, m in seen)


def test_the_first_use_estimate_counts_only_what_is_not_stored():
    meaning.prepare()
    texts = [f"estimate clue {i}" for i in range(80)]
    assert meaning.first_use_seconds(texts) == pytest.approx(80 / meaning.TEXTS_PER_SECOND)  # the table is stored
    meaning.text_vectors(texts)
    assert meaning.first_use_seconds(texts) == 0.0


@pytest.mark.parametrize("clue, length, answer", [
    ("Opera solo", 4, "ARIA"),
    ("Young canine", 3, "PUP"),
    ("Sea", 5, "OCEAN"),
])
def test_meaning_finds_answers_that_share_no_word_with_the_clue(models, clue, length, answer):
    assert answer not in TfidfGuesser(models).candidates(clue, length)
    guesses = MeaningGuesser(models).guess(clue, "_" * length, k=3)
    assert guesses and guesses[0][0] == answer


def test_hybrid_carries_meaning_columns_and_source_tag_on_archive_models_only(models):
    hybrid = HybridGuesser(models)
    answers, feats = hybrid.features("Opera solo", 4)
    assert feats.shape[1] == len(hybrid.feature_names) == len(HybridGuesser.FEATURES) + 2
    _, tags = hybrid.candidates_with_sources("Automobile fuel", 3)
    assert "meaning" in tags["GAS"]
    off = HybridGuesser(with_info(models, dict(models.info, meaning=False)))
    assert off.meaning is None
    assert off.features("Opera solo", 4)[1].shape[1] == len(HybridGuesser.FEATURES)
    assert len(off.weights) == len(HybridGuesser.FEATURES) and len(hybrid.weights) == len(hybrid.feature_names)


@pytest.mark.parametrize("clue, length, answer, tagged", [  # the static model's cosine to the nearest clue
    ("Automobile fuel", 3, "GAS", True),  # "car fuel": 0.94
    ("Icy water", 3, "ICE", True),  # "frozen water": 0.80
    ("Young canine", 3, "PUP", True),  # "baby dog": 0.713, just over the floor
    ("Farm beast", 3, "COW", False),  # "farm animal": 0.698, just under the floor
    ("Opera solo", 4, "ARIA", False),  # "operatic song": 0.60, proposed but not close enough to say so
    ("Stage show with singing", 5, "OPERA", False),  # "musical drama": 0.47
    ("Keyboard button", 5, "ENTER", False),  # "computer key": 0.56
])
def test_the_meaning_tag_marks_only_clues_close_in_meaning(models, clue, length, answer, tagged):
    answers, feats = HybridGuesser(models).features(clue, length)
    assert answer in answers and feats[answers.index(answer), 22] > 0  # the source did propose it
    _, tags = HybridGuesser(models).candidates_with_sources(clue, length)
    assert ("meaning" in tags[answer]) is tagged


@pytest.mark.parametrize("meaning_cos, tfidf_cos, doc_cos, expected", [
    (0.0, 0.0, 0.0, ()),  # proposed by nothing
    (0.45, 0.0, 0.0, ("loose",)),  # a far clue by meaning: only loosely related
    (0.7, 0.0, 0.0, ("loose",)), (0.71, 0.0, 0.0, ("meaning",)), (0.99, 0.0, 0.0, ("meaning",)),
    (0.45, 0.3, 0.0, ("loose",)), (0.45, 0.41, 0.0, ("similar",)), (0.9, 0.5, 0.0, ("similar", "meaning")),
    (0.0, 0.0, 0.2, ("loose",)), (0.0, 0.0, 0.31, ("words",)), (0.8, 0.0, 0.31, ("words", "meaning")),
])
def test_archive_tags_need_a_close_similarity_and_a_loose_one_shows_only_alone(meaning_cos, tfidf_cos, doc_cos,
                                                                                expected):
    row = np.zeros(len(HybridGuesser.FEATURES) + 2)
    row[2], row[3] = (0.2, tfidf_cos) if tfidf_cos else (0.0, 0.0)
    row[7] = doc_cos
    row[21], row[22] = (0.9, meaning_cos) if meaning_cos else (0.0, 0.0)
    assert feature_sources(row, CLOSE_SOURCE_COLUMNS) == expected


@pytest.mark.parametrize("column", [2, 4, 7])
def test_the_packaged_tags_keep_any_similarity(column):
    row = np.zeros(len(HybridGuesser.FEATURES))
    row[column] = 0.05
    assert feature_sources(row) == (("words",) if column == 7 else ("similar",))


def test_leaving_the_true_pair_out_removes_its_meaning_evidence(models):
    hybrid = HybridGuesser(models)
    answers, feats = hybrid.features("operatic song", 4)
    assert feats[answers.index("ARIA"), 21] > 0.0  # with its own pair, the meaning source proposes ARIA
    answers, feats = hybrid.features("operatic song", 4, exclude="ARIA")
    assert dict(zip(answers, feats[:, 21])).get("ARIA", 0.0) == 0.0


@pytest.mark.parametrize("k", [1, 3, 50, 5000])
def test_a_repeated_search_returns_what_a_fresh_one_does(models, k):
    guesser = MeaningGuesser(models)
    first = guesser.neighbours_of("opera solo", 4, 5000)
    again = guesser.neighbours_of("opera solo", 4, k)
    fresh = MeaningGuesser(models).neighbours_of("opera solo", 4, k)
    assert np.array_equal(again[0], fresh[0]) and np.allclose(again[1], fresh[1])
    assert np.array_equal(again[0], first[0][:k])


def test_the_guesser_table_leaves_out_the_meaning_source_of_models_that_keep_it_off(models, monkeypatch):
    from core.crossword.clues.candidates import candidate_table

    on = {row["guesser"] for row in candidate_table(models, "Opera solo", "____")}
    assert "meaning" in on
    monkeypatch.setattr(meaning, "encode", lambda texts: (_ for _ in ()).throw(AssertionError("encoded")))
    off = candidate_table(with_info(models, dict(models.info, meaning=False)), "Sea", "_____")
    assert "meaning" not in {row["guesser"] for row in off}


def test_a_calibration_is_keyed_by_the_meaning_tables_code(monkeypatch):
    from core.crossword import preparation
    seen = []
    monkeypatch.setattr(preparation, "code_version", lambda *modules: seen.extend(modules) or "v")
    preparation.calibration_code.cache_clear()  # worked out once a process (since 2026-11-29)
    preparation.calibration_code()
    preparation.calibration_code.cache_clear()
    assert {"crossword/knowledge/distil.py", "crossword/knowledge/meaning.py", "crossword/clues/guessers.py"} <= set(seen)
