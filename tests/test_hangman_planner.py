"""The planner against the cheating host: host answers as the host's own rule gives them, fewest misses checked by an
independent exhaustive search, plans replayed through the host, a node budget that stops honestly."""
import random
from functools import lru_cache

import pytest

from core.hangman.adversary import host_answer, host_choice, play_against_host, start_host
from core.hangman.planner import HostSearch, cheater_game, plan_for_length, planned_moves
from core.hangman.rules import MAX_WRONG, RuleError
from core.hangman.solvers import SOLVERS

# planning beats greedy: g is in the most words (3 of 6), the host admits it at the end (dog, mug) and then says no to
# t, a and e (3 misses); a planner asks t first (a miss keeping dog, gun, mug), then u, which the host must admit
BEATS_GREEDY = ["cat", "dog", "gun", "mug", "not", "pet"]
RHYMES = ["bat", "cat", "hat", "mat", "rat", "sat"]  # the classic trap: one miss per wrong first letter
E_WORDS = ["hello", "jelly", "belly", "berry", "ferry", "merry"]


def fewest_misses(words, length) -> int:
    """An independent exhaustive search through adversary.host_choice: every letter order, no pruning."""
    pool = tuple(sorted({w for w in words if len(w) == length}))
    letters = sorted({c for w in pool for c in w})

    @lru_cache(maxsize=None)
    def best(kept: tuple) -> int:
        if len(kept) <= 1:
            return 0
        out = []
        for c in letters:
            choice, after = host_choice(kept, c)
            if len(choice.groups) > 1:
                out.append(int(not choice.chosen) + best(tuple(after)))
        return min(out)

    return best(pool)


def replayed_misses(words, length, letters) -> tuple[int, bool]:
    """The plan's letters through the host's rule: misses made, and whether one word is left."""
    game = start_host(words, length, MAX_WRONG)
    for c in letters:
        game = host_answer(game, c)
    return game.state.wrong, len(game.words) == 1


@pytest.mark.parametrize("words, length, misses", [
    (BEATS_GREEDY, 3, 1),
    (RHYMES, 3, 5),  # b, c, h, m, r, s all start a word: the host says no until one is left
    (E_WORDS, 5, 2),
    (["apple", "ample", "angle", "ankle", "table", "title"], 5, 1),
    (["ab", "ba"], 2, 0),  # a is in both at different places: the host must admit it somewhere
    (["solo"], 4, 0),
])
def test_the_plan_needs_the_fewest_misses_and_proves_it(words, length, misses):
    game = plan_for_length(words, length, nodes=10_000)
    assert (game.misses, game.proven, game.lower) == (misses, True, misses)
    assert fewest_misses(words, length) == misses
    assert replayed_misses(words, length, game.letters) == (misses, True)


@pytest.mark.parametrize("seed", range(12))
def test_random_small_lists_match_the_exhaustive_search(seed):
    rng = random.Random(seed)
    words = sorted({"".join(rng.choice("abcdeilnorst") for _ in range(4)) for _ in range(rng.randint(5, 14))})
    game = plan_for_length(words, 4, nodes=50_000)
    assert game.proven
    assert game.misses == fewest_misses(words, 4) <= game.greedy
    assert replayed_misses(words, 4, game.letters) == (game.misses, True)


@pytest.mark.parametrize("seed", range(8))
def test_the_search_answers_every_letter_as_the_host_does(seed):
    rng = random.Random(100 + seed)
    words = sorted({"".join(rng.choice("aabcde") for _ in range(5)) for _ in range(40)})  # many ties
    search = HostSearch(words)
    kept = tuple(range(len(search.words)))
    for ans in search.answers(kept):
        choice, after = host_choice(search.words, ans.letter)
        assert ans.miss == (not choice.chosen) and ans.count == choice.kept
        move = next(m for m in search.expand(kept) if m.answer.letter == ans.letter)
        assert [search.words[i] for i in move.kept] == list(after)


def test_planning_beats_the_greedy_strategies_against_the_host():
    greedy = {name: play_against_host(SOLVERS.create(name).fit(BEATS_GREEDY), BEATS_GREEDY, 3).misses
              for name in ("frequency", "candidates")}
    planner = play_against_host(SOLVERS.create("planner").fit(BEATS_GREEDY), BEATS_GREEDY, 3)
    assert greedy == {"frequency": 3, "candidates": 3}
    assert planner.misses == 1 and planner.won


def test_a_spent_node_budget_keeps_the_best_order_found_and_says_it_is_not_proven():
    rng = random.Random(7)
    words = sorted({"".join(rng.choice("abcdefghilmnoprstu") for _ in range(5)) for _ in range(400)})
    game = plan_for_length(words, 5, nodes=3)
    assert not game.proven and game.lower <= game.misses <= game.greedy
    assert replayed_misses(words, 5, game.letters) == (game.misses, True)


def test_progress_never_steps_back_and_ends_full():
    rng = random.Random(3)
    words = sorted({"".join(rng.choice("abcdeilnorst") for _ in range(5)) for _ in range(300)})
    reports = []
    plan_for_length(words, 5, nodes=2_000, progress=lambda d, t, m="": reports.append((d, t)))
    fractions = [d / t for d, t in reports]
    assert len(reports) >= 2 and fractions == sorted(fractions) and fractions[-1] == 1.0


def test_a_length_the_list_lacks_is_a_clear_error():
    with pytest.raises(RuleError, match="no 7-letter word"):
        plan_for_length(BEATS_GREEDY, 7)


def test_the_game_is_kept_on_disk_by_the_lists_content():
    first = cheater_game(BEATS_GREEDY + ["house"], 3, nodes=1_000)
    calls = []
    again = cheater_game(BEATS_GREEDY, 3, nodes=1_000, progress=lambda *a: calls.append(a))
    assert again == first and not calls  # the same 3-letter words: read back, not searched again
    other = cheater_game(RHYMES, 3, nodes=1_000)
    assert other.misses == 5 and other != first


def test_each_move_sentence_reads_the_hosts_numbers():
    game = plan_for_length(BEATS_GREEDY, 3, nodes=1_000)
    moves, host = planned_moves(BEATS_GREEDY, game)
    assert host.state.won and host.state.wrong == 1
    assert [m.choice.letter for m in moves[:len(game.letters)]] == list(game.letters)
    first = moves[0]
    assert first.sentence() == ("T: the host's 6 words would split 2 ways (3, 3 words); it keeps the 3 without T: a "
                                "miss. From here the plan needs no more misses (no order does better).")
    assert [m.misses_left for m in moves] == [0] * len(moves)
    assert "must admit" in moves[1].sentence()


def test_the_strategy_plays_the_stored_plan_move_for_move(monkeypatch):
    words = ["bat", "cat", "hat", "mat", "rat", "sat", "cot", "dog", "gun", "mug", "not", "pet", "pit", "sun", "tin"]
    game = plan_for_length(words, 3, nodes=10_000)
    solver = SOLVERS.create("planner").fit(words)
    solver.root_plan(3)

    def no_new_search(*args, **kwargs):
        raise AssertionError("a board on the stored plan's path was searched again")

    monkeypatch.setattr(HostSearch, "plan", no_new_search)
    record = play_against_host(solver, words, 3)
    assert record.misses == game.misses
    assert tuple(c.letter for c in record.choices[:len(game.letters)]) == game.letters
