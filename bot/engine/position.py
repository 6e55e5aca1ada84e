"""What both games' boards are: the ``Position`` protocol.

``Board`` (classic) and ``UltimateBoard`` (ultimate) are immutable positions with the same
game interface: whose turn it is, the legal moves, the position after a move, whether the game
is over and who won, the mark on a cell, and the notation that reads back. Code that only
plays a game (replays its moves, checks whose turn it is, tells who won) can take a
``Position`` and serve both. Each board has more of its own (``Board.outcome``,
``UltimateBoard.forced_board``, ...); reading the notation back is each board's own
``from_notation``, whose arguments differ.
"""

from __future__ import annotations

from typing import Protocol, Self, runtime_checkable

from .moves import Move, Player


@runtime_checkable
class Position(Protocol):
    """An immutable game position: ``Board`` and ``UltimateBoard`` are both one."""

    @property
    def to_move(self) -> Player:
        """Whose turn it is (X when both have as many marks; also once the game is over)."""
        ...

    @property
    def legal_moves(self) -> tuple[Move, ...]:
        """Every move the side to move may make, row-major; ``()`` once the game is over."""
        ...

    @property
    def is_over(self) -> bool:
        """True once a side has won or no move is left."""
        ...

    @property
    def winner(self) -> Player | None:
        """The side that won, or None (a draw, or the game goes on)."""
        ...

    @property
    def notation(self) -> str:
        """The position as text, as the board's ``from_notation`` reads it."""
        ...

    def at(self, move: Move) -> Player | None:
        """The mark on ``move``'s cell, or None if it is empty.

        Raises:
            OffBoardError: the cell is not on the board.
        """
        ...

    def play(self, move: Move) -> Self:
        """The position after the side to move marks ``move`` (a new position).

        Raises:
            IllegalMoveError: the rules refuse the move (the game is over, the cell is off the
                board or taken, and in ultimate a closed or wrong small board).
        """
        ...
