"""Every error the engine raises, for classic and ultimate tic-tac-toe alike.

Every message is the sentence a player (or a developer at the CLI) reads, so it
names rows and columns 1-based and says what to do differently. A move the rules
refuse is an ``IllegalMoveError`` (ultimate's closed and wrong small boards too); a
position no game reaches is an ``InvalidNotationError`` (ultimate's impossible
positions too), so code that handles one game's errors handles the other's.
"""

from __future__ import annotations


class EngineError(Exception):
    """Base class of every error the engine raises."""


class InvalidNotationError(EngineError, ValueError):
    """A board notation string could not be read; the message quotes it and says why."""


class BoardSizeError(EngineError, ValueError):
    """A board size or line length that the engine does not support was asked for."""


class UnknownLevelError(EngineError, ValueError):
    """A difficulty level name that is not one of ``LEVELS``."""


class UnknownPuzzleError(EngineError, LookupError):
    """A puzzle id or size that the shipped puzzle set does not hold; the message says which
    ids or sizes it does."""


class SearchTooLargeError(EngineError):
    """An exact search would examine more positions than the engine allows itself.

    Never happens on 3x3 or 4x4 boards; early positions on 5x5 and 6x6 boards
    are too big to solve exactly in pure Python.
    """


class IllegalMoveError(EngineError, ValueError):
    """A move that the rules do not allow in this position."""


class CellTakenError(IllegalMoveError):
    """The chosen cell already holds a mark."""


class OffBoardError(IllegalMoveError):
    """The chosen row or column is outside the board."""


class GameOverError(IllegalMoveError):
    """The game has already been won or drawn, so nobody may move."""

    def __init__(self, message: str = "The game is already over.") -> None:
        super().__init__(message)


class ClosedBoardError(IllegalMoveError):
    """Ultimate: the move is in a small board that is already won or full."""


class WrongBoardError(IllegalMoveError):
    """Ultimate: the last move sent the player to another small board, which is still open."""


class ImpossiblePositionError(InvalidNotationError):
    """Ultimate: the grid reads, but no game reaches it; the message says why."""
