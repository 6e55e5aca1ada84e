"""How wide a text is on a terminal or in a code block: the columns it takes, not its length.

Japanese (and any CJK) characters take two columns, so text lined up in columns must be padded
by width: ``ljust_width("レベル", 9)`` adds three spaces, not six.
"""

from __future__ import annotations

import unicodedata


def display_width(text: str) -> int:
    """The columns ``text`` takes on a terminal: two for each wide or full-width character
    (CJK), none for a combining mark, one for any other."""
    return sum(_columns(character) for character in text)


def ljust_width(text: str, width: int) -> str:
    """``text`` followed by spaces up to ``width`` columns (unchanged if already as wide)."""
    return text + " " * max(0, width - display_width(text))


def _columns(character: str) -> int:
    if unicodedata.combining(character):
        return 0
    return 2 if unicodedata.east_asian_width(character) in ("W", "F") else 1
