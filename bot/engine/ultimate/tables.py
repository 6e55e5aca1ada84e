"""Ultimate tic-tac-toe's numbering and its lookup tables, shared by the rules and the search.

A *square* is one of the 81 cells, numbered ``9 * board + cell``: ``board`` (0-8) is the small
board, row-major over the big grid, and ``cell`` (0-8) the cell inside it, row-major, so one
small board's nine cells are nine adjacent bits of an 81-bit :data:`Bitboard`. A *pattern* is
one small board's marks of one player as 9 bits, and a :data:`BoardSet` is a set of small boards
as 9 bits laid out the same way: the big board is read with the same tables as a small one.
"""

from __future__ import annotations

from typing import TypeAlias

from ..moves import Move

Bitboard: TypeAlias = int
"""A set of the 81 squares as an int: bit ``9 * board + cell``."""
Pattern: TypeAlias = int
"""One small board's cells as 9 bits, bit ``3 * row + col`` inside that board."""
BoardSet: TypeAlias = int
"""A set of small boards as 9 bits, bit ``3 * row + col`` of the big grid."""
Square: TypeAlias = int
"""A square's number, ``9 * board + cell``, 0-80."""

FULL: Pattern = 0b111_111_111
"""All nine cells (or all nine small boards)."""

LINES: tuple[Pattern, ...] = (
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
)
"""The 8 lines of a 3x3 board: rows, columns, the two diagonals."""


def _has_line(pattern: Pattern) -> bool:
    return any(pattern & line == line for line in LINES)


HAS_LINE: tuple[bool, ...] = tuple(_has_line(p) for p in range(512))
"""``HAS_LINE[pattern]``: the pattern holds three in a row."""

COMPLETING: tuple[Pattern, ...] = tuple(
    sum(1 << c for c in range(9) if not p >> c & 1 and _has_line(p | 1 << c)) for p in range(512)
)
"""``COMPLETING[pattern]``: the cells outside ``pattern`` that would give it three in a row.
Masked with the empty cells, the winning moves; on won small boards, the boards that win."""

BITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in range(9) if p >> c & 1) for p in range(512)
)
"""``BITS[pattern]``: the indices of its set bits, ascending."""


def square_of(move: Move) -> Square:
    """The square of a 0-based ``Move`` on the 9x9 grid (which must be on it)."""
    row, col = move.row, move.col
    return 9 * (row // 3 * 3 + col // 3) + row % 3 * 3 + col % 3


MOVES: tuple[Move, ...] = tuple(
    Move(board // 3 * 3 + cell // 3, board % 3 * 3 + cell % 3)
    for board in range(9)
    for cell in range(9)
)
"""``MOVES[square]``: the square as a 0-based ``Move`` (row and column of the 9x9 grid)."""


def board_name(board: int) -> str:
    """A small board as a player finds it: ``"the small board in rows 4-6, columns 1-3"``."""
    row, col = board // 3 * 3, board % 3 * 3
    return f"the small board in rows {row + 1}-{row + 3}, columns {col + 1}-{col + 3}"
