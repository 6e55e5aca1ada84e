"""The errors only ultimate tic-tac-toe raises, in the engine's families.

A move ultimate's rules refuse is an ``IllegalMoveError`` (the cell-taken, off-board and
game-over cases reuse the engine's own classes); a position no game reaches is an
``InvalidNotationError``, so code that handles a bad 3x3 notation handles these too.
"""

from __future__ import annotations

from .errors import IllegalMoveError, InvalidNotationError


class ClosedBoardError(IllegalMoveError):
    """The move is in a small board that is already won or full."""


class WrongBoardError(IllegalMoveError):
    """The last move sent the player to another small board, which is still open."""


class ImpossiblePositionError(InvalidNotationError):
    """The grid reads, but no game of ultimate tic-tac-toe reaches it; the message says why."""
