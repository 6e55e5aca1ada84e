"""``Position``: what every kind of board offers the code that plays it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from .moves import Move, Player


class Position(Protocol):
    """An immutable position of some kind of tic-tac-toe: whose turn, the legal moves, the
    position after one, and whether and how the game ended."""

    @property
    def to_move(self) -> Player: ...

    @property
    def legal_moves(self) -> Sequence[Move]: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def winner(self) -> Player | None: ...

    def at(self, move: Move) -> Player | None: ...

    def play(self, move: Move) -> Position: ...
