"""The flood guard: a token bucket per member, ``COMMAND_RATE`` (``commands/seconds``) wide.

A member may send ``rate.commands`` commands in a row, and regains one every
``rate.seconds / rate.commands`` seconds (default 10/5: ten in a row, then two a second), so a
member playing at up to that pace is always answered. ``!move``, slash commands and board clicks
all count, and so does a command that ends in an error reply. A command with no whole answer
left is ignored and restarts the wait for the next one: a steady flood gets its burst and
nothing more, and a member is answered again after pausing ``rate.seconds / rate.commands``.
The first ignored command gets one "slow down" note, the next only once the member's whole burst
has come back. Counting is in memory, O(1) amortized per command, on ``time.monotonic`` (or the
``clock`` given), read at each call. Why, the figures, and why not discord.py's
``CooldownMapping``: docs/decisions.md.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from babel.numbers import format_decimal
from discord.ext import commands

from bot.i18n import Phrase, ngettext
from bot.i18n.catalogues import number_locale
from bot.settings import CommandRate

if TYPE_CHECKING:
    from bot.discord_bot.app import TicTacToeBot


@dataclass(frozen=True, slots=True)
class Verdict:
    """What to do with one command: ``answer`` it, or not; ``note`` is the one "slow down"
    sentence to send instead (None: say nothing)."""

    answer: bool
    note: Phrase | None = None


ANSWER = Verdict(answer=True)
IGNORE = Verdict(answer=False)

_ROUNDING = 1e-9
"""Answers a clock difference may lose to float rounding: a pause of exactly
``rate.seconds / rate.commands`` brings back a whole answer."""


@dataclass(slots=True)
class _Bucket:
    answers: float
    """Answers left (a fraction is one on its way), at ``at``."""
    at: float
    warned: bool = False


class Floodgate:
    """Keeps each member's bucket of answers and says which commands to answer."""

    def __init__(self, rate: CommandRate, *, clock: Callable[[], float] | None = None) -> None:
        self.rate = rate
        self._clock = clock
        self._per_second = rate.commands / rate.seconds
        self._buckets: dict[int, _Bucket] = {}
        self._next_sweep = -math.inf

    def __len__(self) -> int:
        """How many members are remembered: those whose burst has not all come back yet
        (the others are forgotten as it goes)."""
        return len(self._buckets)

    def admit(self, member_id: int) -> Verdict:
        """Count one command from ``member_id`` and say whether to answer it."""
        now = self._now()
        self._sweep(now)
        bucket = self._buckets.get(member_id)
        if bucket is None:
            bucket = self._buckets[member_id] = _Bucket(float(self.rate.commands), now)
        else:
            bucket.answers = self._refilled(bucket, now)
            bucket.at = now
            if bucket.answers >= self.rate.commands - _ROUNDING:
                bucket.warned = False
        if bucket.answers >= 1 - _ROUNDING:
            bucket.answers = max(0.0, bucket.answers - 1)
            return ANSWER
        bucket.answers = 0.0  # an ignored command restarts the wait
        if bucket.warned:
            return IGNORE
        bucket.warned = True
        return Verdict(answer=False, note=slow_down(self.rate))

    def _refilled(self, bucket: _Bucket, now: float) -> float:
        gained = max(0.0, now - bucket.at) * self._per_second
        return min(float(self.rate.commands), bucket.answers + gained)

    def _now(self) -> float:
        return self._clock() if self._clock is not None else time.monotonic()

    def _sweep(self, now: float) -> None:
        """Forget members whose whole burst is back (a fresh bucket is the same), at most once
        per ``rate.seconds``: each one remembered sent a command within the last
        ``rate.seconds``, so a sweep costs no more than the commands since the last one."""
        if now < self._next_sweep:
            return
        self._next_sweep = now + self.rate.seconds
        full = [
            member
            for member, bucket in self._buckets.items()
            if self._refilled(bucket, now) >= self.rate.commands - _ROUNDING
        ]
        for member_id in full:
            del self._buckets[member_id]


def slow_down(rate: CommandRate) -> Phrase:
    """The note a flooding member gets, once until their whole burst has come back: worded
    when it is sent, in the language of the answer (the member's, or the server's for ``!move``)."""
    return Phrase(lambda: _slow_down(rate))


def _slow_down(rate: CommandRate) -> str:
    every = _seconds(rate.seconds / rate.commands)
    return ngettext(
        # TRANSLATORS: the note to a member sending commands too fast. {count}: how many
        # commands in a row; {every}: a duration ("0.5 seconds", "1 second")
        "Slow down: I answer at most {count} command from you in a row, then one every "
        "{every}. I'll ignore what you send until you pause for {every}.",
        "Slow down: I answer at most {count} commands from you in a row, then one every "
        "{every}. I'll ignore what you send until you pause for {every}.",
        rate.commands,
    ).format(count=rate.commands, every=every)


def _seconds(value: float) -> str:
    """``value`` rounded up to hundredths, as a person writes it: "0.5 seconds", "1 second"
    (a fraction takes the plural form of 2, as ``bot.games.wording`` does)."""
    hundredths = math.ceil(value * 100 - 1e-9)  # 0.1 * 100 is 10.000000000000002
    whole = hundredths % 100 == 0
    count = hundredths // 100 if whole else 2
    text = format_decimal(hundredths / 100, format="0.##", locale=number_locale())
    return ngettext("{count} second", "{count} seconds", count).format(count=text)


class Flooding(commands.CheckFailure):
    """A text command over the member's rate; ``cogs.errors`` sends ``note`` if there is one
    and otherwise stays silent."""

    def __init__(self, note: Phrase | None) -> None:
        super().__init__("command rate exceeded")
        self.note = note


async def within_rate(ctx: commands.Context[TicTacToeBot]) -> bool:
    """The bot-wide check every text command passes first (before its arguments are read)."""
    verdict = ctx.bot.floodgate.admit(ctx.author.id)
    if not verdict.answer:
        raise Flooding(verdict.note)
    return True
