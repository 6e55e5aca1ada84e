"""Reading board notation: ``"X.O/.X./..O"`` (rows top to bottom, ``.`` = empty).

The parser accepts only positions a real game can reach, and every rejection
says what is wrong in a sentence that quotes the input.
"""

from __future__ import annotations

from ..errors import BoardSizeError, InvalidNotationError
from .geometry import MAX_SIZE, MIN_SIZE, check_size, geometry_for

_SYMBOLS = {"X": 1, "x": 1, "O": 2, "o": 2, ".": 0}


def _fail(text: str, reason: str) -> InvalidNotationError:
    shown = text if len(text) <= 80 else text[:77] + "..."
    return InvalidNotationError(f'Invalid board "{shown}": {reason}.')


def _row_name(index: int) -> str:
    return f"row {index + 1}"


def parse_notation(text: str, k: int | None = None) -> tuple[int, int, int, int]:
    """Parse notation into ``(size, k, x_bits, o_bits)``.

    X and O may be lower-case, whitespace around the whole text or around a row
    is ignored. ``k`` defaults to the board size.

    Raises:
        InvalidNotationError: unknown characters, rows of the wrong length, an
            unsupported size, impossible mark counts, two winners, or a move
            played after the game was already won.
    """
    if not isinstance(text, str):
        raise InvalidNotationError(
            f"Board notation must be text such as 'X.O/.X./..O', not {type(text).__name__}."
        )
    stripped = text.strip()
    if not stripped:
        raise _fail(text, "it is empty; write rows of X, O and . separated by /")
    rows = [row.strip() for row in stripped.split("/")]
    for index, row in enumerate(rows):
        for char in row:
            if char not in _SYMBOLS:
                raise _fail(
                    text,
                    f"{_row_name(index)} contains {char!r}"
                    f"{' (a zero; O is the letter)' if char == '0' else ''}; "
                    "use X and O for marks, . for an empty cell and / between rows",
                )
    size = len(rows)
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise _fail(
            text,
            f"it has {size} row{'s' if size != 1 else ''}; "
            f"boards from {MIN_SIZE}x{MIN_SIZE} to {MAX_SIZE}x{MAX_SIZE} are supported",
        )
    for index, row in enumerate(rows):
        if len(row) != size:
            raise _fail(
                text,
                f"{_row_name(index)} has {len(row)} cell{'s' if len(row) != 1 else ''} "
                f"but the board has {size} rows, and it must be square",
            )
    try:
        size, k = check_size(size, k)
    except BoardSizeError as error:
        raise _fail(text, str(error).rstrip(".")) from None

    x = o = 0
    for cell, char in enumerate("".join(rows)):
        symbol = _SYMBOLS[char]
        if symbol == 1:
            x |= 1 << cell
        elif symbol == 2:
            o |= 1 << cell
    _check_reachable(text, size, k, x, o)
    return size, k, x, o


def _check_reachable(text: str, size: int, k: int, x: int, o: int) -> None:
    """Reject positions no game reaches: X moves first, turns alternate, play stops at a line."""
    xs, os = x.bit_count(), o.bit_count()
    if os > xs:
        raise _fail(text, f"O has {os} marks but X only {xs}; X moves first, so O never has more")
    if xs > os + 1:
        raise _fail(
            text, f"X has {xs} marks but O only {os}; players take turns, so X is at most one ahead"
        )
    lines = geometry_for(size, k).lines
    x_lines = [line for line in lines if x & line == line]
    o_lines = [line for line in lines if o & line == line]
    if x_lines and o_lines:
        raise _fail(text, "both X and O have a line, but the game stops at the first line")
    for name, won, marks_ok in (("X", x_lines, xs == os + 1), ("O", o_lines, xs == os)):
        if not won:
            continue
        if not marks_ok:
            raise _fail(
                text,
                f"{name} has a line but {'O' if name == 'X' else 'X'} moved after it; "
                "the game stops when a line is completed",
            )
        shared = -1
        for line in won:
            shared &= line
        if not shared:
            raise _fail(
                text,
                f"{name} has two separate lines, but the game stops at the first one "
                "(one last move completes two lines only if they cross on it)",
            )
