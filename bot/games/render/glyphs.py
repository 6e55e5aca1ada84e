"""The emoji both board drawings use (classic and ultimate): the marks and the keycap numbers."""

from __future__ import annotations

from bot.engine import Player

EMOJI_MARK = {Player.X: "❌", Player.O: "⭕"}


def keycap(number: int) -> str:
    """The keycap emoji for 1..9 ("2️⃣"), used as row and column labels."""
    if not 0 <= number <= 9:
        raise ValueError(f"No keycap emoji for {number}: boards have at most 9 rows.")
    return f"{number}\ufe0f\u20e3"
