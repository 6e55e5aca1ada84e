"""The Connect Four position: an immutable value with the rules.

Seven columns of six rows (other shapes for the tests: :mod:`.geometry`). X moves first. A
disc dropped in a column falls to its lowest free cell; four of a side's discs in a row, along
a row, a column or a diagonal, win; a full board without one is a draw.

A move is a column, but the engine's moves are cells (``bot.engine.Move``): a column's move is
the cell its disc lands in, ``Move(row, col)`` with row 0 the **top** row, as every board of the
project prints its rows top down. :meth:`Connect4Board.landing` gives that cell for a column,
:meth:`Connect4Board.play_column` plays a column, and :meth:`Connect4Board.play` takes the
landing cell (any other cell of the column is refused): the game layer names a move by its
``col`` alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import (
    CellTakenError,
    GameOverError,
    IllegalMoveError,
    InvalidNotationError,
    OffBoardError,
)
from ..moves import Move, Player
from ..values import Outcome
from .geometry import STANDARD, Bitboard, Geometry, has_four
from .notation import format_columns, ordinal, read_columns

_DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))  # (row, col) steps: along a row, up, diagonals


@dataclass(frozen=True, slots=True)
class Connect4Board:
    """A position and the game that reached it; equal and hashable by the position alone.

    ``Connect4Board()`` is the empty 7x6 board; build others with :meth:`from_notation` or
    :meth:`play`. ``moves`` are the columns played, 0-based, in order (what the notation
    writes); two games that reach the same discs by other orders are equal boards.

    Public bitboards, as python-chess's: ``x`` and ``o`` (each side's discs, bit
    ``col * (height + 1) + row`` with row 0 at the bottom, :mod:`.geometry`); ``mask`` (every
    disc), ``current`` (the side to move's discs) and ``key`` (:func:`.geometry.key`) derive
    from them.

    Raises:
        OffBoardError: a column outside the board among ``moves``.
        CellTakenError: a move in a full column.
        GameOverError: a move after the game was won.
    """

    moves: tuple[int, ...] = field(default=(), compare=False)
    geometry: Geometry = STANDARD
    x: Bitboard = field(init=False, repr=False)
    o: Bitboard = field(init=False, repr=False)

    def __post_init__(self) -> None:
        geo = self.geometry
        sides = [0, 0]
        mask = 0
        for number, col in enumerate(self.moves):
            if number and has_four(sides[(number - 1) & 1], geo.height):
                raise GameOverError(
                    f"The game was won with the {ordinal(number)} move: no move may follow it."
                )
            bit = _landing_bit(geo, mask, col)
            sides[number & 1] |= bit
            mask |= bit
        object.__setattr__(self, "x", sides[0])
        object.__setattr__(self, "o", sides[1])

    @classmethod
    def from_notation(cls, text: str, geometry: Geometry = STANDARD) -> Connect4Board:
        """The position after the columns ``text`` names (``"4453"``, ``""`` the empty board).

        Raises:
            InvalidNotationError: a character that is not a column, or a move no game plays
                (a full column, a move after a win); the message says which.
        """
        columns = read_columns(text, geometry.width)
        try:
            return cls(columns, geometry)
        except IllegalMoveError as error:
            raise InvalidNotationError(f"{text.strip()!r}: {error}") from None

    @property
    def notation(self) -> str:
        """The columns played, as :meth:`from_notation` reads them."""
        return format_columns(self.moves)

    def __str__(self) -> str:
        return self.notation

    # -- reading the position -------------------------------------------------

    @property
    def mask(self) -> Bitboard:
        """Every disc on the board."""
        return self.x | self.o

    @property
    def current(self) -> Bitboard:
        """The discs of the side to move."""
        return self.x if len(self.moves) % 2 == 0 else self.o

    @property
    def key(self) -> int:
        """One int naming the position on its board (:func:`.geometry.key`)."""
        return self.current + self.mask

    @property
    def discs(self) -> int:
        """The discs on the board (the moves played)."""
        return len(self.moves)

    @property
    def to_move(self) -> Player:
        """X when both sides have as many discs, else O (also once the game is over)."""
        return Player.X if len(self.moves) % 2 == 0 else Player.O

    @property
    def winner(self) -> Player | None:
        """The side with four in a row, if any (only the last mover can have one)."""
        if not self.moves:
            return None
        last = self.to_move.other
        discs = self.x if last is Player.X else self.o
        return last if has_four(discs, self.geometry.height) else None

    @property
    def is_over(self) -> bool:
        """True once a side has four in a row or the board is full."""
        return len(self.moves) == self.geometry.cells or self.winner is not None

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended (the winning lines' cells through the last disc, each line's
        whole run), or None while it goes on."""
        if not self.is_over:
            return None
        winner = self.winner
        if winner is None:
            return Outcome(None, ())
        lines = self._lines_through_last()
        cells = tuple(sorted({cell for line in lines for cell in line}))
        return Outcome(winner, cells, lines)

    def _lines_through_last(self) -> tuple[tuple[Move, ...], ...]:
        last = self.landing_of_last()
        mine = self.to_move.other
        lines = []
        for d_row, d_col in _DIRECTIONS:
            run = [last]
            for sign in (1, -1):
                row, col = last.row - sign * d_row, last.col + sign * d_col
                while self._on_board(row, col) and self.at(Move(row, col)) is mine:
                    run.append(Move(row, col))
                    row, col = row - sign * d_row, col + sign * d_col
            if len(run) >= 4:
                lines.append(tuple(sorted(run)))
        return tuple(lines)

    def landing_of_last(self) -> Move:
        """The cell the last disc landed in.

        Raises:
            ValueError: the board is empty.
        """
        if not self.moves:
            raise ValueError("no disc has been played")
        col = self.moves[-1]
        height = (self.mask & self.geometry.columns[col]).bit_count()
        return Move(self.geometry.height - height, col)

    def _on_board(self, row: int, col: int) -> bool:
        return 0 <= row < self.geometry.height and 0 <= col < self.geometry.width

    def at(self, move: Move) -> Player | None:
        """The disc on ``move``'s cell (row 0 the top), or None if it is empty.

        Raises:
            OffBoardError: the cell is not on the board.
        """
        if not self._on_board(move.row, move.col):
            raise OffBoardError(
                f"Row {move.row + 1}, column {move.col + 1} is off the board: rows go from 1 "
                f"to {self.geometry.height}, columns from 1 to {self.geometry.width}."
            )
        bit = self.geometry.cell_bit(self.geometry.height - 1 - move.row, move.col)
        return Player.X if self.x & bit else Player.O if self.o & bit else None

    def column_height(self, col: int) -> int:
        """How many discs column ``col`` (0-based) holds."""
        return (self.mask & self.geometry.columns[col]).bit_count()

    @property
    def legal_columns(self) -> tuple[int, ...]:
        """The columns (0-based, left to right) a disc may be dropped in; ``()`` once the game
        is over."""
        if self.is_over:
            return ()
        top = self.geometry.height
        return tuple(col for col in range(self.geometry.width) if self.column_height(col) < top)

    @property
    def legal_moves(self) -> tuple[Move, ...]:
        """Every move as the cell its disc lands in, row-major (the ``Position`` protocol's
        order); ``()`` once the game is over."""
        return tuple(sorted(self.landing(col) for col in self.legal_columns))

    def landing(self, col: int) -> Move:
        """The cell a disc dropped in column ``col`` (0-based) lands in, row 0 the top.

        Raises:
            OffBoardError: the column is not on the board.
            CellTakenError: the column is full.
        """
        bit = _landing_bit(self.geometry, self.mask, col)
        return Move(self.geometry.height - 1 - (bit.bit_length() - 1) % self.geometry.stride, col)

    # -- making moves ---------------------------------------------------------

    def play(self, move: Move) -> Connect4Board:
        """The position after the side to move drops a disc in ``move``'s column; ``move`` must
        be the cell it lands in (:meth:`landing`).

        Raises:
            GameOverError: the game is already over.
            OffBoardError: the column is not on the board.
            CellTakenError: the column is full, or ``move`` names a cell that holds a disc.
            IllegalMoveError: ``move`` names an empty cell the disc would not land in.
        """
        if self.is_over:
            raise GameOverError()
        landing = self.landing(move.col)
        if move != landing:
            if 0 <= move.row < self.geometry.height and self.at(move) is not None:
                raise CellTakenError(
                    f"Row {move.row + 1}, column {move.col + 1} already holds a disc: a disc "
                    f"dropped in column {move.col + 1} lands in row {landing.row + 1}."
                )
            raise IllegalMoveError(
                f"A disc dropped in column {move.col + 1} falls to row {landing.row + 1}, not "
                f"row {move.row + 1}: play the column."
            )
        return self.play_column(move.col)

    def play_column(self, col: int) -> Connect4Board:
        """The position after the side to move drops a disc in column ``col`` (0-based).

        Raises:
            GameOverError: the game is already over.
            OffBoardError: the column is not on the board.
            CellTakenError: the column is full.
        """
        if self.is_over:
            raise GameOverError()
        bit = _landing_bit(self.geometry, self.mask, col)
        board = object.__new__(Connect4Board)
        setattr_ = object.__setattr__
        setattr_(board, "moves", (*self.moves, col))
        setattr_(board, "geometry", self.geometry)
        x_moves = len(self.moves) % 2 == 0
        setattr_(board, "x", self.x | bit if x_moves else self.x)
        setattr_(board, "o", self.o if x_moves else self.o | bit)
        return board


def _landing_bit(geo: Geometry, mask: Bitboard, col: int) -> Bitboard:
    """The bit a disc dropped in column ``col`` takes, given every disc ``mask``.

    Raises:
        OffBoardError: the column is not on the board.
        CellTakenError: the column is full.
    """
    if not 0 <= col < geo.width:
        raise OffBoardError(f"Column {col + 1} is off the board: columns go from 1 to {geo.width}.")
    column = geo.columns[col]
    bit = (mask + (geo.bottom & column)) & column
    if not bit:
        raise CellTakenError(f"Column {col + 1} is full: choose another column.")
    return bit
