"""Domain errors of the game layer.

Every error's ``str()`` is the sentence the player reads, so adapters show it as it is (the
terminal and Discord adapters may rephrase, but never need to). Engine move errors are wrapped
into the classes below with the engine's sentence kept, so adapters only catch ``GameError``.
"""

from __future__ import annotations


class GameError(Exception):
    """Base of every game-layer error; the message is meant for the player."""


class NoGameError(GameError):
    """The channel has no active game (or an id names no game)."""

    DEFAULT = "There is no game running here. Start one with `start`."

    def __init__(self, message: str = DEFAULT) -> None:
        super().__init__(message)


class GameRunningError(GameError):
    """A game is already active in this channel; the message says whose and since when."""


class NotYourGameError(GameError):
    """The member has no seat in the channel's game."""


class NotYourTurnError(GameError):
    """The member has a seat but the other side is to move."""


class CellTakenError(GameError):
    """The chosen cell already holds a mark (wraps the engine's sentence)."""


class OffBoardError(GameError):
    """The chosen cell is outside the board (wraps the engine's 1-based sentence)."""


class GameOverError(GameError):
    """The game has ended, or a button click targets a game that is no longer active."""


class InvalidCellError(GameError):
    """Typed cell text could not be read; the message carries the usage line and an example."""


class InvalidOptionError(GameError):
    """A start option (level, who goes first, board size) has a value the game does not offer."""


class StorageError(GameError):
    """The game database cannot be opened, read or written; the message names the file."""
