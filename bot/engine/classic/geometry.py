"""Board geometry: cell numbering, line masks and symmetries for one (size, k).

Cells are numbered row-major, ``cell = row * size + col``, and a set of cells is
an ``int`` whose bit ``cell`` is set (a *bitboard*). A line is the bitboard of
``k`` cells in a row, column or diagonal, so "does X own this line?" is the
single test ``x & line == line``.

Everything here depends only on ``(size, k)``, is computed once on first use
(:func:`geometry_for`) and is read-only afterwards, so concurrent searches can
share it.
"""

from __future__ import annotations

from typing import TypeAlias

from ..errors import BoardSizeError
from ..moves import Move
from .symmetry import byte_tables, find_symmetries, inverse

Bitboard: TypeAlias = int
"""A set of cells: bit ``cell`` is set for every cell in the set."""
Cell: TypeAlias = int
"""A cell number, ``row * size + col`` (row-major, 0-based): the cell's bit in a bitboard."""

MIN_SIZE = 3
MAX_SIZE = 6

_DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))  # row, column, diagonal, anti-diagonal


class Geometry:
    """Precomputed tables for an NxN board with K in a row.

    Attributes:
        size, k: board side and line length.
        cells: number of cells, ``size * size``.
        full: bitboard with every cell set.
        lines: every winning line as a bitboard, in a fixed order: rows, then columns,
            then diagonals running down-right (from the top left), then diagonals running
            down-left (from the top right); within each group by first cell, row-major.
        lines_through: ``lines_through[cell]`` = the lines that contain ``cell``.
        moves: ``moves[cell]`` = the :class:`Move` for that cell (shared objects).
        order: cells sorted for move ordering: most lines through the cell first
            (the centre on 3x3), ties broken towards the middle of the board.
    """

    __slots__ = (
        "_inverses",
        "_symmetries",
        "_tables",
        "cells",
        "full",
        "k",
        "lines",
        "lines_through",
        "moves",
        "order",
        "size",
    )

    def __init__(self, size: int, k: int) -> None:
        self.size = size
        self.k = k
        self.cells = size * size
        self.full = (1 << self.cells) - 1
        self.moves = tuple(Move(c // size, c % size) for c in range(self.cells))
        lines: list[int] = []
        for d_row, d_col in _DIRECTIONS:
            for row in range(size):
                for col in range(size):
                    end_row, end_col = row + d_row * (k - 1), col + d_col * (k - 1)
                    if 0 <= end_row < size and 0 <= end_col < size:
                        mask = 0
                        for step in range(k):
                            mask |= 1 << ((row + d_row * step) * size + col + d_col * step)
                        lines.append(mask)
        self.lines = tuple(lines)
        self.lines_through = tuple(
            tuple(line for line in lines if line >> cell & 1) for cell in range(self.cells)
        )
        middle = (size - 1) / 2

        def priority(cell: int) -> tuple[int, float]:
            row, col = divmod(cell, size)
            return (-len(self.lines_through[cell]), abs(row - middle) + abs(col - middle))

        self.order = tuple(sorted(range(self.cells), key=priority))
        self._symmetries: tuple[tuple[int, ...], ...] | None = None
        self._tables: tuple[tuple[tuple[int, ...], ...], ...] | None = None
        self._inverses: tuple[tuple[int, ...], ...] | None = None

    def __repr__(self) -> str:
        return f"Geometry(size={self.size}, k={self.k})"

    @property
    def symmetries(self) -> tuple[tuple[int, ...], ...]:
        """The board's automorphisms: cell permutations that map lines onto lines.

        Each entry maps ``cell -> perm[cell]``; the identity comes first. Positions related
        by one have the same value. 8 on 3x3, 32 on 4x4 with K=4 (how they are found:
        :func:`bot.engine.classic.symmetry.find_symmetries`, docs/decisions.md).
        """
        if self._symmetries is None:
            self._symmetries = find_symmetries(self.size, set(self.lines))
        return self._symmetries

    @property
    def inverse_symmetries(self) -> tuple[tuple[int, ...], ...]:
        """``inverse_symmetries[s]`` undoes ``symmetries[s]``."""
        if self._inverses is None:
            self._inverses = tuple(inverse(perm) for perm in self.symmetries)
        return self._inverses

    @property
    def tables(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """Byte lookup tables to apply each symmetry to a bitboard quickly.

        ``tables[s][j][byte]`` is the image under symmetry ``s`` of the cells
        ``8*j .. 8*j+7`` whose bits are ``byte``; OR the chunks together.
        """
        if self._tables is None:
            self._tables = tuple(byte_tables(perm) for perm in self.symmetries)
        return self._tables


_GEOMETRIES: dict[tuple[int, int], Geometry] = {}


def check_size(size: object, k: object) -> tuple[int, int]:
    """Validate a board size and line length; return them as ints.

    Raises:
        BoardSizeError: unless ``3 <= k <= size <= 6``.
    """
    if not isinstance(size, int) or isinstance(size, bool):
        raise BoardSizeError(f"The board size must be a whole number, not {size!r}.")
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise BoardSizeError(
            f"A {size}x{size} board is not supported: "
            f"sizes go from {MIN_SIZE}x{MIN_SIZE} to {MAX_SIZE}x{MAX_SIZE}."
        )
    if k is None:
        return size, size
    if not isinstance(k, int) or isinstance(k, bool):
        raise BoardSizeError(f"The line length k must be a whole number, not {k!r}.")
    if not MIN_SIZE <= k <= size:
        fits = f"{size}" if size == MIN_SIZE else f"between {MIN_SIZE} and {size}"
        raise BoardSizeError(
            f"{k} in a row does not fit: on a {size}x{size} board k must be {fits}."
        )
    return size, k


def geometry_for(size: int, k: int) -> Geometry:
    """The shared :class:`Geometry` for ``(size, k)`` (built on first use)."""
    geo = _GEOMETRIES.get((size, k))
    if geo is None:
        geo = _GEOMETRIES.setdefault((size, k), Geometry(size, k))
    return geo
