"""Small value types shared by the whole engine: Player, Move and Outcome.

They behave like frozen, slotted dataclasses (equality, hashing, ordering for
``Move``, a readable ``repr``, assignment raises ``AttributeError``) but are
written out by hand: importing :mod:`dataclasses` pulls in :mod:`inspect` and
costs about 10 ms, which is half the engine's budget for a cold first move.
"""

from __future__ import annotations

import enum

TYPE_CHECKING = False  # typing costs ~2.5 ms to import; only type checkers need it
if TYPE_CHECKING:
    from typing import NoReturn


class Player(enum.Enum):
    """A side in the game. X always moves first."""

    X = "X"
    O = "O"  # noqa: E741 - the mark's real name

    @property
    def other(self) -> Player:
        """The opponent of this player."""
        return Player.O if self is Player.X else Player.X


def _frozen(self: object, name: str, value: object) -> NoReturn:
    raise AttributeError(f"{type(self).__name__} is immutable; cannot set {name!r}")


class Frozen:
    """Base of the engine's value types: immutable, equal and hashable by ``_fields()``
    (and only to the same class), pickled and copied by calling the class with them."""

    __slots__ = ()

    def _fields(self) -> tuple[object, ...]:
        raise NotImplementedError

    __setattr__ = _frozen

    def __delattr__(self, name: str) -> NoReturn:
        _frozen(self, name, None)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Frozen) and other.__class__ is self.__class__:
            return self._fields() == other._fields()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._fields())

    def __reduce__(self) -> tuple[type[Frozen], tuple[object, ...]]:
        return (self.__class__, self._fields())


class Move(Frozen):
    """A cell on the board, 0-based: ``Move(1, 2)`` is row 2, column 3 for a player.

    ``str(move)`` is the 1-based phrase players read: ``"row 2, column 3"``.
    Moves compare and sort by ``(row, col)``, so sorting gives row-major order.
    """

    __slots__ = ("col", "row")
    row: int
    col: int

    def __init__(self, row: int, col: int) -> None:
        object.__setattr__(self, "row", row)
        object.__setattr__(self, "col", col)

    def __str__(self) -> str:
        return f"row {self.row + 1}, column {self.col + 1}"

    def __repr__(self) -> str:
        return f"Move(row={self.row}, col={self.col})"

    def _fields(self) -> tuple[int, int]:
        return (self.row, self.col)

    def __lt__(self, other: Move) -> bool:
        if other.__class__ is not Move:
            return NotImplemented
        return self._fields() < other._fields()

    def __le__(self, other: Move) -> bool:
        if other.__class__ is not Move:
            return NotImplemented
        return self._fields() <= other._fields()

    def __gt__(self, other: Move) -> bool:
        if other.__class__ is not Move:
            return NotImplemented
        return self._fields() > other._fields()

    def __ge__(self, other: Move) -> bool:
        if other.__class__ is not Move:
            return NotImplemented
        return self._fields() >= other._fields()


class Outcome(Frozen):
    """How a finished game ended: ``winner`` is None for a draw.

    ``line`` holds the cells of the winning line in row-major order (when the
    last move completed two lines at once, the cells of both), ``()`` for a draw.
    ``lines`` holds each completed line on its own, in the geometry's line order
    (rows, columns, diagonal from the top left, diagonal from the top right), ``()``
    for a draw. It defaults to ``(line,)``: pass it when one move completed two lines.
    """

    __slots__ = ("line", "lines", "winner")
    winner: Player | None
    line: tuple[Move, ...]
    lines: tuple[tuple[Move, ...], ...]

    def __init__(
        self,
        winner: Player | None,
        line: tuple[Move, ...],
        lines: tuple[tuple[Move, ...], ...] | None = None,
    ) -> None:
        object.__setattr__(self, "winner", winner)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "lines", ((line,) if line else ()) if lines is None else lines)

    def __repr__(self) -> str:
        return f"Outcome(winner={self.winner!r}, line={self.line!r}, lines={self.lines!r})"

    def _fields(self) -> tuple[Player | None, tuple[Move, ...], tuple[tuple[Move, ...], ...]]:
        return (self.winner, self.line, self.lines)
