"""The static-table variants of research.crossword.static_table: whole words read as one row, settings parsed
strictly, and the ridge fit that moves the rows towards the transformer's vectors."""
import numpy as np
import pytest
import scipy.sparse as sp

from core.crossword.knowledge import distil
from research.crossword import static_table as st


@pytest.mark.parametrize("word, rest", [("epidural", []), ("epidurals", ["##s"]), ("kegger", [])])
def test_an_added_word_is_read_as_one_row_after_the_pieces_and_a_longer_word_starts_with_it(word, rest):
    base = distil.base_tokenizer()
    assert len(base.encode("epidural", add_special_tokens=False).ids) > 1  # "ep ##id ##ural"
    tok = distil.tokenizer_with(["kegger", "epidural"])
    n = base.get_vocab_size()
    enc = tok.encode(word, add_special_tokens=False)
    row = n + ["kegger", "epidural"].index(word.removesuffix("s"))
    assert enc.ids[0] == row and enc.tokens[1:] == rest


@pytest.mark.parametrize("text", ["organ that pumps blood", "trailblazer's kegger", "Café au lait"])
def test_other_text_reads_as_the_bundled_tokenizer_reads_it(text):
    got = distil.tokenizer_with(["epidural"]).encode(text, add_special_tokens=False).ids
    assert got == distil.base_tokenizer().encode(text, add_special_tokens=False).ids


@pytest.mark.parametrize("candidates, expected", [
    (["heart", "kegger", "epidural"], ["kegger", "epidural"]),  # one piece: no row needed
    (["kegger", "kegger", "Kegger", "ke-gger", "kégger", "epidural"], ["kegger", "epidural"]),  # once, lower ASCII
    ([], []),
])
def test_extra_words_are_the_lower_case_words_the_pieces_split(candidates, expected):
    assert st.split_words(candidates) == expected


@pytest.mark.parametrize("text, expected", [
    ("base=", {}), ("w=words=20000,source='clues'", {"words": 20000, "source": "clues"}),
    ("f=fit=500,lam=0.3,corpus='wordnet'", {"fit": 500, "lam": 0.3, "corpus": "wordnet"}),
    ("m=fit=5000,glosses=5000", {"fit": 5000, "glosses": 5000}),
])
def test_a_table_variant_changes_only_the_settings_it_names(text, expected):
    label, settings = st.parse_table(text)
    defaults = st.parse_table("x=")[1]
    assert label == text.split("=")[0]
    assert {k: v for k, v in settings.items() if defaults[k] != v} == expected


def test_an_unknown_table_setting_is_refused():
    with pytest.raises(ValueError, match="unknown table setting"):
        st.parse_table("x=dims=384")


def test_the_ridge_fit_moves_rows_to_the_targets_and_a_stiff_one_keeps_them_scaled():
    rng = np.random.default_rng(1)
    true = rng.normal(size=(12, 3))
    true[0] = 0
    table = (true + rng.normal(scale=0.8, size=true.shape)).astype(np.float16)
    table[0] = 0  # a special piece
    seqs = [rng.choice(np.arange(1, 12), size=rng.integers(2, 6)) for _ in range(400)]
    x = sp.csr_matrix((np.concatenate([np.full(len(s), 1 / len(s)) for s in seqs]), np.concatenate(seqs),
                       np.concatenate([[0], np.cumsum([len(s) for s in seqs])])), shape=(len(seqs), 12))
    target = x @ true
    error = lambda w: float(((x @ w - target) ** 2).sum())  # noqa: E731
    w, prior, alpha, _ = st.ridge_fit(table, x, target, lam=0.01, iters=200)
    assert not w[0].any() and error(w) < 0.05 * error(prior)
    stiff, prior, alpha, _ = st.ridge_fit(table, x, target, lam=1e9, iters=50)
    assert alpha > 0 and np.allclose(stiff, alpha * table.astype(np.float64), atol=1e-6)


class Read(Exception):
    """Raised with the texts a fit was about to read by the transformer (no model run in a unit test)."""


def test_a_mixed_fit_reads_the_splits_clues_then_the_glosses(monkeypatch):
    drawn = []

    def sample(n, train_until, corpus="clues", seed=0):
        drawn.append((n, train_until, corpus))
        return [f"{corpus} {i}" for i in range(n)]

    def targets(clues):
        raise Read(clues)

    monkeypatch.setattr(st, "sample_clues", sample)
    monkeypatch.setattr(st, "clue_targets", targets)
    with pytest.raises(Read) as read:
        st.fitted(np.zeros((4, 2), np.float16), np.zeros((4, 3)), {}, None, st.parse_table("m=fit=2,glosses=1")[1],
                  "2010-12-31")
    assert read.value.args[0] == ["clues 0", "clues 1", "wordnet 0"]
    assert drawn == [(2, "2010-12-31", "clues"), (1, "2010-12-31", "wordnet")]
