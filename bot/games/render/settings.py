"""A server's settings as its managers read them (``/tictactoe-settings``)."""

from __future__ import annotations

from bot.games.server_settings import (
    CACHE_SECONDS,
    DEFAULT_FIRST,
    ServerSettings,
    channel_mentions,
)
from bot.games.variants import default_variant
from bot.games.wording import describe_duration
from bot.i18n import _, language_name


def render_server_settings(
    settings: ServerSettings, idle_seconds: float, challenge_seconds: float
) -> str:
    """Every setting of the server and its value; "the bot's own" where it set none.
    ``idle_seconds`` and ``challenge_seconds``: the process's own limits."""

    def own(value: object, default: object) -> str:
        # TRANSLATORS: a setting the server left unset: {default} is the bot's own value
        return (
            _("{default} (the bot's own)").format(default=default) if value is None else str(value)
        )

    size = None if settings.size is None else f"{settings.size}x{settings.size}"
    bot = default_variant()  # what a start plays when neither member nor server says
    if settings.channel_ids:
        # TRANSLATORS: {channels} lists channel mentions: "#a and #b", "#a, #b and #c"
        where = _("Games are played in only {channels}.").format(
            channels=channel_mentions(settings.channel_ids, conjunction="and")
        )
    else:
        where = _("Games are played in every channel.")
    idle = _minutes(settings.idle_minutes, idle_seconds)
    challenge = _minutes(settings.challenge_minutes, challenge_seconds)
    if settings.locale is None:
        # TRANSLATORS: /tictactoe-settings show, when the server chose no language
        language = _("Public posts are in the server's Discord language.")
    else:
        # TRANSLATORS: {language} is the language's own name ("Deutsch", "English")
        language = _("Public posts are in {language}.").format(
            language=language_name(settings.locale)
        )
    return "\n".join(
        [
            _("**This server's Tic-Tac-Toe settings**"),
            # TRANSLATORS: level, size and first are option names and stay as they are;
            # each value is a level ("perfect"), a size ("3x3") or who moves first ("me")
            _(
                "Start defaults (when a member names none): level {level}, size {size}, "
                "first {first}."
            ).format(
                level=own(settings.level, bot.default_level),
                size=own(size, bot.renderer.board_name(bot.default_size)),
                first=own(settings.first, DEFAULT_FIRST),
            ),
            where,
            # TRANSLATORS: {duration} is "5 minutes", or "5 minutes (the bot's own)"
            _("A game expires after {duration} without a move.").format(duration=idle),
            _("A challenge waits {duration} for its answer.").format(duration=challenge),
            _("Duels are on.") if settings.duels else _("Duels are off."),
            language,
        ]
    )


def _minutes(minutes: int | None, own_seconds: float) -> str:
    """The server's minutes as a duration, or the bot's own marked as such."""
    if minutes is None:
        return _("{default} (the bot's own)").format(default=describe_duration(own_seconds))
    return describe_duration(minutes * 60)


def render_settings_saved(
    settings: ServerSettings, idle_seconds: float, challenge_seconds: float
) -> str:
    """The answer to a change: what the settings are now, and when the whole bot sees it."""
    seconds = describe_duration(CACHE_SECONDS)
    saved = _("Saved; every part of the bot follows it within {duration}.").format(duration=seconds)
    return f"{saved}\n{render_server_settings(settings, idle_seconds, challenge_seconds)}"
