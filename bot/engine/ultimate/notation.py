"""Ultimate positions as text, and the checks that a game can reach them.

A position is the 9x9 grid as 9 rows of 9 characters (``X``, ``O``, ``.``) separated by ``/``,
row 1 first, optionally followed by a space and the last move as ``R,C`` (1-based), which
decides the small board to play in. Whitespace inside the grid (spaces, a line break where a
terminal wrapped a copied example) is ignored, as the classic notation ignores it around rows:
only what follows the grid and starts with a digit is the last move. Every refusal is one
sentence that says what is wrong.
"""

from __future__ import annotations

import re

from ..errors import ImpossiblePositionError, InvalidNotationError
from ..moves import Move
from .tables import FULL, HAS_LINE, LINES, Bitboard, board_name, square_of

_MARKS = {"X": 1, "x": 1, "O": 2, "o": 2, ".": 0}
SHAPE = "9 rows of 9 characters (X, O or .) separated by /"
_LAST_MOVE = re.compile(r"\s([0-9][0-9,\s]*)$")
"""What follows the grid: whitespace, then a move (``1,1`` or ``1 1``; anything from a digit on
is read as one, so a bad one is refused as a move)."""


def read_grid(text: str) -> tuple[Bitboard, Bitboard]:
    """The grid's ``(x, o)`` bitboards; lower-case marks and whitespace anywhere are accepted.

    Raises:
        InvalidNotationError: the text is not 9 rows of 9 marks.
    """
    rows = "".join(text.split()).split("/")
    if len(rows) != 9:
        raise InvalidNotationError(
            f"An ultimate position is {SHAPE}, and this one has {len(rows)} "
            f"row{'' if len(rows) == 1 else 's'}."
        )
    x = o = 0
    for number, row in enumerate(rows):
        if len(row) != 9:
            raise InvalidNotationError(
                f"An ultimate position is {SHAPE}, and row {number + 1} has {len(row)} "
                f"character{'' if len(row) == 1 else 's'}."
            )
        for col, char in enumerate(row):
            mark = _MARKS.get(char)
            if mark is None:
                zero = " (a zero: O is the letter)" if char == "0" else ""
                raise InvalidNotationError(
                    f"Row {number + 1} holds {char!r}{zero}: use X and O for marks and . for "
                    "an empty square."
                )
            if mark:
                bit = 1 << square_of(Move(number, col))
                if mark == 1:
                    x |= bit
                else:
                    o |= bit
    return x, o


def read_move(text: str) -> Move:
    """A square written ``R,C`` (or ``R C``), 1-9 each, as a 0-based ``Move``.

    Raises:
        InvalidNotationError: not two numbers from 1 to 9.
    """
    parts = text.replace(",", " ").split()
    if len(parts) != 2 or not all(part.isdigit() and 1 <= int(part) <= 9 for part in parts):
        raise InvalidNotationError(
            f"A move is written R,C with a row and a column from 1 to 9, not {text!r}."
        )
    return Move(int(parts[0]) - 1, int(parts[1]) - 1)


def read_position(text: str) -> tuple[Bitboard, Bitboard, Move | None]:
    """``(x, o, last)`` from a grid optionally followed by a space and the last move ``R,C``
    (whitespace inside the grid is ignored).

    Raises:
        InvalidNotationError: as :func:`read_grid` and :func:`read_move` do.
    """
    stripped = text.strip()
    found = _LAST_MOVE.search(stripped)
    if found is None:
        return (*read_grid(stripped), None)
    return (*read_grid(stripped[: found.start()]), read_move(found[1]))


def format_grid(x: Bitboard, o: Bitboard) -> str:
    """The grid as 9 rows of 9 characters separated by ``/``; :func:`read_grid` reads it back."""
    rows = []
    for row in range(9):
        marks = []
        for col in range(9):
            bit = 1 << square_of(Move(row, col))
            marks.append("X" if x & bit else "O" if o & bit else ".")
        rows.append("".join(marks))
    return "/".join(rows)


