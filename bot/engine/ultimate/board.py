"""The ultimate tic-tac-toe position: an immutable value with the rules.

X starts anywhere. A move's cell inside its small board sends the opponent to the small board
at that position; if that board is won or full, the opponent may play in any open board. A
small board is won by three in a row and then closed; three won small boards in a row win the
game; when no move remains without such a line the game is a draw (no tie-break).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import (
    CellTakenError,
    ClosedBoardError,
    GameOverError,
    InvalidNotationError,
    OffBoardError,
    WrongBoardError,
)
from ..moves import Move, Player
from .notation import check_position, format_grid, format_move, read_move, read_position
from .tables import (
    FULL,
    HAS_LINE,
    MOVES,
    Bitboard,
    BoardSet,
    board_name,
    square_of,
)


@dataclass(frozen=True, slots=True)
class UltimateBoard:
    """A position: X's and O's squares and the last move; equal and hashable by those three.

    ``x`` and ``o`` are 81-bit bitboards, bit ``9 * board + cell``
    (:mod:`bot.engine.ultimate.tables`); ``last`` is the previous move (0-based), which decides
    where the side to move plays, or None: any open board. ``UltimateBoard()`` is the empty
    board. Building one checks that a game reaches it.

    Derived, read-only: ``x_boards`` and ``o_boards`` (the small boards each side has won) and
    ``closed`` (the won or full ones), each a 9-bit :data:`BoardSet`.

    Raises:
        ImpossiblePositionError: no game reaches the position (one sentence why).
    """

    x: Bitboard = 0
    o: Bitboard = 0
    last: Move | None = None
    x_boards: BoardSet = field(init=False, compare=False, repr=False)
    o_boards: BoardSet = field(init=False, compare=False, repr=False)
    closed: BoardSet = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        check_position(self.x, self.o, self.last)
        x_boards = o_boards = closed = 0
        for board in range(9):
            mine, theirs = self.x >> 9 * board & FULL, self.o >> 9 * board & FULL
            if HAS_LINE[mine]:
                x_boards |= 1 << board
            elif HAS_LINE[theirs]:
                o_boards |= 1 << board
            elif mine | theirs != FULL:
                continue
            closed |= 1 << board
        object.__setattr__(self, "x_boards", x_boards)
        object.__setattr__(self, "o_boards", o_boards)
        object.__setattr__(self, "closed", closed)

    @classmethod
    def from_notation(cls, text: str, last: Move | str | None = None) -> UltimateBoard:
        """Read a position: the grid (9 rows of 9 of ``X``, ``O``, ``.`` joined by ``/``, row 1
        first), optionally followed by a space and the last move ``R,C`` (1-based); or pass
        ``last`` as ``"R,C"`` or a 0-based ``Move``, but not both.

        Raises:
            InvalidNotationError: the text is not a grid or a move.
            ImpossiblePositionError: no game reaches the position.
        """
        x, o, written = read_position(text)
        if written is not None and last is not None:
            raise InvalidNotationError("The last move is given twice: in the position and apart.")
        if isinstance(last, str):
            last = read_move(last)
        return cls(x, o, written if last is None else last)

    @property
    def notation(self) -> str:
        """The position as :meth:`from_notation` reads it (the grid, then ``" R,C"`` if a last
        move is known)."""
        grid = format_grid(self.x, self.o)
        return grid if self.last is None else f"{grid} {format_move(self.last)}"

    def __str__(self) -> str:
        return self.notation

    # -- reading the position -------------------------------------------------

    @property
    def to_move(self) -> Player:
        """X when both sides have as many marks, else O (also once the game is over)."""
        return Player.X if self.x.bit_count() == self.o.bit_count() else Player.O

    @property
    def winner(self) -> Player | None:
        """The side with three won small boards in a row, if any."""
        if HAS_LINE[self.x_boards]:
            return Player.X
        if HAS_LINE[self.o_boards]:
            return Player.O
        return None

    @property
    def is_over(self) -> bool:
        """True once a side has won or every small board is closed (a draw)."""
        return self.closed == FULL or HAS_LINE[self.x_boards] or HAS_LINE[self.o_boards]

    def at(self, move: Move) -> Player | None:
        """The mark on ``move``'s square, or None if it is empty.

        Raises:
            OffBoardError: the square is not on the 9x9 grid.
        """
        bit = 1 << _square(move)
        return Player.X if self.x & bit else Player.O if self.o & bit else None

    def board_winner(self, board: int) -> Player | None:
        """Who has won small board ``board`` (0-8, row-major), if anyone."""
        if self.x_boards >> board & 1:
            return Player.X
        if self.o_boards >> board & 1:
            return Player.O
        return None

    @property
    def forced_board(self) -> int | None:
        """The small board (0-8) the last move sends the mover to, or None when the mover may
        choose any open board (no last move, or it points at a closed board)."""
        if self.last is None:
            return None
        board = square_of(self.last) % 9
        return None if self.closed >> board & 1 else board

    @property
    def playable_boards(self) -> BoardSet:
        """The small boards the side to move may play in, as 9 bits; 0 once the game is over."""
        if self.is_over:
            return 0
        forced = self.forced_board
        return FULL & ~self.closed if forced is None else 1 << forced

    @property
    def legal_moves(self) -> tuple[Move, ...]:
        """Every move the side to move may make, row-major; ``()`` once the game is over."""
        playable, taken = self.playable_boards, self.x | self.o
        return tuple(
            sorted(
                MOVES[square]
                for square in range(81)
                if playable >> square // 9 & 1 and not taken >> square & 1
            )
        )

    # -- making moves ---------------------------------------------------------

    def play(self, move: Move) -> UltimateBoard:
        """The position after the side to move marks ``move``'s square.

        Raises:
            GameOverError: the game is already over.
            OffBoardError: the square is not on the 9x9 grid.
            CellTakenError: the square already holds a mark.
            ClosedBoardError: the square's small board is won or full.
            WrongBoardError: the last move sent the mover to another, open small board.
        """
        if self.is_over:
            raise GameOverError()
        square = _square(move)
        board, bit = square // 9, 1 << square
        if (self.x | self.o) & bit:
            raise CellTakenError(f"Row {move.row + 1}, column {move.col + 1} is already taken.")
        if self.closed >> board & 1:
            owner = self.board_winner(board)
            state = "full" if owner is None else f"won by {owner.value}"
            raise ClosedBoardError(
                f"Row {move.row + 1}, column {move.col + 1} is in {board_name(board)}, which is "
                f"{state}: play in an open small board."
            )
        forced = self.forced_board
        if forced is not None and forced != board:
            raise WrongBoardError(
                f"The last move sends you to {board_name(forced)}: play there, not in "
                f"{board_name(board)}."
            )
        if self.to_move is Player.X:
            return UltimateBoard(self.x | bit, self.o, move)
        return UltimateBoard(self.x, self.o | bit, move)


def _square(move: Move) -> int:
    if not (0 <= move.row < 9 and 0 <= move.col < 9):
        raise OffBoardError(
            f"Row {move.row + 1}, column {move.col + 1} is off the board: rows and columns go "
            "from 1 to 9."
        )
    return square_of(move)
