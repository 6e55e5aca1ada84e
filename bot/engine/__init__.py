"""The Tic-Tac-Toe engine: board rules, notation and a perfect minimax player.

Pure code: no I/O (except the ``python -m bot.engine`` CLI), no asyncio, no
storage. Public API (classic tic-tac-toe, and what both games share: ``Move``, ``Player``,
``Value``, ``Outcome``, the errors and ``Position``, the protocol both boards satisfy)::

    board = Board.empty()                      # or Board.from_notation("X.O/.X./..O")
    move = choose_move(board, "perfect")       # a Move, 0-based
    board = board.play(move)                   # a new Board
    analysis = analyze(board)                  # every move: win/draw/loss and plies
    move = adaptive_move(board, record.rating, rng)   # the adaptive level (AdaptiveRecord)

By variant: :mod:`bot.engine.classic` (this API and more), :mod:`bot.engine.ultimate`
(ultimate tic-tac-toe: ``UltimateBoard``, its ``choose_move`` and ``analyze``) and
:mod:`bot.engine.teaching` (the search tree a student reads).

A reading order for students and the design reasons: docs/decisions.md; a guided tour with
measured numbers: docs/minimax.md; ``python -m bot.engine NOTATION --tree`` prints the search.
"""

from .classic import (
    ADAPTIVE,
    LEVEL_RATINGS,
    LEVELS,
    AdaptiveRecord,
    Analysis,
    Bitboard,
    Board,
    Cell,
    Level,
    MoveAnalysis,
    adaptive_move,
    analyze,
    best_moves,
    choose_move,
)
from .errors import (
    BoardSizeError,
    CellTakenError,
    ClosedBoardError,
    EngineError,
    GameOverError,
    IllegalMoveError,
    ImpossiblePositionError,
    InvalidNotationError,
    OffBoardError,
    SearchTooLargeError,
    UnknownLevelError,
    UnknownPuzzleError,
    WrongBoardError,
)
from .moves import Move, Player
from .position import Position
from .values import Outcome, Value

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
    "ClosedBoardError",
    "EngineError",
    "GameOverError",
    "IllegalMoveError",
    "ImpossiblePositionError",
    "InvalidNotationError",
    "Level",
    "Move",
    "MoveAnalysis",
    "OffBoardError",
    "Outcome",
    "Player",
    "Position",
    "SearchTooLargeError",
    "UnknownLevelError",
    "UnknownPuzzleError",
    "Value",
    "WrongBoardError",
    "adaptive_move",
    "analyze",
    "best_moves",
    "choose_move",
]
