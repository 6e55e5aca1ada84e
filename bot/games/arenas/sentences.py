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

TYPED_SHOWN = 40
"""Characters of a typed value a refusal quotes."""

# TRANSLATORS: {value} is what the member gave as the arena's duration in minutes
BAD_MINUTES = N_("An arena lasts from 5 to 180 minutes, not {value}.")
# TRANSLATORS: {value} is what the member gave as the seconds each move may take
BAD_CLOCK = N_("The move clock is from 10 to 300 seconds a move, not {value}.")
# TRANSLATORS: {typed} is what the member typed as the arena's start time; keep the examples
# as they are (20:30, 2026-12-24 20:30, 15m): the bot reads those forms
UNREADABLE_START = N_(
    "I cannot read {typed} as a time. Write it in UTC, as 20:30 or 2026-12-24 20:30, or in "
    "minutes from now, as 15m."
)
# TRANSLATORS: {typed} is the start time the member typed (times are in UTC)
START_PASSED = N_("{typed} has passed already (times are in UTC): an arena starts now or later.")
# TRANSLATORS: {typed} is the start time the member typed
START_TOO_FAR = N_("An arena starts within a week: {typed} is too far ahead.")
# TRANSLATORS: {duration} is how long until it ends: "20 minutes"
ARENA_HERE = N_("An arena is already running in this channel; it ends in {duration}.")
NO_ARENA = N_("There is no arena running in this channel.")
ARENA_CANCELLED = N_("That arena was cancelled.")
ARENA_OVER = N_("That arena is over.")
ARENA_CLOSING = N_("This arena's time is up: no new games start, so it takes nobody new.")
# TRANSLATORS: {channel} is a channel (a mention)
IN_ANOTHER_ARENA = N_(
    "You are in another arena, in {channel}: leave it first (and finish any game you are "
    "playing there)."
)
NOT_IN_ARENA = N_("You are not playing in this arena.")


class ArenaError(GameError):
    """An arena refused what a member asked; the message says why."""


def bad_minutes(value: object) -> InvalidOptionError:
    return InvalidOptionError(BAD_MINUTES, value=str(value)[:TYPED_SHOWN])


def bad_clock(value: object) -> InvalidOptionError:
    return InvalidOptionError(BAD_CLOCK, value=str(value)[:TYPED_SHOWN])


def unreadable_start(text: str) -> InvalidOptionError:
    return InvalidOptionError(UNREADABLE_START, typed=text[:TYPED_SHOWN])


def start_passed(text: str) -> InvalidOptionError:
    return InvalidOptionError(START_PASSED, typed=text[:TYPED_SHOWN])


def start_too_far(text: str) -> InvalidOptionError:
    return InvalidOptionError(START_TOO_FAR, typed=text[:TYPED_SHOWN])


def arena_here(ends_at: datetime, now: datetime) -> ArenaError:
    left = (ends_at - now).total_seconds()
    return ArenaError(ARENA_HERE, duration=Phrase(lambda: describe_duration(left)))


def no_arena() -> NoGameError:
    return NoGameError(NO_ARENA)


def arena_over(cancelled: bool) -> GameOverError:
    return GameOverError(ARENA_CANCELLED if cancelled else ARENA_OVER)


def arena_closing() -> ArenaError:
    return ArenaError(ARENA_CLOSING)


def in_another_arena(channel_id: int) -> ArenaError:
    return ArenaError(IN_ANOTHER_ARENA, channel=f"<#{channel_id}>")


def not_in_arena() -> ArenaError:
    return ArenaError(NOT_IN_ARENA)
