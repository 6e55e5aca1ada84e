"""The ``Position`` protocol: classic's ``Board`` and ultimate's ``UltimateBoard`` both are one,
and a game played through the protocol alone behaves alike on both."""

from __future__ import annotations

import random

import pytest

from bot.engine import GameOverError, Move, Player, Position
from bot.engine.classic import Board
from bot.engine.ultimate import UltimateBoard


def play_out(position: Position, rng: random.Random) -> tuple[Position, int]:
    """Random legal moves through the protocol alone until the game ends; the end and the
    moves played."""
    played = 0
    while not position.is_over:
        mover = position.to_move
        move = rng.choice(position.legal_moves)
        assert position.at(move) is None
        position = position.play(move)
        assert position.at(move) is mover
        played += 1
    return position, played


@pytest.mark.parametrize(
    "start", [Board.empty(), Board.empty(4), UltimateBoard()], ids=["3x3", "4x4", "ultimate"]
)
@pytest.mark.parametrize("seed", range(5))
def test_a_game_through_the_protocol_ends_as_the_rules_say(start: Position, seed: int) -> None:
    assert isinstance(start, Position)
    assert start.to_move is Player.X and start.winner is None and start.legal_moves
    end, played = play_out(start, random.Random(seed))
    assert isinstance(end, Position) and type(end) is type(start)
    assert end.legal_moves == ()
    assert played > 0
    if end.winner is not None:
        assert end.to_move is end.winner.other  # the winner moved last
    with pytest.raises(GameOverError):
        end.play(Move(0, 0))


def test_both_boards_read_back_their_notation() -> None:
    board = Board.empty().play(Move(1, 1))
    ultimate = UltimateBoard().play(Move(4, 4))
    assert Board.from_notation(board.notation) == board
    assert UltimateBoard.from_notation(ultimate.notation) == ultimate


def test_a_value_that_lacks_a_board_member_is_no_position() -> None:
    assert not isinstance(Move(0, 0), Position)
