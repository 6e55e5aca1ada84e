"""Connect Four positions as text: the columns played from the empty board, ``"4453"``.

The notation of gamesolver.org's solver and test sets: one digit per disc, the column it was
dropped in, 1 for the leftmost; the empty string is the empty board. Reading checks the digits
only; whether a game plays them (no full column, no move after a win) is the board's to say
(:meth:`.board.Connect4Board.from_notation`).
"""

from __future__ import annotations

from ..errors import InvalidNotationError


def read_columns(text: str, width: int) -> tuple[int, ...]:
    """The 0-based columns ``text`` names, in order (surrounding spaces ignored).

    Raises:
        InvalidNotationError: a character that is not a column's digit, 1 to ``width``.
    """
    columns: list[int] = []
    for index, char in enumerate(text.strip(), 1):
        if not ("1" <= char <= "9" and int(char) <= width):
            raise InvalidNotationError(
                f"{text.strip()!r}: character {index}, {char!r}, is not a column: write the "
                f"columns played as digits from 1 to {width}, e.g. 4453."
            )
        columns.append(int(char) - 1)
    return tuple(columns)


def format_columns(columns: tuple[int, ...]) -> str:
    """The notation of ``columns`` (0-based): ``(3, 3, 4, 2)`` is ``"4453"``."""
    return "".join(str(col + 1) for col in columns)


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ..., ``21st``, ``22nd``: the discs' and moves' counts
    in the engine's sentences."""
    if number % 100 in (11, 12, 13):
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"
