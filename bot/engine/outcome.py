"""How a finished game ended: the ``Outcome`` value.

A module of its own, loaded on first use (:attr:`Board.outcome`): a cold first decision never
needs it (docs/decisions.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from .moves import Move, Player


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
