"""The Board value type: an immutable NxN position with K in a row to win.

``to_move``, ``legal_moves``, ``play(move)`` (a *new* board), ``is_over`` and
``outcome``/``winner`` are the game interface. Inside, a position is two bitboards (ints whose
bit ``row * size + col`` marks a cell), public as :attr:`Board.x` and :attr:`Board.o`; the
searches work on those ints and never build Board objects.
"""

from __future__ import annotations

from ..errors import CellTakenError, GameOverError, OffBoardError
from ..moves import Move, Player
from ..values import Outcome
from .geometry import Bitboard, Cell, Geometry, check_size, geometry_for
from .notation import parse_notation

_NO_WINNER = 0
_X_WON = 1
_O_WON = 2


def position_key(x: Bitboard, o: Bitboard, geo: Geometry) -> int:
    """One int that identifies a position and its board shape (dict key).

    Bits 0-2 hold ``k - 3`` and bits 3-5 the size (each at most 6), then O's bitboard,
    then X's shifted past O's 36 bits: 36 is the cell count of the largest (6x6) board.
    """
    return (((x << 36) | o) << 6) | (geo.size << 3) | (geo.k - 3)


def completes_line(geo: Geometry, marks: Bitboard, cell: Cell) -> bool:
    """True if ``marks`` (which include ``cell``) own a whole line through ``cell``."""
    return any(marks & line == line for line in geo.lines_through[cell])


