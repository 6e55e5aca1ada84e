"""Small pieces of wording every adapter's sentences share, kept once so they read alike.

``join_or`` lists options as a sentence does ("me, bot or random"); ``quote_input`` quotes what
a player typed back at them, cut short so a pasted wall of text never floods the reply;
``describe_duration`` says how long something took, so "expired after 1.5 minutes" reads the
same in an error and on a board.
"""

from __future__ import annotations

from collections.abc import Sequence

SHOWN = 30
"""The longest input quoted back in an error, in characters."""

_UNITS = (("day", 86400), ("hour", 3600), ("minute", 60))


def join_or(options: Sequence[object]) -> str:
    """ "a", "a or b", "a, b or c": options as a sentence offers them."""
    words = [str(option) for option in options]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def quote_input(text: str) -> str:
    """``text`` quoted (``repr``), cut to ``SHOWN`` characters with an ellipsis."""
    return repr(text if len(text) <= SHOWN else text[: SHOWN - 1] + "…")


def describe_duration(seconds: float) -> str:
    """The largest unit that is at least one when rounded to a tenth: "45 seconds",
    "1 minute", "1.5 minutes", "2 hours". Seconds are whole; negatives read as 0 seconds."""
    for unit, size in _UNITS:
        amount = round(seconds / size, 1)
        if amount >= 1:
            text = f"{amount:.1f}".removesuffix(".0")
            return f"{text} {unit}{'' if amount == 1 else 's'}"
    count = max(0, round(seconds))
    return f"{count} second{'' if count == 1 else 's'}"
