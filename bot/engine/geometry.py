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

from itertools import permutations

from .errors import BoardSizeError
from .values import Move

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

MIN_SIZE = 3
MAX_SIZE = 6

_DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))  # row, column, diagonal, anti-diagonal


class Geometry:
    """Precomputed tables for an NxN board with K in a row.

    Attributes:
        size, k: board side and line length.
        cells: number of cells, ``size * size``.
        full: bitboard with every cell set.
        lines: every winning line as a bitboard.
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
        for row in range(size):
            for col in range(size):
                for d_row, d_col in _DIRECTIONS:
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

        Two positions related by an automorphism have the same game value, so the
        search stores and looks them up under one *canonical* key. Each entry maps
        ``cell -> perm[cell]``; the identity comes first.

        The group is found by filtering candidates: the 8 rotations/reflections of
        the square combined with every permutation ``p`` of row (and, identically,
        column) indices that commutes with reversal. On 3x3 only the 8 dihedral
        ones survive; on 4x4 with K=4 swapping the inner and outer rows and
        columns also keeps every line a line, which gives 32.
        """
        if self._symmetries is None:
            self._symmetries = _find_symmetries(self.size, set(self.lines))
        return self._symmetries

    @property
    def inverse_symmetries(self) -> tuple[tuple[int, ...], ...]:
        """``inverse_symmetries[s]`` undoes ``symmetries[s]``."""
        if self._inverses is None:
            inverses = []
            for perm in self.symmetries:
                inverse = [0] * len(perm)
                for cell, image in enumerate(perm):
                    inverse[image] = cell
                inverses.append(tuple(inverse))
            self._inverses = tuple(inverses)
        return self._inverses

    @property
    def tables(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """Byte lookup tables to apply each symmetry to a bitboard quickly.

        ``tables[s][j][byte]`` is the image under symmetry ``s`` of the cells
        ``8*j .. 8*j+7`` whose bits are ``byte``; OR the chunks together.
        """
        if self._tables is None:
            self._tables = tuple(_byte_tables(perm) for perm in self.symmetries)
        return self._tables

    def transform(self, bits: int, sym: int) -> int:
        """Apply symmetry number ``sym`` to a bitboard."""
        out = 0
        for j, table in enumerate(self.tables[sym]):
            out |= table[(bits >> (8 * j)) & 0xFF]
        return out


def _find_symmetries(size: int, lines: set[int]) -> tuple[tuple[int, ...], ...]:
    last = size - 1
    dihedral: tuple[Callable[[int, int], tuple[int, int]], ...] = (
        lambda r, c: (r, c),
        lambda r, c: (c, last - r),
        lambda r, c: (last - r, last - c),
        lambda r, c: (last - c, r),
        lambda r, c: (r, last - c),
        lambda r, c: (last - r, c),
        lambda r, c: (c, r),
        lambda r, c: (last - c, last - r),
    )
    index_perms = [
        p for p in permutations(range(size)) if all(p[last - i] == last - p[i] for i in range(size))
    ]
    found: dict[tuple[int, ...], None] = {}
    for p in index_perms:
        for d in dihedral:
            images = (d(p[cell // size], p[cell % size]) for cell in range(size * size))
            perm = tuple(row * size + col for row, col in images)
            if perm in found:
                continue
            if all(permute_bits(perm, line) in lines for line in lines):
                found[perm] = None
    identity = tuple(range(size * size))
    return (identity, *(perm for perm in found if perm != identity))


def permute_bits(perm: tuple[int, ...], bits: int) -> int:
    """Move every set bit ``cell`` of a bitboard to ``perm[cell]`` (slow but simple)."""
    out = 0
    while bits:
        low = bits & -bits
        out |= 1 << perm[low.bit_length() - 1]
        bits ^= low
    return out


def _byte_tables(perm: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    chunks = []
    for j in range(0, len(perm), 8):
        width = min(8, len(perm) - j)
        table = [0] * 256
        for value in range(1, 1 << width):
            low = value & -value
            table[value] = table[value ^ low] | 1 << perm[j + low.bit_length() - 1]
        chunks.append(tuple(table))
    return tuple(chunks)


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
        raise BoardSizeError(
            f"{k} in a row does not fit a {size}x{size} board: "
            f"k must be between {MIN_SIZE} and {size}."
        )
    return size, k


def geometry_for(size: int, k: int) -> Geometry:
    """The shared :class:`Geometry` for ``(size, k)`` (built on first use)."""
    geo = _GEOMETRIES.get((size, k))
    if geo is None:
        geo = _GEOMETRIES.setdefault((size, k), Geometry(size, k))
    return geo
