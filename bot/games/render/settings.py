"""A server's settings as its managers read them (``/tictactoe-settings``)."""

from __future__ import annotations

from bot.games.server_settings import (
    CACHE_SECONDS,
    DEFAULT_FIRST,
    DEFAULT_SIZE,
    ServerSettings,
    channel_mentions,
)
from bot.games.wording import describe_duration

BOT_LEVEL = "perfect"
"""The level a classic start plays at when neither the member nor the server names one."""


def render_server_settings(
    settings: ServerSettings, idle_seconds: float, challenge_seconds: float
) -> str:
    """Every setting of the server and its value; "the bot's own" where it set none.
    ``idle_seconds`` and ``challenge_seconds``: the process's own limits."""

    def own(value: object, default: object) -> str:
        return f"{default} (the bot's own)" if value is None else str(value)

    size = None if settings.size is None else f"{settings.size}x{settings.size}"
    channels = "every channel"
    if settings.channel_ids:
        channels = f"only {channel_mentions(settings.channel_ids).replace(' or ', ' and ')}"
    idle = _minutes(settings.idle_minutes, idle_seconds)
    challenge = _minutes(settings.challenge_minutes, challenge_seconds)
    return "\n".join(
        [
            "**This server's Tic-Tac-Toe settings**",
            f"Start defaults (when a member names none): level {own(settings.level, BOT_LEVEL)}, "
            f"size {own(size, f'{DEFAULT_SIZE}x{DEFAULT_SIZE}')}, "
            f"first {own(settings.first, DEFAULT_FIRST)}.",
            f"Games are played in {channels}.",
            f"A game expires after {idle} without a move.",
            f"A challenge waits {challenge} for its answer.",
            f"Duels are {'on' if settings.duels else 'off'}.",
        ]
    )


def _minutes(minutes: int | None, own_seconds: float) -> str:
    """The server's minutes as a duration, or the bot's own marked as such."""
    if minutes is None:
        return f"{describe_duration(own_seconds)} (the bot's own)"
    return describe_duration(minutes * 60)


def render_settings_saved(
    settings: ServerSettings, idle_seconds: float, challenge_seconds: float
) -> str:
    """The answer to a change: what the settings are now, and when the whole bot sees it."""
    seconds = describe_duration(CACHE_SECONDS)
    return (
        f"Saved; every part of the bot follows it within {seconds}.\n"
        f"{render_server_settings(settings, idle_seconds, challenge_seconds)}"
    )
