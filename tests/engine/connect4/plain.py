"""The yardsticks the Connect Four tests measure the engine against, written from the rules alone.

``plain_score`` is minimax without pruning and without a table, on the board value's rules
(``play_column``, ``winner``): every continuation to the end, the score by the benchmark's
definition. ``board_from_cells`` builds a position from a picture of the grid, and
``lines_of_four`` lists every line of four cells by rows and columns: a second way to find a
winner and to count open lines, with no bit tricks.
"""

from __future__ import annotations

import random
from pathlib import Path

from bot.engine.connect4.board import Connect4Board
from bot.engine.connect4.geometry import Geometry

DATA = Path(__file__).parent / "positions"


def plain_score(board: Connect4Board) -> int:
    """The exact score for the side to move, by walking every continuation: a win with the
    next disc scores ``cells / 2 + 1`` less the winner's discs, a full board 0, and any other
    move minus the score of the position it leaves; the best move's."""
    geo = board.geometry
    best: int | None = None
    for col in board.legal_columns:
        after = board.play_column(col)
        if after.winner is not None:
            value = geo.cells // 2 + 1 - (board.discs // 2 + 1)
        elif after.is_over:
            value = 0
        else:
            value = -plain_score(after)
        best = value if best is None else max(best, value)
    assert best is not None, "the game is over"
    return best


def lines_of_four(geo: Geometry) -> list[list[tuple[int, int]]]:
    """Every line of four cells as (row from the bottom, column) pairs."""
    lines = []
    for row in range(geo.height):
        for col in range(geo.width):
            for d_row, d_col in ((0, 1), (1, 0), (1, 1), (-1, 1)):
                cells = [(row + i * d_row, col + i * d_col) for i in range(4)]
                if all(0 <= r < geo.height and 0 <= c < geo.width for r, c in cells):
                    lines.append(cells)
    return lines


def disc_grid(board: Connect4Board) -> dict[tuple[int, int], str]:
    """Each disc as (row from the bottom, column) -> "X" or "O", by replaying the columns."""
    heights = [0] * board.geometry.width
    grid = {}
    for number, col in enumerate(board.moves):
        grid[heights[col], col] = "XO"[number % 2]
        heights[col] += 1
    return grid


def random_game(rng: random.Random, geo: Geometry | None = None) -> list[Connect4Board]:
    """Every position of one game of uniformly random columns, to its end."""
    board = Connect4Board() if geo is None else Connect4Board(geometry=geo)
    boards = [board]
    while not board.is_over:
        board = board.play_column(rng.choice(board.legal_columns))
        boards.append(board)
    return boards


def read_data(name: str) -> list[list[str]]:
    """The words of each line of a file in positions/, comment lines (#) left out."""
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
    return [line.split() for line in lines if line and not line.startswith("#")]
