"""Reading a cell typed by a player ("2 3" or "2,3", 1-based) into an engine ``Move``.

Both adapters use this for typed moves, so the wording of every mistake lives here once.
"""

from __future__ import annotations

import re

from bot.engine import Move
from bot.games.errors import InvalidCellError
from bot.games.wording import quote_input

USAGE_MOVE = "Usage: {move} <row> <column>, for example: {move} 2 3"
"""A template: ``{move}`` is the adapter's spelling of the move command."""

# Two ASCII integers, each with an optional sign, separated by a comma and/or whitespace. ASCII
# only on purpose: int() would accept other scripts' digits ("٢"), which a player would never
# mean as a cell. Any number of digits: a number is only converted when it has at most
# ``_DIGITS`` (so a pasted wall of digits never reaches int()'s digit limit); a longer one is
# off every board.
_CELL = re.compile(r"\s*([+-]?[0-9]+)\s*(?:,|\s)\s*([+-]?[0-9]+)\s*", re.ASCII)
_DIGITS = 9


def parse_cell(text: str, size: int = 3) -> Move:
    """Parse ``"row col"`` (1-based, ``"2 3"`` or ``"2,3"``) into a 0-based ``Move``.

    Raises ``InvalidCellError`` (and nothing else) for anything that is not a cell on a
    ``size`` x ``size`` board; the message says what is wrong and ends with ``USAGE_MOVE``.
    Any two integers (signed, any length) that are not a cell get the off-board sentence.
    """
    span = f"from 1 to {size}"
    if not isinstance(text, str) or not text.strip():
        raise InvalidCellError(
            "Which cell? Give the row and the column, each {span}. " + USAGE_MOVE, span=span
        )
    match = _CELL.fullmatch(text)
    if match is None:
        raise InvalidCellError(
            "{text} is not a cell: give the row and the column as two numbers {span}. "
            + USAGE_MOVE,
            text=quote_input(text),
            span=span,
        )
    row, col = _number(match.group(1)), _number(match.group(2))
    if row is None or col is None:
        raise InvalidCellError(
            "{text} is off the board: rows and columns go {span}. " + USAGE_MOVE,
            text=quote_input(text.strip()),
            span=span,
        )
    if not (1 <= row <= size and 1 <= col <= size):
        raise InvalidCellError(
            f"Row {row}, column {col} is off the board: rows and columns go {{span}}. "
            + USAGE_MOVE,
            span=span,
        )
    return Move(row - 1, col - 1)


def _number(text: str) -> int | None:
    """A signed ASCII integer as matched by ``_CELL``; None when it has more than ``_DIGITS``
    significant digits (far off any board)."""
    digits = text.lstrip("+-").lstrip("0")
    return int(text) if len(digits) <= _DIGITS else None
