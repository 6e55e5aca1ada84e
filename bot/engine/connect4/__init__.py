"""Connect Four: the public API the game layer and adapters import.

    board = Connect4Board()                    # or Connect4Board.from_notation("4453")
    move = choose_move(board, "hard")          # a Move: the cell the disc lands in
    board = board.play(move)                   # or board.play_column(move.col)
    result = analyze(board)                    # the exact score and every column's

A move is a column; as a ``bot.engine.Move`` it is the cell the disc lands in, row 0 the top
(:mod:`.board`), so the game layer names it by ``move.col``. Scores follow gamesolver.org's
benchmark (:mod:`.solver`). The errors are the engine's (:mod:`bot.engine.errors`): a full
column is a ``CellTakenError``, a column off the board an ``OffBoardError``. The rules:
:mod:`.board`; the solver: :mod:`.solver`; the levels: :mod:`.levels`; the ratings they
measured: :mod:`.ratings`.
"""

from .analysis import Analysis, analyze, best_columns
from .board import Connect4Board
from .geometry import STANDARD, Geometry
from .levels import LEVELS, PROFILES, SECONDS, Decision, Level, Profile, choose_column, choose_move
from .notation import format_columns, read_columns
from .ratings import LEVEL_RATINGS
from .solver import Budget, Solver

__all__ = [
    "LEVELS",
    "LEVEL_RATINGS",
    "PROFILES",
    "SECONDS",
    "STANDARD",
    "Analysis",
    "Budget",
    "Connect4Board",
    "Decision",
    "Geometry",
    "Level",
    "Profile",
    "Solver",
    "analyze",
    "best_columns",
    "choose_column",
    "choose_move",
    "format_columns",
    "read_columns",
]
