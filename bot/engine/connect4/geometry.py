"""Connect Four's bitboard layout for one board shape, and the bit tricks the searches share.

A position is two ints (Pascal Pons' layout, as gamesolver.org teaches it): bit
``col * (height + 1) + row`` is the cell of column ``col`` (0 = leftmost) and row ``row``
counted from the bottom (0 = the bottom row). Each column keeps one bit more than it has rows
(the "sentinel" above its top cell, never set), so that a shift by ``height + 1`` moves to the
next column's same row, by ``height`` and ``height + 2`` along the two diagonals, and no shift
of four cells wraps from one column's top into the next one's bottom.

The board is a parameter (:class:`Geometry`): the game is 7 columns of 6 (:data:`STANDARD`);
the tests cross-check the solver on smaller boards (5x4, 6x5), always with four in a row.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..errors import BoardSizeError

Bitboard = int
"""A set of cells: bit ``col * (height + 1) + row`` (row 0 at the bottom)."""

IN_A_ROW = 4
"""Discs in a line that win, on every shape."""


@dataclass(frozen=True, slots=True)
class Geometry:
    """The masks of a ``width`` x ``height`` board (columns x rows); equal by the two sizes.

    Derived, read-only: ``cells`` (width times height), ``bottom`` (each column's bottom cell),
    ``full`` (every cell), ``columns`` (each column's cells, left to right), ``order`` (the
    columns centre first, then alternately left and right, outwards: the search's first
    guesses) and ``min_score``/``max_score`` (the exact scores' range, :mod:`.solver`).

    Raises:
        BoardSizeError: a side below 4 or above 9 columns or rows, or a board whose key
            (:func:`key`) would not fit the solver's 56 bits.
    """

    width: int = 7
    height: int = 6
    cells: int = field(init=False, compare=False, repr=False)
    bottom: Bitboard = field(init=False, compare=False, repr=False)
    full: Bitboard = field(init=False, compare=False, repr=False)
    columns: tuple[Bitboard, ...] = field(init=False, compare=False, repr=False)
    order: tuple[int, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not (4 <= self.width <= 9 and 4 <= self.height <= 9) or (
            self.width * (self.height + 1) > 55
        ):
            raise BoardSizeError(
                f"A Connect Four board of {self.width} columns and {self.height} rows is not "
                "supported: 4 to 9 of each, at most 55 bits with the sentinel row."
            )
        stride = self.height + 1
        bottom = sum(1 << col * stride for col in range(self.width))
        column = (1 << self.height) - 1
        setattr_ = object.__setattr__
        setattr_(self, "cells", self.width * self.height)
        setattr_(self, "bottom", bottom)
        setattr_(self, "full", bottom * column)
        setattr_(self, "columns", tuple(column << col * stride for col in range(self.width)))
        middle = self.width // 2
        setattr_(
            self,
            "order",
            tuple(middle + (1 - 2 * (i % 2)) * ((i + 1) // 2) for i in range(self.width)),
        )

    @property
    def stride(self) -> int:
        """Bits per column: its rows and the sentinel."""
        return self.height + 1

    @property
    def min_score(self) -> int:
        """The lowest score a position where the side to move can still move may have: a loss
        with the opponent's 4th disc (:mod:`.solver`'s convention)."""
        return -self.cells // 2 + 3

    @property
    def max_score(self) -> int:
        """The highest score a position the side to move cannot win at once may have."""
        return (self.cells + 1) // 2 - 3

    def win_score(self, moves: int) -> int:
        """The score of winning with the very next disc, ``moves`` discs being on the board:
        ``cells / 2 + 1`` less the winner's disc count (22 - n on 7x6)."""
        return (self.cells + 1 - moves) // 2

    def cell_bit(self, row: int, col: int) -> Bitboard:
        """The bit of the cell in column ``col`` and ``row`` counted from the bottom."""
        return 1 << col * (self.height + 1) + row


STANDARD = Geometry(7, 6)
"""The game's board: 7 columns of 6 rows."""


def winning_cells(discs: Bitboard, empty: Bitboard, height: int) -> Bitboard:
    """The cells among ``empty`` that would complete four in a row for ``discs`` on a board
    of ``height`` rows (gamesolver.org's ``compute_winning_position``): for each direction
    ``d`` (1 up a column, ``height + 1`` along a row, ``height`` and ``height + 2`` along
    the diagonals) the cells with three of ``discs`` in a line on one side or split around
    them. A cell need not be playable yet: it may float above the columns' discs.
    """
    # vertical: only the three cells below can hold the line
    found = (discs << 1) & (discs << 2) & (discs << 3)
    for step in (height + 1, height, height + 2):
        pair = (discs << step) & (discs << 2 * step)
        found |= pair & (discs << 3 * step)
        found |= pair & (discs >> step)
        pair = (discs >> step) & (discs >> 2 * step)
        found |= pair & (discs << step)
        found |= pair & (discs >> 3 * step)
    return found & empty


def threat_finder(height: int) -> Callable[[Bitboard, Bitboard], Bitboard]:
    """:func:`winning_cells` for a board of ``height`` rows, its directions unrolled into one
    closure: the searches' innermost call (the solver's and the heuristic's), where the loop
    and the argument cost a measurable share."""
    step1, step2, step3 = height + 1, height, height + 2

    def threats(discs: Bitboard, empty: Bitboard) -> Bitboard:
        found = (discs << 1) & (discs << 2) & (discs << 3)
        pair = (discs << step1) & (discs << 2 * step1)
        found |= pair & ((discs << 3 * step1) | (discs >> step1))
        pair = (discs >> step1) & (discs >> 2 * step1)
        found |= pair & ((discs << step1) | (discs >> 3 * step1))
        pair = (discs << step2) & (discs << 2 * step2)
        found |= pair & ((discs << 3 * step2) | (discs >> step2))
        pair = (discs >> step2) & (discs >> 2 * step2)
        found |= pair & ((discs << step2) | (discs >> 3 * step2))
        pair = (discs << step3) & (discs << 2 * step3)
        found |= pair & ((discs << 3 * step3) | (discs >> step3))
        pair = (discs >> step3) & (discs >> 2 * step3)
        found |= pair & ((discs << step3) | (discs >> 3 * step3))
        return found & empty

    return threats


def has_four(discs: Bitboard, height: int) -> bool:
    """True if ``discs`` hold four in a row on a board of ``height`` rows."""
    for step in (1, height + 1, height, height + 2):
        pair = discs & (discs >> step)
        if pair & (pair >> 2 * step):
            return True
    return False


def key(current: Bitboard, mask: Bitboard) -> int:
    """One int naming a position (gamesolver.org's): the side to move's discs plus every
    disc. A column of ``h`` discs adds ``2**h - 1`` and the mover's discs in it, which stays
    below ``2**(h + 1)``: no carry reaches the next column, and no two positions share a key,
    which fits in ``width * (height + 1)`` bits."""
    return current + mask
