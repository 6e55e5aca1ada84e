"""The values both games share: ``Value``, a result under best play, ``Outcome``, how a
finished game ended, and ``LevelName``, what each game's ``Level`` enum is built on.

Classic's analysis values every move with ``Value`` (:mod:`bot.engine.classic.analysis`), and
ultimate's search states what it has proven with it (:mod:`bot.engine.ultimate.search`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Self

from .errors import UnknownLevelError
from .moves import Move, Player


class LevelName(enum.StrEnum):
    """A difficulty level. A StrEnum equals its name, so ``"hard"`` works wherever a Level is
    asked for; each game's ``Level`` adds its members, and :meth:`of` turns text into one or
    says what the choices are."""

    @classmethod
    def of(cls, name: str) -> Self:
        """The level called ``name`` (exactly, lower case).

        Raises:
            UnknownLevelError: ``name`` is not one of the levels; the message lists them.
        """
        try:
            return cls(name)
        except ValueError:
            choices = ", ".join(level.value for level in cls)
            raise UnknownLevelError(
                f"Unknown level {name!r}{cls.game()}: choose one of {choices}."
            ) from None

    @classmethod
    def game(cls) -> str:
        """What the refusal adds after the name to say which game's levels these are."""
        return ""


class Value(enum.Enum):
    """A game-theoretic result under best play: for the side to move in a position, or for the
    side that plays a move. Its ``value`` is the word the command lines print."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: ``winner`` is None for a draw.

    ``winning_cells`` holds the cells of the winning line in row-major order (when the
    last move completed two lines at once, the cells of both), ``()`` for a draw.
    ``lines`` holds each completed line on its own, in the geometry's line order
    (rows, columns, diagonal from the top left, diagonal from the top right), ``()``
    for a draw. Left out, it is ``(winning_cells,)``: pass it when one move completed two.
    """

    winner: Player | None
    winning_cells: tuple[Move, ...]
    lines: tuple[tuple[Move, ...], ...] = ()

    def __post_init__(self) -> None:
        if not self.lines and self.winning_cells:
            object.__setattr__(self, "lines", (self.winning_cells,))
