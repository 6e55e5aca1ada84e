"""``perfect`` on 5x5 with four in a row never loses, never moves into a lost position, and
takes a forced win.

The adversary's first move (or first reply) is sampled from every cell with a fixed seed
(all of them would take minutes), then it plays the exact solver's move; after every move
of ``perfect`` the position must still be worth at least what it was worth before.
"""

from __future__ import annotations

import random

import pytest

from bot.engine import Board, Move, Player, analyze, choose_move
from bot.engine.wdl_solver import WIN, WdlSolver

SOLVER = WdlSolver(Board.empty(5, 4).geometry)


def value(board: Board) -> int:
    """The exact value for the side to move."""
    return SOLVER.value(*board.sides)


def play_out(board: Board, bot: Player) -> Board:
    """Play to the end: the bot at perfect, the adversary the exact solver's move."""
    while not board.is_over:
        if board.to_move is bot:
            before = value(board)
            board = board.play(choose_move(board, "perfect", random.Random(0)))
            if not board.is_over:
                assert -value(board) >= before, board.notation
        else:
            me, opp = board.sides
            board = board.play(board.geometry.moves[SOLVER.best_move(me, opp)[0]])
    return board


@pytest.mark.parametrize("bot", [Player.X, Player.O])
def test_perfect_never_loses_against_sampled_openings(bot: Player) -> None:
    cells = [Move(r, c) for r in range(5) for c in range(5)]
    for first in random.Random(12).sample(cells, 2):
        board = Board.empty(5, 4)
        if bot is Player.X:
            board = board.play(choose_move(board, "perfect", random.Random(0)))
            if first in board.legal_moves:
                board = board.play(first)  # the adversary's sampled first reply
        else:
            board = board.play(first)  # the adversary's sampled first move
        end = play_out(board, bot)
        assert end.winner is not bot.other, end.notation


def test_perfect_takes_the_known_forced_win_at_the_fastest_distance() -> None:
    board = Board.from_notation("...X./..XO./OX.X./O.O../.....", k=4)
    assert value(board) == WIN
    fastest = analyze(board).best_moves  # the general solver's depth-aware best moves
    assert choose_move(board, "perfect", random.Random(0)) in fastest
    end = play_out(board, Player.X)
    assert end.winner is Player.X
