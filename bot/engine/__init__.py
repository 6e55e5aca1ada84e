"""The Tic-Tac-Toe engine: board rules, notation and a perfect minimax player.

Pure code: no I/O (except the ``python -m bot.engine`` CLI), no asyncio, no
storage. Public API::

    board = Board.empty()                      # or Board.from_notation("X.O/.X./..O")
    move = choose_move(board, "perfect")       # a Move, 0-based
    board = board.play(move)                   # a new Board
    analysis = analyze(board)                  # every move: win/draw/loss and plies

Reading order for students: ``board.py`` (rules on bitboards), ``solver.py``
(negamax, alpha-beta, transposition table, symmetry), ``heuristic.py``
(depth-limited search with an evaluation), ``levels.py`` (difficulty levels).
"""

from .analysis import Analysis, MoveAnalysis, Value, analyze
from .board import Board
from .errors import (
    BoardSizeError,
    CellTakenError,
    EngineError,
    GameOverError,
    IllegalMoveError,
    InvalidNotationError,
    OffBoardError,
    UnknownLevelError,
)
from .levels import LEVELS, Level, best_moves, choose_move
from .values import Move, Outcome, Player

__all__ = [
    "LEVELS",
    "Analysis",
    "Board",
    "BoardSizeError",
    "CellTakenError",
    "EngineError",
    "GameOverError",
    "IllegalMoveError",
    "InvalidNotationError",
    "Level",
    "Move",
    "MoveAnalysis",
    "OffBoardError",
    "Outcome",
    "Player",
    "UnknownLevelError",
    "Value",
    "analyze",
    "best_moves",
    "choose_move",
]
