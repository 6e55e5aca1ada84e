"""Connect Four: the public API the game layer and adapters import.

    board = Connect4Board()                    # or Connect4Board.from_notation("4453")
    board = board.play(board.landing(3))       # or board.play_column(3): column 4

A move is a column; as a ``bot.engine.Move`` it is the cell the disc lands in, row 0 the top
(:mod:`.board`), so the game layer names it by ``move.col``. The errors are the engine's
(:mod:`bot.engine.errors`): a full column is a ``CellTakenError``, a column off the board an
``OffBoardError``. The rules: :mod:`.board`.
"""

from .board import Connect4Board
from .geometry import STANDARD, Geometry
from .notation import format_columns, read_columns

__all__ = ["STANDARD", "Connect4Board", "Geometry", "format_columns", "read_columns"]
