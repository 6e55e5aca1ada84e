"""The daily server puzzle (``service.puzzles.daily``): where and when a server wants it, the
day's post claimed once across processes, and solving it from the post.

A server's managers choose a channel and an hour (UTC). From that hour on, a sweep of the bot
(each process over its own shards) asks ``due``: every server whose post of the day is due is
claimed in the store, so of all the processes sharing the database exactly one makes each post,
across restarts too (a claim that never posted is taken over after ``STALE``). The day's puzzle
is chosen near the server's solvers' median rating among the puzzles it has not posted, by a
random generator seeded with the server and the day. A member's first attempt from the post is
the one that counts as solving it (the post shows how many did); the next post reveals the
solution. Reasons: docs/puzzles.md.
"""

from __future__ import annotations

import logging
import random
import statistics
from dataclasses import replace
from datetime import date, timedelta
from typing import TYPE_CHECKING

from bot.games.arguments import check_id
from bot.games.channels import Channels
from bot.games.errors import StorageError
from bot.games.puzzles.models import DailyPlan, DailyPost, DailySetting, PuzzleReply
from bot.games.puzzles.sentences import (
    bad_hour,
    daily_channel_needed,
    daily_off_alone,
    no_daily_post,
    not_on_this_server,
)
from bot.games.shards import ShardSet

if TYPE_CHECKING:  # the collaborator that owns this one
    from bot.games.puzzles.play import Puzzles

log = logging.getLogger(__name__)

STALE = timedelta(minutes=5)
"""A claim older than this that never posted (its process stopped) may be taken over."""

DEFAULT_HOUR = 12
"""The hour (UTC) a channel set without one posts at."""

DAILY_RATING = 1200.0
"""The day's puzzle's rating where the server has no solvers yet."""

REMEMBERED = 366
"""Posts of a server whose puzzles the next day's choice leaves out."""


