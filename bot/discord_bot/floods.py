"""The flood guard: each member may send ``COMMAND_RATE`` commands per window, then is ignored.

``!move``, slash commands and board clicks all count, and so does a command that ends in an
error reply. Past the rate the member gets one "slow down" note for the window, then silence
until it ends. The window is fixed: it opens at the member's first command and lasts
``rate.seconds``. Counting is per member, in memory, O(1) per command, on ``time.monotonic``
(or the ``clock`` given), read at each call. Why, and why not discord.py's
``CooldownMapping``: docs/decisions.md.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from discord.ext import commands

from bot.settings import CommandRate

if TYPE_CHECKING:
    from bot.discord_bot.app import TicTacToeBot


@dataclass(frozen=True, slots=True)
class Verdict:
    """What to do with one command: ``answer`` it, or not; ``note`` is the one "slow down"
    sentence of the window to send instead (None: say nothing)."""

    answer: bool
    note: str | None = None


ANSWER = Verdict(answer=True)
IGNORE = Verdict(answer=False)


@dataclass(slots=True)
class _Window:
    start: float
    used: int = 0
    warned: bool = False


class Floodgate:
    """Counts each member's commands in their current window and says which to answer."""

    def __init__(self, rate: CommandRate, *, clock: Callable[[], float] | None = None) -> None:
        self.rate = rate
        self._clock = clock
        self._windows: dict[int, _Window] = {}
        self._next_sweep = -math.inf

    def __len__(self) -> int:
        """How many members' windows are remembered (ended ones are forgotten as it goes)."""
        return len(self._windows)

    def admit(self, member_id: int) -> Verdict:
        """Count one command from ``member_id`` and say whether to answer it."""
        now = self._now()
        self._sweep(now)
        window = self._windows.get(member_id)
        if window is None or now - window.start >= self.rate.seconds:
            window = self._windows[member_id] = _Window(now)
        window.used += 1
        if window.used <= self.rate.commands:
            return ANSWER
        if window.warned:
            return IGNORE
        window.warned = True
        return Verdict(
            answer=False, note=slow_down(self.rate, window.start + self.rate.seconds - now)
        )

    def _now(self) -> float:
        return self._clock() if self._clock is not None else time.monotonic()

    def _sweep(self, now: float) -> None:
        """Forget windows that have ended, at most once per window length: memory stays
        proportional to the members active in the last window, at O(1) amortized per call."""
        if now < self._next_sweep:
            return
        self._next_sweep = now + self.rate.seconds
        ended = [m for m, w in self._windows.items() if now - w.start >= self.rate.seconds]
        for member_id in ended:
            del self._windows[member_id]


def slow_down(rate: CommandRate, wait: float) -> str:
    """The one note a flooding member gets per window."""
    seconds = max(1, math.ceil(wait))
    return (
        f"Slow down: I answer at most {rate.commands} commands from you every "
        f"{rate.seconds:g} seconds. I'll ignore the rest for {seconds} more "
        f"second{'s' if seconds != 1 else ''}."
    )


class Flooding(commands.CheckFailure):
    """A text command over the member's rate; ``cogs.errors`` sends ``note`` if there is one
    and otherwise stays silent."""

    def __init__(self, note: str | None) -> None:
        super().__init__("command rate exceeded")
        self.note = note


async def within_rate(ctx: commands.Context[TicTacToeBot]) -> bool:
    """The bot-wide check every text command passes first (before its arguments are read)."""
    verdict = ctx.bot.floodgate.admit(ctx.author.id)
    if not verdict.answer:
        raise Flooding(verdict.note)
    return True
