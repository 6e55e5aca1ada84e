"""Servers' own settings as adapters reach them (``service.servers``): read through the cache,
checked and changed over the store, compare and set.

Every change is read again and retried if another process saved first (``GameChangedError``
after ``RETRIES``); a ``SettingsError`` from the checks saves nothing. The rules of the values
themselves: ``bot.games.server_settings``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from bot.games.arguments import check_id, check_optional_id
from bot.games.channels import Channels, retried
from bot.games.errors import GameError
from bot.games.server_settings import (
    NO_SERVER,
    ServerSettings,
    with_channel,
    with_defaults,
    with_language,
    with_limits,
)

log = logging.getLogger(__name__)


class Servers:
    """Reading and changing servers' settings over the store, through the channels' cache."""

    def __init__(self, channels: Channels) -> None:
        self._channels = channels
        self._store = channels.store
        self.cache = channels.settings
        self._refreshing: dict[int, asyncio.Task[None]] = {}

    def known(self, guild_id: int | None) -> ServerSettings | None:
        """What this process knows of the server's settings without waiting for the store:
        the ones it last read or saved, however old (None: none yet; outside any server, the
        bot's own). Missing or stale ones are read again in the background, so an answer that
        must not wait (Discord's 3 seconds) still follows a change within moments."""
        if guild_id is None:
            return NO_SERVER
        settings, fresh = self.cache.peek(guild_id)
        if not fresh and guild_id not in self._refreshing and not self._channels.closed:
            task = asyncio.get_running_loop().create_task(self._refresh(guild_id))
            self._refreshing[guild_id] = task
        return settings

    async def _refresh(self, guild_id: int) -> None:
        """Read the server's settings into the cache; a failure is logged (the next ``known``
        tries again)."""
        try:
            await self.cache.get(guild_id)
        except GameError as error:
            log.warning("Could not read the settings of server %s: %s", guild_id, error)
        finally:
            del self._refreshing[guild_id]

    async def settings(self, guild_id: int | None) -> ServerSettings:
        """The server's settings (through the cache: another process's change shows within
        its time to live); ``None``: outside any server, the bot's own."""
        check_optional_id("guild_id", guild_id)
        self._channels.check_open()
        return await self._channels.server(guild_id)

    async def check_channel(self, *, guild_id: int | None, channel_id: int) -> None:
        """``ChannelNotAllowedError`` if the server's settings list channels for its games
        and ``channel_id`` is not one (for an adapter to refuse before it looks for a game)."""
        check_optional_id("guild_id", guild_id)
        check_id("channel_id", channel_id)
        self._channels.check_open()
        (await self._channels.server(guild_id)).check_channel(channel_id)

    async def idle_timeout_in(self, guild_id: int | None) -> float:
        """Seconds without a move after which a game in that server expires."""
        return (await self._channels.idle_timeout_in(guild_id)).total_seconds()

    async def set_defaults(
        self,
        guild_id: int,
        *,
        level: str | None = None,
        size: str | int | None = None,
        first: str | None = None,
    ) -> ServerSettings:
        """Set the server's start defaults (``with_defaults``: ``"unset"`` clears one)."""
        return await self._change(
            guild_id, lambda stored: with_defaults(stored, level=level, size=size, first=first)
        )

    async def set_channels(
        self,
        guild_id: int,
        *,
        action: str,
        channel_id: int | None = None,
        channel_guild_id: int | None = None,
    ) -> ServerSettings:
        """Add or remove a channel where the server's games may be played, or clear the
        list (everywhere again); ``channel_guild_id``: the server the channel belongs to."""
        return await self._change(
            guild_id, lambda stored: with_channel(stored, action, channel_id, channel_guild_id)
        )

    async def set_limits(
        self,
        guild_id: int,
        *,
        idle_minutes: str | int | None = None,
        challenge_minutes: str | int | None = None,
        duels: str | bool | None = None,
    ) -> ServerSettings:
        """Set the server's idle and challenge minutes (0: the bot's own) and whether duels
        are allowed (``with_limits``). A running game expires by the new idle minutes."""
        return await self._change(
            guild_id,
            lambda stored: with_limits(
                stored, idle_minutes=idle_minutes, challenge_minutes=challenge_minutes, duels=duels
            ),
        )

    async def set_language(self, guild_id: int, locale: str | None) -> ServerSettings:
        """Set the language of the server's public posts (``None``: its preferred locale)."""
        return await self._change(guild_id, lambda stored: with_language(stored, locale))

    async def forget(self, guild_id: int) -> None:
        """Delete the server's settings (the bot left it)."""
        check_id("guild_id", guild_id)
        self._channels.check_open()
        self.cache.forget(guild_id)
        await self._store.delete_server_settings(guild_id)
        self.cache.forget(guild_id)

    async def _change(
        self, guild_id: int, edit: Callable[[ServerSettings], ServerSettings]
    ) -> ServerSettings:
        """Save ``edit`` of the server's stored settings; returns what was saved, seen at once
        by this process."""
        check_id("guild_id", guild_id)
        self._channels.check_open()

        async def attempt() -> ServerSettings:
            stored = await self._store.server_settings(guild_id) or ServerSettings(guild_id)
            wanted = edit(stored)
            if wanted == stored:
                self.cache.put(stored)
                return stored
            saved = await self._store.save_server_settings(wanted, self._channels.now())
            self.cache.put(saved)
            return saved

        return await retried(attempt)
