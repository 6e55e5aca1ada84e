"""Reading a cell typed by a player ("2 3" or "2,3", 1-based) into an engine ``Move``.

Both adapters use this for typed moves, so the wording of every mistake lives here once.
"""

from __future__ import annotations

import re

from bot.engine import Move
from bot.games.errors import InvalidCellError
from bot.games.wording import quote_input
from bot.i18n import N_

# TRANSLATORS: {move} is the move command as typed ("/tictactoe move", "!move"); translate
# <row> and <column>, keep "2 3"
USAGE_MOVE = N_("Usage: {move} <row> <column>, for example: {move} 2 3")
"""A template (a msgid: translate it with ``_`` where it is shown): ``{move}`` is the
adapter's spelling of the move command."""

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
    if not isinstance(text, str) or not text.strip():
        # TRANSLATORS: {size} is the board's size (3); {move} is the move command as typed
        template = N_(
            "Which cell? Give the row and the column, each from 1 to {size}. "
            "Usage: {move} <row> <column>, for example: {move} 2 3"
        )
        raise InvalidCellError(
            template,
            size=size,
        )  # fmt: skip
    match = _CELL.fullmatch(text)
    if match is None:
        # TRANSLATORS: {text} is what the member typed, quoted; {size} the board's size (3);
        # {move} the move command as typed
        template = N_(
            "{text} is not a cell: give the row and the column as two numbers from 1 to "
            "{size}. Usage: {move} <row> <column>, for example: {move} 2 3"
        )
        raise InvalidCellError(
            template,
            text=quote_input(text),
            size=size,
        )  # fmt: skip
    row, col = _number(match.group(1)), _number(match.group(2))
    if row is None or col is None:
        # TRANSLATORS: {text} is what the member typed, quoted; {size} the board's size (3);
        # {move} the move command as typed
        template = N_(
            "{text} is off the board: rows and columns go from 1 to {size}. "
            "Usage: {move} <row> <column>, for example: {move} 2 3"
        )
        raise InvalidCellError(
            template,
            text=quote_input(text.strip()),
            size=size,
        )  # fmt: skip
    if not (1 <= row <= size and 1 <= col <= size):
        # TRANSLATORS: {row} and {column} are the numbers typed, {size} the board's size (3);
        # {move} the move command as typed
        template = N_(
            "Row {row}, column {column} is off the board: rows and columns go from 1 to "
            "{size}. Usage: {move} <row> <column>, for example: {move} 2 3"
        )
        raise InvalidCellError(
            template,
            row=row,
            column=col,
            size=size,
        )  # fmt: skip
    return Move(row - 1, col - 1)


def _number(text: str) -> int | None:
    """A signed ASCII integer as matched by ``_CELL``; None when it has more than ``_DIGITS``
    significant digits (far off any board)."""
    digits = text.lstrip("+-").lstrip("0")
    if len(digits) > _DIGITS:
        return None
    # the significant digits only: int() counts zeros in front towards its 4,300-digit limit
    number = int(digits or "0")
    return -number if text.startswith("-") else number
