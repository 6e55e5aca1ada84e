"""The scripted players of ultimate tic-tac-toe that calibrate its adaptive level, and a game
between two of them (bench/adaptive.py's ``--sizes 9``).

- ``random``: any legal move, uniformly at random (the rating scale's anchor, as on the
  classic sizes).
- ``one-ply``: a game win if there is one, else a random move that does not let the opponent
  win the game at once, else any legal move.
- ``uct-0.05s``: plain UCT (bench/_ultimate_uct.py) at 0.05 s a move.

A player is a function ``(board, rng) -> Move`` drawing its chances from the rng it is given.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from _ultimate_uct import random_move, uct_move
from scripted import Result, played

from bot.engine.moves import Move
from bot.engine.ultimate.board import UltimateBoard
from bot.engine.ultimate.playout import SearchPosition, game_win, safe_moves
from bot.engine.ultimate.tables import MOVES

UltimateMover = Callable[[UltimateBoard, random.Random], Move]

UCT_SECONDS = 0.05
"""Plain UCT's time a move."""


def one_ply(board: UltimateBoard, rng: random.Random) -> Move:
    """A game win, else a random move that gives no game win away, else a random move."""
    pos = SearchPosition.of(board)
    win = game_win(pos)
    if win is not None:
        return MOVES[win]
    choices = safe_moves(pos) or pos.legal()
    return MOVES[choices[int(rng.random() * len(choices))]]


def uct(board: UltimateBoard, rng: random.Random) -> Move:
    """Plain UCT's move at ``UCT_SECONDS``."""
    return uct_move(board, UCT_SECONDS, rng)[0]


ULTIMATE_SCRIPTED: dict[str, UltimateMover] = {
    "random": random_move,
    "one-ply": one_ply,
    "uct-0.05s": uct,
}
"""Ultimate's scripted players by name, weakest first."""


def play_ultimate(x: UltimateMover, o: UltimateMover, rng: random.Random) -> float:
    """X's score in one game of ultimate from the empty grid: 1 win, 0.5 draw, 0 loss."""
    board = UltimateBoard()
    players = (x, o)
    turn = 0
    while not board.is_over:
        board = board.play(players[turn](board, rng))
        turn = 1 - turn
    winner = board.winner
    if winner is None:
        return 0.5
    return 1.0 if winner.value == "X" else 0.0


def ultimate_match(a: UltimateMover, b: UltimateMover, games: int, seed: int) -> Result:
    """``games`` games of ultimate between ``a`` and ``b``, ``a`` playing X in the
    even-numbered games."""
    return played(play_ultimate, a, b, games, seed)
