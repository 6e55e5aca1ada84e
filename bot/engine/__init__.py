"""The Tic-Tac-Toe engine: board rules, notation and a perfect minimax player.

Pure code: no I/O (except the ``python -m bot.engine`` CLI), no asyncio, no
storage. Public API::

    board = Board.empty()                      # or Board.from_notation("X.O/.X./..O")
    move = choose_move(board, "perfect")       # a Move, 0-based
    board = board.play(move)                   # a new Board
    analysis = analyze(board)                  # every move: win/draw/loss and plies

Reading order for students: ``geometry.py`` (bitboards, lines, symmetries),
``board.py`` (the rules), ``solver.py`` (negamax, alpha-beta, transposition
table, depth-aware scores, symmetry), ``exact.py`` and ``analysis.py`` (from a
Board to best moves and per-move results), ``heuristic.py`` (depth-limited
search with an evaluation), ``levels.py`` (difficulty levels).
"""

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
from .exact import best_moves
from .levels import LEVELS, Level, choose_move
from .values import Move, Outcome, Player

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .analysis import Analysis, MoveAnalysis, Value, analyze

_LAZY = frozenset({"Analysis", "MoveAnalysis", "Value", "analyze"})


def __getattr__(name: str) -> object:
    """Load the analysis types on first use: choosing a move does not need them.

    ``from bot.engine import analyze`` works as usual; it just defers compiling
    :mod:`bot.engine.analysis` until someone asks for it.
    """
    if name in _LAZY:
        from . import analysis

        value: object = getattr(analysis, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
    "SearchTooLargeError",
    "UnknownLevelError",
    "Value",
    "analyze",
    "best_moves",
    "choose_move",
]
