"""The sentences a member reads when an arena refuses what they asked. Each builder returns the
error for the arenas collaborator to raise; what came from outside (a typed time, a number)
goes in as a value, never into the template."""

from __future__ import annotations

from datetime import datetime

from bot.games.errors import GameError, GameOverError, InvalidOptionError, NoGameError
from bot.games.wording import describe_duration
from bot.i18n import N_, Phrase

MINUTES = (5, 180)
"""An arena's shortest and longest duration, in minutes."""

CLOCK = (10, 300)
"""A move clock's shortest and longest, in seconds."""

AHEAD_DAYS = 7
"""How far ahead an arena may be set to start."""


class ArenaError(GameError):
    """An arena refused what a member asked; the message says why."""


def bad_minutes(value: object) -> InvalidOptionError:
    return InvalidOptionError(
        # TRANSLATORS: {value} is what the member gave as the arena's duration in minutes
        N_("An arena lasts from 5 to 180 minutes, not {value}."),
        value=value,
    )


def bad_clock(value: object) -> InvalidOptionError:
    return InvalidOptionError(
        # TRANSLATORS: {value} is what the member gave as the seconds each move may take
        N_("The move clock is from 10 to 300 seconds a move, not {value}."),
        value=value,
    )


def unreadable_start(text: str) -> InvalidOptionError:
    return InvalidOptionError(
        # TRANSLATORS: {start} is what the member typed as the arena's start time; keep the
        # examples as they are (20:30, 2026-12-24 20:30, 15m): the bot reads those forms
        N_(
            "I cannot read {start} as a time. Write it in UTC, as 20:30 or 2026-12-24 20:30, "
            "or in minutes from now, as 15m."
        ),
        start=text[:40],
    )


def start_passed(text: str) -> InvalidOptionError:
    return InvalidOptionError(
        # TRANSLATORS: {start} is the start time the member typed (times are in UTC)
        N_("{start} has passed already (times are in UTC): an arena starts now or later."),
        start=text[:40],
    )


def start_too_far(text: str) -> InvalidOptionError:
    return InvalidOptionError(
        # TRANSLATORS: {start} is the start time the member typed
        N_("An arena starts within a week: {start} is too far ahead."),
        start=text[:40],
    )


def arena_here(ends_at: datetime, now: datetime) -> ArenaError:
    return ArenaError(
        # TRANSLATORS: {duration} is how long until it ends: "20 minutes"
        N_("An arena is already running in this channel; it ends in {duration}."),
        duration=Phrase(lambda: describe_duration((ends_at - now).total_seconds())),
    )


def no_arena() -> NoGameError:
    return NoGameError(N_("There is no arena running in this channel."))


def arena_over(cancelled: bool) -> GameOverError:
    if cancelled:
        return GameOverError(N_("That arena was cancelled."))
    return GameOverError(N_("That arena is over."))


def arena_closing() -> ArenaError:
    return ArenaError(N_("This arena's time is up: no new games start, so it takes nobody new."))


def in_another_arena(channel_id: int) -> ArenaError:
    return ArenaError(
        # TRANSLATORS: {channel} is a channel (a mention)
        N_("You are playing in another arena, in {channel}: leave it there first."),
        channel=f"<#{channel_id}>",
    )


def not_in_arena() -> ArenaError:
    return ArenaError(N_("You are not playing in this arena."))
