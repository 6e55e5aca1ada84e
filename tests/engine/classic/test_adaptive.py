"""The adaptive level and the levels' ratings: a real opponent at every rating (it takes every
win in one above the random mover's rating, gives none away from the one-ply player's up, never
lets a won position go there), the rating table complete, the record's Elo update, determinism
with a seed, and bench/adaptive.py's verdict on a fixed seed.
"""

from __future__ import annotations

import itertools
import random
import sys
from pathlib import Path

import pytest
from reachable import live_positions

from bot.engine import GameOverError, Move, Value
from bot.engine.classic import LEVEL_RATINGS, LEVELS, SCRIPTED_RATINGS, Board, analyze
from bot.engine.classic.adaptive import (
    NO_GIFTS_FROM,
    Strength,
    adaptive_move,
    fallback_level,
    keeps_wins_from,
    move_at,
    no_gifts_from,
    playing_rating,
    rating_range,
    record_after,
    strength,
)
from bot.engine.classic.chances import novice_chances
from bot.engine.ratings import (
    K_FACTOR,
    K_START,
    RANDOM_RATING,
    START_RATING,
    AdaptiveRecord,
    k_factor,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))

# bench/adaptive.py, the bench this test mirrors, and its scripted players
from adaptive import member_run
from scripted import SCRIPTED, one_ply

LIVE = live_positions()
SIZES = (3, 4, 5)


def wins_in_one(board: Board, mine: bool = True) -> set[Move]:
    """Cells where the side to move (or the other side) completes a line, checked on the board
    itself: play the move (for the other side, as if it moved) and ask the board."""
    if mine:
        return {m for m in board.legal_moves if board.play(m).winner is not None}
    found = set()
    for m in board.legal_moves:
        for pass_move in board.legal_moves:  # let the mover play elsewhere first
            if pass_move != m:
                after = board.play(pass_move)
                if not after.is_over and after.play(m).winner is not None:
                    found.add(m)
                break
    return found


def leaves_a_win(board: Board, move: Move) -> bool:
    """True if after ``move`` the opponent completes a line with its next move."""
    after = board.play(move)
    return not after.is_over and any(after.play(m).winner is not None for m in after.legal_moves)


# ---------------------------------------------------------------- the rating table


def test_every_level_of_every_size_has_a_rating() -> None:
    assert set(LEVEL_RATINGS) == {(level, size) for level in LEVELS for size in SIZES}
    assert all(isinstance(rating, int) for rating in LEVEL_RATINGS.values())
    for size in SIZES:
        assert SCRIPTED_RATINGS["random", size] == RANDOM_RATING
        # every level beats a random mover
        assert all(LEVEL_RATINGS[level, size] > RANDOM_RATING for level in LEVELS)


def test_the_strongest_adaptive_is_rated_at_least_like_perfect() -> None:
    for size in SIZES:
        low, high = rating_range(size)
        assert low < RANDOM_RATING < keeps_wins_from(size) <= no_gifts_from(size) <= high
        assert high >= LEVEL_RATINGS["perfect", size] - 50
    assert no_gifts_from(3) == keeps_wins_from(3) == SCRIPTED_RATINGS["one-ply", 3]
    assert set(NO_GIFTS_FROM) == {3}  # 4x4 and 5x5 give wins away wherever they err


# ---------------------------------------------------------------- strength from a rating


def test_strength_follows_the_rating() -> None:
    for size in SIZES:
        low, high = rating_range(size)
        assert playing_rating(low - 500, size) == low
        assert playing_rating(high + 500, size) == high
        assert strength(high + 500, size).mistake_rate == 0.0
        assert strength(low, size).mistake_rate == 1.0
        assert not strength(RANDOM_RATING, size).takes_wins
        assert strength(RANDOM_RATING + 1, size).takes_wins
        keep, gift = keeps_wins_from(size), no_gifts_from(size)
        assert not strength(keep - 1, size).keeps_wins
        assert strength(keep, size).keeps_wins
        assert strength(gift - 1, size).gives_wins
        assert not strength(gift, size).gives_wins
        # within each way of playing, a higher rating makes no more mistakes
        bounds = sorted({low, RANDOM_RATING + 1, keep, gift, high + 1})
        for start, end in itertools.pairwise(bounds):
            rates = [strength(r, size).mistake_rate for r in range(start, end, 7)]
            assert rates == sorted(rates, reverse=True), (size, start, end)


@pytest.mark.parametrize("rating", [RANDOM_RATING + 1, 1000, 1100, 1200, 1300, 2000])
def test_never_misses_a_win_in_one_above_the_random_movers_rating(rating: int) -> None:
    rng = random.Random(rating)
    missed = []
    for board in LIVE:
        wins = wins_in_one(board)
        if wins:
            move = adaptive_move(board, rating, rng)
            if move not in wins:
                missed.append(f"{board.notation}: {move}, not one of {sorted(wins)}")
    assert not missed, f"{len(missed)} missed, first: {missed[:3]}"


def test_may_miss_a_win_in_one_at_the_random_movers_rating() -> None:
    """The other side of the rule: as weak as a random mover, it does let wins go."""
    rng = random.Random(3)
    boards = [board for board in LIVE if wins_in_one(board)]
    missed = sum(adaptive_move(b, RANDOM_RATING, rng) not in wins_in_one(b) for b in boards)
    assert missed > len(boards) // 4