class Board:
    """An immutable Tic-Tac-Toe position; equal and hashable by (size, k, cells).

    Build one with :meth:`empty` or :meth:`from_notation`, then :meth:`play`.
    ``Board()`` is the empty 3x3 board.

    Attributes (read-only):
        size, k: board side and marks in a row needed to win.
        x, o: the bitboards of X's and O's marks (bit ``row * size + col``).
        geometry: the shared tables of this board shape (lines, cells, symmetries).
        key: one int naming the position and its shape (:func:`position_key`), the
            engine's cache key.
    """

    __slots__ = ("_winner", "_won", "geometry", "k", "key", "o", "size", "x")
    size: int
    k: int
    geometry: Geometry
    x: Bitboard
    o: Bitboard
    key: int
    _winner: int
    _won: Bitboard

    def __init__(self, size: int = 3, k: int | None = None) -> None:
        size, k = check_size(size, k)
        self._init(geometry_for(size, k), 0, 0, _NO_WINNER, 0)

    def _init(self, geo: Geometry, x: Bitboard, o: Bitboard, winner: int, line: Bitboard) -> None:
        setattr_ = object.__setattr__
        setattr_(self, "geometry", geo)
        setattr_(self, "size", geo.size)
        setattr_(self, "k", geo.k)
        setattr_(self, "x", x)
        setattr_(self, "o", o)
        setattr_(self, "key", position_key(x, o, geo))
        setattr_(self, "_winner", winner)
        setattr_(self, "_won", line)

    @classmethod
    def _from_bits(cls, geo: Geometry, x: Bitboard, o: Bitboard) -> Board:
        """Build a board from bitboards, finding any completed line (no validation)."""
        board = object.__new__(cls)
        winner, line = _NO_WINNER, 0
        for mask in geo.lines:
            if x & mask == mask:
                winner, line = _X_WON, line | mask
            elif o & mask == mask:
                winner, line = _O_WON, line | mask
        board._init(geo, x, o, winner, line)
        return board

    @classmethod
    def empty(cls, size: int = 3, k: int | None = None) -> Board:
        """The empty ``size``x``size`` board with ``k`` (default ``size``) in a row to win.

        Raises:
            BoardSizeError: unless ``3 <= k <= size <= 6``.
        """
        return cls(size, k)

    @classmethod
    def from_notation(cls, text: str, k: int | None = None) -> Board:
        """Read a board such as ``"X.O/.X./..O"`` (rows top to bottom, ``.`` = empty).

        Raises:
            InvalidNotationError: the text is not a board that a real game reaches;
                the message quotes it and says what is wrong.
        """
        size, k, x, o = parse_notation(text, k)
        return cls._from_bits(geometry_for(size, k), x, o)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Board is immutable; cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Board is immutable; cannot delete {name!r}")

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Board):
            return self.key == other.key
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        if self.k == self.size:
            return f"Board.from_notation({self.notation!r})"
        return f"Board.from_notation({self.notation!r}, k={self.k})"

    def __str__(self) -> str:
        return self.notation

    def __reduce__(self) -> tuple[object, tuple[str, int]]:
        return (Board.from_notation, (self.notation, self.k))

    # -- reading the position -------------------------------------------------

    @property
    def notation(self) -> str:
        """The board as text, e.g. ``"X.O/.X./..O"``; ``from_notation`` reads it back."""
        return "/".join(
            "".join("." if p is None else p.value for p in self.cells[r : r + self.size])
            for r in range(0, self.size * self.size, self.size)
        )

    @property
    def cells(self) -> tuple[Player | None, ...]:
        """Every cell's mark in row-major order (None = empty)."""
        x, o = self.x, self.o
        return tuple(
            Player.X if x >> c & 1 else Player.O if o >> c & 1 else None
            for c in range(self.geometry.cells)
        )

    def at(self, move: Move) -> Player | None:
        """The mark on ``move``'s cell, or None if it is empty.

        Raises:
            OffBoardError: the cell is not on the board.
        """
        cell = self.cell(move)
        if self.x >> cell & 1:
            return Player.X
        if self.o >> cell & 1:
            return Player.O
        return None

    @property
    def moves_played(self) -> int:
        """How many marks are on the board."""
        return (self.x | self.o).bit_count()

    @property
    def to_move(self) -> Player:
        """Whose turn it is: X when both have as many marks, otherwise O."""
        return Player.X if self.x.bit_count() == self.o.bit_count() else Player.O

    @property
    def legal_moves(self) -> tuple[Move, ...]:
        """The empty cells in row-major order; ``()`` once the game is over."""
        if self._winner:
            return ()
        taken, moves = self.x | self.o, self.geometry.moves
        return tuple(moves[c] for c in range(self.geometry.cells) if not taken >> c & 1)

    @property
    def winner(self) -> Player | None:
        """The player who completed a line, if any."""
        if self._winner == _X_WON:
            return Player.X
        if self._winner == _O_WON:
            return Player.O
        return None

    @property
    def sides(self) -> tuple[Bitboard, Bitboard]:
        """The position as ``(mover's bitboard, opponent's bitboard)``, as the searches see it."""
        x, o = self.x, self.o
        return (x, o) if x.bit_count() == o.bit_count() else (o, x)

    @property
    def winning_cells(self) -> tuple[Move, ...] | None:
        """The cells of the completed line (both lines if one move made two), or None."""
        if not self._winner:
            return None
        return tuple(m for c, m in enumerate(self.geometry.moves) if self._won >> c & 1)

    @property
    def winning_lines(self) -> tuple[tuple[Move, ...], ...]:
        """Each completed line on its own (cells row-major), ``()`` without a winner.

        Usually one line; two (or more) when the last move completed several at once.
        Lines come in the geometry's order: rows, columns, diagonals from the top left,
        diagonals from the top right (see :class:`Geometry`). Together they hold
        exactly the :attr:`winning_cells`.
        """
        if not self._winner:
            return ()
        won, moves = self._won, self.geometry.moves
        return tuple(
            tuple(m for c, m in enumerate(moves) if mask >> c & 1)
            for mask in self.geometry.lines
            if won & mask == mask
        )

    @property
    def is_over(self) -> bool:
        """True once someone has a line or the board is full."""
        return bool(self._winner) or (self.x | self.o) == self.geometry.full

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        if self._winner:
            return Outcome(self.winner, self.winning_cells or (), self.winning_lines)
        if (self.x | self.o) == self.geometry.full:
            return Outcome(None, ())
        return None

    # -- making moves ---------------------------------------------------------

    def cell(self, move: Move) -> Cell:
        """The cell number of ``move`` (``row * size + col``), its bit in the bitboards.

        Raises:
            OffBoardError: the cell is not on the board.
        """
        size = self.size
        row, col = move.row, move.col
        if not (0 <= row < size and 0 <= col < size):
            raise OffBoardError(
                f"Row {row + 1}, column {col + 1} is off the board: "
                f"rows and columns go from 1 to {size}."
            )
        return row * size + col

    def play(self, move: Move) -> Board:
        """The board after the side to move puts its mark on ``move``.

        Raises:
            GameOverError: the game is already over.
            OffBoardError: the cell is not on the board.
            CellTakenError: the cell already holds a mark.
        """
        if self.is_over:
            raise GameOverError()
        cell = self.cell(move)
        bit = 1 << cell
        x, o = self.x, self.o
        if (x | o) & bit:
            raise CellTakenError(f"Row {move.row + 1}, column {move.col + 1} is already taken.")
        if x.bit_count() == o.bit_count():
            x |= bit
            mine, won = x, _X_WON
        else:
            o |= bit
            mine, won = o, _O_WON
        winner, line = _NO_WINNER, 0
        for mask in self.geometry.lines_through[cell]:
            if mine & mask == mask:
                winner, line = won, line | mask
        board = object.__new__(Board)
        board._init(self.geometry, x, o, winner, line)
        return board