class Daily:
    """Each server's daily puzzle."""

    def __init__(self, puzzles: Puzzles, channels: Channels) -> None:
        self._puzzles = puzzles
        self._channels = channels
        self._store = channels.store

    async def setting(self, guild_id: int) -> DailySetting | None:
        """The server's daily puzzle channel and hour, or None (none posted)."""
        check_id("guild_id", guild_id)
        self._channels.check_open()
        return await self._store.daily_setting(guild_id)

    async def change(
        self,
        guild_id: int,
        *,
        channel_id: int | None = None,
        channel_guild_id: int | None = None,
        hour: int | str | None = None,
        off: bool = False,
    ) -> DailySetting | None:
        """Set the server's daily puzzle channel (``channel_guild_id``: the server it is on)
        and hour (0 to 23, UTC; kept, or ``DEFAULT_HOUR``, when not given), or turn it
        ``off`` (None); with nothing given, the setting as it is. Refusals (``SettingsError``):
        off with a channel or an hour, an hour out of range, a channel of another server, an
        hour alone where no channel is set."""
        check_id("guild_id", guild_id)
        self._channels.check_open()
        current = await self._store.daily_setting(guild_id)
        if off:
            if channel_id is not None or hour is not None:
                raise daily_off_alone()
            await self._store.delete_daily_setting(guild_id)
            return None
        if channel_id is None and hour is None:
            return current
        when = _hour(hour) if hour is not None else None
        if channel_id is not None:
            check_id("channel_id", channel_id)
            if channel_guild_id != guild_id:
                raise not_on_this_server()
            where = channel_id
        elif current is None:
            raise daily_channel_needed()
        else:
            where = current.channel_id
        if when is None:
            when = DEFAULT_HOUR if current is None else current.hour
        setting = DailySetting(guild_id, where, when)
        await self._store.set_daily_setting(setting, self._channels.now())
        return setting

    async def forget(self, guild_id: int) -> None:
        """The bot left the server: no daily puzzle there any more."""
        check_id("guild_id", guild_id)
        self._channels.check_open()
        await self._store.delete_daily_setting(guild_id)

    async def due(self, *, shards: ShardSet | None = None) -> list[DailyPlan]:
        """The posts this process must make now, each claimed in the store (no other process
        makes it): every server of ``shards`` (all when None) whose hour has come today and
        whose post of the day nobody made."""
        self._channels.check_open()
        now = self._channels.now()
        today = now.date()
        plans = []
        for setting in await self._store.daily_due(today, now.hour, now - STALE):
            if shards is not None and not shards.owns(setting.guild_id):
                continue
            try:  # one server failing must not hold back the others' posts, claimed already
                chosen = await self._choose(setting.guild_id, today)
                wanted = DailyPost(setting.guild_id, today, chosen, setting.channel_id, None)
                post = await self._store.claim_daily(wanted, now, now - STALE)
                if post is not None:
                    plans.append(await self._plan(post))
            except StorageError as error:
                log.warning("Could not claim server %s's daily puzzle: %s", setting.guild_id, error)
            except Exception:
                log.exception("Could not claim server %s's daily puzzle.", setting.guild_id)
        return plans

    async def plan(self, guild_id: int, day: date) -> DailyPlan | None:
        """The server's post of ``day`` as it stands (its solvers counted), its puzzle and
        the post before it (whose solution it reveals), for showing it again; None if the
        server has no post that day."""
        check_id("guild_id", guild_id)
        self._channels.check_open()
        post = await self._store.daily_post(guild_id, day)
        return None if post is None else await self._plan(post)

    async def _plan(self, post: DailyPost) -> DailyPlan:
        earlier = await self._store.daily_posts(post.guild_id, 1, before=post.day)
        previous = earlier[0] if earlier else None
        catalogue = self._puzzles.catalogue
        return DailyPlan(
            post,
            await catalogue.get(post.puzzle_id),
            previous,
            None if previous is None else await catalogue.get(previous.puzzle_id),
        )

    async def _choose(self, guild_id: int, day: date) -> int:
        """The day's puzzle for a server: near its solvers' median rating, one it never
        posted, chosen by a generator seeded with the server and the day."""
        solvers = await self._puzzles.leaderboard(guild_id=guild_id, limit=50)
        rating = statistics.median(e.rating for e in solvers) if solvers else DAILY_RATING
        posted = [post.puzzle_id for post in await self._store.daily_posts(guild_id, REMEMBERED)]
        rng = random.Random(f"{guild_id}:{day.isoformat()}")
        return (await self._puzzles.catalogue.near(rating, rng, posted)).id

    async def posted(self, post: DailyPost, message_id: int) -> None:
        """The post was made: it is message ``message_id``."""
        check_id("message_id", message_id)
        self._channels.check_open()
        await self._store.daily_posted(post.guild_id, post.day, message_id)

    async def post(self, guild_id: int, day: date) -> DailyPost | None:
        """The server's post of ``day`` as it stands (its solvers counted), or None."""
        check_id("guild_id", guild_id)
        self._channels.check_open()
        return await self._store.daily_post(guild_id, day)

    async def solve(
        self, *, guild_id: int, day: date, member_id: int, member_name: str, channel_id: int
    ) -> PuzzleReply:
        """The member's attempt at the server's puzzle of ``day`` (a click on its post's
        Solve): today's counts for the post, the member's first attempt at it only (a second
        is a replay, ``reply.tried``; one still running is shown again); an older day's is a
        replay like any. ``no_daily_post`` if the server has no such post."""
        check_id("guild_id", guild_id)
        check_id("member_id", member_id)
        self._channels.check_open()
        post = await self._store.daily_post(guild_id, day)
        if post is None:
            raise no_daily_post()
        daily: date | None = day
        if day != self._puzzles.today():
            daily = None
        else:
            tried = await self._store.daily_attempt(member_id, guild_id, day)
            daily = day if tried is None or tried.is_running else None
        reply = await self._puzzles.serve(
            member_id=member_id,
            member_name=member_name,
            guild_id=guild_id,
            channel_id=channel_id,
            number=post.puzzle_id,
            daily=daily,
        )
        if daily is None and day == self._puzzles.today() and not reply.resumed:
            return replace(reply, tried=True)
        return reply


def _hour(hour: int | str) -> int:
    """An hour of the day, 0 to 23; ``bad_hour`` otherwise."""
    text = str(hour).strip()
    if isinstance(hour, bool) or not text.isdigit() or not 0 <= int(text) <= 23:
        raise bad_hour(hour)
    return int(text)