@pytest.mark.parametrize("seed", [0, 1])
def test_never_gives_a_win_in_one_to_a_player_rated_from_the_one_ply_players_up(
    seed: int,
) -> None:
    """Every position where some move leaves the opponent no win in one, at ratings from the
    one-ply player's (where the level still makes a mistake at every chance) up."""
    gift = no_gifts_from(3)
    rng = random.Random(seed)
    avoidable = [
        board
        for board in LIVE
        if any(leaves_a_win(board, m) for m in board.legal_moves)
        and not all(leaves_a_win(board, m) for m in board.legal_moves)
    ]
    assert len(avoidable) > 1000
    assert strength(gift, 3).mistake_rate == 1.0
    given = []
    for rating in (gift, gift + 60, 1250, 1400):
        for board in avoidable:
            move = adaptive_move(board, rating, rng)
            if leaves_a_win(board, move):
                given.append(f"{rating} {board.notation}: {move}")
    assert not given, f"{len(given)} given away, first: {given[:3]}"


def test_gives_wins_away_below_the_one_ply_players_rating() -> None:
    """The other side: a weak player wins by the wins in one the level leaves."""
    rng = random.Random(4)
    given = sum(
        leaves_a_win(board, adaptive_move(board, 900, rng))
        for board in LIVE
        if not all(leaves_a_win(board, m) for m in board.legal_moves)
    )
    assert given > 200


def test_never_lets_a_won_position_go_from_the_one_ply_players_rating_up() -> None:
    """No random move when it stands better: a won position stays won, at every chance of a
    mistake (the mistakes turn draws into losses)."""
    rng = random.Random(5)
    keep = keeps_wins_from(3)
    assert strength(keep, 3).mistake_rate == 1.0
    for board in LIVE:
        analysis = analyze(board)
        if analysis.value is Value.WIN:
            kept = {m.move for m in analysis.moves if m.value is Value.WIN}
            for rating in (keep, keep + 100):
                assert adaptive_move(board, rating, rng) in kept, (rating, board.notation)


def test_its_mistakes_change_the_result() -> None:
    """A mistake is a move of a worse value, never a drawing move swapped for another (from the
    one-ply player's rating up, a loss that leaves no win in one)."""
    how = Strength(no_gifts_from(3), 1.0, takes_wins=True, keeps_wins=True, gives_wins=False)
    rng = random.Random(6)
    for board in LIVE[::5]:
        analysis = analyze(board)
        losing = [m for m in analysis.moves if m.value is Value.LOSS and m.plies > 2]
        if analysis.value is Value.DRAW and losing:
            move = move_at(board, how, rng)
            value = next(m.value for m in analysis.moves if m.move == move)
            assert value is Value.LOSS, board.notation


def test_a_seeded_rng_makes_it_reproducible() -> None:
    for rating in (700, 1000, 1200, 1400):
        first = [adaptive_move(b, rating, random.Random(9)) for b in LIVE[::40]]
        second = [adaptive_move(b, rating, random.Random(9)) for b in LIVE[::40]]
        assert first == second


def test_no_move_when_the_game_is_over() -> None:
    with pytest.raises(GameOverError):
        adaptive_move(Board.from_notation("XXX/OO./..."), 1200, random.Random(0))


def test_plays_every_size() -> None:
    """4x4 from exact values; the 5x5 opening, too big to solve, by the nearest rated level."""
    rng = random.Random(7)
    for size, k in ((4, 4), (5, 4)):
        board = Board.empty(size, k)
        for _ in range(4):
            board = board.play(adaptive_move(board, 1200, rng))
        assert board.moves_played == 4
    assert fallback_level(LEVEL_RATINGS["hard", 5] + 10, 5) == "hard"
    assert fallback_level(0, 5) == "easy"


def test_novice_chances_see_a_fork() -> None:
    """X to move on X.O/.O./..X must block at the bottom left, and that block makes two threats
    (left column, bottom row): a novice blocks one and loses. Playing elsewhere lets O win."""
    board = Board.from_notation("X.O/.O./..X")
    chances = novice_chances(board, [board.cell(Move(2, 0)), board.cell(Move(0, 1))])
    assert chances == [1.0, 0.0]


# ---------------------------------------------------------------- the member's record


def test_a_record_starts_in_the_middle_and_moves_by_elo() -> None:
    record = AdaptiveRecord()
    assert (record.rating, record.games) == (START_RATING, 0)
    won = record_after(record, 1.0, 3)
    assert (won.rating, won.games) == (START_RATING + K_START // 2, 1)
    assert record_after(record, 0.0, 3).rating == START_RATING - K_START // 2
    assert record_after(record, 0.5, 3).rating == START_RATING  # played at its own rating
    assert k_factor(0) == K_START
    assert k_factor(1000) == K_FACTOR


def test_a_record_above_the_strongest_play_falls_with_draws() -> None:
    """A member rated above what the level can play is expected to win: draws lower them."""
    high = rating_range(3)[1]
    record = AdaptiveRecord(high + 300, 50)
    assert record_after(record, 0.5, 3).rating < record.rating
    assert playing_rating(record.rating, 3) == high


def test_a_game_scores_one_half_or_nothing() -> None:
    with pytest.raises(ValueError):
        record_after(AdaptiveRecord(), 0.7, 3)


# ---------------------------------------------------------------- close games (bench/adaptive.py)


@pytest.mark.parametrize("name", list(SCRIPTED))
def test_each_scripted_player_settles_at_an_even_score_in_close_games(name: str) -> None:
    """bench/adaptive.py's 3x3 run for one member, seed 30: over games 21-60 a score within
    0.5 +/- 0.15, the member winning and losing at least 10 % of the games each."""
    run = member_run(SCRIPTED[name], 3, 60, seed=30)
    counted = run.counted()
    assert abs(sum(counted) / len(counted) - 0.5) <= 0.15, counted
    assert counted.count(1.0) >= 4 and counted.count(0.0) >= 4, counted
    assert run.verdict()


def test_a_member_plays_the_same_games_with_the_same_seed() -> None:
    assert member_run(one_ply, 3, 25, seed=2) == member_run(one_ply, 3, 25, seed=2)
