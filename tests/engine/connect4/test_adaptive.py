"""Connect Four's adaptive level: its strength falls with the weakness and rises with the
rating, a mistake never below its margin, a win at once always taken, and the record's Elo."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import Player
from bot.engine.connect4 import Connect4Board
from bot.engine.connect4.adaptive import (
    CALIBRATION,
    Strength,
    adaptive_move,
    chance,
    choose,
    column_at,
    playing_rating,
    rating_range,
    record_after,
    strength,
)
from bot.engine.connect4.heuristic import SCALE
from bot.engine.ratings import RANDOM_RATING, AdaptiveRecord
from tests.engine.connect4.plain import random_game


def test_the_calibration_rises_in_rating_and_falls_in_weakness() -> None:
    ratings = [rating for rating, _weakness in CALIBRATION]
    weaknesses = [weakness for _rating, weakness in CALIBRATION]
    assert ratings == sorted(ratings) and len(set(ratings)) == len(ratings)
    assert weaknesses == sorted(weaknesses, reverse=True)
    assert weaknesses[-1] == 0.0 and 0.0 <= weaknesses[0] <= 1.0
    assert rating_range() == (ratings[0], ratings[-1])


@settings(max_examples=200)
@given(low=st.integers(0, 3000), high=st.integers(0, 3000))
def test_a_higher_rating_plays_no_weaker(low: int, high: int) -> None:
    low, high = sorted((low, high))
    assert strength(low).weakness >= strength(high).weakness
    assert strength(low).rating <= strength(high).rating
    assert playing_rating(low) == min(max(low, rating_range()[0]), rating_range()[1])


@settings(max_examples=300)
@given(
    chances=st.dictionaries(st.integers(0, 6), st.floats(0, 1), min_size=1, max_size=7),
    weakness=st.floats(0, 1),
    seed=st.integers(0, 2**16),
)
def test_a_mistake_stays_within_its_margin(
    chances: dict[int, float], weakness: float, seed: int
) -> None:
    col = choose(chances, weakness, random.Random(seed))
    best = max(chances.values())
    assert col in chances and chances[col] >= best - weakness
    if weakness == 0.0:
        assert chances[col] == best


def test_weakness_one_plays_the_worst_column_every_time() -> None:
    chances = {0: 0.2, 1: 0.9, 2: 0.5, 3: 0.0}
    assert {choose(chances, 1.0, random.Random(seed)) for seed in range(50)} == {3}
    assert {choose(chances, 0.0, random.Random(seed)) for seed in range(50)} == {1}
    # at 0.45 a mistake is the lowest within 0.45 of 0.9: column 2 (0.5), never 0 or 3
    assert {choose(chances, 0.45, random.Random(seed)) for seed in range(200)} == {1, 2}


def test_chances_rise_with_the_value() -> None:
    values = [-20 * SCALE, -SCALE, -999, -120, 0, 120, 999, SCALE, 18 * SCALE]
    found = [chance(value) for value in values]
    assert found == sorted(found) and found[0] == 0.0 and found[-1] == 1.0
    assert found[4] == 0.5 and 0.0 < found[2] < found[6] < 1.0


def test_a_win_at_once_is_taken_above_the_random_movers_rating() -> None:
    win = Connect4Board.from_notation("121312")  # three X up column 1, X to move
    for seed in range(20):
        assert column_at(win, Strength(RANDOM_RATING + 1, 1.0), random.Random(seed)) == 0
    assert adaptive_move(win, 1200, random.Random(1)) == win.landing(0)


def test_every_move_is_legal() -> None:
    rng = random.Random(5)
    for weakness in (0.0, 0.5, 1.0):
        for board in random_game(random.Random(int(weakness * 10)))[:-1:4]:
            assert column_at(board, Strength(1000, weakness), rng) in board.legal_columns


def play(x: Strength, o: Strength, rng: random.Random) -> Player | None:
    board = Connect4Board()
    while not board.is_over:
        board = board.play_column(column_at(board, (x, o)[board.discs % 2], rng))
    return board.winner


def test_the_level_at_its_strongest_beats_it_at_its_weakest() -> None:
    """Six games, each side starting three: the weakest gives a win away whenever it can."""
    strong, weak = strength(rating_range()[1]), strength(rating_range()[0])
    rng = random.Random(45)
    points = 0.0
    for game in range(6):
        if game % 2 == 0:
            winner = play(strong, weak, rng)
            points += 1.0 if winner is Player.X else 0.5 if winner is None else 0.0
        else:
            winner = play(weak, strong, rng)
            points += 1.0 if winner is Player.O else 0.5 if winner is None else 0.0
    assert points >= 5.5


def test_the_record_moves_against_the_rating_played() -> None:
    record = AdaptiveRecord()
    top = rating_range()[1]
    for score, then in itertools.product((1.0, 0.5, 0.0), (record, AdaptiveRecord(top + 500, 40))):
        after = record_after(then, score)
        assert after == then.against(score, playing_rating(then.rating))
        assert after.games == then.games + 1
