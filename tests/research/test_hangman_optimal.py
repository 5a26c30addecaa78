"""The exact optimum on words in the dictionary: hand-checked small cases, and an independent exact search agrees."""
import numpy as np
import pytest

from core.hangman.harness import play
from core.hangman.rules import new_game
from core.hangman.solvers import CandidatesSolver
from research.hangman.optimal import Expectimax, letter_splits, optimal_wins


def exact_chances(words, state):
    """Each letter's exact chance to win (guess it now, then play perfectly) over equally likely words."""
    search = Expectimax(words)
    letters = sorted({c for w in words for c in w})
    code = {c: i for i, c in enumerate(letters)}
    out = np.zeros(len(letters))
    for c in letters:
        if c not in state.guessed:
            out[code[c]] = search.letter_wins(search.everything, state.lives_left, c) / len(words)
    return out


THREE = ["cat", "bat", "hat", "mat", "rat", "sat", "cot", "cut", "hit", "hot", "sit", "set", "bet", "bit"]


@pytest.mark.parametrize("lives, wins", [(1, 1), (2, 2), (3, 3), (4, 4), (9, 4)])
def test_four_words_differing_in_one_letter_need_a_life_for_each_but_the_last(lives, wins):
    # after a, t (sure, free): each try of c, b, h, m finds one word; the last needs no try of its own
    assert optimal_wins(["cat", "bat", "hat", "mat"], lives)[0] == wins


@pytest.mark.parametrize("words, lives, wins", [([], 6, 0), (["cat"], 1, 1), (["cat"], 0, 0), (["ab", "ba"], 1, 2),
                                                (["aa", "ab"], 1, 2), (["ab", "cd"], 1, 1), (["ab", "cd"], 2, 2)])
def test_edge_cases_of_the_optimum(words, lives, wins):
    assert optimal_wins(words, lives)[0] == wins


def test_words_of_different_lengths_are_refused():
    with pytest.raises(ValueError, match="same length"):
        optimal_wins(["cat", "cart"])


def test_letter_splits_group_words_by_the_positions_revealed():
    splits = dict(letter_splits(["cat", "act", "tat"])["t"])
    assert splits == {0b100: 0b011, 0b101: 0b100}  # t last in cat and act; first and last in tat


@pytest.mark.parametrize("lives", [1, 2, 3, 4])  # the unmemoised rollout takes minutes at 6 lives
def test_the_optimum_equals_a_rollout_searched_to_the_end_and_bounds_what_candidates_wins(lives):
    # the rollout with every letter at every step and depth past the game's end is an independent exact expectimax
    deep = CandidatesSolver(rollout=100, rollout_letters=26, rollout_depth=10, fallback="").fit(THREE)
    state = new_game(3, lives)
    idx = deep.index.candidates(state)
    chances = deep.rollout_chances(state, idx, deep.index.presence(state, idx))
    best, _ = optimal_wins(THREE, lives)
    assert best == pytest.approx(np.max(chances) * len(THREE))
    assert np.allclose(exact_chances(THREE, state), chances), "the rollout searched to the end is this expectimax"
    played = sum(play(CandidatesSolver(fallback="").fit(THREE), w, lives).won for w in THREE)
    assert played <= best


def test_progress_reports_the_states_searched():
    seen = []
    best, states = optimal_wins(THREE, 6, seen.append, every=10)
    assert states >= 10 and seen == list(range(10, states + 1, 10))


def test_the_command_prints_the_optimum_beside_what_candidates_wins(tmp_path, capsys):
    import json

    from research.hangman.optimal import main

    path = tmp_path / "three.txt"
    path.write_text("\n".join(THREE + ["tree", "trek"]) + "\n", encoding="utf-8")
    assert main(["--words", str(path), "--length", "3", "--length", "4", "--max-wrong", "2"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["length"], r["words"]) for r in rows] == [(3, 14), (4, 2)]
    assert rows[0]["optimal_wins"] == optimal_wins(THREE, 2)[0] >= rows[0]["candidates_wins"]
    assert rows[1]["optimal_wins"] == 2  # tree / trek: one letter tells them apart, at the cost of at most one of the two lives


def test_the_command_plays_a_seeded_sample_as_the_whole_dictionary(tmp_path, capsys):
    import json

    from research.hangman.optimal import main
    from core.words import make_list, sample

    path = tmp_path / "three.txt"
    path.write_text("\n".join(THREE) + "\n", encoding="utf-8")
    assert main(["--words", str(path), "--length", "3", "--sample", "5", "--seed", "1", "--max-wrong", "1"]) == 0
    row = json.loads(capsys.readouterr().out.splitlines()[0])
    chosen = sample(make_list("three", THREE), 5, 1)
    assert row["words"] == 5
    # with one life and five words from one list, the optimum over the sample (not over all 14) is what is printed
    assert row["optimal_wins"] == optimal_wins(chosen, 1)[0] >= row["candidates_wins"]


ROLLOUT_WORDS = ["cat", "bat", "hat", "mat", "rat", "sat", "cot", "cut", "hit", "hot", "sit", "set", "bet", "bit"]


# the empty board searches all 14 words to the end (about 40 s): slow; the three part-solved boards prove the same bound
@pytest.mark.parametrize("mask, misses", [pytest.param("___", "", marks=pytest.mark.slow), ("__t", "e"), ("_at", "eiou"),
                                          ("_a_", "tbx")])
def test_rollout_scores_are_win_chances_bounded_by_the_exact_ones(mask, misses):
    from core.hangman.rules import state_from_mask
    from core.hangman.solvers import open_letters

    state = state_from_mask(mask, misses)
    greedy_after = CandidatesSolver(rollout=100, rollout_letters=26).fit(ROLLOUT_WORDS)
    deep = CandidatesSolver(rollout=100, rollout_letters=26, rollout_depth=10).fit(ROLLOUT_WORDS)
    idx = deep.index.candidates(state)
    pres = np.where(open_letters(state, deep.alphabet), deep.index.presence(state, idx), 0.0)
    words = [deep.index.words[3][i] for i in idx.tolist()]
    exact = exact_chances(words, state)
    code = deep.alphabet.code()
    one_ply = greedy_after.rollout_chances(state, idx, pres)
    full = deep.rollout_chances(state, idx, pres)
    letters = np.flatnonzero(pres > 0)
    ours = {deep.alphabet.letters[c] for c in letters}
    mine = sorted({c for w in words for c in w})
    exact_by_code = np.zeros(deep.alphabet.size)
    for c in ours:
        exact_by_code[code[c]] = exact[mine.index(c)]
    assert np.allclose(full[letters], exact_by_code[letters]), "searched to the end, the rollout is the exact expectimax"
    assert (one_ply[letters] <= exact_by_code[letters] + 1e-12).all(), "a greedy continuation never beats perfect play"
    assert ((one_ply[letters] > 0) & (one_ply[letters] <= 1)).all()
