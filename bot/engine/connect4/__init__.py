"""Connect Four: the public API the game layer and adapters import.

    board = Connect4Board()                    # or Connect4Board.from_notation("4453")
    board = board.play(board.landing(3))       # or board.play_column(3): column 4
    result = analyze(board)                    # the exact score and every column's

A move is a column; as a ``bot.engine.Move`` it is the cell the disc lands in, row 0 the top
(:mod:`.board`), so the game layer names it by ``move.col``. Scores follow gamesolver.org's
benchmark (:mod:`.solver`). The errors are the engine's (:mod:`bot.engine.errors`): a full
column is a ``CellTakenError``, a column off the board an ``OffBoardError``. The rules:
:mod:`.board`; the solver: :mod:`.solver`.
"""

from .analysis import Analysis, analyze, best_columns
from .board import Connect4Board
from .geometry import STANDARD, Geometry
from .notation import format_columns, read_columns
from .solver import Budget, Solver

__all__ = [
    "STANDARD",
    "Analysis",
    "Budget",
    "Connect4Board",
    "Geometry",
    "Solver",
    "analyze",
    "best_columns",
    "format_columns",
    "read_columns",
]
