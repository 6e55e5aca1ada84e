"""Ultimate's adaptive level (bot.engine.ultimate.adaptive): a strength for every rating, a
game win always taken, mistakes chosen by the search's values within the margin the rating
allows (never a move valued below it, never a win given away while it stands better at the
stronger ratings), and the record's Elo update against the rating it played at."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import GameOverError, Move, Value
from bot.engine.ratings import START_RATING, AdaptiveRecord
from bot.engine.ultimate import MoveStat, SearchResult, UltimateBoard
from bot.engine.ultimate.adaptive import (
    CALIBRATION,
    SIZE,
    Strength,
    adaptive_move,
    allowed_mistakes,
    choose,
    move_at,
    playing_rating,
    rating_range,
    strength,
)


def random_game(seed: int) -> list[UltimateBoard]:
    """The positions of one game of uniformly random moves, from the empty grid to its end."""
    rng = random.Random(seed)
    boards = [UltimateBoard()]
    while not boards[-1].is_over:
        moves = boards[-1].legal_moves
        boards.append(boards[-1].play(moves[int(rng.random() * len(moves))]))
    return boards


def wins_at_once(board: UltimateBoard) -> set[Move]:
    """The moves that win the game for the side to move, checked on the board itself."""
    return {move for move in board.legal_moves if board.play(move).winner is board.to_move}


# ---------------------------------------------------------------- strength from a rating


def test_the_calibration_spans_a_weakest_and_a_flawless_rating() -> None:
    low, high = rating_range()
    assert low < START_RATING < high
    assert CALIBRATION[-1][1] == 0.0  # the strongest makes no mistakes
    ratings = [rating for rating, _weakness in CALIBRATION]
    weaknesses = [weakness for _rating, weakness in CALIBRATION]
    assert ratings == sorted(ratings) and weaknesses == sorted(weaknesses, reverse=True)
    assert SIZE == 9  # the record is stored with the grid's side


def test_strength_follows_the_rating() -> None:
    low, high = rating_range()
    assert playing_rating(low - 500) == low and playing_rating(high + 500) == high
    assert strength(high + 500) == Strength(high, 0.0)
    assert strength(low - 500).weakness == CALIBRATION[0][1]
    weaknesses = [strength(rating).weakness for rating in range(low, high + 1, 13)]
    assert weaknesses == sorted(weaknesses, reverse=True)
    assert all(0.0 <= weakness <= 1.0 for weakness in weaknesses)


def test_a_record_moves_by_elo_against_the_rating_played_at() -> None:
    record = AdaptiveRecord()
    played = playing_rating(record.rating)
    assert record.against(0.5, played) == AdaptiveRecord(START_RATING, 1)
    assert record.against(1.0, played).rating > START_RATING > record.against(0.0, played).rating
    high = rating_range()[1]
    above = AdaptiveRecord(high + 300, 40)  # above the strongest play: a draw lowers it
    assert above.against(0.5, playing_rating(above.rating)).rating < above.rating


# ---------------------------------------------------------------- the choice among values


def stats() -> st.SearchStrategy[SearchResult]:
    """A search's result: distinct moves with visits and win rates, some proven, ordered as
    the search orders them (the chosen move first)."""
    cells = st.lists(st.integers(0, 80), min_size=1, max_size=20, unique=True).map(
        lambda squares: [Move(s // 9, s % 9) for s in squares]
    )

    def build(moves: list[Move], rates: list[float], proven: list[bool]) -> SearchResult:
        made = [
            MoveStat(move, 1 + index, 0.0 if lost else rate, Value.LOSS if lost else None)
            for index, (move, rate, lost) in enumerate(zip(moves, rates, proven, strict=False))
        ]
        made.sort(key=lambda stat: stat.proven is Value.LOSS)  # proven losses last
        first = made[0]
        return SearchResult(first.move, first.win_rate, None, 100, 0.01, tuple(made))

    return cells.flatmap(
        lambda moves: st.builds(
            build,
            st.just(moves),
            st.lists(st.floats(0.0, 1.0), min_size=len(moves), max_size=len(moves)),
            st.lists(st.booleans(), min_size=len(moves), max_size=len(moves)),
        )
    )


@given(stats(), st.floats(0.0, 1.0), st.integers(0, 2**32))
def test_a_move_is_never_valued_below_the_margin(
    result: SearchResult, weakness: float, seed: int
) -> None:
    move = choose(result, weakness, random.Random(seed))
    value = {stat.move: stat.win_rate for stat in result.moves}[move]
    assert value >= result.value - weakness
    mistakes = allowed_mistakes(result, weakness)
    assert move == result.move or move in mistakes
    lowest = min(
        value for value in {s.win_rate for s in result.moves} if value >= result.value - weakness
    )
    assert all({s.move: s.win_rate for s in result.moves}[m] == lowest for m in mistakes)


@given(stats(), st.integers(0, 2**32))
def test_without_weakness_it_plays_the_searchs_move(result: SearchResult, seed: int) -> None:
    assert choose(result, 0.0, random.Random(seed)) == result.move


@given(stats(), st.floats(0.0, 0.49), st.integers(0, 2**32))
def test_standing_better_it_gives_no_win_away_below_weakness_one_half(
    result: SearchResult, weakness: float, seed: int
) -> None:
    if result.value <= 0.5:
        return
    move = choose(result, weakness, random.Random(seed))
    chosen = next(stat for stat in result.moves if stat.move == move)
    assert chosen.proven is not Value.LOSS


# ---------------------------------------------------------------- on real positions


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9), st.floats(0.0, 1.0))
def test_never_misses_a_win_in_one(seed: int, weakness: float) -> None:
    boards = random_game(seed)
    wins = [board for board in boards[:-1] if wins_at_once(board)]
    for board in wins[:3]:
        move = move_at(board, Strength(0, weakness), random.Random(seed))
        assert move in wins_at_once(board)


@pytest.mark.parametrize("rating", [0, 900, START_RATING, 1500, 3000])
def test_plays_a_legal_move_at_every_rating(rating: int) -> None:
    rng = random.Random(rating)
    for board in itertools.islice(random_game(rating)[:-1], 0, 60, 20):
        assert adaptive_move(board, rating, rng) in board.legal_moves


def test_no_move_when_the_game_is_over() -> None:
    finished = random_game(5)[-1]
    with pytest.raises(GameOverError):
        adaptive_move(finished, START_RATING)
