"""How long something took, in the words both the service and the renderer use.

One function so "expired after 1.5 minutes" reads the same in an error and on a board.
"""

from __future__ import annotations

_UNITS = (("day", 86400), ("hour", 3600), ("minute", 60))


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
