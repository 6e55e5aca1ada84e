"""The Tic-Tac-Toe engine: board rules, notation and a perfect minimax player.

Pure code: no I/O (except the ``python -m bot.engine`` CLI), no asyncio, no
storage. Public API::

    board = Board.empty()                      # or Board.from_notation("X.O/.X./..O")
    move = choose_move(board, "perfect")       # a Move, 0-based
    board = board.play(move)                   # a new Board
    analysis = analyze(board)                  # every move: win/draw/loss and plies
    move = adaptive_move(board, record.rating, rng)   # the adaptive level (AdaptiveRecord)

A reading order for students and the design reasons: docs/decisions.md; a guided tour with
measured numbers: docs/minimax.md; ``python -m bot.engine NOTATION --tree`` prints the search.
"""

from typing import TYPE_CHECKING

from .board import Board
from .errors import (
    BoardSizeError,
    CellTakenError,
    EngineError,
    GameOverError,
    IllegalMoveError,
    InvalidNotationError,
    OffBoardError,
    SearchTooLargeError,
    UnknownLevelError,
)
from .geometry import Bitboard, Cell
from .levels import LEVELS, Level, choose_move
from .moves import Move, Player
from .perfect import best_moves

if TYPE_CHECKING:
    from .adaptive import ADAPTIVE, AdaptiveRecord, adaptive_move
    from .analysis import Analysis, MoveAnalysis, Value, analyze
    from .outcome import Outcome
    from .ratings import LEVEL_RATINGS

_LAZY = {
    "ADAPTIVE": "adaptive",
    "AdaptiveRecord": "adaptive",
    "adaptive_move": "adaptive",
    "LEVEL_RATINGS": "ratings",
    "Analysis": "analysis",
    "MoveAnalysis": "analysis",
    "Value": "analysis",
    "analyze": "analysis",
    "Outcome": "outcome",
}


def __getattr__(name: str) -> object:
    """Load the analysis types, ``Outcome`` and the adaptive level on first use: choosing a
    move at a fixed level needs none of them.

    ``from bot.engine import analyze`` works as usual.
    """
    module = _LAZY.get(name)
    if module is not None:
        import importlib

        value: object = getattr(importlib.import_module(f".{module}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ADAPTIVE",
    "LEVELS",
    "LEVEL_RATINGS",
    "AdaptiveRecord",
    "Analysis",
    "Bitboard",
    "Board",
    "BoardSizeError",
    "Cell",
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
    "SearchTooLargeError",
    "UnknownLevelError",
    "Value",
    "adaptive_move",
    "analyze",
    "best_moves",
    "choose_move",
]
