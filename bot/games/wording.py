"""Small pieces of wording every adapter's sentences share, kept once so they read alike.

``either`` lists options as a sentence does ("me, bot or random"); ``quote_input`` quotes what
a player typed back at them, cut short so a pasted wall of text never floods the reply.
"""

from __future__ import annotations

from collections.abc import Sequence

SHOWN = 30
"""The longest input quoted back in an error, in characters."""


def either(options: Sequence[object]) -> str:
    """ "a", "a or b", "a, b or c": options as a sentence offers them."""
    words = [str(option) for option in options]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def quote_input(text: str) -> str:
    """``text`` quoted (``repr``), cut to ``SHOWN`` characters with an ellipsis."""
    return repr(text if len(text) <= SHOWN else text[: SHOWN - 1] + "…")
