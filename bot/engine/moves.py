"""Who moves and where: ``Player`` and ``Move``.

``Move`` is a frozen, slotted dataclass, like every engine value (``Outcome``,
``MoveAnalysis``, ``Analysis``): equal and hashable by its fields (only to the same class),
immutable, pickled and copied field by field.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Player(enum.Enum):
    """A side in the game. X always moves first."""

    X = "X"
    O = "O"  # noqa: E741 - the mark's real name

    @property
    def other(self) -> Player:
        """The opponent of this player."""
        return Player.O if self is Player.X else Player.X


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """A cell on the board, 0-based: ``Move(1, 2)`` is row 2, column 3 for a player.

    ``str(move)`` is the 1-based phrase players read: ``"row 2, column 3"``.
    Moves compare and sort by ``(row, col)``, so sorting gives row-major order.
    """

    row: int
    col: int

    def __str__(self) -> str:
        return f"row {self.row + 1}, column {self.col + 1}"
