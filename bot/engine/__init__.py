"""The Tic-Tac-Toe engine: each kind of game's rules and search, and what they share.

Pure code: no I/O (except the ``python -m bot.engine`` CLI), no asyncio, no storage. This
package holds what every kind shares: ``Move``, ``Player``, ``Value``, ``Outcome``, the errors,
``Position`` (the protocol every board satisfies) and, in :mod:`.ratings`, the Elo scale and a
member's adaptive record. Each kind's engine is a package of its own, imported by its name:
:mod:`bot.engine.classic` (3x3 to 6x6, k in a row; its teaching tools in
:mod:`bot.engine.classic.teaching`) and :mod:`bot.engine.ultimate`::

    from bot.engine.classic import Board, analyze, choose_move
    board = Board.empty()                      # or Board.from_notation("X.O/.X./..O")
    move = choose_move(board, "perfect")       # a Move, 0-based
    board = board.play(move)                   # a new Board

A reading order for students and the design reasons: docs/decisions.md; a guided tour with
measured numbers: docs/minimax.md; ``python -m bot.engine NOTATION --tree`` prints the search.
"""

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
    "BoardSizeError",
    "CellTakenError",
    "ClosedBoardError",
    "EngineError",
    "GameOverError",
    "IllegalMoveError",
    "ImpossiblePositionError",
    "InvalidNotationError",
    "Move",
    "OffBoardError",
    "Outcome",
    "Player",
    "Position",
    "SearchTooLargeError",
    "UnknownLevelError",
    "UnknownPuzzleError",
    "Value",
    "WrongBoardError",
]
