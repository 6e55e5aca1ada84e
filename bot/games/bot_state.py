"""What an adapter keeps about itself in the store (``service.state``): named values that
outlive a run and are shared by every process (the hash of the commands last uploaded), and the
count of running games its metrics and shutdown report."""

from __future__ import annotations

from bot.games.channels import Channels


class BotState:
    """Named values and the running-game count, over the store every process shares."""

    def __init__(self, channels: Channels) -> None:
        self._channels = channels

    async def get(self, name: str) -> str | None:
        """The value last kept as ``name`` (by any process sharing the store), or None."""
        self._channels.check_open()
        return await self._channels.store.bot_state(name)

    async def set(self, name: str, value: str) -> None:
        """Keep ``value`` as ``name`` for later runs and every process sharing the store."""
        self._channels.check_open()
        await self._channels.store.set_bot_state(name, value, self._channels.now())

    async def open_game_count(self) -> int:
        """How many games are running, in every channel of every process sharing the store."""
        self._channels.check_open()
        return await self._channels.store.open_game_count()