def format_move(move: Move) -> str:
    """A move as ``R,C`` (1-based), as :func:`read_move` reads it."""
    return f"{move.row + 1},{move.col + 1}"


def _lines_meet(pattern: int) -> bool:
    """True when the pattern's lines share a square: one move completed them all."""
    shared = FULL
    for line in LINES:
        if pattern & line == line:
            shared &= line
    return bool(shared)


def _square(move: Move) -> str:
    return f"row {move.row + 1}, column {move.col + 1}"


def check_position(x: Bitboard, o: Bitboard, last: Move | None) -> None:
    """Refuse a position no game reaches: mark counts, closed boards played on, two winners,
    play after the game was won, and a last move that is not the last mover's mark or that
    went where it could not.

    Raises:
        ImpossiblePositionError: one sentence naming the first problem found.
    """
    xs, os = x.bit_count(), o.bit_count()
    if not os <= xs <= os + 1:
        raise ImpossiblePositionError(
            f"X has {xs} marks and O has {os}: X moves first and the players take turns, "
            "so X has as many marks as O or one more."
        )
    won = [0, 0]
    for board in range(9):
        for side, name, bits in ((0, "X", x), (1, "O", o)):
            pattern = bits >> 9 * board & FULL
            if not HAS_LINE[pattern]:
                continue
            if won[1 - side] >> board & 1:
                raise ImpossiblePositionError(
                    f"Both X and O have three in a row in {board_name(board)}, but a small board "
                    "closes when it is won."
                )
            if not _lines_meet(pattern):
                raise ImpossiblePositionError(
                    f"{name} has two separate lines in {board_name(board)}, but a small board "
                    "closes at its first line."
                )
            won[side] |= 1 << board
    game = [HAS_LINE[won[0]], HAS_LINE[won[1]]]
    if game[0] and game[1]:
        raise ImpossiblePositionError(
            "Both X and O have three small boards in a row, but the game ends at the first."
        )
    for side, name in ((0, "X"), (1, "O")):
        if not game[side]:
            continue
        if (xs == os + 1) != (side == 0):
            raise ImpossiblePositionError(
                f"{name} has won the game, so {name} moved last, but "
                f"{'O' if side == 0 else 'X'} has moved since."
            )
        if not _lines_meet(won[side]):
            raise ImpossiblePositionError(
                f"{name} has two separate lines of small boards, but the game ends at the first."
            )
    if last is None:
        return
    _check_last(x, o, last, won, game)


def _check_last(x: Bitboard, o: Bitboard, last: Move, won: list[int], game: list[bool]) -> None:
    """The last move holds the mark of the side that moved last and completed what it could."""
    if not (0 <= last.row < 9 and 0 <= last.col < 9):
        raise ImpossiblePositionError(
            f"The last move, {_square(last)}, is off the grid: rows and columns go from 1 to 9."
        )
    square = square_of(last)
    board, cell = divmod(square, 9)
    if not (x | o) >> square & 1:
        raise ImpossiblePositionError(f"The last move, {_square(last)}, is an empty square.")
    side = 0 if x.bit_count() > o.bit_count() else 1
    names = ("X", "O")
    if not (x if side == 0 else o) >> square & 1:
        raise ImpossiblePositionError(
            f"The last move, {_square(last)}, holds {names[1 - side]}'s mark, but "
            f"{names[side]} moved last."
        )
    if won[1 - side] >> board & 1:
        raise ImpossiblePositionError(
            f"The last move, {_square(last)}, is in {board_name(board)}, which "
            f"{names[1 - side]} had already won."
        )
    pattern = (x if side == 0 else o) >> 9 * board & FULL
    if won[side] >> board & 1 and not any(
        pattern & line == line and line >> cell & 1 for line in LINES
    ):
        raise ImpossiblePositionError(
            f"The last move, {_square(last)}, is in {board_name(board)}, which "
            f"{names[side]} had already won: it completes no line there."
        )
    if game[side] and not any(won[side] & line == line and line >> board & 1 for line in LINES):
        raise ImpossiblePositionError(
            f"{names[side]} had already won the game before the last move, {_square(last)}."
        )
