"""Connect Four's scripted players, a game between two players, and a match (bench/connect4.py,
bench/levels.py's ``--sizes connect4``, bench/adaptive.py).

- ``random``: any legal column, uniformly at random (the rating scale's anchor, as on every
  board).
- ``lancebot``: the sir-lancebot style (python-discord's Connect Four AI): it takes a win at
  once 9 times in 10, blocks the opponent's win at once 3 times in 4, and otherwise plays a
  random column.
- ``one-ply``: always takes a win at once, else always blocks one, else a random column.

A player is a function ``(board, rng) -> column`` (0-based) drawing its chances from the rng it
is given, so a seeded match plays the same games every run.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from scripted import Result, played

from bot.engine import Player
from bot.engine.connect4 import Connect4Board, choose_column
from bot.engine.connect4.geometry import winning_cells

Connect4Mover = Callable[[Connect4Board, random.Random], int]

TAKES_WINS, BLOCKS = 0.9, 0.75
"""How often the sir-lancebot-style player takes a win at once and blocks one."""


def wins_at_once(board: Connect4Board, mine: bool = True) -> list[int]:
    """The columns where the side to move (``mine``) or its opponent would complete four."""
    geo = board.geometry
    discs = board.current if mine else board.current ^ board.mask
    cells = winning_cells(discs, geo.full ^ board.mask, geo.height)
    playable = (board.mask + geo.bottom) & geo.full & cells
    return [col for col in board.legal_columns if playable & geo.columns[col]]


def random_column(board: Connect4Board, rng: random.Random) -> int:
    """Any legal column, uniformly at random."""
    return rng.choice(board.legal_columns)


def lancebot(board: Connect4Board, rng: random.Random) -> int:
    """A win at once 9 times in 10, a block 3 times in 4, else a random column."""
    wins = wins_at_once(board)
    if wins and rng.random() < TAKES_WINS:
        return rng.choice(wins)
    blocks = wins_at_once(board, mine=False)
    if blocks and rng.random() < BLOCKS:
        return rng.choice(blocks)
    return rng.choice(board.legal_columns)


def one_ply(board: Connect4Board, rng: random.Random) -> int:
    """A win at once, else a block, else a random column."""
    return rng.choice(wins_at_once(board) or wins_at_once(board, mine=False) or board.legal_columns)


CONNECT4_SCRIPTED: dict[str, Connect4Mover] = {
    "random": random_column,
    "lancebot": lancebot,
    "one-ply": one_ply,
}
"""Connect Four's scripted players by name, weakest first."""


def level_player(level: str, seconds: float | None = None) -> Connect4Mover:
    """A player that plays the engine's ``level`` (``strongest`` at ``seconds`` a move, the
    bot's own time by default)."""

    def play(board: Connect4Board, rng: random.Random) -> int:
        if seconds is None:
            return choose_column(board, level, rng)
        return choose_column(board, level, rng, seconds=seconds)

    return play


def connect4_mover(name: str) -> Connect4Mover:
    """The scripted player or level called ``name``."""
    return CONNECT4_SCRIPTED[name] if name in CONNECT4_SCRIPTED else level_player(name)


def play_connect4(x: Connect4Mover, o: Connect4Mover, rng: random.Random) -> float:
    """X's score in one game from the empty board: 1 win, 0.5 draw, 0 loss."""
    board = Connect4Board()
    players = (x, o)
    while not board.is_over:
        board = board.play_column(players[board.discs & 1](board, rng))
    winner = board.winner
    if winner is None:
        return 0.5
    return 1.0 if winner is Player.X else 0.0


def connect4_match(a: Connect4Mover, b: Connect4Mover, games: int, seed: int) -> Result:
    """``games`` games between ``a`` and ``b``, ``a`` playing X in the even-numbered games."""
    return played(play_connect4, a, b, games, seed)
