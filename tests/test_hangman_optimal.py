"""The exact optimum on words in the dictionary: hand-checked small cases, and an independent exact search agrees."""
import numpy as np
import pytest

from core.hangman.harness import play
from core.hangman.optimal import letter_splits, optimal_wins
from core.hangman.rules import new_game
from core.hangman.solvers import CandidatesSolver

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
    assert np.allclose(deep.win_chances(state, idx), chances), "the solver's lookahead is this expectimax"
    played = sum(play(CandidatesSolver(fallback="").fit(THREE), w, lives).won for w in THREE)
    assert played <= best


def test_progress_reports_the_states_searched():
    seen = []
    best, states = optimal_wins(THREE, 6, seen.append, every=10)
    assert states >= 10 and seen == list(range(10, states + 1, 10))


def test_the_command_prints_the_optimum_beside_what_candidates_wins(tmp_path, capsys):
    import json

    from core.hangman.optimal import main

    path = tmp_path / "three.txt"
    path.write_text("\n".join(THREE + ["tree", "trek"]) + "\n", encoding="utf-8")
    assert main(["--words", str(path), "--length", "3", "--length", "4", "--max-wrong", "2"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["length"], r["words"]) for r in rows] == [(3, 14), (4, 2)]
    assert rows[0]["optimal_wins"] == optimal_wins(THREE, 2)[0] >= rows[0]["candidates_wins"]
    assert rows[1]["optimal_wins"] == 2  # tree / trek: one letter tells them apart, at the cost of at most one of the two lives


def test_the_command_plays_a_seeded_sample_as_the_whole_dictionary(tmp_path, capsys):
    import json

    from core.hangman.optimal import main
    from core.words import make_list, sample

    path = tmp_path / "three.txt"
    path.write_text("\n".join(THREE) + "\n", encoding="utf-8")
    assert main(["--words", str(path), "--length", "3", "--sample", "5", "--seed", "1", "--max-wrong", "1"]) == 0
    row = json.loads(capsys.readouterr().out.splitlines()[0])
    chosen = sample(make_list("three", THREE), 5, 1)
    assert row["words"] == 5
    # with one life and five words from one list, the optimum over the sample (not over all 14) is what is printed
    assert row["optimal_wins"] == optimal_wins(chosen, 1)[0] >= row["candidates_wins"]
