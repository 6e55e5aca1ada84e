"""What the game layer accepts from an adapter: ids and names checked at its edge.

A bad id or name is an adapter's bug, not a player's mistake: ``TypeError`` (not an ``int`` or
``str``; ``bool`` is refused) or ``ValueError`` (no id or name can have that value), naming the
argument, never a ``GameError``. Ids are whole numbers from 0 to 2**63 - 1; 0 is the
terminal's own channel and member. See docs/storage.md.
"""

from __future__ import annotations

import unicodedata

MAX_ID = 2**63 - 1
"""The largest id: a signed 64-bit integer, what the databases store."""

NAME_MAX_LENGTH = 100
"""Longest member name, in characters, after stripping. Discord's usernames, display names and
nicknames are at most 32 characters, webhook and application names 80; 100 leaves room for any
of them while a leaderboard line stays one line."""


def check_id(argument: str, value: object) -> int:
    """``value`` if it is an id (see the module docstring), else ``TypeError``/``ValueError``
    naming ``argument``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{argument} must be an int, not {type(value).__name__} ({value!r:.40})")
    if not 0 <= value <= MAX_ID:
        raise ValueError(f"{argument} must be between 0 and 2**63 - 1, not {value}")
    return value


def check_optional_id(argument: str, value: object) -> int | None:
    """``check_id``, with ``None`` allowed (no server, no channel filter, no button game)."""
    return None if value is None else check_id(argument, value)


def check_name(argument: str, value: object) -> str:
    """``value`` stripped, if it is a name: non-blank text of at most ``NAME_MAX_LENGTH``
    characters without control characters (a newline would break every board it is shown
    on, a NUL is refused by PostgreSQL). Emoji and any script are welcome."""
    if not isinstance(value, str):
        raise TypeError(f"{argument} must be a str, not {type(value).__name__} ({value!r:.40})")
    name = value.strip()
    if not name:
        raise ValueError(f"{argument} must not be empty or blank, got {value!r:.40}")
    if len(name) > NAME_MAX_LENGTH:
        raise ValueError(
            f"{argument} must be at most {NAME_MAX_LENGTH} characters, not {len(name)}"
        )
    if any(unicodedata.category(char) == "Cc" for char in name):
        raise ValueError(f"{argument} must not contain control characters, got {name!r:.40}")
    return name
