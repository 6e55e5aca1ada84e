"""Connect Four's levels: every move legal, wins taken and losses blocked, strongest exact where
the solver proves the position and searching deeper where it cannot, the names refused."""

from __future__ import annotations

import random

import pytest

from bot.engine import GameOverError, UnknownLevelError
from bot.engine.connect4 import (
    LEVELS,
    PROFILES,
    Connect4Board,
    Level,
    Solver,
    analyze,
    choose_column,
    choose_move,
)
from bot.engine.connect4.levels import mistake_candidates, strongest
from tests.engine.connect4.plain import random_game, read_data

FAST = 0.2
"""strongest's time a move in these tests (the bot's is levels.SECONDS)."""


def test_the_levels_weakest_first() -> None:
    assert LEVELS == ("easy", "medium", "hard", "strongest")
    depths = [PROFILES[Level(name)].depth for name in LEVELS[:-1]]
    assert depths == sorted(depths) and len(set(depths)) == 3
    rates = [PROFILES[Level(name)].mistake_rate for name in LEVELS[:-1]]
    assert rates == sorted(rates, reverse=True)


@pytest.mark.parametrize("level", LEVELS)
def test_every_move_is_legal_and_lands(level: str) -> None:
    rng = random.Random(11)
    for board in random_game(random.Random(LEVELS.index(level)))[:-1:3]:
        move = choose_move(board, level, rng, seconds=FAST)
        assert move in board.legal_moves and move == board.landing(move.col)
        assert board.play(move).discs == board.discs + 1


WIN = "121312"
"""X to move, three X up column 1: X wins at once there."""
BLOCK = "12131"
"""O to move, three X up column 1: O must block there."""


@pytest.mark.parametrize("level", ["medium", "hard", "strongest"])
def test_a_win_at_once_is_always_taken(level: str) -> None:
    win = Connect4Board.from_notation(WIN)
    for seed in range(5 if level == "strongest" else 30):  # strongest takes its whole time
        assert choose_column(win, level, random.Random(seed), seconds=FAST) == 0


@pytest.mark.parametrize("level", ["hard", "strongest"])
def test_a_loss_at_once_is_always_blocked(level: str) -> None:
    block = Connect4Board.from_notation(BLOCK)
    for seed in range(5 if level == "strongest" else 30):
        assert choose_column(block, level, random.Random(seed), seconds=FAST) == 0


def test_the_searched_move_of_every_level_takes_wins_and_blocks() -> None:
    """easy and medium may miss either by a mistake (a random column); their search never does."""
    win, block = Connect4Board.from_notation(WIN), Connect4Board.from_notation(BLOCK)
    for level in (Level.EASY, Level.MEDIUM):
        profile = PROFILES[level]
        taken = sum(choose_column(win, level, random.Random(seed)) == 0 for seed in range(200))
        blocked = sum(choose_column(block, level, random.Random(seed)) == 0 for seed in range(200))
        assert taken >= 200 * (1 - profile.mistake_rate) - 25
        assert blocked >= 200 * (1 - profile.mistake_rate) - 25
    assert mistake_candidates(win, PROFILES[Level.MEDIUM]) == (0,)  # medium's mistakes take it
    assert mistake_candidates(block, PROFILES[Level.HARD]) == (0,)  # hard's mistakes block
    assert len(mistake_candidates(block, PROFILES[Level.MEDIUM])) == 7


def test_strongest_is_exact_where_the_solver_proves_the_position() -> None:
    solver = Solver()
    for sequence, score in read_data("middle_20-29.txt")[:15]:
        board = Connect4Board.from_notation(sequence)
        decision = strongest(board, seconds=5.0)
        assert decision.how == "exact" and decision.score == int(score), sequence
        columns = analyze(board, solver=solver).columns
        assert all(columns[col] == int(score) for col in decision.columns), sequence


def test_strongest_searches_as_deep_as_it_can_where_the_solver_cannot() -> None:
    decision = strongest(Connect4Board.from_notation("4"), seconds=0.3)
    assert decision.how.startswith("depth ") and decision.score is None
    assert int(decision.how.split()[1]) >= 3
    assert set(decision.columns) <= set(range(7))


def test_unknown_levels_and_finished_games_are_refused() -> None:
    with pytest.raises(UnknownLevelError, match="for Connect Four: choose one of easy, medium"):
        choose_move(Connect4Board(), "perfect")
    for level in LEVELS:
        with pytest.raises(GameOverError):
            choose_move(Connect4Board.from_notation("1212121"), level)
