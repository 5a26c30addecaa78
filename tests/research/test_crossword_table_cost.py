"""The static table's cost tool: each stage timed once, the glosses read in blocks that do not overlap."""
import numpy as np
import pytest

from core.crossword.knowledge import distil
from research.crossword import table_cost


@pytest.mark.parametrize("counts, blocks", [([3, 5], [3, 2]), ([5, 3], [3, 2]), ([4], [4]), ([2, 9], [2, 3])])
def test_each_block_of_glosses_is_read_once_and_the_fit_uses_the_first(monkeypatch, capsys, counts, blocks):
    glosses = [f"gloss {i}" for i in range(5)]
    read = []

    def outputs(sequences, progress=None, what=""):
        read.append(len(sequences))
        return np.random.default_rng(len(read)).normal(size=(len(sequences), 6)).astype(np.float32)

    fits = []
    monkeypatch.setattr("core.crossword.knowledge.wordnet_table.wordnet_table", lambda: None)
    monkeypatch.setattr(distil, "extra_words", lambda: ["kegger"])
    monkeypatch.setattr(distil, "fit_texts", lambda n: glosses[:n])
    monkeypatch.setattr(distil, "piece_outputs", lambda: np.ones((distil.base_tokenizer().get_vocab_size(), 6)))
    monkeypatch.setattr(distil, "mean_outputs", outputs)
    monkeypatch.setattr(distil, "distil", lambda out, vocab: np.ones((len(out), 4), np.float16))
    monkeypatch.setattr(distil, "principal_axes", lambda out, special, dim: (None, np.eye(6)[:, :dim]))
    monkeypatch.setattr(distil, "fitted", lambda table, seqs, targets, axes: fits.append((len(seqs), targets)))
    table_cost.stage_costs(counts)
    assert read == [1, *blocks]  # the whole word, then each block of glosses
    assert fits[0][0] == min(counts) and np.allclose(np.linalg.norm(fits[0][1], axis=1), 1.0)
    printed = capsys.readouterr().out
    assert printed.count("s CPU") == 6 + len(blocks) and f"the fit on {min(counts):,} wordnet texts" in printed


def test_the_clue_corpus_is_drawn_from_the_training_split_up_to_its_date(monkeypatch, capsys):
    asked = []
    monkeypatch.setattr("research.crossword.static_table.sample_clues",
                        lambda n, train_until, corpus="clues", seed=0: asked.append((n, train_until, corpus)) or ["c"])
    monkeypatch.setattr(distil, "fit_texts", lambda n: pytest.fail("glosses read for the clue corpus"))
    assert table_cost.fit_texts("clues", 7, "2010-12-31") == ["c"]
    assert asked == [(7, "2010-12-31", "clues")] and "training split's clue table" in capsys.readouterr().out
