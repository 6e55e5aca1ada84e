"""Reading an arena's start time as a member types it: a time of day in UTC ("20:30", today),
a date and time in UTC ("2026-12-24 20:30"), a wait from now ("15m", "in 15 minutes", "1h",
"1h30m", or a bare number of minutes up to 999: "2030" is refused, not read as 34 hours), or
a Discord timestamp ("<t:1798144200:R>"). Nothing typed: now."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from bot.games.arenas.sentences import AHEAD_DAYS, start_passed, start_too_far, unreadable_start

_CLOCK = re.compile(r"(\d{1,2}):(\d{2})")
_DATE_TIME = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})[ tT](\d{1,2}):(\d{2})(?:\s*(?:utc|z))?")
_WAIT = re.compile(
    r"(?:in\s*)?\+?(?:(\d{1,3})\s*(?:h|hr|hrs|hours?))?\s*(?:(\d{1,5})\s*(?:m|min|mins|minutes?))?"
)
_BARE_MINUTES = re.compile(r"(?:in\s*)?\+?(\d{1,3})")
_DISCORD = re.compile(r"<t:(\d{1,12})(?::[a-zA-Z])?>")

LATE_GRACE = timedelta(minutes=1)
"""A time typed for the current minute (or the one before, while the command travelled) is
taken as now, not refused as past."""


def start_time(text: str | None, now: datetime) -> datetime:
    """When an arena starts, from what a member typed (``None`` or blank: ``now``). Refusals
    (``InvalidOptionError``): unreadable, passed (beyond ``LATE_GRACE``), or more than
    ``AHEAD_DAYS`` ahead."""
    typed = (text or "").strip()
    if not typed:
        return now
    moment = _read(typed.lower(), now)
    if moment is None:
        raise unreadable_start(typed)
    if moment < now.replace(second=0, microsecond=0) - LATE_GRACE:
        raise start_passed(typed)
    if moment > now + timedelta(days=AHEAD_DAYS):
        raise start_too_far(typed)
    return max(moment, now)


def _read(text: str, now: datetime) -> datetime | None:
    """The moment ``text`` names, or None where it names none."""
    try:
        if match := _DISCORD.fullmatch(text):
            return datetime.fromtimestamp(int(match[1]), UTC)
        if match := _DATE_TIME.fullmatch(text):
            year, month, day, hour, minute = (int(part) for part in match.groups())
            return datetime(year, month, day, hour, minute, tzinfo=UTC)
        if match := _CLOCK.fullmatch(text):
            hour, minute = int(match[1]), int(match[2])
            return now.replace(hour=hour, minute=minute, second=0, microsecond=0)
        if (match := _WAIT.fullmatch(text)) and (match[1] or match[2]):
            return now + timedelta(hours=int(match[1] or 0), minutes=int(match[2] or 0))
        if match := _BARE_MINUTES.fullmatch(text):
            return now + timedelta(minutes=int(match[1]))
    except (ValueError, OverflowError, OSError):
        return None  # a day or hour that does not exist, or a year past datetime's
    return None
